import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import { INITIAL_ORDER_STATUS } from '../../../domain/orders/status.ts';
import { OPEN_ATTEMPT_STATUSES } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { paymentAttempts } from './ledger-tables.ts';
import { orderChargedSummaries, orders } from './tables.ts';

/** The unpaid orders the sweep cancels (unpaid-sweep.ts). */
export function createUnpaidSweepRepository(db: Database) {
  /**
   * The order is left unpaid: in Payment pending, and nothing of it changed after `since` — the
   * order itself (its total, currency or status), its pricing, or a payment attempt (what the
   * customer did in the kind's own records is the kind's `workedOnSince`, asked per order) — and no
   * attempt is still open and unexpired at `now` (one the customer may be paying: payments'
   * `payable`, counting a legacy attempt without an expiry as open).
   */
  function left(since: Date, now: Date): SQL | undefined {
    const touchedOrOpen = or(
      gt(paymentAttempts.updatedAt, since),
      and(
        inArray(paymentAttempts.status, [...OPEN_ATTEMPT_STATUSES]),
        or(isNull(paymentAttempts.expiresAt), gt(paymentAttempts.expiresAt, now)),
      ),
    );
    return and(
      eq(orders.status, INITIAL_ORDER_STATUS),
      // Implied by the order's last change, and what the status index narrows by.
      lte(orders.createdAt, since),
      lte(orders.updatedAt, since),
      notExists(
        db
          .select({ one: sql`1` })
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.orderId, orders.id), touchedOrOpen)),
      ),
      notExists(
        db
          .select({ one: sql`1` })
          .from(orderChargedSummaries)
          .where(and(eq(orderChargedSummaries.orderId, orders.id), gt(orderChargedSummaries.pricedAt, since))),
      ),
    );
  }

  return {
    /** The ids of orders left unpaid (`left`) after `afterId`, in id order, at most `limit`. */
    async idsLeft(since: Date, now: Date, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(left(since, now), gt(orders.id, afterId)))
        .orderBy(asc(orders.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Whether order `orderId` is still left unpaid (read under its lock, in the caller's transaction). */
    async isLeft(orderId: number, since: Date, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), left(since, now)));
      return row !== undefined;
    },
  };
}
