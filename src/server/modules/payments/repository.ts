import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { PaymentProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { paymentWebhookEvents } from './tables.ts';

export type WebhookEventRow = typeof paymentWebhookEvents.$inferSelect;

/** The payments module's rows: the webhook inbox (attempts and refunds are the order's ledger). */
export function createPaymentsRepository(db: Database) {
  return {
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

    async findEventByKey(provider: PaymentProviderName, eventId: string): Promise<WebhookEventRow | null> {
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
      return row ?? null;
    },

    /** Events received before `cutoff` and still not processed, oldest first (the sweep's). */
    unprocessedEventsBefore(cutoff: Date) {
      return db
        .select({
          id: paymentWebhookEvents.id,
          provider: paymentWebhookEvents.provider,
          type: paymentWebhookEvents.type,
          receivedAt: paymentWebhookEvents.receivedAt,
        })
        .from(paymentWebhookEvents)
        .where(and(isNull(paymentWebhookEvents.processedAt), lt(paymentWebhookEvents.receivedAt, cutoff)))
        .orderBy(asc(paymentWebhookEvents.receivedAt), asc(paymentWebhookEvents.id));
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

    /** Processed, and the provider's payload (the payer's details) dropped: the row stays to recognise replays. */
    async markEventProcessed(id: number, at: Date) {
      await db
        .update(paymentWebhookEvents)
        .set({ processedAt: at, payload: null })
        .where(eq(paymentWebhookEvents.id, id));
    },
  };
}
