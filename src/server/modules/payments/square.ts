import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '../../../domain/catalog/money.ts';
import { paymentMethodOf } from '../../../domain/payments/payment.ts';
import {
  type ConfirmedPayment,
  PaymentConfirmationError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  WebhookVerificationError,
} from './provider.ts';
import {
  loadSquareSdk,
  type SquareErrorInstance,
  type SquarePayment,
  type SquareRefund,
  type SquareSdk,
} from './square-sdk.ts';

/**
 * Square (docs/decisions/0060): the card is taken on our page by Square's Web Payments SDK, which
 * hands the browser a single-use token; `confirmPayment` charges it with CreatePayment, keyed by the
 * attempt, for the attempt's amount (never one from the browser). Events `payment.created` and
 * `payment.updated` reach the inbox signed with HMAC-SHA256 over the notification URL and the body.
 */
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';
export const SQUARE_WEBHOOK_PATH = '/api/v1/payments/webhooks/square';
export const SQUARE_EVENT_TYPES = ['payment.created', 'payment.updated'] as const;
export const SQUARE_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type SquareEnvironmentName = (typeof SQUARE_ENVIRONMENTS)[number];

/**
 * What the Web Payments SDK loads, calls and frames, per environment: Square's CSP page
 * (developer.squareup.com/docs/web-payments/content-security-policy) lists the CDN for all three and
 * PCI Connect plus its error reporting for calls; the card issuer's 3-D Secure check comes through
 * Cardinal Commerce (reported missing from that page on Square's forum, thread 11628).
 */
const WEB_SDK = {
  sandbox: {
    script: 'https://sandbox.web.squarecdn.com/v1/square.js',
    hosts: {
      script: ['https://sandbox.web.squarecdn.com'],
      connect: [
        'https://sandbox.web.squarecdn.com',
        'https://pci-connect.squareupsandbox.com',
        'https://connect.squareupsandbox.com',
        'https://o160250.ingest.sentry.io',
        'https://*.cardinalcommerce.com',
      ],
      frame: [
        'https://sandbox.web.squarecdn.com',
        'https://connect.squareupsandbox.com',
        'https://*.cardinalcommerce.com',
      ],
    },
  },
  production: {
    script: 'https://web.squarecdn.com/v1/square.js',
    hosts: {
      script: ['https://web.squarecdn.com'],
      connect: [
        'https://web.squarecdn.com',
        'https://pci-connect.squareup.com',
        'https://connect.squareup.com',
        'https://o160250.ingest.sentry.io',
        'https://*.cardinalcommerce.com',
      ],
      frame: ['https://web.squarecdn.com', 'https://connect.squareup.com', 'https://*.cardinalcommerce.com'],
    },
  },
} as const;

export interface SquareOptions {
  accessToken: string;
  applicationId: string;
  locationId: string;
  webhookSignatureKey: string;
  environment: SquareEnvironmentName;
  /** SITE_URL: the notification URL Square signs is this + SQUARE_WEBHOOK_PATH. */
  siteUrl: string;
}

/** Square's settings as the environment has them (env.ts requires them when Square is offered). */
export interface SquareEnv {
  SQUARE_ACCESS_TOKEN?: string | undefined;
  SQUARE_APPLICATION_ID?: string | undefined;
  SQUARE_LOCATION_ID?: string | undefined;
  SQUARE_WEBHOOK_SIGNATURE_KEY?: string | undefined;
  SQUARE_ENVIRONMENT: SquareEnvironmentName;
  siteUrl: string;
}

export function squareOptionsFrom(env: SquareEnv): SquareOptions {
  const { SQUARE_ACCESS_TOKEN, SQUARE_APPLICATION_ID, SQUARE_LOCATION_ID, SQUARE_WEBHOOK_SIGNATURE_KEY } = env;
  if (!SQUARE_ACCESS_TOKEN || !SQUARE_APPLICATION_ID || !SQUARE_LOCATION_ID || !SQUARE_WEBHOOK_SIGNATURE_KEY) {
    throw new Error('Square is offered without its SQUARE_* settings');
  }
  return {
    accessToken: SQUARE_ACCESS_TOKEN,
    applicationId: SQUARE_APPLICATION_ID,
    locationId: SQUARE_LOCATION_ID,
    webhookSignatureKey: SQUARE_WEBHOOK_SIGNATURE_KEY,
    environment: env.SQUARE_ENVIRONMENT,
    siteUrl: env.siteUrl,
  };
}

