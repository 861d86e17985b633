import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminMessage, AdminMessageListQuery } from '../../../domain/admin/messages.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { DataTable } from './data-table.tsx';
import { StatusFilter } from './status-filter.tsx';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<AdminMessage>();

const columns = [
  column.accessor('createdAt', {
    header: 'Received',
    enableSorting: true,
    cell: (info) => <time dateTime={info.getValue()}>{info.getValue().slice(0, 10)}</time>,
  }),
  column.accessor('name', {
    header: 'From',
    cell: (info) => (
      <Link
        className="font-medium text-brand-700 hover:underline"
        to={`${ADMIN_ROUTES.MESSAGES}/${info.row.original.id}`}
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('topic', { header: 'Topic' }),
  column.display({
    id: 'state',
    header: 'State',
    cell: ({ row }) =>
      `${row.original.handled ? 'Handled' : 'Waiting'}${row.original.replyCount ? ` · ${row.original.replyCount} repl${row.original.replyCount === 1 ? 'y' : 'ies'}` : ''}`,
  }),
];

const FILTERS = [
  { value: 'open', label: 'Waiting' },
  { value: 'handled', label: 'Handled' },
  { value: '', label: 'All' },
] as const;

/** The contact form's messages (staff). */
export function MessagesPage({ list, query }: { list: ListData<AdminMessage>; query: AdminMessageListQuery }) {
  return (
    <section aria-labelledby="messages-title" className="flex flex-col gap-4">
      <h1 id="messages-title" className="text-2xl font-bold text-slate-900">
        Contact messages
      </h1>
      <p className="text-slate-700">
        Read what visitors sent through the contact form, reply by e-mail, and mark each handled.
      </p>
      <StatusFilter label="Filter by state" filters={FILTERS} current={query.status} />
      <TableSearch label="Name, e-mail or reference" value={query.q} placeholder="ENQ-7KD2QX" />
      <DataTable
        caption="Contact messages"
        columns={columns}
        list={list}
        query={query}
        empty={query.q || query.status ? 'No message matches.' : 'No messages yet.'}
        rowId={(row) => String(row.id)}
      />
    </section>
  );
}
