import { type Currency, formatMoney } from '../catalog/money.ts';
import type { CostLine, CostSummary } from '../checkout/cost-summary.ts';
import { type Coupon, couponDiscountCents } from '../checkout/coupons.ts';
import { hasPremiumSupport } from '../checkout/premium-support.ts';
import { PHOTO_PROMISE } from './promise.ts';
import type { PrintCounts } from './sizes.ts';

/**
 * SevaPhotos' pricing plans (SPEC.md §3: "Pricing plan ids: 1 (digital copy), 2 (print copy)"; the
 * options Digital Copy, Photo Optimize, Background Change, Pickup From Nearest Photo studio, Get
 * Print Copies delivered to home) and the one function that prices a photo order. Prices are ours
 * (the spec shows none): see docs/decisions/0063-photo-orders.md.
 */

export const PHOTO_PLAN_IDS = [1, 2] as const;
export type PhotoPlanId = (typeof PHOTO_PLAN_IDS)[number];
export const DIGITAL_PLAN_ID: PhotoPlanId = 1;
export const PRINT_PLAN_ID: PhotoPlanId = 2;

export const PHOTO_OPTIONS = ['photo-optimize', 'background-change', 'pickup'] as const;
export type PhotoOption = (typeof PHOTO_OPTIONS)[number];

export const PHOTO_PLAN_LABELS: Record<PhotoPlanId, string> = {
  1: 'Digital Copy',
  2: 'Get Print Copies delivered to home',
};

export const PHOTO_OPTION_LABELS: Record<PhotoOption, string> = {
  'photo-optimize': 'Photo Optimize',
  'background-change': 'Background Change',
  pickup: 'Pickup From Nearest Photo studio',
};

/** What each plan and option is, for the customer. */
export const PHOTO_PLAN_DESCRIPTIONS: Record<PhotoPlanId, string> = {
  1: 'Each photo checked and fitted to its exact size, ready to upload to the portal (JPEG), plus a 4 × 6 in print sheet of each size that is printed.',
  2: 'The digital copies, and a set of printed photos per item on photo paper, mailed to your address. A signature, an e-Visa photo or the Indian passport’s online-form photo is a file only: not printed, and charged as Digital Copy.',
};
export const PHOTO_OPTION_DESCRIPTIONS: Record<PhotoOption, string> = {
  // What the editor does (photos/second-look.ts): each fitted photo waits for their check once paid.
  'photo-optimize': `A photo editor checks each photo’s fit by hand, within 2 business hours, before your files and prints are released. ${PHOTO_PROMISE.SEVAPHOTOS}`,
  'background-change':
    'A plain background made even and light, for sizes whose rules allow it. Not offered for US, Canadian or Indian passport photos: those authorities refuse altered photos.',
  pickup: 'Your print sheet sent to a photo counter near you: collect the prints there, usually the same day.',
};

/** How a price counts: per item (a size and document) or once per order. */
export type PriceUnit = 'item' | 'order';

interface PriceList {
  plans: Record<PhotoPlanId, number>;
  /**
   * The options offered in the currency, with their prices. Pickup is only in USD: the photo
   * counters (Walgreens, CVS) and the 5-digit pin code of their area are American.
   */
  options: Partial<Record<PhotoOption, number>>;
}

/** Cents per item (plans, Photo Optimize, Background Change) or per order (Pickup), by currency. */
export const PHOTO_PRICES = {
  USD: {
    plans: { 1: 999, 2: 1999 },
    options: { 'photo-optimize': 499, 'background-change': 399, pickup: 299 },
  },
  CAD: {
    plans: { 1: 1299, 2: 2599 },
    options: { 'photo-optimize': 649, 'background-change': 499 },
  },
} as const satisfies Record<'USD' | 'CAD', PriceList>;
export type PhotoCurrency = keyof typeof PHOTO_PRICES;
export const PHOTO_CURRENCIES = Object.keys(PHOTO_PRICES) as PhotoCurrency[];

/**
 * The price list a currency names: CAD's or USD's, USD's for any other or none. An order is priced
 * by it, and a new photo order starts in the currency the customer last ordered in (a family with
 * CAD service orders is in Canada); they can change it on the order's first step.
 */
export function photoCurrencyOf(currency: string | null): PhotoCurrency {
  return PHOTO_CURRENCIES.find((c) => c === currency) ?? 'USD';
}

/** An option's price in `currency`, or undefined where it is not offered (pickup outside USD). */
export function optionCents(option: PhotoOption, currency: PhotoCurrency): number | undefined {
  const options: PriceList['options'] = PHOTO_PRICES[currency].options;
  return options[option];
}

/** Whether an order in `currency` can have `option` (it has a price there). */
export const optionOffered = (option: PhotoOption, currency: PhotoCurrency) =>
  optionCents(option, currency) !== undefined;

