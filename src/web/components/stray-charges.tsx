import { formatMoney } from '../../domain/catalog/money.ts';
import { providerLabel, type StrayCharge } from '../../domain/payments/payment.ts';
import { STRAY_CHARGES_TEXT, strayChargeState, strayChargeWhy } from '../../domain/payments/stray-charges.ts';
import { shortDate } from '../lib/order-format.ts';

const STATE_TONE: Record<StrayCharge['refund'], string> = {
  pending: 'text-slate-700',
  succeeded: 'text-green-800',
  failed: 'text-amber-800',
};

/**
 * The order's stray charges inside its payment panel: each with its amount, who took it and when,
 * why the order could not take it, and where its refund stands. Nothing when there are none.
 */
export function StrayCharges({ charges }: { charges: readonly StrayCharge[] }) {
  if (charges.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 id="stray-charges" className="font-semibold text-slate-900">
        {STRAY_CHARGES_TEXT.title}
      </h3>
      <p className="mt-1 text-xs text-slate-600">{STRAY_CHARGES_TEXT.lead}</p>
      <ul aria-labelledby="stray-charges" className="mt-3 space-y-3">
        {charges.map((charge) => {
          const why = strayChargeWhy(charge);
          return (
            <li key={`${charge.provider}-${charge.receivedAt}-${charge.amountCents}`} className="text-sm">
              <p className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
                <span className="font-medium text-slate-900">{formatMoney(charge)}</span>
                <span className={`font-medium ${STATE_TONE[charge.refund]}`}>
                  {strayChargeState(charge, shortDate)}
                </span>
              </p>
              <p className="text-slate-600">
                {STRAY_CHARGES_TEXT.received(providerLabel(charge.provider), shortDate(charge.receivedAt))}
              </p>
              {why ? <p className="text-slate-700">{why}</p> : null}
              {charge.refund === 'failed' ? <p className="mt-1 text-slate-800">{STRAY_CHARGES_TEXT.byHand}</p> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
