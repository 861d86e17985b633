import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { referralRewards } from './tables.ts';

export type RewardRow = typeof referralRewards.$inferSelect;
type NewReward = Omit<typeof referralRewards.$inferInsert, 'id' | 'state' | 'sentAt' | 'updatedAt'>;

export function createReferralsRepository(db: Database) {
  return {
    /** The new reward, or null when the order earned one before. */
    async insertOnce(reward: NewReward): Promise<RewardRow | null> {
      const [row] = await db
        .insert(referralRewards)
        .values(reward)
        .onConflictDoNothing({ target: referralRewards.friendOrderId })
        .returning();
      return row ?? null;
    },

    listForReferrer(userId: number, offset: number, limit: number) {
      return db
        .select()
        .from(referralRewards)
        .where(eq(referralRewards.referrerUserId, userId))
        .orderBy(desc(referralRewards.earnedAt), desc(referralRewards.id))
        .offset(offset)
        .limit(limit);
    },

    async countForReferrer(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(referralRewards)
        .where(eq(referralRewards.referrerUserId, userId));
      return row?.n ?? 0;
    },

    async find(id: number): Promise<RewardRow | null> {
      const [row] = await db.select().from(referralRewards).where(eq(referralRewards.id, id));
      return row ?? null;
    },

    /** Withdraws the reward earned by this friend's order; null when there is none or it is already withdrawn. */
    async reverseForOrder(friendOrderId: number, at: Date): Promise<RewardRow | null> {
      const [row] = await db
        .update(referralRewards)
        .set({ state: 'reversed', reversedAt: at })
        .where(and(eq(referralRewards.friendOrderId, friendOrderId), ne(referralRewards.state, 'reversed')))
        .returning();
      return row ?? null;
    },

    /** Withdraws every reward `referrerUserId` earned and was not sent yet: how many. */
    async reverseUnsentOf(referrerUserId: number, at: Date): Promise<number> {
      const rows = await db
        .update(referralRewards)
        .set({ state: 'reversed', reversedAt: at })
        .where(and(eq(referralRewards.referrerUserId, referrerUserId), eq(referralRewards.state, 'earned')))
        .returning({ id: referralRewards.id });
      return rows.length;
    },

    /** Moves an `earned` reward to `sent`; null when it is unknown or already sent. */
    async markSent(id: number, at: Date): Promise<RewardRow | null> {
      const [row] = await db
        .update(referralRewards)
        .set({ state: 'sent', sentAt: at })
        .where(and(eq(referralRewards.id, id), eq(referralRewards.state, 'earned')))
        .returning();
      return row ?? null;
    },
  };
}