/** The fields of Square's event the inbox reads (raw JSON, snake_case as Square posts it). */
const squareEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z
    .object({
      object: z
        .object({
          payment: z.object({ id: z.string().min(1).max(200), reference_id: z.string().max(200).nullish() }).optional(),
        })
        .nullish(),
    })
    .nullish(),
});

const isCurrency = (value: string | undefined): value is Currency => CURRENCIES.includes(value as Currency);

/** Square's payment as the webhook job and confirm trust it. */
function toProviderPayment(payment: SquarePayment): ProviderPayment {
  const amountCents = Number(payment.amountMoney?.amount ?? 0);
  const currency = payment.amountMoney?.currency;
  // Never the case for a payment we created (USD or CAD): loud, for staff to look at.
  if (!isCurrency(currency)) throw new Error(`Square payment ${payment.id} is in ${currency}, which we do not charge`);
  const refunded = Number(payment.refundedMoney?.amount ?? 0);
  if (payment.status === 'COMPLETED') {
    const cardFingerprint = payment.cardDetails?.card?.fingerprint;
    const method = paymentMethodOf(payment.sourceType);
    return {
      status: refunded > 0 && refunded >= amountCents ? 'refunded' : 'succeeded',
      amountCents,
      currency,
      ...(cardFingerprint ? { cardFingerprint } : {}),
      ...(method ? { method } : {}),
    };
  }
  if (payment.status === 'FAILED' || payment.status === 'CANCELED') return { status: 'failed', amountCents, currency };
  return { status: 'pending', amountCents, currency };
}

/** The payment Square answers beside the errors of a declined CreatePayment (status FAILED). */
function declinedPayment(sdk: SquareSdk, error: SquareErrorInstance): SquarePayment | null {
  const raw = (error.body as { payment?: unknown } | undefined)?.payment;
  if (!raw) return null;
  const parsed = sdk.serialization.Payment.parse(raw, { unrecognizedObjectKeys: 'passthrough', skipValidation: true });
  return parsed.ok && parsed.value.id ? parsed.value : null;
}

/** How long one Square API call may take. */
export const SQUARE_TIMEOUT_SECONDS = 20;

