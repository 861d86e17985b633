import type { ReferralRewardState } from './referral-reward-states.ts';
/** SPEC.md §1/§9: a referred friend gets $5 off processing fees (the same amount in CAD and INR cents). */
export const REFERRAL_DISCOUNT_CENTS = 5_00;

/**
 * SPEC.md §1: the referrer's $5 gift card "for each application that friend completes", in that
 * order's currency (the same cents, like the discount).
 */
export const REFERRAL_REWARD_CENTS = 5_00;

/** The referral discount applies to the friend's first application only. */
export function referralDiscountApplies(input: { referred: boolean; earlierApplications: number }): boolean {
  return input.referred && input.earlierApplications === 0;
}

/**
 * 'Aarav S.' for 'Aarav Sharma', 'Priya' for 'Priya': enough for the referrer to recognise a friend
 * they invited, without showing the friend's full name or e-mail.
 */
export function friendDisplayName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first || 'Your friend';
}

export const REFERRAL_REWARD_LABELS: Record<ReferralRewardState, string> = {
  earned: 'Earned',
  sent: 'Sent',
  reversed: 'Reversed',
};

export const REFERRAL_REWARD_MESSAGES = {
  loaded: 'Referral rewards loaded',
  notFound: 'We could not find this reward.',
  /** The referrer's notification (a plain message: the friend's order is not theirs to open). */
  earned: (amount: string, friend: string) =>
    `You earned a ${amount} gift card: ${friend}, whom you referred, completed an application. We will e-mail it to you within 14 days.`,
  /** Staff marked the card sent: the referrer looks for it in their inbox. */
  sent: (amount: string, friend: string, email: string) =>
    `Your ${amount} gift card for referring ${friend} was e-mailed to ${email}. If you cannot find it, look in your spam folder, or contact us.`,
  /** Nothing of the friend's order beyond that it no longer counts: a refund is theirs to tell. */
  reversed: (amount: string, friend: string) =>
    `Your ${amount} gift card for referring ${friend} was withdrawn: the application it was earned for no longer counts for a reward.`,
  empty: 'No rewards yet. Each time a friend you referred completes an application, your gift card appears here.',
} as const;
