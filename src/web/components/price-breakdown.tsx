import { scheduledChangeNotice } from '../../domain/catalog/fee-schedule.ts';
import { formatMoney } from '../../domain/catalog/money.ts';
import { estimateNote, PRICE_MESSAGES, portalLines, priceLines } from '../../domain/catalog/price-lines.ts';
import type { PackagePrice } from '../../domain/catalog/service-detail.ts';

/**
 * Government fee (when there is one), mandatory third-party fees and our fee, each on its own
 * line, then the total with one currency mark, "per applicant" when the price is per person, the
 * fees paid on the official portal (not in the total), and the notes about the fees.
 */
export function PriceBreakdown({
  price,
  perApplicant = false,
  note = null,
}: {
  /** A package's price, or an order's price snapshot for one member (its total is per member). */
  price: Pick<
    PackagePrice,
    | 'currency'
    | 'governmentFeeCents'
    | 'mandatoryFees'
    | 'serviceFeeCents'
    | 'compareAtServiceFeeCents'
    | 'isEstimate'
    | 'totalCents'
    | 'scheduledChange'
    | 'feesPaidOnPortal'
  >;
  perApplicant?: boolean;
  /** The package's fee note for the choices shown (a fee some applicants pay on top, for example). */
  note?: string | null;
}) {
  const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
  const estimate = estimateNote(price);
  // A dated change of the government or outsourcer fees, shown before it takes effect (issue 32 §2).
  const change = scheduledChangeNotice(price);
  const onPortal = portalLines(price);
  return (
    <div>
      <dl className="space-y-1.5 text-sm">
        {priceLines(price).map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="font-medium text-slate-900">
              {line.wasCents !== null ? (
                <>
                  <s className="mr-2 font-normal text-slate-500">
                    <span className="sr-only">was </span>
                    {money(line.wasCents)}
                  </s>
                  <span className="sr-only">now </span>
                </>
              ) : null}
              {money(line.amountCents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">{PRICE_MESSAGES.total}</dt>
          <dd className="text-right font-bold text-slate-900">
            {money(price.totalCents)}
            {perApplicant ? (
              <>
                {' '}
                <span className="text-xs font-medium text-slate-600">{PRICE_MESSAGES.perApplicant}</span>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      {onPortal.length > 0 ? (
        <div data-testid="paid-on-portal" className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-700">
          <p className="font-medium text-slate-800">{PRICE_MESSAGES.paidOnPortal}</p>
          <dl className="mt-1 space-y-0.5">
            {onPortal.map((line) => (
              <div key={line.label} className="flex justify-between gap-4">
                <dt>{line.label}</dt>
                <dd className="tabular-nums">{money(line.amountCents)}</dd>
              </div>
            ))}
          </dl>
          {price.isEstimate ? <p className="mt-1">{PRICE_MESSAGES.portalEstimate}</p> : null}
        </div>
      ) : null}
      {note ? <p className="mt-2 text-xs leading-relaxed text-slate-600">{note}</p> : null}
      {change ? (
        <p data-testid="fee-change" className="mt-2 rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-800">
          {change}
        </p>
      ) : null}
      {estimate ? <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">{estimate}</p> : null}
    </div>
  );
}
