import type { LedgerProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { OrdersService } from '../orders/service.ts';
import { type PaymentProvider, type ProviderRefund, RefundRefusedError, refundRefused } from './provider.ts';

/** Why a refund staff made by hand was not recorded (decision 0171). */
export type ByHandRefusal =
  /** A call under the reservation's key made it after all (`refundId` there): staff's own is a second one. */
  | 'made-already'
  /** The provider has no such refund of this payment. */
  | 'not-found'
  | 'failed'
  /** The refund there is for another amount than the one reserved. */
  | 'other-amount'
  /** That refund is recorded for another reservation. */
  | 'recorded-already'
  /** The provider did not answer the look-up. */
  | 'lookup-failed';

export type ByHandOutcome =
  | Extract<RefundOutcome, { ok: true } | { reason: 'in-flight' }>
  | { ok: false; reason: 'not-recorded'; why: ByHandRefusal; refundId?: string };

export type RefundOutcome =
  | { ok: true; refundId: string; fullyRefunded: boolean }
  /** The provider made no refund: the reservation is failed and counts no more. */
  | { ok: false; reason: 'refused'; detail: string }
  /** The provider may or may not have made it: the reservation stays pending, to call again under its key. */
  | { ok: false; reason: 'unclear'; detail: string }
  /** Another process is calling the provider for this refund now: its answer will be recorded. */
  | { ok: false; reason: 'in-flight' };

/**
 * Refunds through the order's payment provider (issue 13, decision 0069), in two steps so no
 * transaction is held open across a network call: the order's ledger reserves the refund in the
 * caller's transaction (`orders.reserveRefund`, under the order's lock); `executeRefund`, after
 * commit, calls the provider with the reservation's key and records its answer on the order. One
 * process at a time calls the provider for a reservation (a claim in the ledger, decision 0170),
 * and a repeated call of one key refunds once: the providers' own idempotency, and for Razorpay,
 * which has none for refunds, a look for the key among the payment's refunds first.
 */
export function createPaymentRefunds(
  db: Database,
  deps: {
    orders: Pick<
      OrdersService,
      | 'refundByKey'
      | 'refundByProviderId'
      | 'refund'
      | 'attempt'
      | 'refundedInFull'
      | 'claimRefundCall'
      | 'releaseRefundCall'
      | 'recordRefundSucceeded'
      | 'recordRefundFailed'
    >;
    /** By ledger name: an attempt settled with `none` has no provider to call. */
    providers: ReadonlyMap<LedgerProviderName, PaymentProvider>;
    log: { error(details: object, message: string): void };
  },
) {
  const { orders } = deps;
  return {
    /**
     * Records the reservation under `key` as refunded by hand in the provider's dashboard, as
     * `providerRefundId` there, once the provider shows that refund: of this payment, for the
     * reserved amount, not failed, and not recorded for another reservation. No call under the
     * key may run after it, nor while one runs (the call's claim, decision 0170).
     */
    async recordRefundByHand(key: string, providerRefundId: string): Promise<ByHandOutcome> {
      const row = await orders.refundByKey(db, key);
      if (!row) throw new Error(`no refund reserved under ${key}`);
      const made = async (): Promise<ByHandOutcome | null> => {
        const current = await orders.refund(db, row.id);
        if (current?.status !== 'succeeded' || !current.providerRefundId) return null;
        // The provider call made it after all: staff's own refund would be a second one.
        if (current.providerRefundId !== providerRefundId) {
          return { ok: false, reason: 'not-recorded', why: 'made-already', refundId: current.providerRefundId };
        }
        return { ok: true, refundId: providerRefundId, fullyRefunded: await orders.refundedInFull(db, row.orderId) };
      };
      const claim = await orders.claimRefundCall(db, row.id);
      // A provider call running now may make the refund itself: its answer comes first.
      if (!claim) return (await made()) ?? { ok: false, reason: 'in-flight' };
      const refused = async (why: ByHandRefusal): Promise<ByHandOutcome> => {
        await orders.releaseRefundCall(db, row.id, claim, { unclear: false });
        return { ok: false, reason: 'not-recorded', why };
      };
      let found: ProviderRefund | null;
      try {
        const attempt = await orders.attempt(db, row.attemptId);
        const provider = deps.providers.get(attempt.provider);
        if (!provider || !attempt.providerPaymentId) return await refused('not-found');
        found = await provider.findRefund({ providerPaymentId: attempt.providerPaymentId, refundId: providerRefundId });
      } catch (error) {
        deps.log.error(
          { err: error, refund: key, orderId: row.orderId },
          'a refund made by hand could not be looked up',
        );
        return await refused('lookup-failed');
      }
      if (!found) return await refused('not-found');
      if (found.status === 'failed') return await refused('failed');
      if (found.amountCents !== row.providerAmountCents) return await refused('other-amount');
      const elsewhere = await orders.refundByProviderId(db, providerRefundId);
      if (elsewhere && elsewhere.id !== row.id) return await refused('recorded-already');
      try {
        await orders.recordRefundSucceeded(db, row.id, providerRefundId);
      } catch (error) {
        // Recorded for another reservation at the same moment (the unique index).
        if (uniqueViolation(error) !== null) return await refused('recorded-already');
        throw error;
      }
      return { ok: true, refundId: providerRefundId, fullyRefunded: await orders.refundedInFull(db, row.orderId) };
    },

    /** Calls the provider for the reservation under `key` (outside any transaction) and records the answer. */
    async executeRefund(key: string): Promise<RefundOutcome> {
      const row = await orders.refundByKey(db, key);
      if (!row) throw new Error(`no refund reserved under ${key}`);
      const fully = () => orders.refundedInFull(db, row.orderId);
      const made = async (): Promise<RefundOutcome | null> => {
        const current = await orders.refund(db, row.id);
        return current?.status === 'succeeded' && current.providerRefundId
          ? { ok: true, refundId: current.providerRefundId, fullyRefunded: await fully() }
          : null;
      };
      if (row.status === 'succeeded' && row.providerRefundId) {
        return { ok: true, refundId: row.providerRefundId, fullyRefunded: await fully() };
      }
      const claim = await orders.claimRefundCall(db, row.id);
      if (!claim) return (await made()) ?? { ok: false, reason: 'in-flight' };
      let called = false;
      try {
        const attempt = await orders.attempt(db, row.attemptId);
        const provider = deps.providers.get(attempt.provider);
        if (!attempt.providerPaymentId) throw new RefundRefusedError('the paid attempt has no provider payment id');
        if (!provider) throw new RefundRefusedError(`payment provider ${attempt.provider} is not configured`);
        called = true;
        const { refundId } = await provider.refund({
          providerPaymentId: attempt.providerPaymentId,
          amountCents: row.providerAmountCents,
          idempotencyKey: key,
        });
        await orders.recordRefundSucceeded(db, row.id, refundId);
        return { ok: true, refundId, fullyRefunded: await fully() };
      } catch (error) {
        // Razorpay's SDK throws a plain object ({ statusCode, error }).
        const detail = error instanceof Error ? error.message : JSON.stringify(error);
        deps.log.error({ err: error, refund: key, orderId: row.orderId }, 'a refund was refused or failed');
        if (called && !refundRefused(error)) {
          // A timeout, a 5xx, a dropped connection: the provider may have refunded. The reservation
          // keeps counting, and only a call under the same key (a retry) may settle it.
          await orders.releaseRefundCall(db, row.id, claim, { unclear: true });
          return { ok: false, reason: 'unclear', detail };
        }
        if (await orders.recordRefundFailed(db, row.id, claim)) return { ok: false, reason: 'refused', detail };
        // Not failed: made meanwhile (a call whose claim had run out), or an earlier call of it
        // ended unclear, and this refusal does not say that one made nothing (an idempotency key
        // the provider forgot after a day, a rotated API key).
        const recorded = await made();
        if (recorded) return recorded;
        await orders.releaseRefundCall(db, row.id, claim, { unclear: false });
        return { ok: false, reason: 'unclear', detail };
      }
    },
  };
}
