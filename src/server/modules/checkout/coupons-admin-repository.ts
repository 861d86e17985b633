import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CouponListQuery } from '../../../domain/admin/coupons.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { CouponRow } from './repository.ts';
import { coupons } from './tables.ts';

export type NewCoupon = typeof coupons.$inferInsert;

/**
 * The back office's coupon queries (coupons-admin.ts, decision 0070). `lock` takes the coupon row
 * FOR UPDATE, the lock checkout takes to count and redeem: create this over a transaction's `tx` for it.
 */
export function createCouponsAdminRepository(db: Database) {
  return {
    /** One page of coupons, sorted, searched by code or description, and how many match in all. */
    async listPage(query: CouponListQuery): Promise<{ rows: CouponRow[]; total: number }> {
      const where: SQL | undefined = query.q
        ? or(ilike(coupons.code, containing(query.q)), ilike(coupons.description, containing(query.q)))
        : undefined;
      const column = { createdAt: coupons.createdAt, code: coupons.code, endsAt: coupons.endsAt }[query.sort];
      const order = query.dir === 'asc' ? asc(column) : desc(column);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(order, desc(coupons.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(coupons).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: number): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row;
    },

    /** The coupon, locked for the rest of the transaction. */
    async lock(id: number): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
      return row;
    },

    /** Inserts the coupon (a taken code fails with the unique violation). */
    async insert(values: NewCoupon): Promise<CouponRow | undefined> {
      const [row] = await db.insert(coupons).values(values).returning();
      return row;
    },

    async update(id: number, changes: Partial<NewCoupon>): Promise<CouponRow | undefined> {
      const [row] = await db.update(coupons).set(changes).where(eq(coupons.id, id)).returning();
      return row;
    },
  };
}
