import { formatMoney } from '../../../domain/catalog/money.ts';
import type { PackagePrice } from '../../../domain/catalog/service-detail.ts';

/** Government fee, mandatory third-party fees and our fee, each on its own line, then the total. */
export function PriceBreakdown({ price }: { price: PackagePrice }) {
  const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
  return (
    <div>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Government fee</dt>
          <dd className="font-medium text-slate-900">{money(price.governmentFeeCents)}</dd>
        </div>
        {price.mandatoryFees.map((fee) => (
          <div key={fee.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{fee.label}</dt>
            <dd className="font-medium text-slate-900">{money(fee.amountCents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Our service fee</dt>
          <dd className="font-medium text-slate-900">
            {price.compareAtServiceFeeCents && price.compareAtServiceFeeCents > price.serviceFeeCents ? (
              <>
                <s className="mr-2 font-normal text-slate-500">
                  <span className="sr-only">was </span>
                  {money(price.compareAtServiceFeeCents)}
                </s>
                <span className="sr-only">now </span>
              </>
            ) : null}
            {money(price.serviceFeeCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd className="font-bold text-slate-900">
            {money(price.totalCents)} <span className="text-xs font-medium text-slate-500">{price.currency}</span>
          </dd>
        </div>
      </dl>
      {price.isEstimate ? (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          The government fee is an estimate from the mission's latest published schedule. We confirm it before you pay.
        </p>
      ) : null}
    </div>
  );
}
