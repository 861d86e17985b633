import type { Currency } from '../../../domain/catalog/money.ts';
import type { OrderKind } from '../../../domain/orders/order-kind.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import {
  type LedgerProviderName,
  OPEN_ATTEMPT_STATUSES,
  PAYMENT_MESSAGES,
  type PaymentAttemptStatus,
  type PaymentLedger,
  type PaymentMethod,
  type PaymentProviderName,
  type PaymentRefundReason,
  type PaymentRefundStatus,
  type StrayCharge,
  type StrayChargeReason,
  strayChargeAmount,
} from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { OrderKindDefinition } from './kinds.ts';
import { type AttemptRow, createLedgerRepository, type NewAttempt, type RefundRow } from './ledger-repository.ts';
import type { Order, StatusChangeResult, StatusChanger } from './service.ts';

/** One try at paying an order, as the order's ledger holds it. */
export type PaymentAttempt = AttemptRow;
/** One refund of an order's payment (reserved, given back, or failed). */
export type PaymentRefund = RefundRow;

/** Every order's attempts and refunds, counted by provider and state (/metrics reads them). */
export interface PaymentCounts {
  attempts: { provider: LedgerProviderName; status: PaymentAttemptStatus; count: number }[];
  refunds: { provider: LedgerProviderName; reason: PaymentRefundReason; status: PaymentRefundStatus; count: number }[];
}

