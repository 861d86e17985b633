import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLocation } from 'react-router';
import type { AdminRefund, AdminRefundListQuery, AutomaticRefund } from '../../../domain/admin/refunds.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { DataTable } from './data-table.tsx';
import { withListParams } from './list-params.ts';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<AdminRefund>();

const columns = [
  column.accessor('reference', {
    header: 'Reference',
    cell: (info) => (
      <Link
        className="font-mono font-medium text-brand-700 hover:underline"
        to={`${ROUTES.ADMIN_REFUNDS}/${info.row.original.id}`}
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('orderDisplayId', {
    header: 'Order',
    // The order's desk lists every payment and refund of it, automatic ones for stray charges too.
    cell: (info) => (
      <Link className="font-mono text-brand-700 hover:underline" to={`${ROUTES.ADMIN_ORDERS}/${info.getValue()}`}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('amountCents', {
    header: 'Asked',
    enableSorting: true,
    cell: (info) => formatMoney({ amountCents: info.getValue(), currency: info.row.original.currency }),
  }),
  column.accessor('status', { header: 'Status', enableSorting: true }),
  column.accessor('createdAt', {
    header: 'Received',
    enableSorting: true,
    cell: (info) => <time dateTime={info.getValue()}>{info.getValue().slice(0, 10)}</time>,
  }),
];

const FILTERS = [
  { value: 'open', label: 'Waiting for a decision' },
  { value: '', label: 'All' },
  { value: 'Refunded', label: 'Refunded' },
  { value: 'Rejected', label: 'Rejected' },
] as const;

/** Refund requests (staff): waiting ones first to hand, each opening its decision page. */
export function RefundsPage({
  list,
  query,
  automatic,
}: {
  list: ListData<AdminRefund>;
  query: AdminRefundListQuery;
  automatic: AutomaticRefund[];
}) {
  const { search } = useLocation();
  return (
    <section aria-labelledby="refunds-title" className="flex flex-col gap-4">
      <h1 id="refunds-title" className="text-2xl font-bold text-slate-900">
        Refund requests
      </h1>
      <p className="text-slate-700">
        Approve a full or partial refund through the order's payment provider, or reject a request with a reason. The
        customer is e-mailed either way. A charge an order could not take (a stray charge) is refunded automatically,
        without a request: those are listed below the requests and on the order's page under Payments.
      </p>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2 text-sm">
        {FILTERS.map((filter) => {
          const current = (query.status ?? '') === filter.value;
          return (
            <Link
              key={filter.value}
              to={withListParams(search, { status: filter.value })}
              aria-current={current ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 ${current ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`}
            >
              {filter.label}
            </Link>
          );
        })}
      </nav>
      <TableSearch label="Reference or e-mail" value={query.q} placeholder="RF-7K3Q9M2X" />
      <DataTable
        caption="Refund requests"
        columns={columns}
        list={list}
        query={query}
        empty={query.q || query.status ? 'No refund request matches.' : 'No refund requests yet.'}
        rowId={(row) => String(row.id)}
      />
      <AutomaticRefunds refunds={automatic} />
    </section>
  );
}

/** The newest automatic refunds of stray charges: no request, no decision, each linking its order's desk. */
function AutomaticRefunds({ refunds }: { refunds: AutomaticRefund[] }) {
  return (
    <section aria-labelledby="automatic-refunds-title" className="flex flex-col gap-2">
      <h2 id="automatic-refunds-title" className="text-lg font-semibold text-slate-900">
        Automatic refunds of stray charges
      </h2>
      {refunds.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {refunds.map((r) => (
            <li
              key={`${r.orderId}-${r.attempt}-${r.createdAt}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2"
            >
              <Link
                to={`${ROUTES.ADMIN_ORDERS}/${r.orderDisplayId}`}
                className="font-mono font-medium text-brand-700 hover:underline"
              >
                {r.orderDisplayId}
              </Link>
              <span className="font-medium tabular-nums">
                {formatMoney({ amountCents: r.amountCents, currency: r.currency })}
              </span>
              <span className="text-slate-700">
                attempt {r.attempt} · {r.provider} · {r.status}
              </span>
              <time dateTime={r.createdAt} className="text-slate-600">
                {r.createdAt.slice(0, 10)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
