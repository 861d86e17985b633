import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { CURRENCIES, type Currency } from '../../../domain/catalog/money.ts';
import { paymentMethodOf, STRIPE_SESSION_ID_PARAM } from '../../../domain/payments/payment.ts';
import {
  PaymentConfirmationError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  RefundRefusedError,
  WebhookVerificationError,
} from './provider.ts';

/**
 * The Stripe provider (docs/decisions/0059): a Checkout Session per attempt, paid on Stripe's
 * hosted page; its `checkout.session.*` events verified with the endpoint's signing secret; the
 * session itself, retrieved, is the record the webhook job and the return page trust.
 */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * A session stays payable for an hour after its attempt opened (Stripe allows 30 minutes to 24
 * hours). Counted from the attempt, not from the call, so every create of one attempt (a double
 * click, a retry after a lost answer) sends the same parameters: Stripe answers a reused
 * idempotency key with its first session only when they match. The payments service gives up on
 * an attempt whose create never answered before the expiry gets too close (ATTEMPT_CREATE_WINDOW_MS).
 */
export const STRIPE_SESSION_LIFETIME_SECONDS = 60 * 60;

/** The events checkout acts on; each carries a Checkout Session. Others are stored and ignored. */
export const STRIPE_SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** Where Stripe puts the session's id in the success URL (its own template, sent unencoded). */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
}

/** The provider's settings from the environment; env.ts requires both when Stripe is offered. */
export function stripeSettings(env: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}): StripeOptions {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!secretKey || !webhookSecret)
    throw new Error('Stripe is offered without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return { secretKey, webhookSecret };
}

const isSessionEvent = (type: string): type is (typeof STRIPE_SESSION_EVENTS)[number] =>
  (STRIPE_SESSION_EVENTS as readonly string[]).includes(type);

function toCurrency(code: string | null): Currency {
  const upper = code?.toUpperCase();
  const currency = CURRENCIES.find((c) => c === upper);
  // Sessions are only created in USD or CAD: anything else is not one of ours.
  if (!currency) throw new Error(`Stripe answered an unexpected currency ${code}`);
  return currency;
}

/**
 * What a session says about its payment. A card is `paid` at completion; a delayed method
 * (a bank debit) completes `unpaid` and its payment intent then succeeds or asks for another
 * method (failed). An expired session was never paid.
 */
function paymentOf(session: Stripe.Checkout.Session): ProviderPayment {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  let status: ProviderPayment['status'] = 'pending';
  const charge = typeof intent?.latest_charge === 'object' ? intent.latest_charge : null;
  // A session stays `paid` after its payment is refunded: the charge says it went back in full.
  if (session.payment_status === 'paid') status = charge?.refunded ? 'refunded' : 'succeeded';
  else if (session.status === 'expired') status = 'expired';
  else if (
    session.status === 'complete' &&
    (intent?.status === 'requires_payment_method' || intent?.status === 'canceled')
  ) {
    status = 'failed';
  }
  const cardFingerprint = charge?.payment_method_details?.card?.fingerprint;
  const method = paymentMethodOf(charge?.payment_method_details?.type);
  return {
    status,
    amountCents: session.amount_total ?? 0,
    currency: toCurrency(session.currency),
    ...(cardFingerprint ? { cardFingerprint } : {}),
    ...(method ? { method } : {}),
  };
}