export const PHOTO_OPTION_UNITS: Record<PhotoOption, PriceUnit> = {
  'photo-optimize': 'item',
  'background-change': 'item',
  pickup: 'order',
};

export const PHOTO_COST_LABELS = {
  items: 'Items',
  /** The items of a print copies order whose size is never printed: charged as Digital Copy. */
  filesOnly: `${PHOTO_PLAN_LABELS[DIGITAL_PLAN_ID]} (file only, not printed)`,
  actualCost: 'Actual Cost',
  coupon: 'Coupon Discount',
  discount: 'Discount',
} as const;

export interface PhotoPricingInput {
  currency: PhotoCurrency;
  /** The items, by whether their size is printed (printCounts). */
  items: PrintCounts;
  planId: PhotoPlanId;
  options: readonly PhotoOption[];
  coupon?: Pick<Coupon, 'code' | 'discountType' | 'value'> | null;
}

/**
 * The cost summary of a photo order, in checkout's CostSummary shape (the receipt and the cost
 * panel read it the same way): the plan per item, each option, the coupon off the whole (there
 * are no government fees in a photo order). Prints are paid for only where there are prints: print
 * copies per printed item (the others at the Digital Copy price, on a line of their own), pickup
 * only when an item is printed.
 */
export function pricePhotoOrder({ currency, items, planId, options, coupon = null }: PhotoPricingInput): CostSummary {
  const prices = PHOTO_PRICES[currency];
  const money = (cents: number) => formatMoney({ amountCents: cents, currency: currency as Currency });
  const n = items.printed + items.filesOnly;
  const times = (unit: number, count: number) => (count > 1 ? `${money(unit)} × ${count}` : undefined);
  const charge = (id: string, label: string, unitCents: number, count: number, icon: string): CostLine => {
    const sub = times(unitCents, count);
    return {
      id,
      label,
      value: money(unitCents * count),
      icon,
      kind: 'charge',
      amountCents: unitCents * count,
      refundable: true,
      ...(sub ? { subValue: sub } : {}),
    };
  };

  const plan = (count: number) =>
    charge(`plan-${planId}`, PHOTO_PLAN_LABELS[planId], prices.plans[planId], count, 'image');
  // Print copies of the printed items only; a signature or an e-Visa photo is a file, at the digital price.
  const planLines =
    planId === PRINT_PLAN_ID && items.filesOnly > 0
      ? [
          ...(items.printed > 0 ? [plan(items.printed)] : []),
          charge(
            'plan-files-only',
            PHOTO_COST_LABELS.filesOnly,
            prices.plans[DIGITAL_PLAN_ID],
            items.filesOnly,
            'image',
          ),
        ]
      : [plan(n)];
  const lines: CostLine[] = [
    { id: 'items', label: PHOTO_COST_LABELS.items, value: `x${n}`, icon: 'images', kind: 'summary', amountCents: 0 },
    ...planLines,
  ];
  for (const option of PHOTO_OPTIONS) {
    const unitCents = optionCents(option, currency);
    // An option the currency does not offer is never stored (the plan's call refuses it); pickup
    // of nothing printed is never charged (an order can hold one only from before this rule).
    if (!options.includes(option) || unitCents === undefined) continue;
    if (option === 'pickup' && items.printed === 0) continue;
    const count = PHOTO_OPTION_UNITS[option] === 'item' ? n : 1;
    lines.push(charge(option, PHOTO_OPTION_LABELS[option], unitCents, count, 'sparkles'));
  }
  const actualCostCents = lines.reduce((sum, line) => sum + (line.kind === 'charge' ? line.amountCents : 0), 0);
  lines.push({
    id: 'actual-cost',
    label: PHOTO_COST_LABELS.actualCost,
    value: money(actualCostCents),
    icon: 'calculator',
    kind: 'summary',
    amountCents: actualCostCents,
  });
  const couponCents = coupon ? couponDiscountCents(coupon, actualCostCents) : 0;
  if (coupon) {
    lines.push({
      id: 'coupon-discount',
      label: PHOTO_COST_LABELS.coupon,
      value: `-${money(couponCents)}`,
      subValue: coupon.code,
      icon: 'tag',
      kind: 'discount',
      amountCents: -couponCents,
    });
  }
  const totalCents = actualCostCents - couponCents;
  return {
    currency: currency as Currency,
    lines,
    totalCents,
    actualCostCents,
    governmentFeeCents: 0,
    thirdPartyFeeCents: 0,
    ourFeeCents: totalCents,
    referralDiscountCents: 0,
    couponDiscountCents: couponCents,
    premiumSupport: hasPremiumSupport(totalCents),
  };
}
