import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { referralRewards } from './tables.ts';

/** An erased friend's name on their referrer's rewards (issue 34 §3). */
export function createReferralsPersonalDataRepository(db: Database) {
  return {
    /** The reward and its amount stay (a gift card owed or sent); the friend is no longer named. */
    async anonymiseFriend(friendOrderIds: readonly number[], name: string): Promise<void> {
      if (friendOrderIds.length === 0) return;
      await db
        .update(referralRewards)
        .set({ friendName: name })
        .where(inArray(referralRewards.friendOrderId, [...friendOrderIds]));
    },
  };
}
