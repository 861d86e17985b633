import { formatMoney } from '../../domain/catalog/money.ts';
import { FEE_REFUND_MARK, FORMER_PRICE_LINE } from '../../domain/checkout/cost-summary.ts';
import type { CostSummary } from '../lib/order-api.ts';
import { Icon } from './ui/icon.tsx';
import { Panel } from './ui/panel.tsx';

export const SUMMARY_TEXT = {
  title: 'Cost summary',
  total: 'Total to pay',
  refundable: 'Refundable',
  notRefundable: FEE_REFUND_MARK.line,
  refundNote:
    'Government and third-party fees are refunded in full until your application is submitted to the authorities; once paid to them, they cannot be recovered. Our fees and add-ons are refunded as our refund policy says.',
  premium: 'Premium support included: a priority line and a named contact for this order.',
} as const;

/**
 * The server's cost summary (SPEC.md §3 line items, decision 0054): the charges and discounts that
 * add up to the total, each fee marked refundable or refundable only until submitted, then the
 * explaining lines and the total.
 */
export function CostSummaryPanel({
  summary,
}: {
  /** An application's summary, or a photo order's lines and total (no refundable marks, no premium support). */
  summary: Pick<CostSummary, 'currency' | 'lines' | 'totalCents'> &
    Partial<Pick<CostSummary, 'premiumSupport' | 'feeNote'>>;
}) {
  const priced = summary.lines.filter((line) => line.kind !== 'summary');
  const explaining = summary.lines.filter((line) => line.kind === 'summary');
  // The note is about the fees a refund keeps once submitted: a summary without one (a photo
  // order's, an e-Visa's whose government fee goes to the portal) needs none.
  const marksRefunds = priced.some((line) => line.refundable === false);
  return (
    <Panel id="checkout-summary" title={SUMMARY_TEXT.title}>
      <p className="mt-1 text-sm text-slate-600">All amounts in {summary.currency}.</p>
      <dl className="mt-4 space-y-2.5">
        {priced.map((line) => (
          <div key={line.id} className="flex justify-between gap-4 text-sm">
            <dt className="text-slate-700">
              <span>{line.label}</span>
              {line.subValue ? <span className="ml-1 text-slate-500">({line.subValue})</span> : null}
              {line.refundable === undefined ? null : (
                <span className="block text-xs text-slate-500">
                  {line.refundable ? SUMMARY_TEXT.refundable : SUMMARY_TEXT.notRefundable}
                </span>
              )}
            </dt>
            <dd className={`shrink-0 font-medium ${line.kind === 'discount' ? 'text-green-800' : 'text-slate-900'}`}>
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="mt-4 space-y-1.5 border-t border-slate-200 pt-3">
        {explaining.map((line) => (
          <div key={line.id} className="flex justify-between gap-4 text-sm">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="text-right text-slate-800">
              {line.value}
              {line.subValue && line.id === FORMER_PRICE_LINE ? (
                // The former price: struck through on screen, said as such to a screen reader.
                <span className="ml-1 text-slate-500 line-through">
                  <span className="sr-only">(was </span>
                  {line.subValue}
                  <span className="sr-only">)</span>
                </span>
              ) : line.subValue ? (
                <span className="ml-1 whitespace-nowrap text-slate-500">({line.subValue})</span>
              ) : null}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 pt-1">
          <dt className="font-semibold text-slate-900">{SUMMARY_TEXT.total}</dt>
          <dd className="text-lg font-bold text-slate-900" data-testid="checkout-total">
            {formatMoney({ amountCents: summary.totalCents, currency: summary.currency })}
          </dd>
        </div>
      </dl>
      {/* What the package's centre may charge apart (return shipping), as its service page says beside the price. */}
      {summary.feeNote ? (
        <p className="mt-3 flex items-start gap-1.5 text-sm text-slate-700">
          <Icon name="info" className="mt-0.5 size-4 text-slate-500" />
          {summary.feeNote}
        </p>
      ) : null}
      {summary.premiumSupport ? (
        <p className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-slate-900">{SUMMARY_TEXT.premium}</p>
      ) : null}
      {marksRefunds ? <p className="mt-3 text-xs text-slate-600">{SUMMARY_TEXT.refundNote}</p> : null}
    </Panel>
  );
}
