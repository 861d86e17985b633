import { z } from 'zod';
import { CURRENCIES } from '../catalog/money.ts';
import { REFERRAL_REWARD_STATES } from './referral-reward-states.ts';

// Apart from referral.ts: the pages that show the referral programme's amounts must not load zod.

/** One of the referrer's rewards as /refer-friend and GET /referrals/rewards show it. */
export const referralRewardSchema = z.object({
  id: z.number(),
  state: z.enum(REFERRAL_REWARD_STATES),
  amountCents: z.int(),
  currency: z.enum(CURRENCIES),
  /** The friend as the referrer may see them: first name and initial, never their e-mail. */
  friend: z.string(),
  earnedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;
