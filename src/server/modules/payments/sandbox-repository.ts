import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxPayments, sandboxRefunds } from './tables.ts';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type NewSandboxPayment = typeof sandboxPayments.$inferInsert;
export type NewSandboxRefund = typeof sandboxRefunds.$inferInsert;

/**
 * The sandbox provider's own rows (sandbox.ts): its payments and refunds, the provider's side of
 * the story. `lockPayment` takes the row FOR UPDATE, so create this over a transaction's `tx` for it.
 */
export function createSandboxRepository(db: Database) {
  return {
    async findPayment(id: string): Promise<SandboxPaymentRow | null> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row ?? null;
    },

    /** Stores the payment once per key: a second create under the same key leaves the first. */
    async insertPayment(values: NewSandboxPayment): Promise<void> {
      await db.insert(sandboxPayments).values(values).onConflictDoNothing({ target: sandboxPayments.idempotencyKey });
    },

    async findPaymentByKey(idempotencyKey: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, idempotencyKey));
      return row;
    },

    /** Expires the payment while it is still open (its link then answers "closed"). */
    async expireOpenPayment(id: string): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({ status: 'expired' })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')));
    },

    /** Records the outcome, and how it was paid, while the payment is still open; false when it no longer was. */
    async settleOpenPayment(
      id: string,
      status: 'succeeded' | 'failed',
      payer: Pick<SandboxPaymentRow, 'method' | 'cardFingerprint'>,
    ): Promise<boolean> {
      const rows = await db
        .update(sandboxPayments)
        .set({ status, ...payer })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'open')))
        .returning({ id: sandboxPayments.id });
      return rows.length > 0;
    },

    /** The payment, locked for the rest of the transaction. */
    async lockPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for('update');
      return row;
    },

    async setPaymentStatus(id: string, status: SandboxPaymentRow['status']): Promise<void> {
      await db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, id));
    },

    async findRefund(id: string) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      return row;
    },

    async findRefundByKey(idempotencyKey: string) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return row;
    },

    /** What the payment's refunds add up to, in cents. */
    async refundedCents(paymentId: string): Promise<number> {
      const [given] = await db
        .select({ cents: sum(sandboxRefunds.amountCents).mapWith(Number) })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentId, paymentId));
      return given?.cents ?? 0;
    },

    async insertRefund(values: NewSandboxRefund): Promise<void> {
      await db.insert(sandboxRefunds).values(values);
    },
  };
}
