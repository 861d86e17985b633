import { PHOTO_ENHANCEMENT_SLUG } from '../config/navigation.ts';
import {
  DIGITAL_PLAN_ID,
  type PhotoCurrency,
  type PhotoOption,
  type PhotoPlanId,
  PRINT_PLAN_ID,
  pricePhotoOrder,
} from './pricing.ts';

/**
 * The Photo Enhancement service's packages in the catalog (the /photos page, the home card, the
 * service page) are SevaPhotos orders of one item: each package's price is what pricePhotoOrder
 * charges for that order (issue 31 §5), never a figure of its own. The catalog reads these in
 * place of its stored rows, so no seed, stale row or admin edit can make a page disagree with the
 * charge (docs/decisions/0101-photo-honest-prices-and-failing-prints.md).
 */
export const PHOTO_PACKAGE_ORDERS: Record<string, { planId: PhotoPlanId; options: readonly PhotoOption[] }> = {
  'digital-copy': { planId: DIGITAL_PLAN_ID, options: [] },
  'print-copies-delivered': { planId: PRINT_PLAN_ID, options: [] },
  'pickup-from-nearest-photo-studio': { planId: DIGITAL_PLAN_ID, options: ['pickup'] },
};

/** What one item of the package is charged in `currency`, or null for a package that is not a photo order. */
export function photoPackageCents(packageSlug: string, currency: PhotoCurrency): number | null {
  const order = PHOTO_PACKAGE_ORDERS[packageSlug];
  if (!order) return null;
  // A package is one photo of a printed size (a passport photo): what its card promises.
  const items = { printed: 1, filesOnly: 0 };
  return pricePhotoOrder({ currency, items, planId: order.planId, options: order.options }).totalCents;
}

/** Whether a catalog service's package prices are the photo orders' (the Photo Enhancement service). */
export function isPhotoPricedService(serviceSlug: string): boolean {
  return serviceSlug === PHOTO_ENHANCEMENT_SLUG;
}

/**
 * The package's stored row: the catalog prices a service without country choices once, in US
 * dollars (photo orders in CAD are priced by the order itself). Our fee only, nothing struck through.
 */
export function photoPackagePrice(packageSlug: string) {
  const cents = photoPackageCents(packageSlug, 'USD');
  if (cents === null) return null;
  return {
    currency: 'USD' as const,
    governmentFeeCents: 0,
    mandatoryFees: [],
    serviceFeeCents: cents,
    compareAtServiceFeeCents: null,
  };
}
