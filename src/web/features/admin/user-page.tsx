import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminUserDetail, setUserRoleSchema } from '../../../domain/admin/users.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { USER_ROLES, type UserRole } from '../../../domain/users/profile.ts';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';
import { accountState } from './users-page.tsx';

const button =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2';

/**
 * One account (admins only): its details and orders, and the changes an admin may make — role,
 * disable/enable, verify the e-mail by hand. The API refuses what the page does not offer (one's
 * own role and account, an ADMIN_EMAILS admin's role).
 */
export function UserPage({ detail, viewerId }: { detail: AdminUserDetail; viewerId: number }) {
  const { user, orders } = detail;
  const action = useAdminAction();
  const [role, setRole] = useState<UserRole>(user.storedRole);
  const self = user.id === viewerId;

  const saveRole = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = setUserRoleSchema.safeParse({ role });
    if (parsed.success) void action.run('PATCH', `/admin/users/${user.id}/role`, parsed.data);
  };

  return (
    <section aria-labelledby="user-title" className="flex flex-col gap-6">
      <p>
        <Link to={ADMIN_ROUTES.USERS} className="text-sm text-brand-700 hover:underline">
          ← Users
        </Link>
      </p>
      <h1 id="user-title" className="text-2xl font-bold text-slate-900">
        {user.name}
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">E-mail</dt>
        <dd>{user.email}</dd>
        <dt className="font-semibold text-slate-700">Phone</dt>
        <dd>{user.phone}</dd>
        <dt className="font-semibold text-slate-700">Role</dt>
        <dd>{user.adminByConfig ? 'admin (through ADMIN_EMAILS)' : user.role}</dd>
        <dt className="font-semibold text-slate-700">State</dt>
        <dd>{accountState(user)}</dd>
        <dt className="font-semibold text-slate-700">Signed up</dt>
        <dd>
          <time dateTime={user.createdAt}>{user.createdAt.slice(0, 10)}</time>
        </dd>
      </dl>

      {self ? (
        <p className="text-sm text-slate-700">This is your own account: another admin changes its role or state.</p>
      ) : (
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold text-slate-900">Change the account</h2>
          {user.adminByConfig ? (
            <p className="text-sm text-slate-700">
              This account is an admin through ADMIN_EMAILS; remove its address there to change its role.
            </p>
          ) : (
            <form onSubmit={saveRole} className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                Role
                <select
                  name="role"
                  value={role}
                  onChange={(event) => setRole(event.target.value as UserRole)}
                  className="rounded-lg border border-slate-300 px-3 py-2"
                >
                  {USER_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="submit"
                disabled={action.pending || role === user.storedRole}
                className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
              >
                Save role
              </button>
            </form>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={action.pending}
              onClick={() => void action.run('PATCH', `/admin/users/${user.id}/disabled`, { disabled: !user.disabled })}
              className={`${button} ${user.disabled ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white'}`}
            >
              {user.disabled ? 'Enable account' : 'Disable account'}
            </button>
            {!user.emailVerified && (
              <button
                type="button"
                disabled={action.pending}
                onClick={() => void action.run('POST', '/users/verify-user', { userId: user.id })}
                className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}
              >
                Mark e-mail verified
              </button>
            )}
          </div>
          {!user.disabled && (
            <p className="text-xs text-slate-600">
              Disabling ends the account's sessions at once; it cannot sign in until enabled.
            </p>
          )}
          <ActionOutcome outcome={action.outcome} />
        </div>
      )}

      <section aria-labelledby="user-orders" className="flex flex-col gap-2">
        <h2 id="user-orders" className="text-lg font-semibold text-slate-900">
          Orders ({orders.totalCount})
        </h2>
        {orders.results.length === 0 ? (
          <p className="text-sm text-slate-700">No orders yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders of {user.name}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Total
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Placed
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.results.map((order) => (
                  <tr key={order.id}>
                    <td className="px-3 py-2 font-mono">{order.displayId}</td>
                    <td className="px-3 py-2">{order.title}</td>
                    <td className="px-3 py-2">{order.status}</td>
                    <td className="px-3 py-2">
                      {formatMoney({ amountCents: order.totalCents, currency: order.currency })}
                    </td>
                    <td className="px-3 py-2">
                      <time dateTime={order.createdAt}>{order.createdAt.slice(0, 10)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
