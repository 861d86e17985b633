import type { ReactNode } from 'react';
import type { PriceSnapshot } from '../../../../domain/applications/application.ts';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { PriceBreakdown } from '../../../components/price-breakdown.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/**
 * The price the order was started with (later catalog changes do not touch it): one member's
 * fees apart, then the members and the order's total.
 */
export function PriceSummary({
  price,
  children,
}: {
  price: PriceSnapshot;
  /** More of the order's money after the price (its stray charges). */
  children?: ReactNode;
}) {
  const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
  return (
    <Panel id="order-price" title="Price">
      <div className="mt-4">
        <PriceBreakdown price={{ ...price, totalCents: price.perMemberCents }} perApplicant />
      </div>
      <dl className="mt-4 space-y-1.5 border-t border-slate-200 pt-3">
        <div className="flex justify-between gap-4 text-sm">
          <dt className="text-slate-600">Members</dt>
          <dd className="font-medium text-slate-900">
            {price.memberCount} × {money(price.perMemberCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="font-semibold text-slate-900">Order total</dt>
          <dd className="text-lg font-bold text-slate-900">{money(price.totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">Add-ons and coupons are applied at checkout.</p>
      {children}
    </Panel>
  );
}
