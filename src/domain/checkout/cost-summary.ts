import type { Currency } from '../catalog/money.ts';
import { formatMoney } from '../catalog/money.ts';
import { PRICE_MESSAGES } from '../catalog/price-lines.ts';
import { outsideFeeCents } from '../catalog/service-detail.ts';
import { ADDON_DETAILS, type PricedAddOn } from './addons.ts';
import { type Coupon, couponDiscountCents } from './coupons.ts';
import { hasPremiumSupport } from './premium-support.ts';
import { REFERRAL_DISCOUNT_CENTS } from './referral.ts';

/** The per-member price an order was started with (its snapshot; decision 0048). */
export interface CheckoutSnapshot {
  currency: Currency;
  governmentFeeCents: number;
  mandatoryFees: readonly { label: string; amountCents: number }[];
  serviceFeeCents: number;
  compareAtServiceFeeCents: number | null;
  /** The government and third-party fees are the customer's to pay on the official portal. */
  feesPaidOnPortal: boolean;
}

/**
 * `charge` and `discount` lines add up to the total; `summary` lines explain it (per member,
 * members, actual cost, what was saved) and are not added.
 */
export type CostLineKind = 'summary' | 'charge' | 'discount';

/** SPEC.md §3 cost summary line item, plus what the server needs to add it up. */
export interface CostLine {
  id: string;
  label: string;
  /** Formatted with the currency: '$12', '-$10', 'x2'. */
  value: string;
  subValue?: string;
  icon: string;
  kind: CostLineKind;
  /** Signed cents (negative for a discount); 0 for summary lines that are not money. */
  amountCents: number;
  /**
   * For money paid out: whether a refund always gives it back. False for government and third-party
   * fees, which the refund policy keeps only once the order is submitted (FEE_REFUND_MARK).
   */
  refundable?: boolean;
}

/**
 * The mark of a `refundable: false` fee, wherever the customer reads their price lines (the cost
 * summary, the receipt e-mail, the order page) and on the staff order desk. The refund policy
 * (admin/refund-split.ts) keeps these fees only once the order has been Submitted to the
 * authorities (FEES_PAID_OUT_STATUSES); before that a refund gives them back in full, so a bare
 * "not refundable" would be wrong for every order refunded before submission.
 */
export const FEE_REFUND_MARK = {
  /** On its own line under the fee, beside the other lines' "Refundable" (the cost summary). */
  line: 'Not refundable once submitted',
  /** In a line's brackets after its amount: '$550 ($275 × 2, not refundable once submitted)'. */
  note: 'not refundable once submitted',
} as const;

export interface CostSummary {
  currency: Currency;
  lines: CostLine[];
  /** What the customer pays: the order's total. */
  totalCents: number;
  /** Before discounts (the "Actual Cost" line). */
  actualCostCents: number;
  governmentFeeCents: number;
  thirdPartyFeeCents: number;
  /** Our service fees and add-ons after discounts. */
  ourFeeCents: number;
  referralDiscountCents: number;
  couponDiscountCents: number;
  premiumSupport: boolean;
}

export const COST_LABELS = {
  perMember: 'Package Cost Per Member',
  members: 'Members',
  governmentFee: PRICE_MESSAGES.governmentFee,
  serviceFee: PRICE_MESSAGES.serviceFee,
  convenienceFees: 'Convenience Fees',
  actualCost: 'Actual Cost',
  referral: 'Referral discount',
  coupon: 'Coupon Discount',
  /** Explains, is not added: what the customer pays the portal when they submit. */
  paidOnPortal: 'Paid by you on the official portal, not in this total',
} as const;

/** The explaining line whose sub-value is the package's former price per member ("was …"). */
export const FORMER_PRICE_LINE = 'package-cost-per-member';
/** The explaining line of the fees paid on the official portal. */
export const PORTAL_FEES_LINE = 'paid-on-portal';

/** Convenience fees are $0 (SPEC.md §9); the line is shown so the customer sees none is hidden. */
const CONVENIENCE_FEE_CENTS = 0;

/**
 * The one place an order's total is computed (decision 0054): the price snapshot × members, the
 * add-ons, then the referral discount and the coupon, both off our fee only, so the total never
 * goes below the government and third-party fees (and never below zero).
 */
