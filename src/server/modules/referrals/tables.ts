import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { ReferralRewardState } from '../../../domain/checkout/referral-reward-states.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A referrer's gift card for an application a referred friend completed (SPEC.md §1, decision 0057).
 * One row per referred order (`friend_order_id` unique), so a Completed seen twice earns once.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendOrderId: integer('friend_order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The friend as the referrer may see them ('Aarav S.'), fixed when earned. */
    friendName: text('friend_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    state: text('state').$type<ReferralRewardState>().notNull().default('earned'),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the friend's order was refunded in full and the reward withdrawn (a sent card keeps sentAt). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('referral_rewards_referrer_idx').on(t.referrerUserId, t.earnedAt),
    check('referral_rewards_state_check', sql`${t.state} in ('earned', 'sent', 'reversed')`),
    check(
      'referral_rewards_sent_check',
      sql`(${t.state} <> 'sent' or ${t.sentAt} is not null) and (${t.state} <> 'earned' or ${t.sentAt} is null)`,
    ),
    check('referral_rewards_reversed_check', sql`(${t.state} = 'reversed') = (${t.reversedAt} is not null)`),
  ],
);
