import { and, desc, eq, inArray, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentAttempts, paymentRefunds } from './tables.ts';

export type RefundAttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = typeof paymentRefunds.$inferInsert;

/** Refunds still counting against what is left: on their way, or done. */
const COUNTED = ['pending', 'succeeded'] as const;

/**
 * The queries of refunds.ts (decision 0069): the paid attempt an order's refunds draw on and the
 * refunds recorded against it. Create this over the caller's `tx` to read and write in it.
 */
export function createRefundsRepository(db: Database) {
  return {
    /** The order's latest succeeded attempt: the payment its refunds are taken from. */
    async paidAttempt(orderId: number): Promise<RefundAttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')))
        .orderBy(desc(paymentAttempts.attemptNumber))
        .limit(1);
      return row ?? null;
    },

    /** What the attempt's counted refunds add up to, in the order's currency and in the charge's. */
    async counted(attemptId: number): Promise<{ cents: number; providerCents: number }> {
      const [row] = await db
        .select({
          cents: sum(paymentRefunds.amountCents).mapWith(Number),
          providerCents: sum(paymentRefunds.providerAmountCents).mapWith(Number),
        })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.attemptId, attemptId), inArray(paymentRefunds.status, [...COUNTED])));
      return { cents: row?.cents ?? 0, providerCents: row?.providerCents ?? 0 };
    },

    async attempt(id: number): Promise<RefundAttemptRow | undefined> {
      return (await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];
    },

    async findByKey(key: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },

    async find(id: number): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return row;
    },

    async insert(values: NewRefund): Promise<void> {
      await db.insert(paymentRefunds).values(values);
    },

    /** A failed refund tried again: waiting for the provider once more. */
    async markPending(id: number): Promise<void> {
      await db.update(paymentRefunds).set({ status: 'pending' }).where(eq(paymentRefunds.id, id));
    },

    async markSucceeded(id: number, providerRefundId: string): Promise<void> {
      await db.update(paymentRefunds).set({ status: 'succeeded', providerRefundId }).where(eq(paymentRefunds.id, id));
    },

    /** Marks the refund failed while it is still pending; false when it no longer was. */
    async markFailedIfPending(id: number): Promise<boolean> {
      const [failed] = await db
        .update(paymentRefunds)
        .set({ status: 'failed' })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
        .returning({ id: paymentRefunds.id });
      return failed !== undefined;
    },
  };
}
