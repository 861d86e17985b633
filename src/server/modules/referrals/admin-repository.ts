import { and, asc, count, desc, eq, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminReferralRewardListQuery } from '../../../domain/admin/referral-rewards.ts';
import type { Database } from '../../db/client.ts';
import type { RewardRow } from './repository.ts';
import { referralRewards } from './tables.ts';

/** The back office's reads of every referrer's rewards (the referrer's own reads are in repository.ts). */
export function createReferralsAdminRepository(db: Database) {
  return {
    /**
     * One page of rewards in `query`'s state, by earned date (ties by id, so pages never repeat a
     * row); `referrerIn` is the users module's subquery of the referrers a search matches.
     */
    async page(
      query: AdminReferralRewardListQuery,
      referrerIn: SQLWrapper | undefined,
    ): Promise<{ rows: RewardRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.status) filters.push(eq(referralRewards.state, query.status));
      if (referrerIn) filters.push(inArray(referralRewards.referrerUserId, referrerIn));
      const where = filters.length ? and(...filters) : undefined;
      const direction = query.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(referralRewards)
          .where(where)
          .orderBy(direction(referralRewards.earnedAt), direction(referralRewards.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(referralRewards).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
