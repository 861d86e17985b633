import { z } from 'zod';
import { CURRENCIES } from '../catalog/money.ts';
import { REFERRAL_REWARD_STATES, type ReferralRewardState } from '../checkout/referral-reward-states.ts';
import { adminListQuery } from './list-query.ts';

/**
 * The back office's referral rewards (SPEC.md §1, decision 0057): the gift cards earned by
 * referrers, which staff buy from the retailer, e-mail, and then mark sent, so the referrer's page
 * stops saying the card is on its way. The schemas are shared by the API and the page.
 */

export const adminReferralRewardSchema = z.object({
  id: z.number(),
  state: z.enum(REFERRAL_REWARD_STATES),
  /** Where the gift card goes: the referrer's account e-mail. */
  referrerEmail: z.string(),
  /** The friend's order that earned it ('DOC-000123'). */
  friendOrderDisplayId: z.string(),
  /** The friend as the referrer sees them ('Aarav S.'). */
  friend: z.string(),
  amountCents: z.number(),
  currency: z.enum(CURRENCIES),
  earnedAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the friend's order was refunded in full and the reward withdrawn. */
  withdrawnAt: z.string().nullable(),
  /** Withdrawn after the card went out: the card may need cancelling with the retailer. */
  withdrawnAfterSent: z.boolean(),
});
export type AdminReferralReward = z.infer<typeof adminReferralRewardSchema>;

/** GET /admin/referral-rewards: newest first; `status` narrows to one state; `q` matches the referrer's name or e-mail. */
export const adminReferralRewardListQuery = adminListQuery(['earnedAt'] as const).extend({
  status: z.enum(REFERRAL_REWARD_STATES).optional().catch(undefined),
});
export type AdminReferralRewardListQuery = z.infer<typeof adminReferralRewardListQuery>;

/** Each state in staff's words: an earned card is one still to send. */
export const ADMIN_REFERRAL_REWARD_LABELS: Record<ReferralRewardState, string> = {
  earned: 'To send',
  sent: 'Sent',
  reversed: 'Withdrawn',
};

export const ADMIN_REFERRAL_REWARD_MESSAGES = {
  notFound: 'Referral reward not found',
  markedSent: "Marked sent. The referrer's page now shows the gift card as e-mailed.",
  alreadySent: 'This gift card was already marked sent.',
  withdrawn:
    "This reward was withdrawn: the friend's order was refunded in full. Do not send the gift card; it cannot be marked sent.",
  withdrawnAfterSent: 'Withdrawn after it was sent',
} as const;
