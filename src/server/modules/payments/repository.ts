import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { PaymentAttemptStatus, PaymentProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { paymentAttempts, paymentRefunds, paymentWebhookEvents } from './tables.ts';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type WebhookEventRow = typeof paymentWebhookEvents.$inferSelect;

/** The payments module's rows: attempts and the webhook inbox. */
export function createPaymentsRepository(db: Database) {
  return {
    async latestAttempt(orderId: number): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(desc(paymentAttempts.attemptNumber))
        .limit(1);
      return row ?? null;
    },

    /** Every attempt of the order, oldest first (the order desk's ledger). */
    listAttempts(orderId: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(asc(paymentAttempts.attemptNumber));
    },

    /** Marks the order's attempts in `open` statuses (but `keep`) superseded; answers their ids. */
    async supersedeOpen(
      orderId: number,
      open: readonly PaymentAttemptStatus[],
      keep: number | null,
    ): Promise<number[]> {
      const rows = await db
        .update(paymentAttempts)
        .set({ status: 'superseded' })
        .where(
          and(
            eq(paymentAttempts.orderId, orderId),
            inArray(paymentAttempts.status, [...open]),
            keep === null ? undefined : ne(paymentAttempts.id, keep),
          ),
        )
        .returning({ id: paymentAttempts.id });
      return rows.map((r) => r.id);
    },

    /** Reserves a refund (a stray charge's: the key is the attempt's, so once). */
    async insertRefund(values: typeof paymentRefunds.$inferInsert) {
      await db.insert(paymentRefunds).values(values).onConflictDoNothing({ target: paymentRefunds.idempotencyKey });
    },

    /** A stray attempt with its refund, for the customer's e-mail. */
    async strayRefund(attemptId: number) {
      const [row] = await db
        .select({ attempt: paymentAttempts, refund: paymentRefunds })
        .from(paymentAttempts)
        .innerJoin(paymentRefunds, eq(paymentRefunds.attemptId, paymentAttempts.id))
        .where(and(eq(paymentAttempts.id, attemptId), eq(paymentRefunds.reason, 'stray')));
      return row ?? null;
    },

    /** Every refund of the order, oldest first. */
    listRefunds(orderId: number) {
      return db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.orderId, orderId))
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    },

    /** The newest refunds of stray charges across orders, with their attempt (the back office's refunds section). */
    listStrayRefunds(limit: number) {
      return db
        .select({ refund: paymentRefunds, provider: paymentAttempts.provider, attempt: paymentAttempts.attemptNumber })
        .from(paymentRefunds)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
        .where(eq(paymentRefunds.reason, 'stray'))
        .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
        .limit(limit);
    },

    async insertAttempt(values: typeof paymentAttempts.$inferInsert): Promise<AttemptRow> {
      const [row] = await db.insert(paymentAttempts).values(values).returning();
      if (!row) throw new Error('payment attempt insert returned nothing');
      return row;
    },

    /**
     * Records what the provider created for an attempt still `created` (a concurrent call may have
     * recorded it first: the provider answered both the same, by the attempt's key) and opens it.
     */
    async recordCreated(
      id: number,
      created: Pick<AttemptRow, 'providerPaymentId' | 'redirectUrl' | 'checkout'>,
    ): Promise<AttemptRow> {
      await db
        .update(paymentAttempts)
        .set({ ...created, status: 'pending' })
        .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'created')));
      return this.attempt(id);
    },

    /** The provider's id, learned after the create call (Square's charge, an early event). */
    async recordProviderPayment(id: number, providerPaymentId: string) {
      await db
        .update(paymentAttempts)
        .set({ providerPaymentId })
        .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.providerPaymentId)));
    },

    async attempt(id: number): Promise<AttemptRow> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
      if (!row) throw new Error(`payment attempt ${id} vanished`);
      return row;
    },

    async findAttemptByKey(provider: PaymentProviderName, idempotencyKey: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    /** The attempt, locked for the rest of the transaction. */
    async lockAttempt(id: number): Promise<AttemptRow | null> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
      return row ?? null;
    },

    async setAttemptStatus(id: number, status: PaymentAttemptStatus, cardFingerprint?: string) {
      await db
        .update(paymentAttempts)
        .set(cardFingerprint ? { status, cardFingerprint } : { status })
        .where(eq(paymentAttempts.id, id));
    },

    /** The distinct card fingerprints of the orders' successful attempts. */
    async cardFingerprints(orderIds: readonly number[]): Promise<string[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ fingerprint: paymentAttempts.cardFingerprint })
        .from(paymentAttempts)
        .where(
          and(
            inArray(paymentAttempts.orderId, [...orderIds]),
            eq(paymentAttempts.status, 'succeeded'),
            isNotNull(paymentAttempts.cardFingerprint),
          ),
        );
      return rows.flatMap((r) => (r.fingerprint ? [r.fingerprint] : []));
    },

    /** Stores an event once per (provider, event id); null when it was stored before. */
    async insertEvent(values: typeof paymentWebhookEvents.$inferInsert): Promise<WebhookEventRow | null> {
      const [row] = await db
        .insert(paymentWebhookEvents)
        .values(values)
        .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
        .returning();
      return row ?? null;
    },

    async findEvent(id: number): Promise<WebhookEventRow | null> {
      const [row] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id));
      return row ?? null;
    },

    async findAttemptByProviderPayment(provider: PaymentProviderName, providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },

    async findEventByKey(provider: PaymentProviderName, eventId: string): Promise<WebhookEventRow | null> {
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
      return row ?? null;
    },

    /** The event, locked, while it is not processed yet; null once it is (a repeated job). */
    async lockUnprocessedEvent(id: number): Promise<WebhookEventRow | null> {
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.id, id), isNull(paymentWebhookEvents.processedAt)))
        .for('update');
      return row ?? null;
    },

    async markEventProcessed(id: number, at: Date) {
      await db.update(paymentWebhookEvents).set({ processedAt: at }).where(eq(paymentWebhookEvents.id, id));
    },
  };
}
