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
 * Rupees are grouped as India writes them, in lakhs and crores: '₹85,00,000', not '₹8,500,000'.
 */
export function formatMoney({ amountCents, currency }: Money): string {
  const digits = amountCents % 100 === 0 ? 0 : 2;
  const key = `${currency}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amountCents / 100);
}

/**
 * A typed amount's digits before the decimal point may be grouped with commas as the US writes
 * them ('1,250') or as India does ('1,25,000'); any other comma is not a grouping: '25,50' is a
 * decimal comma, and dropping it read twenty-five fifty as $2,550. Answers the text without its
 * grouping commas, or null for a comma anywhere else.
 */
export function ungroupedAmount(text: string): string | null {
  if (!text.includes(',')) return text;
  const [whole = '', ...rest] = text.split('.');
  const grouped = /^\d{1,3}(?:,\d{3})+$/.test(whole) || /^\d{1,2}(?:,\d{2})*,\d{3}$/.test(whole);
  return grouped && !rest.join('.').includes(',') ? text.replaceAll(',', '') : null;
}

/** An exchange rate as a decimal string ("83.251234"): at most 6 decimals, more than zero. */
export const EXCHANGE_RATE_PATTERN = /^(?:0|[1-9]\d{0,6})(?:\.\d{1,6})?$/;

/**
 * `amountCents` in another currency at `rate` (units of the target per unit of the source), in
 * integer arithmetic, rounded half up to the cent: a charge is never off by floating point.
 */
export function convertCents(amountCents: number, rate: string): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`bad amount ${amountCents}`);
  if (!EXCHANGE_RATE_PATTERN.test(rate)) throw new RangeError(`bad exchange rate ${rate}`);
  const [whole = '0', fraction = ''] = rate.split('.');
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  if (micros === 0n) throw new RangeError('an exchange rate of zero');
  const converted = (BigInt(amountCents) * micros + 500_000n) / 1_000_000n;
  return Number(converted);
}
