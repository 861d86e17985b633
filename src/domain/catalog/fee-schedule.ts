import { COUPON_MESSAGES, type DroppedCoupon } from '../checkout/coupons.ts';
import { todayIsoDate } from '../limits/constants.ts';
import { DAY_MS } from '../time.ts';
import { formatMoney } from './money.ts';
import { SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';
import { type PackagePrice, priceTotalCents, type ScheduledChange } from './service-detail.ts';

/**
 * Government and outsourcer fees on a date (issue 32 §2, decision 0109-fee-on-the-day): a price row
 * carries `effectiveFrom` (null: since always), and the price of a package for a choice of countries
 * on day D is its row with the latest `effectiveFrom` on or before D. Days are UTC calendar days,
 * like every other date the storefront compares (`todayIsoDate`).
 */

/** The day whose fees apply at `now`: its UTC date, 'YYYY-MM-DD'. */
export function feeDay(now: Date): string {
  return todayIsoDate(now);
}

/** How many days before a change an unpaid order it affects is told (the change is on the pages sooner). */
export const FEE_CHANGE_NOTICE_DAYS = 30;

export interface DatedPrice {
  id: number;
  applyingFrom: string | null;
  citizenship: string | null;
  destination: string | null;
  effectiveFrom: string | null;
  governmentFeeCents: number;
  mandatoryFees: readonly { label: string; amountCents: number }[];
  serviceFeeCents: number;
  feesPaidOnPortal: boolean;
}

/** The fees a government or an outsourcer sets: what a fee change is about (our service fee is not). */
export type OutsideFees = Pick<DatedPrice, 'governmentFeeCents' | 'mandatoryFees'>;

export function sameOutsideFees(a: OutsideFees, b: OutsideFees): boolean {
  return (
    a.governmentFeeCents === b.governmentFeeCents &&
    a.mandatoryFees.length === b.mandatoryFees.length &&
    a.mandatoryFees.every(
      (fee, i) => fee.label === b.mandatoryFees[i]?.label && fee.amountCents === b.mandatoryFees[i]?.amountCents,
    )
  );
}

const countriesKey = (price: Pick<DatedPrice, ServiceParameter>) =>
  SERVICE_PARAMETERS.map((parameter) => price[parameter] ?? '*').join('|');

/** Null (since always) sorts before every date. */
const byDate = (a: Pick<DatedPrice, 'effectiveFrom'>, b: Pick<DatedPrice, 'effectiveFrom'>) =>
  (a.effectiveFrom ?? '').localeCompare(b.effectiveFrom ?? '');

/**
 * The rows in force on `day`, one per choice of countries, in the order of the first row of each
 * choice, each with the next change of its outside fees after `day` (null when none is dated).
 * A choice whose every row starts after `day` is not priced (not offered) yet.
 */
export function pricesOnDay<T extends DatedPrice>(
  rows: readonly T[],
  day: string,
): (T & { scheduledChange: ScheduledChange | null })[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = countriesKey(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flatMap((group) => {
    const dated = [...group].sort(byDate);
    const inForce = dated.filter((row) => row.effectiveFrom === null || row.effectiveFrom <= day).at(-1);
    if (!inForce) return [];
    const next = dated.find(
      (row) => row.effectiveFrom !== null && row.effectiveFrom > day && !sameOutsideFees(row, inForce),
    );
    return [{ ...inForce, scheduledChange: next ? toScheduledChange(next) : null }];
  });
}

function toScheduledChange(row: DatedPrice): ScheduledChange {
  return {
    id: row.id,
    // Only dated rows come here.
    effectiveFrom: row.effectiveFrom ?? '',
    governmentFeeCents: row.governmentFeeCents,
    mandatoryFees: [...row.mandatoryFees],
    totalCents: priceTotalCents(row),
  };
}

/** '1 July 2027': how a fee's date reads. */
export function formatFeeDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Days from `day` to `later` (both 'YYYY-MM-DD'). */
export function daysBetween(day: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
}

/**
 * What changes, in words: "the government fee is $90", "the VFS Global service fee is $16.50",
 * joined; fee lines the change drops or adds are named too.
 */
function changedFees(now: OutsideFees, next: OutsideFees, money: (cents: number) => string): string[] {
  const parts: string[] = [];
  if (next.governmentFeeCents !== now.governmentFeeCents)
    parts.push(`the government fee is ${money(next.governmentFeeCents)}`);
  for (const fee of next.mandatoryFees) {
    const before = now.mandatoryFees.find((f) => f.label === fee.label);
    if (before?.amountCents !== fee.amountCents) parts.push(`the ${fee.label} is ${money(fee.amountCents)}`);
  }
  for (const fee of now.mandatoryFees) {
    if (!next.mandatoryFees.some((f) => f.label === fee.label)) parts.push(`there is no ${fee.label}`);
  }
  return parts;
}

function joined(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Why an unpaid order's total moved without the customer changing it. */
const FEES_CHANGED = 'The government or application-centre fees changed since this order was priced.';

export const FEE_CHANGE_MESSAGES = {
  /** Under a price on the service and package pages, before the change takes effect. */
  scheduled: (date: string, changes: string, total: string) => `From ${date} ${changes} (total ${total}).`,
  /** The same for fees paid on the official portal: our total does not change. */
  scheduledOnPortal: (date: string, changes: string) => `From ${date} ${changes}, paid on the official portal.`,
  /** 409 when a payment starts on an order whose fees changed since it was priced. */
  repriced: `${FEES_CHANGED} Check the new total, then pay.`,
  /** The same when the new fees took the order below its coupon's minimum order, so the coupon went. */
  repricedWithoutCoupon: (code: string) => `${FEES_CHANGED} ${COUPON_MESSAGES.released(code)}`,
  /** A notice ahead whose change will take the order below its coupon's minimum order. */
  couponEnds: (code: string, minimum: string) =>
    `From that day your coupon ${code} no longer applies. ${COUPON_MESSAGES.minimumNotMet(minimum)}`,
} as const;

/** The notice a page shows under a price with a change ahead, or null without one. */
export function scheduledChangeNotice(
  price: Pick<PackagePrice, 'currency' | 'governmentFeeCents' | 'mandatoryFees' | 'feesPaidOnPortal'> & {
    scheduledChange?: ScheduledChange | null;
  },
): string | null {
  const next = price.scheduledChange;
  if (!next) return null;
  const money = (amountCents: number) => formatMoney({ amountCents, currency: price.currency });
  const date = formatFeeDate(next.effectiveFrom);
  const changes = joined(changedFees(price, next, money));
  return price.feesPaidOnPortal
    ? FEE_CHANGE_MESSAGES.scheduledOnPortal(date, changes)
    : FEE_CHANGE_MESSAGES.scheduled(date, changes, money(next.totalCents));
}

/**
 * The sentence of an unpaid order's e-mail: a change ahead, or one that took effect and repriced
 * it; `totals.droppedCoupon` is the coupon the new total is without, named so the total adds up.
 */
export function orderFeeChangeSentence(
  order: { displayId: string; currency: PackagePrice['currency'] },
  before: OutsideFees,
  change: OutsideFees & { effectiveFrom: string },
  totals: { nowCents: number; afterCents: number; droppedCoupon?: DroppedCoupon | null },
  inForce: boolean,
): string {
  const money = (amountCents: number) => formatMoney({ amountCents, currency: order.currency });
  const date = formatFeeDate(change.effectiveFrom);
  const changes = joined(changedFees(before, change, money));
  const sentence = inForce
    ? `Since ${date} ${changes}, so the total of your order ${order.displayId} is now ${money(totals.afterCents)} (it was ${money(totals.nowCents)}).`
    : `From ${date} ${changes}. Paid before then, your order ${order.displayId} costs ${money(totals.nowCents)}; from that day its total becomes ${money(totals.afterCents)}.`;
  const coupon = totals.droppedCoupon;
  if (!coupon) return sentence;
  const why = inForce
    ? COUPON_MESSAGES.released(coupon.code)
    : FEE_CHANGE_MESSAGES.couponEnds(coupon.code, money(coupon.minimumOrderCents));
  return `${sentence} ${why}`;
}
