/**
 * A reward is `earned` when the friend's application is completed, `sent` once the gift card went
 * out; `reversed`: the friend's order was refunded in full, so the reward is withdrawn (issue 28).
 * A module of its own: the back office's list and the API schema need the values, the referrer's
 * page only the type, so its page does not load a chunk shared with the back office.
 */
export const REFERRAL_REWARD_STATES = ['earned', 'sent', 'reversed'] as const;
export type ReferralRewardState = (typeof REFERRAL_REWARD_STATES)[number];
