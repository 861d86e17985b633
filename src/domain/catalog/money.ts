/** Money is integer cents with an ISO currency code (DESIGN.md §1). */
export const CURRENCIES = ['USD', 'CAD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  amountCents: number;
  currency: Currency;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * '$12', '$15.90', 'CA$7.40', '₹2,500': whole amounts drop the cents. The mark says the currency
 * (the storefront's dollar is the US one), so nothing repeats it after the amount ('CA$531.40 CAD').
 */
export function formatMoney({ amountCents, currency }: Money): string {
  const digits = amountCents % 100 === 0 ? 0 : 2;
  const key = `${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amountCents / 100);
}
