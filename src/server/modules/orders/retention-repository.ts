import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, type SQL, sql } from 'drizzle-orm';
import { CLOSED_ORDER_STATUSES } from '../../../domain/orders/retention.ts';
import type { Database } from '../../db/client.ts';
import { orderFileRetention as due } from './retention-tables.ts';
import { orderStatusHistory, orders } from './tables.ts';

export type RetentionRow = typeof due.$inferSelect;

/** A step's condition on the rows. */
export type RetentionStep = SQL | undefined;

/** Which retention rows a step of the sweep works on (retention.ts). */
export const RETENTION_STEPS = {
  /** Not told, not deleted, the day within `noticeBy`. */
  notice: (noticeBy?: string): SQL | undefined =>
    and(isNull(due.noticeSentAt), isNull(due.deletedAt), noticeBy ? lte(due.deleteOn, noticeBy) : undefined),
  /** Told, not deleted, the day come. */
  erase: (today: string): SQL | undefined =>
    and(isNull(due.deletedAt), isNotNull(due.noticeSentAt), lte(due.deleteOn, today)),
};

/** The retention of closed orders' files (retention-tables.ts). */
export function createRetentionRepository(db: Database) {
  return {
    /**
     * Up to `limit` closed orders the sweep has not seen, with when each first closed (its
     * timeline's first entry into a closed status; its last update if it has none).
     */
    unseenClosed(limit: number): Promise<{ orderId: number; closedAt: Date }[]> {
      // The outer order's id qualified by hand: Drizzle writes a column in sql`` without its table,
      // and a bare "id" in the subquery is the history row's own.
      const closedAt = sql<Date>`coalesce((select min(${orderStatusHistory.changedAt}) from ${orderStatusHistory}
        where ${orderStatusHistory.orderId} = ${orders}.${sql.identifier('id')}
          and ${inArray(orderStatusHistory.toStatus, [...CLOSED_ORDER_STATUSES])}), ${orders.updatedAt})`.mapWith(
        orders.updatedAt,
      );
      return db
        .select({ orderId: orders.id, closedAt })
        .from(orders)
        .where(
          and(
            inArray(orders.status, [...CLOSED_ORDER_STATUSES]),
            notExists(db.select({ one: sql`1` }).from(due).where(eq(due.orderId, orders.id))),
          ),
        )
        .limit(limit);
    },

    /** Adds rows; one another sweep added meanwhile is left as it is. Answers how many were added. */
    async insert(rows: readonly (typeof due.$inferInsert)[]): Promise<number> {
      if (rows.length === 0) return 0;
      return (
        await db
          .insert(due)
          .values([...rows])
          .onConflictDoNothing()
          .returning({ orderId: due.orderId })
      ).length;
    },

    /** The ids of the rows `step` selects after `afterId`, in id order, at most `limit`. */
    async idsWhere(step: SQL | undefined, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: due.orderId })
        .from(due)
        .where(and(step, gt(due.orderId, afterId)))
        .orderBy(asc(due.orderId))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The row, locked for the transaction, if `step` still selects it and no other sweep holds it. */
    async lockIf(orderId: number, step: SQL | undefined): Promise<RetentionRow | null> {
      const [row] = await db
        .select()
        .from(due)
        .where(and(eq(due.orderId, orderId), step))
        .for('update', { skipLocked: true });
      return row ?? null;
    },

    async update(
      orderId: number,
      values: Partial<Pick<RetentionRow, 'deleteOn' | 'noticeSentAt' | 'deletedAt' | 'filesDeleted'>>,
    ): Promise<void> {
      await db.update(due).set(values).where(eq(due.orderId, orderId));
    },

    /** Rows not yet deleted whose day is before `today`. */
    async countOverdue(today: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(due)
        .where(and(isNull(due.deletedAt), lt(due.deleteOn, today)));
      return row?.n ?? 0;
    },

    async find(orderId: number): Promise<RetentionRow | null> {
      const [row] = await db.select().from(due).where(eq(due.orderId, orderId));
      return row ?? null;
    },
  };
}