/** The success URL: the return page, with the session's id for it to confirm at once. */
export function stripeSuccessUrl(returnUrl: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${STRIPE_SESSION_ID_PARAM}=${SESSION_ID_TEMPLATE}`;
}

/** The id of a field Stripe answers as an id or, expanded, as the object. */
const idOf = (field: string | { id: string } | null | undefined) => (typeof field === 'string' ? field : field?.id);

export function createStripeProvider({ secretKey, webhookSecret }: StripeOptions) {
  // Two network retries (with the same idempotency key): a create whose answer was lost is retried
  // and answered with the session Stripe already made.
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });

  const retrieve = (sessionId: string) =>
    stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
  /** The session's payment intent (what a refund is of), or undefined before it was paid. */
  const paymentIntentOf = async (sessionId: string) => idOf((await retrieve(sessionId)).payment_intent);

  const provider: PaymentProvider = {
    name: 'stripe',
    chargeCurrencies: ['USD', 'CAD'],
    payableForMs: STRIPE_SESSION_LIFETIME_SECONDS * 1000,

    async createPayment({ order, amountCents, currency, attemptKey, returnUrl, cancelUrl, openedAt }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: amountCents,
                product_data: { name: `${order.title} (${order.displayId})` },
              },
            },
          ],
          customer_email: order.email,
          client_reference_id: attemptKey,
          metadata: { attemptKey, orderDisplayId: order.displayId },
          // On the payment too: Stripe's dashboard shows a payment's, and refunds start there.
          payment_intent_data: { metadata: { attemptKey, orderDisplayId: order.displayId } },
          success_url: stripeSuccessUrl(returnUrl),
          cancel_url: cancelUrl,
          expires_at: Math.floor(openedAt.getTime() / 1000) + STRIPE_SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: attemptKey },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no payment page`);
      return { providerPaymentId: session.id, redirectUrl: session.url, checkout: null };
    },

    async confirmPayment({ attempt, confirmation }) {
      if (confirmation.provider !== 'stripe') throw new PaymentConfirmationError('not a Stripe confirmation');
      // The customer's own session only: another attempt's (or order's) session confirms nothing here.
      if (!attempt.providerPaymentId || confirmation.sessionId !== attempt.providerPaymentId) {
        throw new PaymentConfirmationError('the session is not this attempt’s');
      }
      const session = await retrieve(confirmation.sessionId);
      if (session.client_reference_id !== attempt.attemptKey) {
        throw new PaymentConfirmationError('the session names another attempt');
      }
      return { providerPaymentId: session.id, payment: paymentOf(session) };
    },

    async verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      const signature = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof signature !== 'string') throw new WebhookVerificationError('no Stripe signature');
      let event: Stripe.Event;
      try {
        // Checks the HMAC over the exact bytes and the timestamp (5 minutes' tolerance).
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'invalid Stripe event');
      }
      if (!isSessionEvent(event.type)) {
        return { id: event.id, type: event.type, providerPaymentId: null, attemptKey: null, payload: event };
      }
      const session = event.data.object as Stripe.Checkout.Session;
      return {
        id: event.id,
        type: event.type,
        providerPaymentId: session.id,
        attemptKey: session.client_reference_id ?? session.metadata?.attemptKey ?? null,
        payload: event,
      };
    },

    async fetchPayment(providerPaymentId) {
      return paymentOf(await retrieve(providerPaymentId));
    },

    /** Expires an open session (Stripe refuses to expire a completed or expired one: nothing to close). */
    async closePayment(providerPaymentId) {
      const session = await stripe.checkout.sessions.retrieve(providerPaymentId);
      if (session.status !== 'open') return;
      await stripe.checkout.sessions.expire(providerPaymentId);
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      const paymentIntent = await paymentIntentOf(providerPaymentId);
      if (!paymentIntent) throw new RefundRefusedError(`Stripe session ${providerPaymentId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async findRefund({ providerPaymentId, refundId }) {
      const paymentIntent = await paymentIntentOf(providerPaymentId);
      if (!paymentIntent) return null;
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.retrieve(refundId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
      if (idOf(refund.payment_intent) !== paymentIntent) return null;
      const status =
        refund.status === 'succeeded'
          ? 'succeeded'
          : refund.status === 'pending' || refund.status === 'requires_action'
            ? 'pending'
            : 'failed';
      return { amountCents: refund.amount, status };
    },
  };
  return provider;
}
