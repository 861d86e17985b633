/** SPEC.md §9 "Minimum amount for premium support: 100", in the order's own currency (cents). */
export const PREMIUM_SUPPORT_MINIMUM_CENTS = 100_00;

/** An order whose total reaches the minimum gets premium support. */
export function hasPremiumSupport(totalCents: number): boolean {
  return totalCents >= PREMIUM_SUPPORT_MINIMUM_CENTS;
}
