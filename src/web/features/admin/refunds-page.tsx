import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminRefund,
  type AdminRefundListQuery,
  type AutomaticRefund,
  recordRefundByHandSchema,
} from '../../../domain/admin/refunds.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { DataTable } from './data-table.tsx';
import { StatusFilter } from './status-filter.tsx';
import { TableSearch } from './table-search.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

const column = createColumnHelper<AdminRefund>();

const columns = [
  column.accessor('reference', {
    header: 'Reference',
    cell: (info) => (
      <Link
        className="font-mono font-medium text-brand-700 hover:underline"
        to={`${ADMIN_ROUTES.REFUNDS}/${info.row.original.id}`}
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('orderDisplayId', {
    header: 'Order',
    // The order's desk lists every payment and refund of it, automatic ones for stray charges too.
    cell: (info) => (
      <Link className="font-mono text-brand-700 hover:underline" to={`${ADMIN_ROUTES.ORDERS}/${info.getValue()}`}>
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
  column.accessor('status', {
    header: 'Status',
    enableSorting: true,
    // What was refunded, beside what was asked: "Refunded $15" read as the $25 asked otherwise.
    cell: (info) => {
      const { approvedCents, currency } = info.row.original;
      const approved =
        approvedCents === null || info.getValue() === 'Rejected'
          ? null
          : formatMoney({ amountCents: approvedCents, currency });
      return approved ? `${info.getValue()} ${approved}` : info.getValue();
    },
  }),
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
      <StatusFilter label="Filter by status" filters={FILTERS} current={query.status} />
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

/**
 * An automatic refund its provider has not made (refused, or its job gave up): the customer was
 * told staff would see to it. Staff send it again (under its own key: refunded at most once), or
 * record the refund they made by hand in the provider's dashboard, which the provider must show.
 */
function NotRefundedYet({ refund }: { refund: AutomaticRefund }) {
  const action = useAdminAction();
  const [refundId, setRefundId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = `/admin/refunds/automatic/${refund.attemptId}`;
  const idField = `automatic-refund-id-${refund.attemptId}`;
  const record = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = recordRefundByHandSchema.safeParse({ providerRefundId: refundId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter the refund id');
    setError(null);
    void action.run('POST', `${base}/recorded-by-hand`, parsed.data);
  };
  return (
    <div className="flex w-full flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-800">
        Not refunded yet: the customer was told we would see to it. Send it to the payment provider again, or record the
        refund you made by hand in its dashboard.
      </p>
      <button
        type="button"
        disabled={action.pending}
        onClick={() => void action.run('POST', `${base}/retry`)}
        className="self-start rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        Send the refund again
      </button>
      <form noValidate onSubmit={record} className="flex flex-wrap items-end gap-2">
        <label htmlFor={idField} className="flex flex-col gap-1 font-medium text-slate-800">
          Refunded by hand? The refund's id at the provider
          <input
            id={idField}
            value={refundId}
            onChange={(event) => setRefundId(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idField}-error` : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2 font-mono font-normal"
          />
        </label>
        <button
          type="submit"
          disabled={action.pending}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Record the refund made by hand
        </button>
      </form>
      {error ? (
        <p id={`${idField}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ActionOutcome outcome={action.outcome} />
    </div>
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
                to={`${ADMIN_ROUTES.ORDERS}/${r.orderDisplayId}`}
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
              {r.status === 'succeeded' ? null : <NotRefundedYet refund={r} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