/** What an order's payment allows back, in the order's currency. */
export interface Refundable {
  provider: LedgerProviderName;
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

/**
 * How long one process may call a provider for a refund before another may call it again: longer
 * than any provider call takes with its SDK's own retries (Stripe's: 3 tries of 20 s), short
 * enough that a call cut off by a restart can be retried within minutes (decision 0170).
 */
export const REFUND_CALL_LEASE_MS = 5 * 60 * 1000;

/** One refund of a stray charge per attempt: its key makes every provider call of it one refund. */
export const strayRefundKey = (attemptId: number) => `stray-attempt-${attemptId}`;

/** What a provider's own record says of an attempt's payment (payments reads it; the order decides). */
export interface SettledPayment {
  status: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'expired';
  /** What the provider took, in its currency. */
  amountCents: number;
  currency: Currency;
  cardFingerprint?: string;
  method?: PaymentMethod;
}

/** What the order made of a payment: for payments to tell the customer and the providers. */
export type Settlement =
  | { outcome: 'unchanged' }
  | { outcome: 'failed' }
  /** A charge the order cannot take: recorded, with a refund of all of it reserved. */
  | { outcome: 'stray'; reason: StrayChargeReason }
  /** The order is paid; `superseded` are its other attempts, closed now, to close at their providers. */
  | { outcome: 'paid'; order: Order; superseded: number[] };

export interface OrderLedgerDeps {
  kind(kind: OrderKind): OrderKindDefinition;
  changeOrderStatus(
    orderId: number,
    to: OrderStatus,
    change: { by: StatusChanger; remark?: string | null },
    on: Database,
  ): Promise<StatusChangeResult>;
}

/** Why a verified success cannot be this order's payment, or null when it can. */
function strayReason(attempt: PaymentAttempt, order: Order, paid: SettledPayment): StrayChargeReason | null {
  if (paid.amountCents !== attempt.amountCents || paid.currency !== attempt.currency) return 'amount';
  if (order.status !== 'Payment pending') return order.status === 'Cancelled' ? 'cancelled' : 'already-paid';
  if (order.totalCents !== attempt.orderTotalCents || order.currency !== attempt.orderCurrency) return 'order-changed';
  // Closed with the total unchanged: a newer payment was started (another tab, another provider).
  return attempt.status === 'superseded' ? 'newer-payment' : null;
}

/**
 * The order's ledger (issue 28): its payment attempts and payments, and its refunds. The orders
 * service hands these on; payments calls them with what its providers answered, and the order
 * desk, refunds and referrals read them. Every function works in the database it is given (the
 * caller's transaction, holding the order's lock where a rule needs it).
 */
export function createOrderLedger(deps: OrderLedgerDeps) {
  /** What the order's paid attempt still allows back, read in `on`. */
  async function refundable(on: Database, orderId: number): Promise<Refundable | null> {
    const repository = createLedgerRepository(on);
    const attempt = await repository.paidAttempt(orderId);
    if (!attempt) return null;
    const { cents } = await repository.counted(attempt.id);
    return {
      provider: attempt.provider,
      paidCents: attempt.orderTotalCents,
      refundedCents: cents,
      remainingCents: attempt.orderTotalCents - cents,
      currency: attempt.orderCurrency,
    };
  }

  /** What the provider has given back of the order's paid attempt (refunds made, not those waiting). */
  async function returnedCents(on: Database, orderId: number): Promise<number> {
    const repository = createLedgerRepository(on);
    const attempt = await repository.paidAttempt(orderId);
    return attempt ? (await repository.counted(attempt.id, { returned: true })).cents : 0;
  }

  /**
   * Whether the order was paid and its payment has all gone back: refunds the provider has made,
   * not those still waiting on it (two approved at once: the first to finish leaves the other's
   * money unreturned, and that one may yet be refused).
   */
  async function refundedInFull(on: Database, orderId: number): Promise<boolean> {
    const repository = createLedgerRepository(on);
    const attempt = await repository.paidAttempt(orderId);
    if (!attempt) return false;
    const { cents } = await repository.counted(attempt.id, { returned: true });
    return cents >= attempt.orderTotalCents;
  }

  /**
   * A charge the order cannot take: the attempt is recorded `stray` and a refund of all of it is
   * reserved (reason `stray`, one per attempt whatever the replays), in the settling transaction.
   * `paid` is what the provider took, in its currency; the order's currency is reckoned at the
   * attempt's own rate.
   */
  async function recordStray(
    tx: Database,
    attempt: PaymentAttempt,
    paid: SettledPayment,
    reason: StrayChargeReason,
  ): Promise<void> {
    // Already given back at the provider: the refund is recorded as made, with nothing to call.
    const returned = reason === 'refunded';
    const repository = createLedgerRepository(tx);
    await repository.setAttemptStatus(attempt.id, 'stray', { ...paid, strayReason: reason });
    const amountCents = attempt.exchangeRate
      ? Math.round((paid.amountCents * attempt.orderTotalCents) / Math.max(attempt.amountCents, 1))
      : paid.amountCents;
    await repository.insertRefundOnce({
      orderId: attempt.orderId,
      attemptId: attempt.id,
      idempotencyKey: strayRefundKey(attempt.id),
      amountCents,
      currency: attempt.exchangeRate ? attempt.orderCurrency : paid.currency,
      providerAmountCents: paid.amountCents,
      reason: 'stray',
      ...(returned ? { status: 'succeeded' as const } : {}),
    });
  }

  return {
    /** The order's newest attempt, or null before any. */
    latestAttempt(on: Database, orderId: number): Promise<PaymentAttempt | null> {
      return createLedgerRepository(on).latestAttempt(orderId);
    },

    /** Attempts open at their provider since before `before`, oldest first (their notice may be late or lost). */
    openAttemptsBefore(on: Database, before: Date, limit: number): Promise<PaymentAttempt[]> {
      return createLedgerRepository(on).openAttemptsBefore(before, limit);
    },

    attempt(on: Database, attemptId: number): Promise<PaymentAttempt> {
      return createLedgerRepository(on).attempt(attemptId);
    },

    /** The address the customer last started paying the order from (siteUrlFor's), or null. */
    paidFrom(on: Database, orderId: number): Promise<string | null> {
      return createLedgerRepository(on).latestReturnOrigin(orderId);
    },

    /** The attempt, locked for the rest of the transaction (after the order's lock: never the other way). */
    lockAttempt(tx: Database, attemptId: number): Promise<PaymentAttempt | null> {
      return createLedgerRepository(tx).lockAttempt(attemptId);
    },

    /** The attempt a provider's event is about: by the provider's payment id, else by our key it echoes. */
    async findAttempt(
      on: Database,
      provider: PaymentProviderName,
      names: { providerPaymentId: string | null; attemptKey: string | null },
    ): Promise<PaymentAttempt | null> {
      const repository = createLedgerRepository(on);
      const byPayment = names.providerPaymentId
        ? await repository.findAttemptByProviderPayment(provider, names.providerPaymentId)
        : null;
      if (byPayment) return byPayment;
      return names.attemptKey ? repository.findAttemptByKey(provider, names.attemptKey) : null;
    },

    /**
     * Opens a new attempt on the locked order: the older open ones are superseded in the same
     * transaction (at most one payable attempt per order). Answers the attempt and the ids of the
     * attempts it closed, for the caller to close at their providers.
     */
    async openAttempt(
      tx: Database,
      values: Omit<NewAttempt, 'attemptNumber' | 'idempotencyKey'>,
    ): Promise<{ attempt: PaymentAttempt; superseded: number[] }> {
      const repository = createLedgerRepository(tx);
      const superseded = await repository.supersedeOpen(values.orderId, OPEN_ATTEMPT_STATUSES, null);
      const attemptNumber = ((await repository.latestAttempt(values.orderId))?.attemptNumber ?? 0) + 1;
      const attempt = await repository.insertAttempt({
        ...values,
        attemptNumber,
        idempotencyKey: `order-${values.orderId}-attempt-${attemptNumber}`,
      });
      return { attempt, superseded };
    },

    /** Marks the order's open attempts but `keep` superseded (the caller holds the order's lock); answers their ids. */
    supersedeOpenAttempts(tx: Database, orderId: number, keep: number | null = null): Promise<number[]> {
      return createLedgerRepository(tx).supersedeOpen(orderId, OPEN_ATTEMPT_STATUSES, keep);
    },

    /** What the provider created for the attempt (its id, page or on-page checkout): the attempt is open. */
    recordAttemptCreated(
      on: Database,
      attemptId: number,
      created: Pick<PaymentAttempt, 'providerPaymentId' | 'redirectUrl' | 'checkout'>,
    ): Promise<PaymentAttempt> {
      return createLedgerRepository(on).recordCreated(attemptId, created);
    },

    /** The provider's id of the attempt's payment, learned after the create call (kept once known). */
    recordProviderPayment(on: Database, attemptId: number, providerPaymentId: string): Promise<void> {
      return createLedgerRepository(on).recordProviderPayment(attemptId, providerPaymentId);
    },

    /**
     * Records the provider's own record of an attempt's payment, on the locked order and attempt
     * (the event's or the confirmation's transaction). A success of the attempt's amount for the
     * order's total now, while the order awaits payment, still has all its kind asks before payment
     * and its coupon still has this use, pays the order: its kind's paid status and what follows,
     * the attempt succeeded, the other open attempts superseded. Any other success is a stray charge (`recordStray`). A failure or expiry fails the
     * attempt. Recording the same payment again changes nothing.
     */
    async recordSettlement(
      tx: Database,
      attempt: PaymentAttempt,
      order: Order,
      paid: SettledPayment,
    ): Promise<Settlement> {
      if (attempt.status === 'succeeded' || attempt.status === 'stray' || attempt.status === 'mismatched') {
        return { outcome: 'unchanged' };
      }
      const repository = createLedgerRepository(tx);
      if (paid.status === 'failed' || paid.status === 'expired') {
        if (attempt.status === 'superseded') return { outcome: 'unchanged' };
        await repository.setAttemptStatus(attempt.id, 'failed');
        return { outcome: 'failed' };
      }
      if (paid.status === 'refunded') {
        // Taken and given back before we saw it: still a charge of ours to record, never a payment.
        await recordStray(tx, attempt, paid, 'refunded');
        return { outcome: 'stray', reason: 'refunded' };
      }
      if (paid.status !== 'succeeded') return { outcome: 'unchanged' };
      const kind = deps.kind(order.kind);
      const stray =
        strayReason(attempt, order, paid) ??
        // Paid for the order as it was when the payment started: it must still have all it needs
        // (a photo order whose photo was removed since cannot be made).
        ((await kind.missingBeforePayment(tx, order)).length > 0 ? 'order-changed' : null) ??
        ((await kind.confirmCoupon(tx, order)) ? null : 'coupon');
      if (stray) {
        await recordStray(tx, attempt, paid, stray);
        return { outcome: 'stray', reason: stray };
      }
      const moved = await deps.changeOrderStatus(
        order.id,
        await kind.statusWhenPaid(tx, order),
        { by: { actor: 'system' }, remark: PAYMENT_MESSAGES.paidRemark },
        tx,
      );
      if (!moved.ok) throw new Error(`order ${order.id} could not leave Payment pending: ${moved.reason}`);
      await repository.setAttemptStatus(attempt.id, 'succeeded', paid);
      // Any other attempt still open can no longer be paid: the order is.
      const superseded = await repository.supersedeOpen(order.id, OPEN_ATTEMPT_STATUSES, attempt.id);
      return { outcome: 'paid', order: moved.order, superseded };
    },

    /** The order's newest stray attempt with its refund (the payment page), or null. */
    latestStrayRefund(
      on: Database,
      orderId: number,
    ): Promise<{ attempt: PaymentAttempt; refund: PaymentRefund } | null> {
      return createLedgerRepository(on).latestStrayRefund(orderId);
    },

    /**
     * Every stray charge of the order as its customer's page lists it, oldest first (no ownership
     * check: the caller found the order as its customer's). A made refund is not touched again, so
     * its row's last change is when it was made.
     */
    async strayCharges(on: Database, orderId: number): Promise<StrayCharge[]> {
      const rows = await createLedgerRepository(on).orderStrayRefunds(orderId);
      return rows.map(({ attempt, refund }) => ({
        ...strayChargeAmount({ attempt, refund }),
        provider: attempt.provider,
        reason: attempt.strayReason,
        refund: refund.status,
        receivedAt: refund.createdAt.toISOString(),
        refundedAt: refund.status === 'succeeded' ? refund.updatedAt.toISOString() : null,
      }));
    },

    /** A stray attempt with its refund (the customer's e-mail), or null. */
    strayRefund(on: Database, attemptId: number): Promise<{ attempt: PaymentAttempt; refund: PaymentRefund } | null> {
      return createLedgerRepository(on).strayRefund(attemptId);
    },

    refundable,
    returnedCents,

    refundedInFull,

    /**
     * Reserves `amountCents` (order currency) of the order's payment under `key`, in `tx` — the
     * caller holds the order's lock, so two decisions cannot both spend what is left. The same key
     * again answers the reservation it made; after a failed call it waits for the provider again.
     */
    async reserveRefund(
      tx: Database,
      { orderId, amountCents, key }: { orderId: number; amountCents: number; key: string },
    ): Promise<RefundReservation> {
      const repository = createLedgerRepository(tx);
      const earlier = await repository.findRefundByKey(key);
      if (earlier && earlier.status !== 'failed') return { ok: true, key, amountCents: earlier.amountCents };
      const attempt = await repository.paidAttempt(orderId);
      if (!attempt) return { ok: false, reason: 'not-paid' };
      const given = await repository.counted(attempt.id);
      const remaining = attempt.orderTotalCents - given.cents;
      if (amountCents <= 0 || amountCents > remaining) {
        return { ok: false, reason: 'over', remainingCents: remaining, currency: attempt.orderCurrency };
      }
      if (earlier) {
        // The same refund tried again after its call failed: the same key, so that if the provider
        // did refund before the failure reached us, it answers that refund instead of a second one.
        await repository.markRefundPending(earlier.id);
        return { ok: true, key, amountCents };
      }
      // A converted charge (Razorpay's INR) is refunded in its own currency, in proportion; the
      // last refund takes exactly what is left there, so rounding never strands a paisa.
      const providerLeft = attempt.amountCents - given.providerCents;
      const providerAmountCents =
        amountCents === remaining
          ? providerLeft
          : Math.min(providerLeft, Math.round((amountCents * attempt.amountCents) / attempt.orderTotalCents));
      await repository.insertRefund({
        orderId,
        attemptId: attempt.id,
        idempotencyKey: key,
        amountCents,
        currency: attempt.orderCurrency,
        providerAmountCents,
      });
      return { ok: true, key, amountCents };
    },

    /** The refund reserved under `key`, or undefined. */
    refundByKey(on: Database, key: string): Promise<PaymentRefund | undefined> {
      return createLedgerRepository(on).findRefundByKey(key);
    },

    /** The refund recorded as `providerRefundId` at its provider, or undefined. */
    refundByProviderId(on: Database, providerRefundId: string): Promise<PaymentRefund | undefined> {
      return createLedgerRepository(on).findRefundByProviderId(providerRefundId);
    },

    refund(on: Database, refundId: number): Promise<PaymentRefund | undefined> {
      return createLedgerRepository(on).findRefund(refundId);
    },

    /**
     * Claims the provider call of the refund for REFUND_CALL_LEASE_MS: the claim, or null while
     * another call of it may still be running (its answer is the one to wait for).
     */
    claimRefundCall(on: Database, refundId: number): Promise<Date | null> {
      return createLedgerRepository(on).claimRefundCall(refundId, REFUND_CALL_LEASE_MS);
    },

    /** The call under `claim` ended with no answer to record (`unclear`: it may have refunded); the refund stays pending. */
    releaseRefundCall(on: Database, refundId: number, claim: Date, options: { unclear: boolean }): Promise<void> {
      return createLedgerRepository(on).releaseRefundCall(refundId, claim, options);
    },

    /** The provider gave the money back. */
    recordRefundSucceeded(on: Database, refundId: number, providerRefundId: string): Promise<void> {
      return createLedgerRepository(on).markRefundSucceeded(refundId, providerRefundId);
    },

    /**
     * The provider refused the call under `claim`: the refund is failed (it counts no more), unless
     * it was made or an earlier call of it may have made it (false then).
     */
    recordRefundFailed(on: Database, refundId: number, claim: Date): Promise<boolean> {
      return createLedgerRepository(on).markRefundFailed(refundId, claim);
    },

    /** The order's money for staff and the receipt: every attempt and every refund, oldest first (no ownership check). */
    async payments(on: Database, orderId: number): Promise<PaymentLedger> {
      const repository = createLedgerRepository(on);
      const attempts = await repository.listAttempts(orderId);
      const numbers = new Map(attempts.map((a) => [a.id, a.attemptNumber]));
      return {
        attempts: attempts.map((a) => ({
          attempt: a.attemptNumber,
          provider: a.provider,
          status: a.status,
          amountCents: a.amountCents,
          currency: a.currency,
          orderTotalCents: a.orderTotalCents,
          orderCurrency: a.orderCurrency,
          exchangeRate: a.exchangeRate,
          providerPaymentId: a.providerPaymentId,
          method: a.method,
          createdAt: a.createdAt.toISOString(),
          updatedAt: a.updatedAt.toISOString(),
        })),
        refunds: (await repository.listRefunds(orderId)).map((r) => ({
          attempt: numbers.get(r.attemptId) ?? 0,
          reason: r.reason,
          amountCents: r.amountCents,
          currency: r.currency,
          providerAmountCents: r.providerAmountCents,
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    /** The newest automatic refunds of stray charges, every order's (staff's refunds section). */
    async strayRefunds(on: Database, limit = 20) {
      const rows = await createLedgerRepository(on).listStrayRefunds(limit);
      return rows.map(({ refund, provider, attempt }) => ({
        orderId: refund.orderId,
        attemptId: refund.attemptId,
        attempt,
        provider,
        amountCents: refund.amountCents,
        currency: refund.currency,
        status: refund.status,
        createdAt: refund.createdAt.toISOString(),
      }));
    },

    /**
     * Every order's payment attempts by provider and status (stray charges among them) and refunds
     * by provider, reason and status: the figures /metrics reads from the database on each scrape.
     */
    async paymentCounts(on: Database): Promise<PaymentCounts> {
      const repository = createLedgerRepository(on);
      const [attempts, refunds] = await Promise.all([repository.countAttempts(), repository.countRefunds()]);
      return { attempts, refunds };
    },

    /** The card fingerprints the orders were paid with, where their providers gave one. */
    cardFingerprints(on: Database, orderIds: readonly number[]): Promise<string[]> {
      return createLedgerRepository(on).cardFingerprints(orderIds);
    },
  };
}
