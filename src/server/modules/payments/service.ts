import type { IncomingHttpHeaders } from 'node:http';
import { storableJson } from '../../../domain/api/text.ts';
import type { OrderRef } from '../../../domain/applications/application.ts';
import { type Currency, convertCents, formatMoney } from '../../../domain/catalog/money.ts';
import { COUPON_HOLD_MS } from '../../../domain/checkout/coupons.ts';
import {
  type PremiumSupport,
  premiumSupportFor,
  premiumSupportMailDetails,
} from '../../../domain/checkout/premium-support.ts';
import { receiptLine, receiptTime } from '../../../domain/checkout/receipt.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import { ORDER_REF_MESSAGES } from '../../../domain/orders/order-kind.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import {
  type ConfirmPayment,
  checkoutHref,
  closedBecause,
  type LedgerProviderName,
  NO_PROVIDER,
  nothingToPay,
  PAYMENT_MESSAGES as P,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  type PaidOrderKind,
  type Payment,
  type PaymentMethod,
  type PaymentOption,
  type PaymentProviderName,
  paymentResultHref,
  providerLabel,
  type ReturnedCharge,
  resultState,
  STRAY_CHARGE_REASONS,
  type StartPayment,
  type StrayChargeReason,
  strayChargeAmount,
} from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { LinkOrigin } from '../../http/site-url.ts';
import type { JobQueue, RetryPolicy } from '../../jobs/queue.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import { MAIL_POLLING_INTERVAL_SECONDS, MAIL_RETRY, type MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { type Order, type OrdersService, type PaymentAttempt, strayRefundKey } from '../orders/service.ts';
import {
  createEventSweep,
  PAYMENT_EVENT_SWEEP_CRON,
  PAYMENT_EVENT_SWEEP_POLICY,
  PAYMENT_EVENT_SWEEP_QUEUE,
} from './event-sweep.ts';
import { PaymentConfirmationError, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { type ByHandOutcome, createPaymentRefunds } from './refunds.ts';
import { createPaymentsRepository, type WebhookEventRow } from './repository.ts';

export { eventJobGoneAfterMs, PAYMENT_EVENT_SWEEP_CRON, PAYMENT_EVENT_SWEEP_QUEUE } from './event-sweep.ts';
export { createExchangeRateRefresh } from './exchange-rate-refresh.ts';
export { createStoredExchangeRates } from './exchange-rates.ts';
export type { PaymentProvider } from './provider.ts';
export { PaymentConfirmationError, WebhookVerificationError } from './provider.ts';
export type { RefundOutcome } from './refunds.ts';
export {
  createSandboxProvider,
  SANDBOX_EVENT_TYPES,
  SANDBOX_NOTICE_PATH,
  SANDBOX_WEBHOOK_PATH,
  type Sandbox,
} from './sandbox.ts';

/**
 * A provider with an SDK, built from its settings in the environment (env.ts requires them when it
 * is offered). The SDK loads here, not with this module: a server that does not offer the
 * provider never holds it (Square's alone is ~30 MB of heap and seconds of start-up; the embedded
 * default offers only the sandbox; decision 0093-memory).
 */
export async function createSdkProvider(
  name: Exclude<PaymentProviderName, 'sandbox'>,
  env: Env,
): Promise<PaymentProvider> {
  switch (name) {
    case 'stripe': {
      const { createStripeProvider, stripeSettings } = await import('./stripe.ts');
      return createStripeProvider(stripeSettings(env));
    }
    case 'razorpay': {
      const { createRazorpayProvider, razorpayOptions } = await import('./razorpay.ts');
      return createRazorpayProvider(razorpayOptions(env));
    }
    case 'square': {
      const { createSquareProvider, squareOptionsFrom } = await import('./square.ts');
      return createSquareProvider(squareOptionsFrom(env));
    }
  }
}

/** The job that processes one stored webhook event (docs/decisions/0055). */
export const PAYMENT_EVENT_QUEUE = 'payments.event';
/**
 * A provider that cannot be reached is asked again for about 4 hours, as e-mail is retried (30 s
 * doubling, capped at an hour). The providers never send an event we answered 200 again: one whose
 * job gives up is taken up by the sweep (event-sweep.ts), every 15 minutes until it is processed.
 */
export const PAYMENT_EVENT_RETRY: RetryPolicy = MAIL_RETRY;

/**
 * A provider's resend of an event stored this long ago and still not processed (an event resent
 * by hand from its dashboard, say, while the job gave up) queues the job again at once, without
 * waiting for the sweep; a quicker one is a duplicate whose job is still on its way.
 */
export const PAYMENT_EVENT_REQUEUE_AFTER_MS = 15 * 60 * 1000;

/**
 * An attempt whose provider create call never answered (it stays `created`) is given up after this
 * long and the next start opens a new one with a new key: a provider may refuse a reused key whose
 * parameters changed (Stripe's session expiry is counted from the attempt's opening).
 */
export const ATTEMPT_CREATE_WINDOW_MS = 20 * 60 * 1000;

export interface PaymentEventJob {
  eventId: number;
}

/**
 * The job that closes a superseded attempt at its provider (a Stripe session expired, a sandbox
 * link refused): queued in the transaction that superseded it, run after commit, since a network
 * call must not hold the order's lock. A provider that cannot close (Razorpay's orders, Square's
 * on-page form) has nothing to do: a payment that still arrives there is a stray charge.
 */
export const PAYMENT_CLOSE_QUEUE = 'payments.close-attempt';
/**
 * The job that gives a stray charge back in full through its provider, then e-mails the customer:
 * queued in the transaction that found the charge stray; polled like payment events, so the money
 * is on its way back within a minute.
 */
export const STRAY_REFUND_QUEUE = 'payments.refund-stray';

export interface AttemptJob {
  attemptId: number;
}

export interface StrayRefundJob extends AttemptJob {
  reason: StrayChargeReason;
}

/**
 * How long an attempt stays payable: the order's coupon hold, taken again when the attempt opens,
 * lasts as long, so no attempt outlives the hold of the coupon it was priced with.
 */
export const ATTEMPT_LIFETIME_MS = COUPON_HOLD_MS;

/**
 * Time the customer needs left on a provider's payment page for the attempt to be continued: one
 * with less is replaced by a new one, or the page would expire while they type their card.
 */
export const PAY_TIME_LEFT_MS = 10 * 60 * 1000;

/**
 * An open attempt's payment is read from its provider outside its webhook (the result page's
 * polls, Pay pressed again) at most this often per attempt: a late notice is found within seconds
 * of the customer waiting, not a provider call per poll.
 */
export const OPEN_ATTEMPT_CHECK_MS = 10_000;
/** Attempts whose last read is remembered; beyond it the oldest is forgotten (and may be read sooner). */
const OPEN_ATTEMPTS_REMEMBERED = 1000;
/**
 * The sweep reads attempts open at their provider this long: longer than a customer takes on a
 * provider's page, so a payment in progress is not read for nothing, and its notice has had time.
 */
export const OPEN_ATTEMPT_SWEEP_AFTER_MS = 10 * 60 * 1000;
/** Provider calls one sweep makes at most (it runs every 15 minutes). */
const OPEN_ATTEMPTS_PER_SWEEP = 50;

/** How long an attempt with `provider` stays payable: its own lifetime, or less when the provider's page lives less. */
export function attemptLifetimeMs(provider: Pick<PaymentProvider, 'payableForMs'>): number {
  return provider.payableForMs === undefined
    ? ATTEMPT_LIFETIME_MS
    : Math.min(ATTEMPT_LIFETIME_MS, provider.payableForMs - PAY_TIME_LEFT_MS);
}

/** The stored exchange rates (the spec's currency-rate service), read in the caller's transaction. */
export interface ExchangeRates {
  /** Units of `to` per unit of `from` as a decimal string, or null when no rate is stored. */
  rate(tx: Database, from: Currency, to: Currency): Promise<string | null>;
}

/** What one provider would charge for an order. */
interface Charge {
  amountCents: number;
  currency: Currency;
  exchangeRate: string | null;
}

export interface PaymentsServiceDeps {
  /**
   * The order core, the only module payments talks to: orders, their status, what they were
   * charged, each kind's readiness and coupon, and the order's ledger, where every attempt, payment
   * and refund is recorded (issue 28).
   */
  orders: Pick<
    OrdersService,
    | 'findOwned'
    | 'findByIds'
    | 'lockOrder'
    | 'chargedSummary'
    | 'kind'
    | 'onPurchaseChange'
    | 'onStatusChange'
    | 'latestAttempt'
    | 'openAttemptsBefore'
    | 'attempt'
    | 'lockAttempt'
    | 'findAttempt'
    | 'openAttempt'
    | 'supersedeOpenAttempts'
    | 'recordAttemptCreated'
    | 'recordProviderPayment'
    | 'recordSettlement'
    | 'strayRefund'
    | 'latestStrayRefund'
    | 'refundedInFull'
    | 'refundByKey'
    | 'refundByProviderId'
    | 'refund'
    | 'recordRefundSucceeded'
    | 'recordRefundFailed'
    | 'claimRefundCall'
    | 'releaseRefundCall'
  >;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The customer's bell hears of a charge given back, as the inbox does: the order page's trace of it. */
  notifications: Pick<NotificationsService, 'notify'>;
  jobs: Pick<JobQueue, 'send' | 'work' | 'schedule'>;
  /** The configured providers, the default first (PAYMENT_PROVIDERS). */
  providers: PaymentProvider[];
  /**
   * Why the customer's orders cannot be paid now, or null: their account's deletion waits (the
   * data-rights module's answer, passed in by the composition root).
   */
  paymentHold?: (customerId: number) => Promise<string | null>;
  /** Converts for providers that charge another currency; without it they are not offered then. */
  rates?: ExchangeRates;
  /** The return address when a request gives none (SITE_URL's or the default). */
  siteUrl: string;
  /** The origin of a receipt's links, from the attempt's return address (linkOriginFor). */
  linkOrigin: LinkOrigin;
  companyName: string;
  /** The deployment's premium-support contact (Env.premiumSupport), on large orders' receipts and result pages. */
  premiumSupport: PremiumSupport;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
}

const money = (amountCents: number, currency: Currency) => formatMoney({ amountCents, currency });

/**
 * Checkout's payments: the providers' side of an order's ledger. An attempt per try (the amount is
 * the order's total, read on the server), one webhook inbox for every provider, and the job that
 * moves the order once a payment is verified with the provider itself; every attempt, payment and
 * refund is recorded on the order through the orders service.
 */
export function createPaymentsService(db: Database, deps: PaymentsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  // Keyed by the ledger's names: an attempt settled with `none` finds no provider to call.
  const providers: ReadonlyMap<LedgerProviderName, PaymentProvider> = new Map(deps.providers.map((p) => [p.name, p]));
  const defaultProvider = deps.providers[0]?.name;
  /** An unknown order, or another customer's, in the words of its kind's pages. */
  const orderNotFound = (kind: PaidOrderKind | undefined) =>
    formFailure(404, kind ? deps.orders.kind(kind).notFoundMessage : ORDER_REF_MESSAGES.notFound);

  /**
   * A stray charge found since `latest` opened (itself, or an older attempt paid in another tab
   * after this one started): its money on its way back, as the customer's e-mail says it.
   */
  async function returnedSince(latest: PaymentAttempt): Promise<ReturnedCharge | null> {
    const found = await deps.orders.latestStrayRefund(db, latest.orderId);
    if (!found || found.refund.createdAt < latest.createdAt) return null;
    return {
      ...strayChargeAmount(found),
      reason: found.attempt.strayReason,
      refund: found.refund.status,
    };
  }

  async function toPayment(attempt: PaymentAttempt, orderStatus: string): Promise<Payment> {
    const state = resultState(attempt.status);
    return {
      attempt: attempt.attemptNumber,
      provider: attempt.provider,
      state,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      exchangeRate: attempt.exchangeRate,
      orderTotal: { amountCents: attempt.orderTotalCents, currency: attempt.orderCurrency },
      redirectUrl: state === 'PENDING' ? attempt.redirectUrl : null,
      checkout: state === 'PENDING' ? attempt.checkout : null,
      orderStatus,
      closedBecause: closedBecause(attempt, orderStatus),
      // The attempt's amount is the order's total it charges (never a browser's figure).
      // The order's total in its own currency: a converted charge (INR) is not the threshold's unit.
      premiumSupport: premiumSupportFor(attempt.orderTotalCents, deps.premiumSupport),
      returned: await returnedSince(attempt),
      updatedAt: attempt.updatedAt.toISOString(),
    };
  }

  /**
   * The order's total in a currency the provider charges: as it is, or converted at the stored
   * rate into the provider's first currency; null when there is no rate (the provider is then not
   * offered for this order).
   */
  async function chargeFor(tx: Database, provider: PaymentProvider, order: Order): Promise<Charge | null> {
    if (provider.chargeCurrencies.includes(order.currency)) {
      return { amountCents: order.totalCents, currency: order.currency, exchangeRate: null };
    }
    const to = provider.chargeCurrencies[0];
    const rate = to && deps.rates ? await deps.rates.rate(tx, order.currency, to) : null;
    if (!to || !rate) return null;
    return { amountCents: convertCents(order.totalCents, rate), currency: to, exchangeRate: rate };
  }

  // A new total, other photos, or a cancelled order leave no attempt payable for the order as it was.
  deps.orders.onPurchaseChange((tx, order) => supersedeOpenAttempts(tx, order.id));
  deps.orders.onStatusChange(async (tx, { order, to }) => {
    if (to === 'Cancelled') await supersedeOpenAttempts(tx, order.id);
  });

  // Refunds through the paid attempt's provider (issue 13, decision 0069), and of stray charges.
  const refunds = createPaymentRefunds(db, { orders: deps.orders, providers, log: deps.log });

  const unexpired = (attempt: PaymentAttempt) => attempt.expiresAt === null || attempt.expiresAt > now();

  /**
   * Whether the customer may still pay the attempt: open at the provider (or its create call still
   * within its window) and not past its expiry.
   */
  const payable = (attempt: PaymentAttempt) =>
    (attempt.status === 'pending' ||
      (attempt.status === 'created' && now().getTime() - attempt.createdAt.getTime() < ATTEMPT_CREATE_WINDOW_MS)) &&
    unexpired(attempt);

  /**
   * Whether a confirmation of the attempt is checked with its provider: open, or failed at a
   * provider whose payment stays payable after a failed try (a Razorpay order retried in the same
   * Checkout window), so the try that then succeeds is taken, not refused as a payment never made.
   */
  const confirmable = (attempt: PaymentAttempt, provider: PaymentProvider) =>
    (attempt.status === 'pending' || (attempt.status === 'failed' && provider.payableAfterFailure === true)) &&
    unexpired(attempt);

  /**
   * Closes the order's open attempts but `keep` (in the caller's transaction, which holds the
   * order's lock) and queues their closing at the provider: an order has at most one payable
   * attempt, and one priced at an older total is never payable again.
   */
  async function supersedeOpenAttempts(tx: Database, orderId: number, keep: number | null = null) {
    await closeAtProviders(tx, await deps.orders.supersedeOpenAttempts(tx, orderId, keep));
  }

  /** Queues the closing of superseded attempts at their providers, after the transaction commits. */
  async function closeAtProviders(tx: Database, closed: readonly number[]) {
    for (const attemptId of closed) {
      await deps.jobs.send<AttemptJob>(PAYMENT_CLOSE_QUEUE, { attemptId }, { tx, ...PAYMENT_EVENT_RETRY });
    }
  }

  /**
   * A double click, a reload or a return from the provider's page continues the open attempt, at
   * the charge it was opened with (a rate refreshed meanwhile does not change a quoted amount).
   */
  function continues(attempt: PaymentAttempt, provider: PaymentProviderName, order: Order): boolean {
    return (
      payable(attempt) &&
      attempt.provider === provider &&
      attempt.orderTotalCents === order.totalCents &&
      attempt.orderCurrency === order.currency
    );
  }

  /** The receipt: the cost summary the order was charged (its line items), the total, how it was paid. */
  async function receiptMail(tx: Database, order: Order, attempt: PaymentAttempt, method?: PaymentMethod) {
    // The address the customer paid from: a link to another (localhost for 127.0.0.1) finds them signed out.
    const link = `${deps.linkOrigin(attempt.returnOrigin)}${orderPageHref(order.displayId)}`;
    const summary = await deps.orders.chargedSummary(tx, order);
    // Discounts that cover the whole total: nothing was received, the order is confirmed.
    const nothingPaid = attempt.provider === NO_PROVIDER;
    return simpleMail({
      to: order.email,
      subject: nothingPaid
        ? `Your order is confirmed: ${order.displayId}`
        : `Payment received for your order ${order.displayId}`,
      heading: nothingPaid
        ? `Thank you: your order ${order.displayId} is confirmed`
        : `Thank you: we received your payment for ${order.displayId}`,
      intro: ['This is your receipt. Keep it for your records.'],
      details: [
        ['Order', `${order.displayId} (${order.title})`],
        ...summary.lines.map(receiptLine),
        ['Total paid', formatMoney({ amountCents: attempt.amountCents, currency: attempt.currency })],
        ['Currency', attempt.currency],
        ...(attempt.exchangeRate
          ? [
              ['Exchange rate', `1 ${attempt.orderCurrency} = ${attempt.exchangeRate} ${attempt.currency}`] as [
                string,
                string,
              ],
            ]
          : []),
        ...(nothingPaid
          ? [['Payment', P.nothingToPayRemark] as [string, string]]
          : [
              ['Payment provider', providerLabel(attempt.provider)] as [string, string],
              // Where the provider says: a card, or UPI (Razorpay's, the sandbox's).
              ...(method ? [['Paid with', PAYMENT_METHOD_LABELS[method]] as [string, string]] : []),
              ['Payment id', attempt.providerPaymentId ?? '—'] as [string, string],
            ]),
        ['Date', receiptTime(now())],
        ...premiumSupportMailDetails(premiumSupportFor(order.totalCents, deps.premiumSupport)),
      ],
      outro: [`See your order, what is still needed and its timeline at any time: ${link}`],
      // A photo order is SevaPhotos', as its status e-mails say.
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
    });
  }

  /**
   * Acts on the provider's own record of an attempt's payment, in the event's transaction with the
   * order locked: the order decides and records it (`orders.recordSettlement`). A paid order gets
   * its receipt and its other attempts are closed at their providers; a stray charge, which the
   * order recorded with a refund of all of it reserved, is refunded by a job that tells the
   * customer why.
   */
  async function settle(tx: Database, attempt: PaymentAttempt, order: Order, paid: ProviderPayment) {
    const settled = await deps.orders.recordSettlement(tx, attempt, order, paid);
    if (settled.outcome === 'stray') {
      const { reason } = settled;
      // Given back at the provider already: nothing to refund, and "we refunded" would not be true.
      if (reason !== 'refunded')
        await deps.jobs.send<StrayRefundJob>(
          STRAY_REFUND_QUEUE,
          { attemptId: attempt.id, reason },
          { tx, ...PAYMENT_EVENT_RETRY },
        );
      deps.log.warn(
        { orderId: order.id, attempt: attempt.id, provider: attempt.provider, reason, paid },
        reason === 'refunded'
          ? 'a charge already refunded at its provider: recorded'
          : 'a stray charge: recorded, refunded automatically',
      );
    } else if (settled.outcome === 'paid') {
      await closeAtProviders(tx, settled.superseded);
      await deps.mail.enqueue(tx, {
        ...(await receiptMail(tx, settled.order, attempt, paid.method)),
        purpose: 'payment-receipt',
        key: `payment-receipt:${attempt.id}`,
      });
    }
    return settled;
  }

  /**
   * An order whose discounts cover its whole total is paid with nothing charged: an attempt of no
   * provider for 0 is opened on the locked order and settled as a provider's success would be (its
   * kind's paid status, the coupon's use, the receipt), so its ledger shows how it was paid and a
   * refund finds nothing to give back. Anything but `paid` undoes it all: no order is confirmed on
   * a settlement that failed.
   */
  async function settleNothingToPay(
    tx: Database,
    order: Order,
    origin: string,
  ): Promise<{ order: Order; attempt: PaymentAttempt }> {
    const { attempt, superseded } = await deps.orders.openAttempt(tx, {
      orderId: order.id,
      provider: NO_PROVIDER,
      amountCents: 0,
      currency: order.currency,
      exchangeRate: null,
      orderTotalCents: order.totalCents,
      orderCurrency: order.currency,
      expiresAt: null,
      returnOrigin: origin,
    });
    await closeAtProviders(tx, superseded);
    const settled = await settle(tx, attempt, order, { status: 'succeeded', amountCents: 0, currency: order.currency });
    if (settled.outcome !== 'paid')
      throw new Error(`order ${order.id} with nothing to pay was not settled: ${settled.outcome}`);
    return { order: settled.order, attempt: await deps.orders.attempt(tx, attempt.id) };
  }

  /**
   * The automatic refund of stray charge `attemptId`, and how to run its job (again) under its own
   * key (staff's retry or record by hand); null when the attempt is no stray charge.
   */
  async function strayRefundOf(attemptId: number) {
    const found = await deps.orders.strayRefund(db, attemptId);
    const reason = found?.attempt.strayReason;
    if (!found || !reason) return null;
    const queueJob = () =>
      deps.jobs.send<StrayRefundJob>(STRAY_REFUND_QUEUE, { attemptId, reason }, PAYMENT_EVENT_RETRY);
    return { found, queueJob };
  }

  /** The job: gives a stray charge back through its provider, then tells the customer (once). */
  /** Where the order stands after a stray charge went back: the stray refund e-mail's last words. */
  function strayOrderStanding(order: Order, origin: string): string {
    if (order.status === 'Payment pending') {
      return P.strayOrderUnpaid(
        money(order.totalCents, order.currency),
        `${origin}${checkoutHref(order.displayId, order.kind)}`,
      );
    }
    if (order.status === 'Cancelled') return P.strayOrderCancelled;
    return P.strayOrderPaid(`${origin}${orderPageHref(order.displayId)}`);
  }

  async function refundStray({ attemptId, reason }: StrayRefundJob): Promise<void> {
    const outcome = await refunds.executeRefund(strayRefundKey(attemptId));
    // Not made yet (refused, unclear, or another call of it running): the job's retry asks again.
    if (!outcome.ok) {
      const why = outcome.reason === 'in-flight' ? 'another call of it is running' : outcome.detail;
      throw new Error(`the stray charge of attempt ${attemptId} is not refunded yet: ${why}`);
    }
    const found = await deps.orders.strayRefund(db, attemptId);
    const [order] = found ? await deps.orders.findByIds([found.attempt.orderId]) : [];
    if (!found || !order) return;
    const { attempt, refund } = found;
    const charge = strayChargeAmount(found);
    const refunded = money(charge.amountCents, charge.currency);
    await db.transaction(async (tx) => {
      await deps.notifications.notify(
        order.userId,
        {
          orderId: order.displayId,
          orderIdDb: order.id,
          orderStatus: order.status,
          remark: P.strayRefunded(refunded, STRAY_CHARGE_REASONS[reason]),
        },
        tx,
      );
      await deps.mail.enqueue(tx, {
        ...simpleMail({
          to: order.email,
          subject: `We refunded ${refunded} for your order ${order.displayId}`,
          heading: `We refunded ${refunded}`,
          intro: [P.strayRefunded(refunded, STRAY_CHARGE_REASONS[reason])],
          details: [
            ['Order', `${order.displayId} (${order.title})`],
            ['Refunded', refunded],
            ['Payment provider', providerLabel(attempt.provider)],
            ['Payment id', attempt.providerPaymentId ?? '—'],
            ['Refund id', refund.providerRefundId ?? '—'],
          ],
          outro: [strayOrderStanding(order, deps.linkOrigin(attempt.returnOrigin))],
          ...orderSender(order.kind),
          signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
        }),
        purpose: 'payment-stray-refund',
        key: `payment-stray-refund:${attemptId}`,
      });
    });
  }

  /**
   * The job: closes a superseded attempt at its provider, where the provider can, then reads the
   * provider's record: a payment made before the close (its event late, or lost) is recorded now,
   * as the stray charge it is, and refunded.
   */
  async function closeAtProvider(attemptId: number): Promise<void> {
    const attempt = await deps.orders.attempt(db, attemptId);
    const provider = providers.get(attempt.provider);
    if (attempt.status !== 'superseded' || !attempt.providerPaymentId || !provider) return;
    await provider.closePayment?.(attempt.providerPaymentId);
    const paid = await provider.fetchPayment(attempt.providerPaymentId);
    // Paid (or paid and given back already) before the close: a charge of ours all the same.
    if (paid.status === 'succeeded' || paid.status === 'refunded') {
      await db.transaction((tx) => settleLocked(tx, attempt.id, attempt.orderId, paid));
    }
  }

  /** When this process last read each open attempt's payment from its provider (checkOpenAttempt). */
  const lastAsked = new Map<number, number>();

  /**
   * Reads an open attempt's payment from its provider and settles it as its webhook would: a notice
   * that is late or lost (a webhook refused after a rotated secret, one a provider never sent) must
   * not leave a payment taken while the order and its customer read "not paid", until the link
   * lapses and the next Pay refunds it as a stray charge. Asked at most once per
   * OPEN_ATTEMPT_CHECK_MS per attempt in this process (the result page polls); true when the
   * provider's record moved the attempt.
   */
  async function checkOpenAttempt(attempt: PaymentAttempt): Promise<boolean> {
    const provider = providers.get(attempt.provider);
    if (attempt.status !== 'pending' || !attempt.providerPaymentId || !provider) return false;
    const at = now().getTime();
    if (at - (lastAsked.get(attempt.id) ?? 0) < OPEN_ATTEMPT_CHECK_MS) return false;
    // Bounded: the oldest entries go first (a Map keeps its insertion order).
    lastAsked.delete(attempt.id);
    lastAsked.set(attempt.id, at);
    if (lastAsked.size > OPEN_ATTEMPTS_REMEMBERED) lastAsked.delete(lastAsked.keys().next().value ?? attempt.id);
    const paid = await provider.fetchPayment(attempt.providerPaymentId);
    if (paid.status === 'pending') return false;
    await db.transaction((tx) => settleLocked(tx, attempt.id, attempt.orderId, paid));
    return true;
  }

  /** checkOpenAttempt where the customer waits: a provider that cannot answer leaves the attempt to its webhook. */
  async function checkOpenAttemptQuietly(attempt: PaymentAttempt | null): Promise<boolean> {
    if (!attempt) return false;
    try {
      return await checkOpenAttempt(attempt);
    } catch (err) {
      deps.log.warn({ err, attempt: attempt.id, provider: attempt.provider }, 'an open payment could not be read');
      return false;
    }
  }

  /**
   * The sweep's second part: attempts open at their provider for OPEN_ATTEMPT_SWEEP_AFTER_MS are
   * read there, so a payment whose notice never came is recorded within a sweep's interval even
   * when its customer never returns; one provider failing does not stop the others.
   */
  async function sweepOpenAttempts(signal?: AbortSignal): Promise<void> {
    const before = new Date(now().getTime() - OPEN_ATTEMPT_SWEEP_AFTER_MS);
    for (const attempt of await deps.orders.openAttemptsBefore(db, before, OPEN_ATTEMPTS_PER_SWEEP)) {
      if (signal?.aborted) break;
      await checkOpenAttemptQuietly(attempt);
    }
  }

  /** The attempt an event is about: by the provider's id, else by our key it echoes (an early event). */
  function attemptOf(event: WebhookEventRow): Promise<PaymentAttempt | null> {
    return deps.orders.findAttempt(db, event.provider, event);
  }

  /** The job: processes a stored event once (a repeated job finds it processed and does nothing). */
  async function processEvent(eventId: number): Promise<void> {
    const event = await createPaymentsRepository(db).findEvent(eventId);
    if (!event || event.processedAt) return;
    const attempt = await attemptOf(event);
    const provider = providers.get(event.provider);
    if (attempt && !provider) throw new Error(`payment provider ${event.provider} is not configured any more`);
    const providerPaymentId = attempt?.providerPaymentId ?? event.providerPaymentId;
    // The provider's record, not the event, says what happened (events come late, twice and out of
    // order). Asked before the transaction: a network call must not hold the order's lock.
    const paid = attempt && providerPaymentId && provider ? await provider.fetchPayment(providerPaymentId) : null;
    await db.transaction(async (tx) => {
      const inTx = createPaymentsRepository(tx);
      if (!(await inTx.lockUnprocessedEvent(eventId))) return;
      if (attempt && providerPaymentId && paid) {
        await settleLocked(tx, attempt.id, attempt.orderId, paid, providerPaymentId);
      } else {
        deps.log.warn(
          { eventId, type: event.type, provider: event.provider },
          'a payment event names no payment of ours',
        );
      }
      await inTx.markEventProcessed(eventId, now());
    });
  }

  // Events whose job gave up are processed again, once each as ever (processEvent is idempotent).
  const eventSweep = createEventSweep(db, { process: processEvent, retry: PAYMENT_EVENT_RETRY, log: deps.log, now });

  /**
   * Locks the order, then the attempt, and settles; the provider's id of the payment, when first
   * learned here, is recorded once both are locked. Nothing of the attempt is written before the
   * order's lock: starting a payment locks the order and then writes its attempts, and the other
   * order would deadlock the two (decision 0170).
   */
  async function settleLocked(
    tx: Database,
    attemptId: number,
    orderId: number,
    paid: ProviderPayment,
    providerPaymentId: string | null = null,
  ) {
    const order = await deps.orders.lockOrder(tx, orderId);
    const locked = await deps.orders.lockAttempt(tx, attemptId);
    if (!order || !locked) return;
    let current = locked;
    if (providerPaymentId && !locked.providerPaymentId) {
      await deps.orders.recordProviderPayment(tx, attemptId, providerPaymentId);
      current = { ...locked, providerPaymentId };
    }
    await settle(tx, current, order, paid);
  }

  return {
    executeRefund: refunds.executeRefund,
    recordRefundByHand: refunds.recordRefundByHand,

    async registerWorkers(): Promise<void> {
      // Polled as often as mail: a paid customer waits for it, and after a restart a backlog of events
      // drains one per poll (decision 0079). Stray refunds and closings likewise: within a minute.
      const options = { ...PAYMENT_EVENT_RETRY, pollingIntervalSeconds: MAIL_POLLING_INTERVAL_SECONDS };
      await deps.jobs.work<PaymentEventJob>(PAYMENT_EVENT_QUEUE, (job) => processEvent(job.data.eventId), options);
      await deps.jobs.work<StrayRefundJob>(STRAY_REFUND_QUEUE, (job) => refundStray(job.data), options);
      await deps.jobs.work<AttemptJob>(PAYMENT_CLOSE_QUEUE, (job) => closeAtProvider(job.data.attemptId), options);
      await deps.jobs.work(
        PAYMENT_EVENT_SWEEP_QUEUE,
        async (job) => {
          await eventSweep.sweep(job.signal);
          await sweepOpenAttempts(job.signal);
        },
        PAYMENT_EVENT_SWEEP_POLICY,
      );
      await deps.jobs.schedule(PAYMENT_EVENT_SWEEP_QUEUE, PAYMENT_EVENT_SWEEP_CRON);
    },

    /**
     * Staff's retry of an automatic refund of a stray charge that is not made (its provider
     * refused it, or its job gave up): the refund job runs again under the same key, so the
     * provider refunds once however often it is asked, and the customer is e-mailed once it is.
     */
    async retryStrayRefund(attemptId: number): Promise<'queued' | 'not-found' | 'refunded'> {
      const stray = await strayRefundOf(attemptId);
      if (!stray) return 'not-found';
      if (stray.found.refund.status === 'succeeded') return 'refunded';
      await stray.queueJob();
      return 'queued';
    },

    /**
     * Records the automatic refund of a stray charge as made by staff by hand in the provider's
     * dashboard, checked with the provider as a request's is (decision 0171); the refund job then
     * finds it made and e-mails the customer, once.
     */
    async recordStrayRefundByHand(
      attemptId: number,
      providerRefundId: string,
    ): Promise<
      | { ok: true; amountCents: number; currency: Currency }
      | Exclude<ByHandOutcome, { ok: true }>
      | { ok: false; reason: 'not-found' }
    > {
      const stray = await strayRefundOf(attemptId);
      if (!stray) return { ok: false, reason: 'not-found' };
      const outcome = await refunds.recordRefundByHand(strayRefundKey(attemptId), providerRefundId);
      if (!outcome.ok) return outcome;
      await stray.queueJob();
      return { ok: true, amountCents: stray.found.refund.amountCents, currency: stray.found.refund.currency };
    },

    /** One pass of the inbox's sweep (its scheduled job's work): events whose job gave up, processed now. */
    sweepUnprocessedEvents: () => eventSweep.sweep(),

    /**
     * Starts a payment of the order's total with `input.provider` (default: the first configured),
     * or continues the open attempt: two clicks answer one attempt. The attempt row is written
     * under the order's lock; the provider is called after commit with the attempt's idempotency
     * key, so two concurrent calls get the provider's one payment. A `shownTotal` that is not the
     * order's total then is refused (409) before anything is held, opened or asked of a provider.
     */
    async start(
      customerId: number,
      ref: OrderRef,
      input: StartPayment,
      kind?: PaidOrderKind,
      /** Where the provider sends the customer back: the address they pay from (siteUrlFor), SITE_URL's by default. */
      origin: string = deps.siteUrl,
    ): Promise<FormResult<Payment>> {
      const name = input.provider ?? defaultProvider;
      const provider = name ? providers.get(name) : undefined;
      if (!provider) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
      const owned = await deps.orders.findOwned(customerId, ref, kind);
      if (!owned) return orderNotFound(kind);
      const hold = await deps.paymentHold?.(customerId);
      if (hold) return formFailure(409, hold);
      // A Pay pressed again on a link already paid, its notice not in: the payment is recorded, not
      // continued (or superseded and refunded as a stray charge).
      await checkOpenAttemptQuietly(await deps.orders.latestAttempt(db, owned.id));
      const prepared = await db.transaction(
        async (tx): Promise<FormResult<{ order: Order; attempt: PaymentAttempt }>> => {
          const order = await deps.orders.lockOrder(tx, owned.id);
          if (!order) return orderNotFound(kind);
          if (order.status !== 'Payment pending') return formFailure(409, P.notPayable);
          const definition = deps.orders.kind(order.kind);
          const missing = await definition.missingBeforePayment(tx, order);
          if (missing.length > 0) return formFailure(409, P.stillNeeded(missing), { missing: missing.join('; ') });
          const repriced = await definition.repriceForToday?.(tx, order);
          if (repriced && !repriced.ok) return repriced;
          // The total the customer saw, under the same lock the attempt is opened with: a total that
          // changed since (another tab, another window) is said, never charged.
          const shown = input.shownTotal;
          if (shown && (shown.amountCents !== order.totalCents || shown.currency !== order.currency)) {
            return formFailure(409, P.totalChanged(money(order.totalCents, order.currency)));
          }
          const held = await definition.holdCoupon(tx, order);
          if (!held.ok) return held;
          if (nothingToPay(order.totalCents)) return { ok: true, value: await settleNothingToPay(tx, order, origin) };
          const latest = await deps.orders.latestAttempt(tx, order.id);
          if (latest && continues(latest, provider.name, order)) return { ok: true, value: { order, attempt: latest } };
          const charge = await chargeFor(tx, provider, order);
          if (!charge) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
          // At most one payable attempt per order: the older ones close, here and at their provider.
          const { attempt, superseded } = await deps.orders.openAttempt(tx, {
            orderId: order.id,
            provider: provider.name,
            ...charge,
            orderTotalCents: order.totalCents,
            orderCurrency: order.currency,
            expiresAt: new Date(now().getTime() + attemptLifetimeMs(provider)),
            returnOrigin: origin,
          });
          await closeAtProviders(tx, superseded);
          return { ok: true, value: { order, attempt } };
        },
      );
      if (!prepared.ok) return prepared;
      const { order } = prepared.value;
      let { attempt } = prepared.value;
      if (attempt.status === 'created') {
        try {
          const created = await provider.createPayment({
            order,
            amountCents: attempt.amountCents,
            currency: attempt.currency,
            attemptKey: attempt.idempotencyKey,
            returnUrl: `${origin}${paymentResultHref(order.displayId, order.kind)}`,
            cancelUrl: `${origin}${checkoutHref(order.displayId, order.kind)}`,
            openedAt: attempt.createdAt,
          });
          attempt = await deps.orders.recordAttemptCreated(db, attempt.id, created);
        } catch (error) {
          deps.log.error({ err: error, orderId: order.id, provider: provider.name }, 'could not create a payment');
          return formFailure(502, P.providerUnavailable);
        }
      }
      return { ok: true, value: await toPayment(attempt, order.status) };
    },

    /** The providers this order can be paid with, and what each would charge (converted when it must). */
    async options(customerId: number, ref: OrderRef, kind?: PaidOrderKind): Promise<FormResult<PaymentOption[]>> {
      const order = await deps.orders.findOwned(customerId, ref, kind);
      if (!order) return orderNotFound(kind);
      const options: PaymentOption[] = [];
      for (const provider of deps.providers) {
        const charge = await chargeFor(db, provider, order);
        if (charge) options.push({ provider: provider.name, label: PAYMENT_PROVIDER_LABELS[provider.name], ...charge });
      }
      return { ok: true, value: options };
    },

    /**
     * Checks what the browser brought back from paying on our page (or from the provider's) with
     * the provider itself, and settles the open attempt as the webhook job would: the evidence
     * only makes the provider be asked sooner; the provider's answer decides. Safe to repeat and
     * to race with the webhook (both settle under the order's and the attempt's locks).
     */
    async confirm(
      customerId: number,
      ref: OrderRef,
      input: ConfirmPayment,
      kind?: PaidOrderKind,
    ): Promise<FormResult<Payment>> {
      const provider = providers.get(input.provider);
      // The confirm body names only providers that have an on-page or return-time confirmation.
      if (!provider?.confirmPayment) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
      const order = await deps.orders.findOwned(customerId, ref, kind);
      if (!order) return orderNotFound(kind);
      const attempt = await deps.orders.latestAttempt(db, order.id);
      if (!attempt || attempt.provider !== provider.name) return formFailure(409, P.noOpenPayment);
      if (attempt.status === 'succeeded') return { ok: true, value: await toPayment(attempt, order.status) };
      if (!confirmable(attempt, provider)) return formFailure(409, P.noOpenPayment);
      let confirmed: Awaited<ReturnType<NonNullable<PaymentProvider['confirmPayment']>>>;
      try {
        confirmed = await provider.confirmPayment({
          attempt: {
            providerPaymentId: attempt.providerPaymentId,
            attemptKey: attempt.idempotencyKey,
            amountCents: attempt.amountCents,
            currency: attempt.currency,
          },
          order,
          confirmation: input,
        });
      } catch (error) {
        if (error instanceof PaymentConfirmationError) {
          deps.log.warn({ orderId: order.id, attempt: attempt.id, reason: error.message }, 'payment evidence refused');
          return formFailure(400, P.confirmationRefused);
        }
        deps.log.error({ err: error, orderId: order.id, provider: provider.name }, 'could not confirm a payment');
        return formFailure(502, P.providerUnavailable);
      }
      const settled = await db.transaction(async (tx) => {
        await settleLocked(tx, attempt.id, order.id, confirmed.payment, confirmed.providerPaymentId ?? null);
        const after = await deps.orders.lockOrder(tx, order.id);
        return {
          attempt: await deps.orders.attempt(tx, attempt.id),
          status: after?.status ?? order.status,
        };
      });
      return { ok: true, value: await toPayment(settled.attempt, settled.status) };
    },

    /** The order's latest attempt as the success page shows it, or null before any. */
    async latest(customerId: number, ref: OrderRef, kind?: PaidOrderKind): Promise<FormResult<Payment | null>> {
      const found = await deps.orders.findOwned(customerId, ref, kind);
      if (!found) return orderNotFound(kind);
      const open = await deps.orders.latestAttempt(db, found.id);
      // The result page waits on this answer: an open payment is read from its provider too.
      const moved = await checkOpenAttemptQuietly(open);
      const order = moved ? ((await deps.orders.findOwned(customerId, ref, kind)) ?? found) : found;
      const attempt = moved ? await deps.orders.latestAttempt(db, order.id) : open;
      return { ok: true, value: attempt ? await toPayment(attempt, order.status) : null };
    },

    /**
     * The webhook inbox: verifies the event with its provider (a forged one throws
     * WebhookVerificationError, nothing stored), then stores it once with its processing job in
     * one transaction. Answers false when the event was stored before (a provider's retry), which
     * queues its job again only when it has waited unprocessed for PAYMENT_EVENT_REQUEUE_AFTER_MS.
     */
    async receiveWebhook(name: PaymentProviderName, rawBody: string, headers: IncomingHttpHeaders): Promise<boolean> {
      const provider = providers.get(name);
      if (!provider) return false;
      // Verified on the raw bytes, then kept whatever the provider wrote: a NUL or a lone surrogate
      // in its JSON would fail the insert, and the event would be lost. Made storable instead.
      const event = storableJson(await provider.verifyWebhook(rawBody, headers));
      return db.transaction(async (tx) => {
        const row = await createPaymentsRepository(tx).insertEvent({
          provider: name,
          eventId: event.id,
          type: event.type,
          providerPaymentId: event.providerPaymentId,
          attemptKey: event.attemptKey,
          payload: event.payload,
        });
        if (!row) {
          const stored = await createPaymentsRepository(tx).findEventByKey(name, event.id);
          const stuck =
            stored !== null &&
            stored.processedAt === null &&
            now().getTime() - stored.receivedAt.getTime() > PAYMENT_EVENT_REQUEUE_AFTER_MS;
          if (stuck) await deps.jobs.send<PaymentEventJob>(PAYMENT_EVENT_QUEUE, { eventId: stored.id }, { tx });
          return false;
        }
        await deps.jobs.send<PaymentEventJob>(PAYMENT_EVENT_QUEUE, { eventId: row.id }, { tx });
        return true;
      });
    },

    /** The origins the configured providers' on-page checkouts need in the pages' security policy. */
    browserHosts() {
      const all = (pick: (hosts: NonNullable<PaymentProvider['browserHosts']>) => readonly string[] | undefined) => [
        ...new Set(deps.providers.flatMap((p) => (p.browserHosts ? (pick(p.browserHosts) ?? []) : []))),
      ];
      return { script: all((h) => h.script), connect: all((h) => h.connect), frame: all((h) => h.frame) };
    },

    /** Whether checkout offers this provider. */
    offers(name: string): name is PaymentProviderName {
      return providers.has(name as PaymentProviderName);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { ByHandRefusal } from './refunds.ts';
