import { and, desc, eq, inArray, sum } from 'drizzle-orm';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { PaymentProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { paymentAttempts, paymentRefunds } from './tables.ts';

/** What an order's payment allows back, in the order's currency. */
export interface Refundable {
  provider: PaymentProviderName;
  paidCents: number;
  refundedCents: number;
  /** paid − refunded (pending refunds count: their money is on its way back). */
  remainingCents: number;
  currency: Currency;
}

export type RefundReservation =
  | { ok: true; key: string; amountCents: number }
  | { ok: false; reason: 'not-paid' }
  | { ok: false; reason: 'over'; remainingCents: number; currency: Currency };

export type RefundOutcome =
  | { ok: true; refundId: string; fullyRefunded: boolean }
  | { ok: false; reason: 'provider'; detail: string };

type AttemptRow = typeof paymentAttempts.$inferSelect;

/** Refunds still counting against what is left: on their way, or done. */
const COUNTED = ['pending', 'succeeded'] as const;

/**
 * Refunds through the order's payment provider (issue 13, decision 0069), in two steps so no
 * transaction is held open across a network call: `reserve` in the caller's transaction (which
 * holds the order's lock) checks the amount against what is left and writes a pending row with
 * its idempotency key; `execute`, after commit, calls the provider with that key and records
 * its answer. A repeated `execute` of one key refunds once (the providers' own idempotency).
 */
export function createPaymentRefunds(
  db: Database,
  deps: {
    providers: ReadonlyMap<PaymentProviderName, PaymentProvider>;
    log: { error(details: object, message: string): void };
  },
) {
  async function paidAttempt(on: Database, orderId: number): Promise<AttemptRow | null> {
    const [row] = await on
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')))
      .orderBy(desc(paymentAttempts.attemptNumber))
      .limit(1);
    return row ?? null;
  }

  async function counted(on: Database, attemptId: number): Promise<{ cents: number; providerCents: number }> {
    const [row] = await on
      .select({
        cents: sum(paymentRefunds.amountCents).mapWith(Number),
        providerCents: sum(paymentRefunds.providerAmountCents).mapWith(Number),
      })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.attemptId, attemptId), inArray(paymentRefunds.status, [...COUNTED])));
    return { cents: row?.cents ?? 0, providerCents: row?.providerCents ?? 0 };
  }

  async function refundable(orderId: number, on: Database = db): Promise<Refundable | null> {
    const attempt = await paidAttempt(on, orderId);
    if (!attempt) return null;
    const { cents } = await counted(on, attempt.id);
    return {
      provider: attempt.provider,
      paidCents: attempt.orderTotalCents,
      refundedCents: cents,
      remainingCents: attempt.orderTotalCents - cents,
      currency: attempt.orderCurrency,
    };
  }

  return {
    refundable,

    /**
     * Reserves `amountCents` (order currency) of the order's payment under `key`, in `tx` — the
     * caller holds the order's lock. The same key again answers the reservation it made.
     */
    async reserveRefund(
      tx: Database,
      { orderId, amountCents, key }: { orderId: number; amountCents: number; key: string },
    ): Promise<RefundReservation> {
      const [earlier] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      if (earlier && earlier.status !== 'failed') return { ok: true, key, amountCents: earlier.amountCents };
      const attempt = await paidAttempt(tx, orderId);
      if (!attempt) return { ok: false, reason: 'not-paid' };
      const given = await counted(tx, attempt.id);
      const remaining = attempt.orderTotalCents - given.cents;
      if (amountCents <= 0 || amountCents > remaining) {
        return { ok: false, reason: 'over', remainingCents: remaining, currency: attempt.orderCurrency };
      }
      if (earlier) {
        // The same refund tried again after its call failed: the same key, so that if the provider
        // did refund before the failure reached us, it answers that refund instead of a second one.
        await tx.update(paymentRefunds).set({ status: 'pending' }).where(eq(paymentRefunds.id, earlier.id));
        return { ok: true, key, amountCents };
      }
      // A converted charge (Razorpay's INR) is refunded in its own currency, in proportion; the
      // last refund takes exactly what is left there, so rounding never strands a paisa.
      const providerLeft = attempt.amountCents - given.providerCents;
      const providerAmountCents =
        amountCents === remaining
          ? providerLeft
          : Math.min(providerLeft, Math.round((amountCents * attempt.amountCents) / attempt.orderTotalCents));
      await tx.insert(paymentRefunds).values({
        orderId,
        attemptId: attempt.id,
        idempotencyKey: key,
        amountCents,
        currency: attempt.orderCurrency,
        providerAmountCents,
      });
      return { ok: true, key, amountCents };
    },

    /** Calls the provider for the reservation under `key` (outside any transaction) and records the answer. */
    async executeRefund(key: string): Promise<RefundOutcome> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      if (!row) throw new Error(`no refund reserved under ${key}`);
      const attempt = (await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, row.attemptId)))[0];
      const fully = async () => (await refundable(row.orderId))?.remainingCents === 0;
      if (row.status === 'succeeded' && row.providerRefundId) {
        return { ok: true, refundId: row.providerRefundId, fullyRefunded: await fully() };
      }
      const provider = attempt ? deps.providers.get(attempt.provider) : undefined;
      try {
        if (!attempt?.providerPaymentId) throw new Error('the paid attempt has no provider payment id');
        if (!provider) throw new Error(`payment provider ${attempt.provider} is not configured`);
        const { refundId } = await provider.refund({
          providerPaymentId: attempt.providerPaymentId,
          amountCents: row.providerAmountCents,
          idempotencyKey: key,
        });
        await db
          .update(paymentRefunds)
          .set({ status: 'succeeded', providerRefundId: refundId })
          .where(eq(paymentRefunds.id, row.id));
        return { ok: true, refundId, fullyRefunded: await fully() };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        deps.log.error({ err: error, refund: key, orderId: row.orderId }, 'a refund was refused or failed');
        // Only a reservation still waiting: a concurrent call under the same key may have recorded the
        // refund, and then this key's refund exists and is the answer.
        const [failed] = await db
          .update(paymentRefunds)
          .set({ status: 'failed' })
          .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
          .returning({ id: paymentRefunds.id });
        if (!failed) {
          const [current] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, row.id));
          if (current?.status === 'succeeded' && current.providerRefundId) {
            return { ok: true, refundId: current.providerRefundId, fullyRefunded: await fully() };
          }
        }
        return { ok: false, reason: 'provider', detail };
      }
    },
  };
}
export type PaymentRefunds = ReturnType<typeof createPaymentRefunds>;
