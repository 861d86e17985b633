import { createColumnHelper } from '@tanstack/react-table';
import { Form, Link, useLocation } from 'react-router';
import {
  ORDER_DESK_MESSAGES,
  type OrderQueueQuery,
  type QueuedOrder,
  type ServiceFilterOption,
} from '../../../domain/admin/orders.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { refundedNote } from '../../../domain/orders/order-summary.ts';
import { ORDER_STATUSES } from '../../../domain/orders/status.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { DataTable } from './data-table.tsx';
import { formatUtc, SLA_TONES, slaLabel } from './order-format.ts';
import { TableSearch } from './table-search.tsx';

const column = createColumnHelper<QueuedOrder>();

export function SlaBadge({ sla }: { sla: QueuedOrder['sla'] }) {
  const label = slaLabel(sla);
  return (
    <span
      title={sla.dueAt ? `Due ${formatUtc(sla.dueAt)} · ${sla.basis}` : sla.basis}
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${SLA_TONES[label.tone]}`}
    >
      {label.tone === 'late' ? <Icon name="circle-alert" className="mr-1 inline size-3.5 align-[-2px]" /> : null}
      {label.text}
    </span>
  );
}

/** The customer paid for the Expedite add-on: its promise (one business day) sets the SLA. */
export function ExpediteBadge() {
  return (
    <span
      title="The customer paid for Expedite: filed within one business day"
      className="inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300"
    >
      <Icon name="clock" className="mr-1 inline size-3.5 align-[-2px]" />
      {ORDER_DESK_MESSAGES.expedite}
    </span>
  );
}

const columns = [
  column.accessor('displayId', {
    header: 'Order',
    enableSorting: true,
    cell: ({ row, getValue }) => (
      <span className="flex flex-col items-start gap-1">
        <Link
          to={`${ADMIN_ROUTES.ORDERS}/${getValue()}`}
          className="font-mono font-semibold whitespace-nowrap text-brand-700 underline underline-offset-4"
        >
          {getValue()}
        </Link>
        {/* Beside the id, so a narrow screen shows it without scrolling the table sideways. */}
        {row.original.expedite ? <ExpediteBadge /> : null}
      </span>
    ),
  }),
  column.display({
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => (
      <span>
        <span className="block font-medium text-slate-900">{row.original.customer.name}</span>
        <span className="block text-xs text-slate-600">{row.original.customer.email}</span>
      </span>
    ),
  }),
  column.accessor('service', {
    header: 'Service',
    cell: ({ row }) => (
      <span>
        <span className="block">{row.original.service}</span>
        <span className="block text-xs text-slate-600">{row.original.title}</span>
      </span>
    ),
  }),
  column.accessor('status', { header: 'Status', enableSorting: true }),
  column.accessor('createdAt', {
    header: 'Created',
    enableSorting: true,
    cell: (info) => <time dateTime={info.getValue()}>{formatUtc(info.getValue())}</time>,
  }),
  column.accessor('totalCents', {
    header: 'Total',
    enableSorting: true,
    cell: ({ row }) => {
      const refunded = refundedNote(row.original);
      return (
        <span className="flex flex-col">
          <span>{formatMoney({ amountCents: row.original.totalCents, currency: row.original.currency })}</span>
          {refunded ? <span className="text-xs whitespace-nowrap text-slate-600">{refunded}</span> : null}
        </span>
      );
    },
  }),
  column.display({ id: 'sla', header: 'SLA', cell: ({ row }) => <SlaBadge sla={row.original.sla} /> }),
];

const FIELD = 'flex flex-col gap-1 text-sm font-medium text-slate-800';
const CONTROL = 'rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** The filters: a GET form, so the filtered queue is a URL and the loader does the work. */
function QueueFilters({ query, services }: { query: OrderQueueQuery; services: ServiceFilterOption[] }) {
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([key]) => ['q', 'sort', 'dir', 'limit'].includes(key));
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter orders">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label className={FIELD}>
        Status
        <select name="status" defaultValue={query.status ?? ''} className={CONTROL}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className={FIELD}>
        Service
        <select name="service" defaultValue={query.service ?? ''} className={CONTROL}>
          <option value="">Every service</option>
          {services.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className={FIELD}>
        Created from
        <input type="date" name="from" defaultValue={query.from ?? ''} className={CONTROL} />
      </label>
      <label className={FIELD}>
        Created to
        <input type="date" name="to" defaultValue={query.to ?? ''} className={CONTROL} />
      </label>
      <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name="expedite"
          value="1"
          defaultChecked={query.expedite === true}
          className="size-4 rounded border-slate-400"
        />
        Expedite only
      </label>
      <button
        type="submit"
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        Filter
      </button>
      {query.q || query.status || query.service || query.from || query.to || query.expedite ? (
        <Link to={ADMIN_ROUTES.ORDERS} className="py-2 text-sm font-semibold text-brand-700 underline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** /admin/orders: every customer's orders, worked from the oldest promise to the newest. */
export function OrdersPage({
  list,
  query,
  services,
}: {
  list: ListData<QueuedOrder>;
  query: OrderQueueQuery;
  services: ServiceFilterOption[];
}) {
  const filtered = Boolean(query.q || query.status || query.service || query.from || query.to || query.expedite);
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h1 id="orders-title" className="text-2xl font-bold text-slate-900">
        Orders
      </h1>
      <p className="text-slate-700">
        Service (DOC-…) and photo (PHO-…) orders. The SLA clock starts at payment and runs against the package’s
        published processing time; with the Expedite add-on it runs one business day from the customer’s last document,
        and waits for the customer until then.
      </p>
      <TableSearch
        label="Order id, e-mail, or customer or applicant name"
        value={query.q}
        placeholder="DOC-12345678, a name or e-mail"
      />
      <QueueFilters query={query} services={services} />
      <DataTable
        caption="Orders"
        columns={columns}
        list={list}
        query={query}
        empty={
          query.q ? 'No orders match your search.' : filtered ? 'No orders match these filters.' : 'No orders yet.'
        }
        rowId={(row) => String(row.id)}
      />
    </section>
  );
}
