import { Link } from 'react-router';
import { type DeskOrder, ORDER_DESK_MESSAGES as M } from '../../../domain/admin/orders.ts';
import { REFUND_ORIGIN_WORDS } from '../../../domain/admin/refunds.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { FEE_REFUND_MARK, FORMER_PRICE_LINE } from '../../../domain/checkout/cost-summary.ts';
import { PAID_LINES_TEXT } from '../../../domain/checkout/receipt.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { PAYMENT_METHOD_LABELS } from '../../../domain/payments/payment.ts';
import { ATTEMPT_STATUS_LABELS, formatUtc, PROVIDER_NAMES } from './order-format.ts';

/**
 * What the customer paid for and how the money moved, on the order desk (issue 28 §3): the cost
 * summary the order was charged, and every payment attempt and refund, stray ones labelled.
 */

const CHIP = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1';
const TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-300',
  bad: 'bg-red-50 text-red-800 ring-red-300',
  quiet: 'bg-slate-50 text-slate-700 ring-slate-200',
} as const;

const DESK_PAID_TEXT = {
  /** The customer's page says "Refunded to you"; staff read what went back of the payment. */
  refunded: 'Refunded',
} as const;

/** Whether any attempt has taken the order's money. */
export const isPaid = (order: DeskOrder) => order.payments.attempts.some((a) => a.status === 'succeeded');

/**
 * The charged cost summary, line by line as the customer saw it, with the fees a refund keeps once
 * the order is submitted marked as the customer's lines mark them.
 */