export async function createSquareProvider(options: SquareOptions): Promise<PaymentProvider> {
  const sdk = await loadSquareSdk();
  const client = new sdk.SquareClient({
    token: options.accessToken,
    environment:
      options.environment === 'production' ? sdk.SquareEnvironment.Production : sdk.SquareEnvironment.Sandbox,
    // As Stripe's (stripe.ts): 20 s a try, two retries under the same idempotency key, so a
    // customer's charge is answered within the browser's wait for payments (PROVIDER_ANSWER_WAIT_MS,
    // 90 s); the SDK's own default is 60 s a try.
    timeoutInSeconds: SQUARE_TIMEOUT_SECONDS,
    maxRetries: 2,
  });
  const webSdk = WEB_SDK[options.environment];
  const notificationUrl = `${options.siteUrl}${SQUARE_WEBHOOK_PATH}`;

  async function fetchPayment(providerPaymentId: string): Promise<SquarePayment> {
    const { payment } = await client.payments.get({ paymentId: providerPaymentId });
    if (!payment) throw new Error(`Square answered no payment ${providerPaymentId}`);
    return payment;
  }

  return {
    name: 'square',
    // One Square location charges its own country's currency: a US location USD, a Canadian one CAD.
    chargeCurrencies: ['USD', 'CAD'],
    browserHosts: webSdk.hosts,

    // Nothing exists at Square until the customer's card is charged (confirmPayment).
    async createPayment() {
      return {
        providerPaymentId: null,
        redirectUrl: null,
        checkout: {
          kind: 'square',
          applicationId: options.applicationId,
          locationId: options.locationId,
          scriptUrl: webSdk.script,
        },
      };
    },

    async confirmPayment({ attempt, order, confirmation }): Promise<ConfirmedPayment> {
      if (confirmation.provider !== 'square') throw new PaymentConfirmationError('not a Square card token');
      // Charged before (an early event recorded it, or a repeated confirm): Square's record answers,
      // no second charge (the same key with another token would be refused anyway).
      if (attempt.providerPaymentId) {
        const payment = await fetchPayment(attempt.providerPaymentId);
        return { providerPaymentId: attempt.providerPaymentId, payment: toProviderPayment(payment) };
      }
      let payment: SquarePayment | undefined;
      try {
        ({ payment } = await client.payments.create({
          sourceId: confirmation.sourceId,
          ...(confirmation.verificationToken ? { verificationToken: confirmation.verificationToken } : {}),
          idempotencyKey: attempt.attemptKey,
          amountMoney: { amount: BigInt(attempt.amountCents), currency: attempt.currency },
          autocomplete: true,
          locationId: options.locationId,
          // Echoed in every event: finds the attempt when the event is quicker than this answer.
          referenceId: attempt.attemptKey,
          buyerEmailAddress: order.email,
          note: `${order.displayId} ${order.title}`.slice(0, 500),
        }));
      } catch (error) {
        if (!(error instanceof sdk.SquareError) || error.statusCode === undefined || error.statusCode >= 500)
          throw error;
        // A declined card: Square answers the FAILED payment beside the errors. The attempt fails;
        // the customer tries again with a new attempt (a new key), not this one.
        const declined = declinedPayment(sdk, error);
        if (declined?.id) return { providerPaymentId: declined.id, payment: toProviderPayment(declined) };
        if (error.errors.some((e) => e.category === 'PAYMENT_METHOD_ERROR')) {
          return {
            providerPaymentId: null,
            payment: { status: 'failed', amountCents: attempt.amountCents, currency: attempt.currency },
          };
        }
        if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 429) throw error;
        // A spent or invalid token, or this key already used with another token (its payment's
        // events will tell): the evidence does not hold.
        throw new PaymentConfirmationError(error.errors.map((e) => e.code).join(', ') || `status ${error.statusCode}`);
      }
      if (!payment?.id) throw new Error('Square answered CreatePayment without a payment');
      return { providerPaymentId: payment.id, payment: toProviderPayment(payment) };
    },

    async verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      const signatureHeader = headers[SQUARE_SIGNATURE_HEADER];
      if (typeof signatureHeader !== 'string' || signatureHeader === '') {
        throw new WebhookVerificationError('no Square signature');
      }
      // Awaited: the check is async, and an un-awaited promise is truthy, which would let anything in.
      const valid = await sdk.WebhooksHelper.verifySignature({
        requestBody: rawBody,
        signatureHeader,
        signatureKey: options.webhookSignatureKey,
        notificationUrl,
      });
      if (!valid) throw new WebhookVerificationError('signature mismatch');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const event = squareEventSchema.safeParse(json);
      if (!event.success) throw new WebhookVerificationError('not a Square event');
      const { event_id, type, data } = event.data;
      const payment = (SQUARE_EVENT_TYPES as readonly string[]).includes(type) ? data?.object?.payment : undefined;
      return {
        id: event_id,
        type,
        providerPaymentId: payment?.id ?? null,
        attemptKey: payment?.reference_id ?? null,
        payload: json,
      };
    },

    async fetchPayment(providerPaymentId) {
      return toProviderPayment(await fetchPayment(providerPaymentId));
    },

    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      // RefundPayment needs the currency, which is the payment's own.
      const payment = await fetchPayment(providerPaymentId);
      const { refund } = await client.refunds.refundPayment({
        idempotencyKey,
        paymentId: providerPaymentId,
        amountMoney: { amount: BigInt(amountCents), currency: payment.amountMoney?.currency ?? 'USD' },
      });
      if (!refund?.id) throw new Error(`Square answered no refund for ${providerPaymentId}`);
      return { refundId: refund.id };
    },

    async findRefund({ providerPaymentId, refundId }) {
      let refund: SquareRefund | undefined;
      try {
        ({ refund } = await client.refunds.get({ refundId }));
      } catch (error) {
        if (error instanceof sdk.SquareError && error.statusCode === 404) return null;
        throw error;
      }
      if (!refund || refund.paymentId !== providerPaymentId) return null;
      const status = refund.status === 'COMPLETED' ? 'succeeded' : refund.status === 'PENDING' ? 'pending' : 'failed';
      return { amountCents: Number(refund.amountMoney?.amount ?? 0), status };
    },
  };
}
