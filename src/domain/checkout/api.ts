import { z } from 'zod';
import { rowIdSchema } from '../api/row-id.ts';
import { ADDON_TYPES } from '../catalog/addons.ts';
import { CURRENCIES } from '../catalog/money.ts';
import { COUPON_PLATFORMS, couponCodeSchema, DISCOUNT_TYPES } from './coupons.ts';

/** What the checkout calls say, word for word (decision 0054). */
export const CHECKOUT_MESSAGES = {
  addOnsLoaded: 'Add-ons loaded',
  addOnsSaved: 'Add-ons saved',
  summaryLoaded: 'Cost summary loaded',
  couponsLoaded: 'Coupons loaded',
  locked: 'Add-ons and coupons can be changed only before payment.',
  notOffered: (addon: string) => `${addon} is not offered with this package.`,
  chooseMembers: (addon: string) => `Choose at least one member for ${addon}.`,
  orderWide: (addon: string) => `${addon} is for the whole order; do not choose members for it.`,
  twice: (addon: string) => `${addon} is listed twice.`,
  memberNotFound: 'Member not found',
  /** 409 when a payment starts on an order whose total moved since it was stored (an add-on's price, the first-order discount). */
  priceChanged: 'The total of this order changed since it was priced. Check the new total, then pay.',
} as const;

/** PUT …/add-ons: the add-ons the customer wants (all of them; those left out are removed). */
export const chooseAddOnsSchema = z.object({
  addOns: z
    .array(
      z.object({
        addon: z.enum(ADDON_TYPES),
        /** The members a per-member add-on is for; left out for a per-order add-on. */
        memberIds: z.array(rowIdSchema()).max(10).optional(),
      }),
    )
    .max(ADDON_TYPES.length),
});
export type ChooseAddOns = z.infer<typeof chooseAddOnsSchema>;

export const addOnOptionSchema = z.object({
  addon: z.enum(ADDON_TYPES),
  title: z.string(),
  subText: z.string(),
  icon: z.string(),
  scope: z.enum(['member', 'order']),
  unitCents: z.number().int(),
  /** The unit price with its currency ('$10'). */
  subTitle: z.string(),
  chosen: z.boolean(),
  memberIds: z.array(z.number().int()),
  /** The members a per-member add-on may be chosen for (empty for a per-order one). */
  forMemberIds: z.array(z.number().int()),
});
/**
 * An add-on an order bought, as staff work it: for the members named (Photo Enhancement: the
 * photo editor works those applicants' photos), or for the whole order (null).
 */
export const chosenAddOnSchema = z.object({
  addon: z.enum(ADDON_TYPES),
  memberIds: z.array(z.number().int()).nullable(),
});
export type ChosenAddOn = z.infer<typeof chosenAddOnSchema>;

export const addOnsSchema = z.object({ currency: z.enum(CURRENCIES), addOns: z.array(addOnOptionSchema) });
export type AddOnOption = z.infer<typeof addOnOptionSchema>;

export const costLineSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  subValue: z.string().optional(),
  icon: z.string(),
  kind: z.enum(['summary', 'charge', 'discount']),
  amountCents: z.number().int(),
  refundable: z.boolean().optional(),
});

export const costSummarySchema = z.object({
  currency: z.enum(CURRENCIES),
  lines: z.array(costLineSchema),
  totalCents: z.number().int(),
  actualCostCents: z.number().int(),
  governmentFeeCents: z.number().int(),
  thirdPartyFeeCents: z.number().int(),
  ourFeeCents: z.number().int(),
  referralDiscountCents: z.number().int(),
  couponDiscountCents: z.number().int(),
  premiumSupport: z.boolean(),
  /** SPEC.md §3 applied coupon: a single string, or null. */
  appliedCoupon: z.string().nullable(),
  /**
   * The package's fee note for the order's choices, when it has one: what is charged apart from
   * this total (a centre's return shipping), as the service page says it beside the price.
   */
  feeNote: z.string().optional(),
  /** On the order's own cost-summary path: what was refunded of its payment so far (refunds made). */
  refundedCents: z.number().int().optional(),
});

export const applyCouponSchema = z.object({ code: couponCodeSchema });

export const couponsQuery = z.object({ platform: z.enum(COUPON_PLATFORMS) });
export const publicCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  minimumOrderCents: z.number().int(),
  endsAt: z.string().nullable(),
});
