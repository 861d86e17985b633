import type { Currency } from '../../../domain/catalog/money.ts';
import type { PaymentProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createRefundsRepository } from './refunds-repository.ts';

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
  const repository = createRefundsRepository(db);

  async function refundable(orderId: number, on: Database = db): Promise<Refundable | null> {
    const onRepository = createRefundsRepository(on);
    const attempt = await onRepository.paidAttempt(orderId);
    if (!attempt) return null;
    const { cents } = await onRepository.counted(attempt.id);
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
      const txRepository = createRefundsRepository(tx);
      const earlier = await txRepository.findByKey(key);
      if (earlier && earlier.status !== 'failed') return { ok: true, key, amountCents: earlier.amountCents };
      const attempt = await txRepository.paidAttempt(orderId);
      if (!attempt) return { ok: false, reason: 'not-paid' };
      const given = await txRepository.counted(attempt.id);
      const remaining = attempt.orderTotalCents - given.cents;
      if (amountCents <= 0 || amountCents > remaining) {
        return { ok: false, reason: 'over', remainingCents: remaining, currency: attempt.orderCurrency };
      }
      if (earlier) {
        // The same refund tried again after its call failed: the same key, so that if the provider
        // did refund before the failure reached us, it answers that refund instead of a second one.
        await txRepository.markPending(earlier.id);
        return { ok: true, key, amountCents };
      }
      // A converted charge (Razorpay's INR) is refunded in its own currency, in proportion; the
      // last refund takes exactly what is left there, so rounding never strands a paisa.
      const providerLeft = attempt.amountCents - given.providerCents;
      const providerAmountCents =
        amountCents === remaining
          ? providerLeft
          : Math.min(providerLeft, Math.round((amountCents * attempt.amountCents) / attempt.orderTotalCents));
      await txRepository.insert({
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
      const row = await repository.findByKey(key);
      if (!row) throw new Error(`no refund reserved under ${key}`);
      const attempt = await repository.attempt(row.attemptId);
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
        await repository.markSucceeded(row.id, refundId);
        return { ok: true, refundId, fullyRefunded: await fully() };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        deps.log.error({ err: error, refund: key, orderId: row.orderId }, 'a refund was refused or failed');
        // Only a reservation still waiting: a concurrent call under the same key may have recorded the
        // refund, and then this key's refund exists and is the answer.
        const failed = await repository.markFailedIfPending(row.id);
        if (!failed) {
          const current = await repository.find(row.id);
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
