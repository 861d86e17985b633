import { z } from 'zod';
import { COUPON_PLATFORMS, DISCOUNT_TYPES } from '../checkout/coupons.ts';
import { centsSchema } from './catalog.ts';
import { adminListQuery } from './list-query.ts';

/**
 * The back office's coupons (issue 13, decision 0070): checkout's coupon (src/domain/checkout/
 * coupons.ts) with the rules an edit must keep so redemptions stay counted right. One schema per
 * call, shared by the API (`/api/v1/admin/coupons`) and the page forms.
 */

export const COUPON_ADMIN_MESSAGES = {
  created: 'Coupon created',
  saved: 'Coupon saved',
  nothingChanged: 'Nothing changed',
  nothingToChange: 'Nothing to change: send at least one field.',
  notFound: (id: number) => `No coupon found with id ${id}`,
  codeTaken: 'A coupon with this code already exists.',
  code: 'Use 3 to 40 letters, digits, hyphens or underscores.',
  percentage: 'A percentage must be from 1 to 100.',
  flat: 'A flat discount must be at least 1 cent.',
  window: 'The end must be after the start.',
  /** Type, value and platform price the orders that hold the coupon: fixed once it has been used. */
  discountFixed: 'This coupon has been used: its discount and platform cannot change. Disable it and create a new one.',
  belowUses: (uses: number) => `This coupon has ${uses} uses so far: the limit cannot be lower.`,
} as const;

const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(1_000_000, `${label} must be at most 1,000,000`)
    .nullable();

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).nullable();

const couponFields = z.object({
  description: z
    .string({ error: 'Enter a description' })
    .trim()
    .min(1, 'Enter a description')
    .max(300, 'Description must be at most 300 characters'),
  discountType: z.enum(DISCOUNT_TYPES, { error: "Discount type must be 'flat' or 'percentage'" }),
  /** Cents off for a flat coupon; percent (1–100) for a percentage. */
  value: centsSchema('Value'),
  platform: z.enum(COUPON_PLATFORMS, { error: "Platform must be 'sevadocs' or 'sevaphotos'" }),
  startsAt: instant('Start'),
  endsAt: instant('End'),
  minimumOrderCents: centsSchema('Minimum order'),
  usageLimit: limit('Usage limit'),
  perCustomerLimit: limit('Limit per customer'),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

/** The value fits its type, the window runs forward: checked on a new coupon and on the coupon as an edit leaves it. */
export function couponProblems(c: {
  discountType: (typeof DISCOUNT_TYPES)[number];
  value: number;
  startsAt: string | Date | null;
  endsAt: string | Date | null;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (c.discountType === 'percentage' && (c.value < 1 || c.value > 100))
    problems.value = COUPON_ADMIN_MESSAGES.percentage;
  if (c.discountType === 'flat' && c.value < 1) problems.value = COUPON_ADMIN_MESSAGES.flat;
  if (c.startsAt && c.endsAt && new Date(c.endsAt) <= new Date(c.startsAt))
    problems.endsAt = COUPON_ADMIN_MESSAGES.window;
  return problems;
}

function addProblems(value: Parameters<typeof couponProblems>[0], ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(couponProblems(value))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

export const couponCreateSchema = couponFields
  .extend({
    code: z
      .string({ error: COUPON_ADMIN_MESSAGES.code })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, COUPON_ADMIN_MESSAGES.code)
      .transform((code) => code.toUpperCase()),
    isActive: couponFields.shape.isActive.default(true),
    isPublic: couponFields.shape.isPublic.default(false),
    startsAt: couponFields.shape.startsAt.default(null),
    endsAt: couponFields.shape.endsAt.default(null),
    minimumOrderCents: couponFields.shape.minimumOrderCents.default(0),
    usageLimit: couponFields.shape.usageLimit.default(null),
    perCustomerLimit: couponFields.shape.perCustomerLimit.default(null),
  })
  .superRefine(addProblems);
export type CouponCreate = z.infer<typeof couponCreateSchema>;

/** An edit: any of the fields but the code (customers have it). Disabling is `isActive: false`. */
export const couponEditSchema = couponFields
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: COUPON_ADMIN_MESSAGES.nothingToChange,
  });
export type CouponEdit = z.infer<typeof couponEditSchema>;

/** A coupon as the back office lists it, with its uses so far. */
export const adminCouponSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  platform: z.enum(COUPON_PLATFORMS),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  minimumOrderCents: z.number(),
  usageLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  /** Uses that count against the limit now (paid orders, and unpaid ones still holding theirs). */
  uses: z.number(),
  /** Orders the coupon has ever been applied to, cancelled and lapsed ones included. */
  redemptions: z.number(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const couponListQuery = adminListQuery(['createdAt', 'code', 'endsAt'] as const);
export type CouponListQuery = z.infer<typeof couponListQuery>;
