import { type OrderPhoto, PHOTO_SERVICE_TYPE_LABELS, type PhotoOrder } from '../../../../domain/photos/orders.ts';
import { PHOTO_OPTION_LABELS, PHOTO_PLAN_LABELS } from '../../../../domain/photos/pricing.ts';
import { ITEMS_TEXT, REVIEW_TEXT } from './text.ts';

/** The order's lines and total, for the cost panel. */
export const summaryOf = (order: PhotoOrder) => ({
  currency: order.currency,
  lines: order.costSummary,
  totalCents: order.totalCents,
});

/** The plan and its extras in words: 'Digital Copy + Photo Optimize'. */
export const planWords = (order: PhotoOrder) =>
  [PHOTO_PLAN_LABELS[order.pricingPlanId], ...order.options.map((o) => PHOTO_OPTION_LABELS[o])].join(' + ');

/** Where the prints go, in words. */
export function deliveryWords(order: PhotoOrder): string {
  const d = order.delivery;
  if (!d) return REVIEW_TEXT.digitalOnly;
  if (d.method === 'pickup') {
    const at = REVIEW_TEXT.pickupAt(PHOTO_SERVICE_TYPE_LABELS[d.serviceType], d.pinCode, d.addressLine);
    // The note was saved with the pickup; the customer checks it here before paying, and after.
    return d.message ? `${at}. ${REVIEW_TEXT.studioNote(d.message)}` : at;
  }
  const a = d.address;
  return `${REVIEW_TEXT.homeTo(a.fullName)}: ${a.addressLine}, ${a.city}, ${a.state} ${a.postalCode}`;
}

/** '600 × 600 px · 48 KB · head 62 %'. */
export function fittedFigures(fitted: NonNullable<OrderPhoto['report']>['fitted']): string | null {
  if (!fitted) return null;
  return ITEMS_TEXT.figures(
    fitted.widthPx,
    fitted.heightPx,
    Math.max(1, Math.round(fitted.bytes / 1000)),
    fitted.headPercent === null ? null : Math.round(fitted.headPercent),
  );
}
