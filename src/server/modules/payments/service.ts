import type { IncomingHttpHeaders } from 'node:http';
import { APPLICATION_MESSAGES as A, type OrderRef } from '../../../domain/applications/application.ts';
import { type Currency, convertCents, formatMoney } from '../../../domain/catalog/money.ts';
import { premiumSupportFor, premiumSupportMailDetails } from '../../../domain/checkout/premium-support.ts';
import { receiptLine } from '../../../domain/checkout/receipt.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { notificationHref } from '../../../domain/notifications/notification.ts';
import {
  type ConfirmPayment,
  checkoutHref,
  PAYMENT_MESSAGES as P,
  PAYMENT_PROVIDER_LABELS,
  type PaidOrderKind,
  type Payment,
  type PaymentLedger,
  type PaymentOption,
  type PaymentProviderName,
  paymentResultHref,
  resultState,
  type StartPayment,
} from '../../../domain/payments/payment.ts';
import { PHOTO_ORDER_MESSAGES } from '../../../domain/photos/orders.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue, RetryPolicy } from '../../jobs/queue.ts';
import { MAIL_POLLING_INTERVAL_SECONDS, MAIL_RETRY, type MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { OrderCompletion } from '../applications/service.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import type { PhotosService } from '../photos/service.ts';
import { PaymentConfirmationError, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { createPaymentRefunds } from './refunds.ts';
import { type AttemptRow, createPaymentsRepository, type WebhookEventRow } from './repository.ts';

export { createExchangeRateRefresh } from './exchange-rate-refresh.ts';
export { createStoredExchangeRates } from './exchange-rates.ts';
export type { PaymentProvider } from './provider.ts';
export { PaymentConfirmationError, WebhookVerificationError } from './provider.ts';
export { createRazorpayProvider, razorpayOptions } from './razorpay.ts';
export type { Refundable, RefundOutcome, RefundReservation } from './refunds.ts';
export { createSandboxProvider, SANDBOX_EVENT_TYPES, SANDBOX_WEBHOOK_PATH, type Sandbox } from './sandbox.ts';
export { createSquareProvider, squareOptionsFrom } from './square.ts';
export { createStripeProvider, stripeSettings } from './stripe.ts';

/** The job that processes one stored webhook event (docs/decisions/0055). */
export const PAYMENT_EVENT_QUEUE = 'payments.event';
/**
 * A provider that cannot be reached is asked again for about 4 hours, as e-mail is retried (30 s
 * doubling, capped at an hour), well inside the providers' own webhook retry windows (Stripe
 * 3 days, Square 24–72 h): after that, their own retry brings the event again.
 */
export const PAYMENT_EVENT_RETRY: RetryPolicy = MAIL_RETRY;

/**
 * A provider's retry of an event stored this long ago and still not processed (its job gave up,
 * say, while the provider was unreachable) queues the job again; a quicker retry is a duplicate
 * whose job is still on its way.
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
  orders: Pick<OrdersService, 'findOwned' | 'lockOrder' | 'changeOrderStatus'>;
  completion: Pick<OrderCompletion, 'sync'>;
  /**
   * The receipt lists the cost summary the order was charged; the order's coupon is taken again
   * (or dropped, when gone) before each payment starts.
   */
  checkout: Pick<CheckoutService, 'chargedSummary' | 'holdCouponForPayment'>;
  /** A photo order's receipt lists the photo order's own cost summary. */
  photos: Pick<PhotosService, 'chargedSummary' | 'couponPricing'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  jobs: Pick<JobQueue, 'send' | 'work'>;
  /** The configured providers, the default first (PAYMENT_PROVIDERS). */
  providers: PaymentProvider[];
  /** Converts for providers that charge another currency; without it they are not offered then. */
  rates?: ExchangeRates;
  siteUrl: string;
  companyName: string;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
}

/** An unknown order, or another customer's, in the words of its kind's pages. */
const orderNotFound = (kind: PaidOrderKind) =>
  formFailure(404, kind === 'photo' ? PHOTO_ORDER_MESSAGES.notFound : A.orderNotFound);

/**
 * Checkout's payments: an attempt per try (the amount is the order's total, read on the server),
 * one webhook inbox for every provider, and the job that moves the order once a payment is
 * verified with the provider itself.
 */
export function createPaymentsService(db: Database, deps: PaymentsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const providers = new Map(deps.providers.map((p) => [p.name, p]));
  const defaultProvider = deps.providers[0]?.name;

  function toPayment(attempt: AttemptRow, orderStatus: string): Payment {
    const state = resultState(attempt.status);
    return {
      attempt: attempt.attemptNumber,
      provider: attempt.provider,
      state,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      exchangeRate: attempt.exchangeRate,
      redirectUrl: state === 'PENDING' ? attempt.redirectUrl : null,
      checkout: state === 'PENDING' ? attempt.checkout : null,
      orderStatus,
      // The attempt's amount is the order's total it charges (never a browser's figure).
      // The order's total in its own currency: a converted charge (INR) is not the threshold's unit.
      premiumSupport: premiumSupportFor(attempt.orderTotalCents),
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

  /**
   * A double click, a reload or a return from the provider's page continues the open attempt, at
   * the charge it was opened with (a rate refreshed meanwhile does not change a quoted amount).
   */
  function continues(attempt: AttemptRow, provider: PaymentProviderName, order: Order): boolean {
    const open =
      attempt.status === 'pending' ||
      (attempt.status === 'created' && now().getTime() - attempt.createdAt.getTime() < ATTEMPT_CREATE_WINDOW_MS);
    return (
      open &&
      attempt.provider === provider &&
      attempt.orderTotalCents === order.totalCents &&
      attempt.orderCurrency === order.currency
    );
  }

  /** The receipt: the cost summary the order was charged (its line items), the total, how it was paid. */
  async function receiptMail(tx: Database, order: Order, attempt: AttemptRow) {
    const link = `${deps.siteUrl}${notificationHref({ orderId: order.displayId, orderId_DB: order.id })}`;
    const summary =
      order.kind === 'photo'
        ? await deps.photos.chargedSummary(tx, order)
        : await deps.checkout.chargedSummary(tx, order);
    return simpleMail({
      to: order.email,
      subject: `Payment received for your order ${order.displayId}`,
      heading: `Thank you: we received your payment for ${order.displayId}`,
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
        ['Payment provider', attempt.provider],
        ['Payment id', attempt.providerPaymentId ?? '—'],
        ['Date', now().toISOString().slice(0, 10)],
        ...premiumSupportMailDetails(premiumSupportFor(order.totalCents)),
      ],
      outro: [`See your order, what is still needed and its timeline at any time: ${link}`],
      signature: `The ${deps.companyName} team`,
    });
  }

  /**
   * Acts on the provider's own record of an attempt's payment, in the event's transaction with the
   * order locked. Only a success of the attempt's amount and currency, equal to the order's total
   * now, for an order still awaiting payment, moves the order; everything else changes nothing
   * but the attempt's own record.
   */
  async function settle(tx: Database, attempt: AttemptRow, order: Order, paid: ProviderPayment) {
    const payments = createPaymentsRepository(tx);
    if (attempt.status === 'succeeded' || attempt.status === 'mismatched') return;
    const details = { orderId: order.id, attempt: attempt.id, provider: attempt.provider };
    if (paid.status === 'failed') {
      await payments.setAttemptStatus(attempt.id, 'failed');
      return;
    }
    if (paid.status !== 'succeeded') return;
    const rightAmount =
      paid.amountCents === attempt.amountCents &&
      paid.currency === attempt.currency &&
      order.totalCents === attempt.orderTotalCents &&
      order.currency === attempt.orderCurrency;
    if (!rightAmount) {
      await payments.setAttemptStatus(attempt.id, 'mismatched');
      deps.log.error(
        { ...details, paid, attempted: attempt.amountCents, orderTotal: order.totalCents },
        'a payment does not match its order: the order stays unpaid; refund or settle it by hand',
      );
      return;
    }
    if (order.status !== 'Payment pending') {
      deps.log.error(
        { ...details, status: order.status },
        'a payment arrived for an order not awaiting one: refund it by hand',
      );
      return;
    }
    // A photo order has everything in (its photos) once paid; an application waits for its forms.
    const moved = await deps.orders.changeOrderStatus(
      order.id,
      order.kind === 'photo' ? 'Order pending' : 'Forms incomplete',
      { by: { actor: 'system' }, remark: P.paidRemark },
      tx,
    );
    if (!moved.ok) throw new Error(`order ${order.id} could not leave Payment pending: ${moved.reason}`);
    // Straight on to Order pending when every form and document is already in.
    if (order.kind === 'service') await deps.completion.sync(tx, order.id);
    await payments.setAttemptStatus(attempt.id, 'succeeded');
    await deps.mail.enqueue(tx, {
      ...(await receiptMail(tx, moved.order, attempt)),
      purpose: 'payment-receipt',
      key: `payment-receipt:${attempt.id}`,
    });
  }

  /** The attempt an event is about: by the provider's id, else by our key it echoes (an early event). */
  async function attemptOf(event: WebhookEventRow): Promise<AttemptRow | null> {
    const payments = createPaymentsRepository(db);
    const byPayment = event.providerPaymentId
      ? await payments.findAttemptByProviderPayment(event.provider, event.providerPaymentId)
      : null;
    if (byPayment) return byPayment;
    return event.attemptKey ? payments.findAttemptByKey(event.provider, event.attemptKey) : null;
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
        if (!attempt.providerPaymentId) await inTx.recordProviderPayment(attempt.id, providerPaymentId);
        await settleLocked(tx, attempt.id, attempt.orderId, paid);
      } else {
        deps.log.warn(
          { eventId, type: event.type, provider: event.provider },
          'a payment event names no payment of ours',
        );
      }
      await inTx.markEventProcessed(eventId, now());
    });
  }

  /** Locks the order, then the attempt (always in this order: no deadlock between job and confirm), and settles. */
  async function settleLocked(tx: Database, attemptId: number, orderId: number, paid: ProviderPayment) {
    const order = await deps.orders.lockOrder(tx, orderId);
    const current = await createPaymentsRepository(tx).lockAttempt(attemptId);
    if (order && current) await settle(tx, current, order, paid);
  }

  // Refunds through the paid attempt's provider (issue 13, decision 0069).
  const refunds = createPaymentRefunds(db, { providers, log: deps.log });

  return {
    refundable: refunds.refundable,
    reserveRefund: refunds.reserveRefund,
    executeRefund: refunds.executeRefund,

    registerWorkers(): Promise<void> {
      // Polled as often as mail: a paid customer waits for it, and after a restart a backlog of events
      // drains one per poll (decision 0079).
      return deps.jobs.work<PaymentEventJob>(PAYMENT_EVENT_QUEUE, (job) => processEvent(job.data.eventId), {
        ...PAYMENT_EVENT_RETRY,
        pollingIntervalSeconds: MAIL_POLLING_INTERVAL_SECONDS,
      });
    },

    /**
     * Starts a payment of the order's total with `input.provider` (default: the first configured),
     * or continues the open attempt: two clicks answer one attempt. The attempt row is written
     * under the order's lock; the provider is called after commit with the attempt's idempotency
     * key, so two concurrent calls get the provider's one payment.
     */
    async start(
      customerId: number,
      ref: OrderRef,
      input: StartPayment,
      kind: PaidOrderKind = 'service',
    ): Promise<FormResult<Payment>> {
      const name = input.provider ?? defaultProvider;
      const provider = name ? providers.get(name) : undefined;
      if (!provider) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
      const owned = await deps.orders.findOwned(customerId, ref, kind);
      if (!owned) return orderNotFound(kind);
      const prepared = await db.transaction(async (tx): Promise<FormResult<{ order: Order; attempt: AttemptRow }>> => {
        const order = await deps.orders.lockOrder(tx, owned.id);
        if (!order) return orderNotFound(kind);
        if (order.status !== 'Payment pending') return formFailure(409, P.notPayable);
        // Coupons are applied to applications only so far (docs/decisions/0063).
        const held = await deps.checkout.holdCouponForPayment(
          tx,
          order,
          kind === 'photo' ? deps.photos.couponPricing : undefined,
        );
        if (!held.ok) return held;
        if (order.totalCents <= 0) return formFailure(409, P.nothingToPay);
        const payments = createPaymentsRepository(tx);
        const latest = await payments.latestAttempt(order.id);
        if (latest && continues(latest, provider.name, order)) return { ok: true, value: { order, attempt: latest } };
        const charge = await chargeFor(tx, provider, order);
        if (!charge) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
        const attemptNumber = (latest?.attemptNumber ?? 0) + 1;
        const attempt = await payments.insertAttempt({
          orderId: order.id,
          provider: provider.name,
          attemptNumber,
          idempotencyKey: `order-${order.id}-attempt-${attemptNumber}`,
          ...charge,
          orderTotalCents: order.totalCents,
          orderCurrency: order.currency,
        });
        return { ok: true, value: { order, attempt } };
      });
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
            returnUrl: `${deps.siteUrl}${paymentResultHref(order.displayId, kind)}`,
            cancelUrl: `${deps.siteUrl}${checkoutHref(order.displayId, kind)}`,
            openedAt: attempt.createdAt,
          });
          attempt = await createPaymentsRepository(db).recordCreated(attempt.id, created);
        } catch (error) {
          deps.log.error({ err: error, orderId: order.id, provider: provider.name }, 'could not create a payment');
          return formFailure(502, P.providerUnavailable);
        }
      }
      return { ok: true, value: toPayment(attempt, order.status) };
    },

    /** The providers this order can be paid with, and what each would charge (converted when it must). */
    async options(
      customerId: number,
      ref: OrderRef,
      kind: PaidOrderKind = 'service',
    ): Promise<FormResult<PaymentOption[]>> {
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
      kind: PaidOrderKind = 'service',
    ): Promise<FormResult<Payment>> {
      const provider = providers.get(input.provider);
      // The confirm body names only providers that have an on-page or return-time confirmation.
      if (!provider?.confirmPayment) return formFailure(400, P.providerNotOffered, { provider: P.providerNotOffered });
      const order = await deps.orders.findOwned(customerId, ref, kind);
      if (!order) return orderNotFound(kind);
      const attempt = await createPaymentsRepository(db).latestAttempt(order.id);
      if (!attempt || attempt.provider !== provider.name) return formFailure(409, P.noOpenPayment);
      if (attempt.status === 'succeeded') return { ok: true, value: toPayment(attempt, order.status) };
      if (attempt.status !== 'pending') return formFailure(409, P.noOpenPayment);
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
        if (!attempt.providerPaymentId && confirmed.providerPaymentId) {
          await createPaymentsRepository(tx).recordProviderPayment(attempt.id, confirmed.providerPaymentId);
        }
        await settleLocked(tx, attempt.id, order.id, confirmed.payment);
        const after = await deps.orders.lockOrder(tx, order.id);
        return {
          attempt: await createPaymentsRepository(tx).attempt(attempt.id),
          status: after?.status ?? order.status,
        };
      });
      return { ok: true, value: toPayment(settled.attempt, settled.status) };
    },

    /** The order's latest attempt as the success page shows it, or null before any. */
    async latest(
      customerId: number,
      ref: OrderRef,
      kind: PaidOrderKind = 'service',
    ): Promise<FormResult<Payment | null>> {
      const order = await deps.orders.findOwned(customerId, ref, kind);
      if (!order) return orderNotFound(kind);
      const attempt = await createPaymentsRepository(db).latestAttempt(order.id);
      return { ok: true, value: attempt ? toPayment(attempt, order.status) : null };
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
      const event = await provider.verifyWebhook(rawBody, headers);
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

    /** The order's money for staff: every attempt and every refund, oldest first (no ownership check). */
    async ledger(orderId: number, on: Database = db): Promise<PaymentLedger> {
      const repository = createPaymentsRepository(on);
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

    /** Whether checkout offers this provider. */
    offers(name: string): name is PaymentProviderName {
      return providers.has(name as PaymentProviderName);
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
