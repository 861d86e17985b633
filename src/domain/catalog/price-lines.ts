import { formatMoney } from './money.ts';
import type { PackagePrice } from './service-detail.ts';

/** What a price breakdown says, word for word. */
export const PRICE_MESSAGES = {
  governmentFee: 'Government fee',
  serviceFee: 'Our service fee',
  total: 'Total',
  perApplicant: 'per applicant',
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
  'governmentFeeCents' | 'mandatoryFees' | 'serviceFeeCents' | 'compareAtServiceFeeCents' | 'currency' | 'isEstimate'
>;

/**
 * The lines of a price, before its total: the government fee (none when there is no government
 * fee, as for a photo), each mandatory third-party fee, then our service fee.
 */
export function priceLines(price: Priced): PriceLine[] {
  const was = price.compareAtServiceFeeCents;
  return [
    ...(price.governmentFeeCents > 0
      ? [{ label: PRICE_MESSAGES.governmentFee, amountCents: price.governmentFeeCents, wasCents: null }]
      : []),
    ...price.mandatoryFees.map((fee) => ({ label: fee.label, amountCents: fee.amountCents, wasCents: null })),
    {
      label: PRICE_MESSAGES.serviceFee,
      amountCents: price.serviceFeeCents,
      wasCents: was !== null && was > price.serviceFeeCents ? was : null,
    },
  ];
}

/** The sentence under a government fee that is an estimate; null when the fee is certain. */
export function estimateNote(price: Priced): string | null {
  if (!price.isEstimate || price.governmentFeeCents <= 0) return null;
  return PRICE_MESSAGES.estimatedGovernmentFee(
    formatMoney({ amountCents: price.governmentFeeCents, currency: price.currency }),
  );
}
