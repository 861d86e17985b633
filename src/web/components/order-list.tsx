import { Link } from 'react-router';
import { formatMoney } from '../../domain/catalog/money.ts';
import { PHOTOS_HREF } from '../../domain/config/navigation.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { orderPageHref } from '../../domain/notifications/notification.ts';
import {
  isActiveStatus,
  isIncompleteStatus,
  type OrderSummary,
  refundedNote,
} from '../../domain/orders/order-summary.ts';
import { Icon } from './ui/icon.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The order's page (service applications DOC-…, photo orders PHO-…) by the reference the customer
 * knows, as e-mails link it: the row id ("?orderId=1") says how many orders came before theirs.
 */
export function orderHref(order: Pick<OrderSummary, 'displayId'>): string {
  return orderPageHref(order.displayId);
}

export function StatusBadge({ status }: { status: string }) {
  const tone = isIncompleteStatus(status)
    ? 'bg-amber-100 text-amber-900'
    : isActiveStatus(status)
      ? 'bg-brand-100 text-brand-800'
      : /rejected|cancelled|refunded/i.test(status)
        ? 'bg-slate-200 text-slate-800'
        : 'bg-green-100 text-green-800';
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}

/** The order's total, with what was refunded of it below. */
function OrderTotal({ order }: { order: OrderSummary }) {
  const refunded = refundedNote(order);
  return (
    <span className="flex min-w-20 flex-col items-end text-right tabular-nums">
      <span className="font-semibold text-slate-900">
        {formatMoney({ amountCents: order.totalCents, currency: order.currency })}
      </span>
      {refunded ? <span className="text-xs font-medium whitespace-nowrap text-slate-600">{refunded}</span> : null}
    </span>
  );
}

/**
 * Orders as a list of cards: id, title, date, status, total and what was refunded of it, each
 * linking to its order page.
 */
export function OrderList({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {orders.map((order) => (
        <li key={order.id}>
          {/* On a phone the title takes the row's width and the status and total go below it: side
              by side, the title's column was squeezed to a letter and the badge ran over the number. */}
          <Link
            to={orderHref(order)}
            className="flex items-start gap-x-4 px-4 py-4 hover:bg-slate-50 sm:items-center sm:px-5"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={order.kind === 'photo' ? 'camera' : 'file-text'} />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
              <span className="min-w-0 sm:flex-1">
                <span className="block font-semibold text-slate-900 sm:truncate">{order.title}</span>
                <span className="block text-sm text-slate-600">
                  {order.displayId} · {dateFormat.format(new Date(order.createdAt))}
                </span>
              </span>
              <span className="flex items-center justify-between gap-4">
                <StatusBadge status={order.status} />
                <OrderTotal order={order} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What the dashboard and the Orders tab show before the first order. */
export function NoOrders() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon name="shopping-bag" className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-900">You have no orders yet</p>
      <p className="mt-1 text-slate-600">
        When you apply for a service or order photos, your orders and their status show here.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={ROUTES.SERVICES} className="btn-primary px-5 py-2.5 text-[0.95rem]">
          Browse services
        </Link>
        <Link to={PHOTOS_HREF} className="btn-outline px-5 py-2.5 text-[0.95rem]">
          Photo enhancement
        </Link>
      </div>
    </div>
  );
}