export function PaidLines({ order }: { order: DeskOrder }) {
  const { charged } = order;
  const money = (amountCents: number) => formatMoney({ amountCents, currency: charged.currency });
  return (
    <>
      <dl className="divide-y divide-slate-100 text-sm">
        {charged.lines.map((line) => (
          <div
            key={line.id}
            className={`flex items-baseline justify-between gap-3 py-1.5 ${line.kind === 'summary' ? 'text-slate-600' : 'text-slate-900'}`}
          >
            <dt className="min-w-0">
              <span className={line.id === 'expedite' ? 'font-semibold' : undefined}>{line.label}</span>
              {line.subValue ? (
                // The package's own markdown is the price it was before ('was'), as checkout shows it.
                <span className={`ml-2 text-xs text-slate-500 ${line.id === FORMER_PRICE_LINE ? 'line-through' : ''}`}>
                  {line.subValue}
                </span>
              ) : null}
              {line.refundable === false ? (
                <span className={`${CHIP} ${TONES.quiet} ml-2 align-[1px]`}>{FEE_REFUND_MARK.note}</span>
              ) : null}
            </dt>
            <dd className="shrink-0 tabular-nums">{line.value}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-3 pt-2 font-bold text-slate-900">
          <dt>{isPaid(order) ? 'Total paid' : 'Total to pay'}</dt>
          <dd className="tabular-nums">
            {money(charged.totalCents)} {charged.currency}
          </dd>
        </div>
        {order.refundedCents > 0 ? (
          // As the customer's order page shows it (PAID_LINES_TEXT), so staff and customer read one figure.
          <>
            <div className="flex items-baseline justify-between gap-3 py-1.5 text-slate-900">
              <dt>{DESK_PAID_TEXT.refunded}</dt>
              <dd className="tabular-nums">{money(-order.refundedCents)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3 pt-2 font-bold text-slate-900">
              <dt>{PAID_LINES_TEXT.net}</dt>
              <dd className="tabular-nums">
                {money(charged.totalCents - order.refundedCents)} {charged.currency}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {isPaid(order) ? null : (
        <p className="mt-2 text-xs text-slate-600">Not paid yet: the lines the order would charge.</p>
      )}
    </>
  );
}

function attemptTone(status: DeskOrder['payments']['attempts'][number]['status']) {
  if (status === 'succeeded') return TONES.good;
  if (status === 'stray' || status === 'mismatched') return TONES.warn;
  if (status === 'failed') return TONES.bad;
  return TONES.quiet;
}

/** Every attempt (provider, amount, status, when) and every refund, automatic ones for stray charges included. */
export function PaymentsLedger({ order }: { order: DeskOrder }) {
  const { attempts, refunds } = order.payments;
  const money = (amountCents: number) => formatMoney({ amountCents, currency: order.charged.currency });
  if (attempts.length === 0) return <p className="text-sm text-slate-600">No payment attempt yet.</p>;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <ol className="flex flex-col gap-2" aria-label="Payment attempts">
        {attempts.map((a) => (
          <li
            key={a.attempt}
            className={`rounded-lg border p-2 ${a.status === 'stray' ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">
                Attempt {a.attempt} · {PROVIDER_NAMES[a.provider]}
                {a.method ? ` · ${PAYMENT_METHOD_LABELS[a.method]}` : ''}
              </span>
              <span className={`${CHIP} ${attemptTone(a.status)}`}>{ATTEMPT_STATUS_LABELS[a.status]}</span>
            </p>
            <p className="mt-1 tabular-nums">
              {formatMoney({ amountCents: a.amountCents, currency: a.currency })} {a.currency}
              {a.exchangeRate
                ? ` for ${formatMoney({ amountCents: a.orderTotalCents, currency: a.orderCurrency })} at ${a.exchangeRate}`
                : ''}
            </p>
            <p className="text-xs text-slate-600">
              {formatUtc(a.createdAt)}
              {a.providerPaymentId ? (
                <>
                  {' · '}
                  <span className="font-mono break-all">{a.providerPaymentId}</span>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
      <div>
        <h3 className="font-bold text-slate-900">Refunds</h3>
        {order.openRefund ? (
          <p className="mt-1 rounded-lg border border-amber-300 bg-amber-50 p-2">
            {M.openRefund(
              order.openRefund.reference,
              order.openRefund.status,
              formatMoney({ amountCents: order.openRefund.amountCents, currency: order.charged.currency }),
            )}{' '}
            <Link
              to={`${ADMIN_ROUTES.REFUNDS}/${order.openRefund.id}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {M.openRefundLink}
            </Link>
          </p>
        ) : null}
        {order.unfinishedRefunds.map((r) => (
          <p key={r.id} className="mt-1 rounded-lg border border-amber-300 bg-amber-50 p-2">
            {M.unfinishedRefund(r.reference, money(r.approvedCents), r.origin)}{' '}
            <Link
              to={`${ADMIN_ROUTES.REFUNDS}/${r.id}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {M.unfinishedRefundLink}
            </Link>
          </p>
        ))}
        {order.decidedRefunds.length > 0 ? (
          <>
            <h4 className="mt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{M.decidedRefunds}</h4>
            <ul className="mt-1 flex flex-col gap-1">
              {order.decidedRefunds.map((r) => (
                <li key={r.id}>
                  <Link
                    to={`${ADMIN_ROUTES.REFUNDS}/${r.id}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {M.decidedRefund(
                      r.reference,
                      r.status,
                      r.approvedCents === null ? null : money(r.approvedCents),
                      money(r.amountCents),
                    )}
                  </Link>
                  {/* The customer's own request is the usual case: only the others are named. */}
                  {r.origin === 'customer' ? null : (
                    <span className="text-slate-600"> · {REFUND_ORIGIN_WORDS[r.origin]}</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {/* "None." under a rejected request's line read as a contradiction: nothing of any kind, only then. */}
        {refunds.length === 0 &&
        !order.openRefund &&
        order.unfinishedRefunds.length === 0 &&
        order.decidedRefunds.length === 0 ? (
          <p className="mt-1 text-slate-600">None.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {refunds.map((r) => (
              <li key={`${r.attempt}-${r.createdAt}-${r.amountCents}`}>
                <span className="font-medium tabular-nums">
                  {formatMoney({ amountCents: r.amountCents, currency: r.currency })}
                </span>{' '}
                {r.reason === 'stray' ? M.strayRefund : 'Refund request'} (attempt {r.attempt}) ·{' '}
                <span className={r.status === 'failed' ? 'text-red-700' : undefined}>{r.status}</span>
                <span className="block text-xs text-slate-600">{formatUtc(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
