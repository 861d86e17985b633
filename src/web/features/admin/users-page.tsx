import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminUser, AdminUserListQuery } from '../../../domain/admin/users.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { DataTable } from './data-table.tsx';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<AdminUser>();

/** What an account's state says in the list: disabled first, then unverified. */
export function accountState(user: Pick<AdminUser, 'disabled' | 'emailVerified'>): string {
  if (user.disabled) return 'Disabled';
  return user.emailVerified ? 'Active' : 'E-mail not verified';
}

const columns = [
  column.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: (info) => (
      <Link className="font-medium text-brand-700 hover:underline" to={`${ADMIN_ROUTES.USERS}/${info.row.original.id}`}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'E-mail', enableSorting: true }),
  column.accessor('role', {
    header: 'Role',
    enableSorting: true,
    cell: (info) => (info.row.original.adminByConfig ? 'admin (ADMIN_EMAILS)' : info.getValue()),
  }),
  column.display({ id: 'state', header: 'State', cell: ({ row }) => accountState(row.original) }),
  column.accessor('createdAt', {
    header: 'Signed up',
    enableSorting: true,
    cell: (info) => <time dateTime={info.getValue()}>{info.getValue().slice(0, 10)}</time>,
  }),
];

/** Accounts, searched by e-mail or name (admins only). */
export function UsersPage({ list, query }: { list: ListData<AdminUser>; query: AdminUserListQuery }) {
  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h1 id="users-title" className="text-2xl font-bold text-slate-900">
        Users
      </h1>
      <p className="text-slate-700">
        Find an account to see its orders, change its role, disable it or verify its e-mail.
      </p>
      <TableSearch label="E-mail or name" value={query.q} placeholder="priya@example.com" />
      <DataTable
        caption="Users"
        columns={columns}
        list={list}
        query={query}
        empty={query.q ? 'No account matches that e-mail or name.' : 'No accounts yet.'}
        rowId={(row) => String(row.id)}
      />
    </section>
  );
}
