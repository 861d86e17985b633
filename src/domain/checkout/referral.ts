/** SPEC.md §1/§9: a referred friend gets $5 off processing fees (the same amount in CAD and INR cents). */
export const REFERRAL_DISCOUNT_CENTS = 5_00;

/** The referral discount applies to the friend's first application only. */
export function referralDiscountApplies(input: { referred: boolean; earlierApplications: number }): boolean {
  return input.referred && input.earlierApplications === 0;
}
