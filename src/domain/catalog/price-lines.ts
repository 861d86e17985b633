import { formatMoney } from './money.ts';
import type { PackagePrice } from './service-detail.ts';

/** What a price breakdown says, word for word. */
export const PRICE_MESSAGES = {
  governmentFee: 'Government fee',
  serviceFee: 'Our service fee',
  total: 'Total',
  perApplicant: 'per applicant',
  /** Above the fees the customer pays on the official portal, under our total. */
  paidOnPortal: 'Paid by you on the official portal when you submit, not in our price:',
  /** Under them, when their amounts are estimates (another currency, a fee not confirmed). */
  portalEstimate: 'These amounts are our best estimate: the portal shows the exact fee before you pay it.',
  /** Under a government fee that is not certain: what the customer pays and what happens if it differs. */
  estimatedGovernmentFee: (fee: string) =>
    `You pay the ${fee} government fee shown; if the government charges a different amount, we refund the difference or ask you for it before your application is submitted.`,
} as const;

export interface PriceLine {
  label: string;
  amountCents: number;
  /** The former amount, shown struck through; null when it is not lower now. */
  wasCents: number | null;
}

type Priced = Pick<
  PackagePrice,
  | 'governmentFeeCents'
  | 'mandatoryFees'
  | 'serviceFeeCents'
  | 'compareAtServiceFeeCents'
  | 'currency'
  | 'isEstimate'
  | 'feesPaidOnPortal'
>;

/** The government fee (none when there is none, as for a photo), then each mandatory third-party fee. */
function outsideLines(price: Priced): PriceLine[] {
  return [
    ...(price.governmentFeeCents > 0
      ? [{ label: PRICE_MESSAGES.governmentFee, amountCents: price.governmentFeeCents, wasCents: null }]
      : []),
    ...price.mandatoryFees.map((fee) => ({ label: fee.label, amountCents: fee.amountCents, wasCents: null })),
  ];
}

/**
 * The lines of a price, before its total: the government and third-party fees we collect, then
 * our service fee.
 */
export function priceLines(price: Priced): PriceLine[] {
  const was = price.compareAtServiceFeeCents;
  return [
    ...(price.feesPaidOnPortal ? [] : outsideLines(price)),
    {
      label: PRICE_MESSAGES.serviceFee,
      amountCents: price.serviceFeeCents,
      wasCents: was !== null && was > price.serviceFeeCents ? was : null,
    },
  ];
}

/** The fees the customer pays on the official portal, not to us: none unless the price says so. */
export function portalLines(price: Priced): PriceLine[] {
  return price.feesPaidOnPortal ? outsideLines(price) : [];
}

/**
 * The sentence under a government fee we collect that is an estimate; null when the fee is
 * certain, or paid on the portal (we neither take it nor refund a difference).
 */
export function estimateNote(price: Priced): string | null {
  if (!price.isEstimate || price.governmentFeeCents <= 0 || price.feesPaidOnPortal) return null;
  return PRICE_MESSAGES.estimatedGovernmentFee(
    formatMoney({ amountCents: price.governmentFeeCents, currency: price.currency }),
  );
}
