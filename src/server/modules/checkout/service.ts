import { ADDON_TYPES } from '../../../domain/catalog/addons.ts';
import { type CheckoutSnapshot, type CostSummary, priceCheckout } from '../../../domain/checkout/cost-summary.ts';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import { createCheckoutRepository } from './repository.ts';

export interface CheckoutPricingDeps {
  catalog: Pick<CatalogService, 'addonPrices'>;
}

/**
 * An order's cost summary from what is stored: its price snapshot and members (the applications
 * module's), its chosen add-ons priced from the catalog, and its coupon. The applications module
 * and the checkout calls both take the total from here (decision 0054).
 */
export function createCheckoutPricing({ catalog }: CheckoutPricingDeps) {
  return {
    async summary(
      on: Database,
      orderId: number,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<CostSummary> {
      const repository = createCheckoutRepository(on);
      const chosen = await repository.listAddOns(orderId);
      const coupon = await repository.appliedCoupon(orderId);
      const prices = await catalog.addonPrices(snapshot.currency, on);
      const addOns = ADDON_TYPES.flatMap((addon) => {
        const unitCents = prices[addon];
        const quantity = chosen.filter(
          (c) => c.addon === addon && (c.memberId === null || memberIds.includes(c.memberId)),
        ).length;
        return unitCents !== undefined && quantity > 0 ? [{ addon, unitCents, quantity }] : [];
      });
      return priceCheckout(snapshot, memberIds.length, addOns, coupon, { applies: false });
    },
  };
}

export type CheckoutPricing = ReturnType<typeof createCheckoutPricing>;
