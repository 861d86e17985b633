import { createColumnHelper } from '@tanstack/react-table';
import type { AuditListQuery, AuditRecord } from '../../../domain/admin/audit.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { DataTable } from './data-table.tsx';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<AuditRecord>();

function changes(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

const columns = [
  column.accessor('createdAt', {
    header: 'When',
    enableSorting: true,
    cell: (info) => (
      <time dateTime={info.getValue()}>
        {new Date(info.getValue()).toLocaleString('en-US', { timeZone: 'UTC' })} UTC
      </time>
    ),
  }),
  column.accessor('actorEmail', { header: 'Who' }),
  column.accessor('action', { header: 'What', cell: (info) => <code>{info.getValue()}</code> }),
  column.display({
    id: 'subject',
    header: 'Record',
    cell: ({ row }) => `${row.original.subjectType} ${row.original.subjectId}`,
  }),
  column.display({
    id: 'change',
    header: 'Before → after',
    cell: ({ row }) => (
      <span className="font-mono text-xs break-all">
        {changes(row.original.before)} → {changes(row.original.after)}
      </span>
    ),
  }),
];

/** Every back-office action, newest first (admins only). */
export function AuditLogPage({ list, query }: { list: ListData<AuditRecord>; query: AuditListQuery }) {
  return (
    <section aria-labelledby="audit-log-title" className="flex flex-col gap-4">
      <h1 id="audit-log-title" className="text-2xl font-bold text-slate-900">
        Audit log
      </h1>
      <p className="text-slate-700">Who changed what in the back office, with the values before and after.</p>
      <TableSearch label="Staff e-mail" value={query.q} placeholder="name@sevadocs.example" />
      <DataTable
        caption="Audit log"
        columns={columns}
        list={list}
        query={query}
        empty={query.q ? 'No actions by that e-mail.' : 'No back-office actions yet.'}
        rowId={(row) => String(row.id)}
      />
    </section>
  );
}
