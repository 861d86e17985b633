import type { LedgerProviderName } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentProvider } from './provider.ts';

export type RefundOutcome =
  | { ok: true; refundId: string; fullyRefunded: boolean }
  | { ok: false; reason: 'provider'; detail: string };

/**
 * Refunds through the order's payment provider (issue 13, decision 0069), in two steps so no
 * transaction is held open across a network call: the order's ledger reserves the refund in the
 * caller's transaction (`orders.reserveRefund`, under the order's lock); `executeRefund`, after
 * commit, calls the provider with the reservation's key and records its answer on the order. A
 * repeated `executeRefund` of one key refunds once (the providers' own idempotency).
 */
export function createPaymentRefunds(
  db: Database,
  deps: {
    orders: Pick<
      OrdersService,
      'refundByKey' | 'refund' | 'attempt' | 'refundedInFull' | 'recordRefundSucceeded' | 'recordRefundFailed'
    >;
    /** By ledger name: an attempt settled with `none` has no provider to call. */
    providers: ReadonlyMap<LedgerProviderName, PaymentProvider>;
    log: { error(details: object, message: string): void };
  },
) {
  const { orders } = deps;
  return {
    /** Calls the provider for the reservation under `key` (outside any transaction) and records the answer. */
    async executeRefund(key: string): Promise<RefundOutcome> {
      const row = await orders.refundByKey(db, key);
      if (!row) throw new Error(`no refund reserved under ${key}`);
      const attempt = await orders.attempt(db, row.attemptId);
      const fully = () => orders.refundedInFull(db, row.orderId);
      if (row.status === 'succeeded' && row.providerRefundId) {
        return { ok: true, refundId: row.providerRefundId, fullyRefunded: await fully() };
      }
      const provider = deps.providers.get(attempt.provider);
      try {
        if (!attempt.providerPaymentId) throw new Error('the paid attempt has no provider payment id');
        if (!provider) throw new Error(`payment provider ${attempt.provider} is not configured`);
        const { refundId } = await provider.refund({
          providerPaymentId: attempt.providerPaymentId,
          amountCents: row.providerAmountCents,
          idempotencyKey: key,
        });
        await orders.recordRefundSucceeded(db, row.id, refundId);
        return { ok: true, refundId, fullyRefunded: await fully() };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        deps.log.error({ err: error, refund: key, orderId: row.orderId }, 'a refund was refused or failed');
        // Only a reservation still waiting: a concurrent call under the same key may have recorded the
        // refund, and then this key's refund exists and is the answer.
        const failed = await orders.recordRefundFailed(db, row.id);
        if (!failed) {
          const current = await orders.refund(db, row.id);
          if (current?.status === 'succeeded' && current.providerRefundId) {
            return { ok: true, refundId: current.providerRefundId, fullyRefunded: await fully() };
          }
        }
        return { ok: false, reason: 'provider', detail };
      }
    },
  };
}