export function priceCheckout(
  snapshot: CheckoutSnapshot,
  memberCount: number,
  addOns: readonly PricedAddOn[],
  coupon: Pick<Coupon, 'code' | 'discountType' | 'value'> | null,
  referral: { applies: boolean },
): CostSummary {
  const money = (cents: number) => formatMoney({ amountCents: cents, currency: snapshot.currency });
  const n = memberCount;
  const onPortal = snapshot.feesPaidOnPortal;
  // Fees the customer pays the portal are not ours to charge: they are only explained below.
  const collected = onPortal ? { governmentFeeCents: 0, mandatoryFees: [] } : snapshot;
  const thirdPartyPerMember = collected.mandatoryFees.reduce((sum, f) => sum + f.amountCents, 0);
  const perMember = collected.governmentFeeCents + thirdPartyPerMember + snapshot.serviceFeeCents;
  const was = snapshot.compareAtServiceFeeCents;
  const packageSavedPerMember = was !== null && was > snapshot.serviceFeeCents ? was - snapshot.serviceFeeCents : 0;

  const charge = (id: string, label: string, cents: number, icon: string, refundable: boolean, subValue?: string) =>
    ({
      id,
      label,
      value: money(cents),
      icon,
      kind: 'charge',
      amountCents: cents,
      refundable,
      ...(subValue ? { subValue } : {}),
    }) satisfies CostLine;
  const perMemberNote = (cents: number) => (n > 1 ? `${money(cents)} × ${n}` : undefined);

  const lines: CostLine[] = [
    {
      id: FORMER_PRICE_LINE,
      label: COST_LABELS.perMember,
      value: money(perMember),
      ...(packageSavedPerMember > 0 ? { subValue: money(perMember + packageSavedPerMember) } : {}),
      icon: 'package',
      kind: 'summary',
      amountCents: perMember,
    },
    { id: 'members', label: COST_LABELS.members, value: `x${n}`, icon: 'users', kind: 'summary', amountCents: 0 },
  ];
  if (collected.governmentFeeCents > 0) {
    const cents = collected.governmentFeeCents * n;
    lines.push(
      charge(
        'government-fee',
        COST_LABELS.governmentFee,
        cents,
        'landmark',
        false,
        perMemberNote(collected.governmentFeeCents),
      ),
    );
  }
  collected.mandatoryFees.forEach((fee, i) => {
    lines.push(
      charge(
        `third-party-fee-${i + 1}`,
        fee.label,
        fee.amountCents * n,
        'building',
        false,
        perMemberNote(fee.amountCents),
      ),
    );
  });
  const serviceFees = snapshot.serviceFeeCents * n;
  lines.push(
    charge(
      'service-fee',
      COST_LABELS.serviceFee,
      serviceFees,
      'badge-check',
      true,
      perMemberNote(snapshot.serviceFeeCents),
    ),
  );

  let addOnCents = 0;
  for (const chosen of addOns) {
    if (chosen.quantity <= 0) continue;
    const details = ADDON_DETAILS[chosen.addon];
    const cents = chosen.unitCents * chosen.quantity;
    addOnCents += cents;
    const sub = chosen.quantity > 1 ? `${money(chosen.unitCents)} × ${chosen.quantity}` : undefined;
    lines.push(charge(addOnLineId(chosen.addon), details.lineLabel, cents, details.icon, true, sub));
  }
  lines.push(charge('convenience-fees', COST_LABELS.convenienceFees, CONVENIENCE_FEE_CENTS, 'receipt', true));

  const governmentFeeCents = collected.governmentFeeCents * n;
  const thirdPartyFeeCents = thirdPartyPerMember * n;
  const ourFeeBefore = serviceFees + addOnCents + CONVENIENCE_FEE_CENTS;
  const actualCostCents = governmentFeeCents + thirdPartyFeeCents + ourFeeBefore;
  lines.push({
    id: 'actual-cost',
    label: COST_LABELS.actualCost,
    value: money(actualCostCents),
    icon: 'calculator',
    kind: 'summary',
    amountCents: actualCostCents,
  });
  const portalPerMember = onPortal ? outsideFeeCents(snapshot) : 0;
  if (portalPerMember > 0) {
    lines.push({
      id: PORTAL_FEES_LINE,
      label: COST_LABELS.paidOnPortal,
      value: money(portalPerMember * n),
      ...(n > 1 ? { subValue: `${money(portalPerMember)} × ${n}` } : {}),
      icon: 'landmark',
      kind: 'summary',
      amountCents: portalPerMember * n,
    });
  }

  const referralCents = referral.applies ? Math.min(REFERRAL_DISCOUNT_CENTS, ourFeeBefore) : 0;
  if (referralCents > 0) lines.push(discountLine('referral-discount', COST_LABELS.referral, referralCents, 'gift'));
  const couponCents = coupon ? couponDiscountCents(coupon, ourFeeBefore - referralCents) : 0;
  if (coupon) lines.push(discountLine('coupon-discount', COST_LABELS.coupon, couponCents, 'tag', coupon.code));

  // Each discount is one line, once (issue 30 §4): SPEC.md §9's sample also had a "Discount" line
  // repeating the coupon's amount among the explaining lines, which read as a second -$10 off in
  // the summary and the receipt. Actual Cost less the discount lines is the total.

  const totalCents = actualCostCents - referralCents - couponCents;
  return {
    currency: snapshot.currency,
    lines,
    totalCents,
    actualCostCents,
    governmentFeeCents,
    thirdPartyFeeCents,
    ourFeeCents: ourFeeBefore - referralCents - couponCents,
    referralDiscountCents: referralCents,
    couponDiscountCents: couponCents,
    premiumSupport: hasPremiumSupport(totalCents),
  };

  function discountLine(id: string, label: string, cents: number, icon: string, subValue?: string): CostLine {
    return {
      id,
      label,
      value: `-${money(cents)}`,
      icon,
      kind: 'discount',
      amountCents: -cents,
      ...(subValue ? { subValue } : {}),
    };
  }
}

/** 'photo-enhancer', 'expedite', 'apostilled'. */
export function addOnLineId(addon: keyof typeof ADDON_DETAILS): string {
  return ADDON_DETAILS[addon].lineLabel.toLowerCase().replace(/\s+/g, '-');
}
