import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Razorpay from 'razorpay';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '../../../domain/catalog/money.ts';
import { paymentMethodOf } from '../../../domain/payments/payment.ts';
import {
  PaymentConfirmationError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  RefundRefusedError,
  WebhookVerificationError,
} from './provider.ts';

/**
 * Razorpay (docs/decisions/0061): an order per attempt, paid in Razorpay Checkout on our page
 * (UPI with a QR code on desktop, cards, netbanking, wallets), in INR only: an order in USD or
 * CAD is charged its total converted at the stored rate. The order's receipt is our attempt key.
 */
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
/** The events checkout acts on; any other verified event is stored and ignored. */
export const RAZORPAY_EVENTS = ['payment.captured', 'payment.failed', 'order.paid'] as const;

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** How long one API call may take (RAZORPAY_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The options from the environment, whose schema requires all three when Razorpay is listed. */
export function razorpayOptions(env: {
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
}): RazorpayOptions {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = env;
  if (!keyId || !keySecret || !webhookSecret) throw new Error('Razorpay is listed without its keys');
  return { keyId, keySecret, webhookSecret };
}

/** HMAC-SHA256 hex of `message`, compared in constant time with what was given. */
function signatureHolds(message: string, secret: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(message).digest('hex'), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const currency = z.string().transform((c, ctx) => {
  const upper = c.toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(upper)) return upper as Currency;
  ctx.addIssue({ code: 'custom', message: `currency ${c}` });
  return z.NEVER;
});

/** The fields of Razorpay's payment entity checkout reads. */
const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency,
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  /** card, upi, netbanking, wallet, emi… */
  method: z.string().nullish(),
  /** Unix seconds: the latest payment tells a failed try from one still going. */
  created_at: z.number().int().optional(),
});
type PaymentEntity = z.infer<typeof paymentEntity>;

const webhookSchema = z.object({
  event: z.string().min(1).max(100),
  payload: z.object({
    payment: z.object({ entity: paymentEntity.pick({ id: true, order_id: true }) }).optional(),
    order: z.object({ entity: z.object({ id: z.string(), receipt: z.string().nullish() }) }).optional(),
  }),
});

function asProviderPayment(payment: PaymentEntity): ProviderPayment {
  const status = { captured: 'succeeded', refunded: 'refunded', failed: 'failed' } as const;
  const method = paymentMethodOf(payment.method);
  return {
    status: status[payment.status as keyof typeof status] ?? 'pending',
    amountCents: payment.amount,
    currency: payment.currency,
    ...(method ? { method } : {}),
  };
}

/** How long one call to Razorpay's API may take. */
export const RAZORPAY_TIMEOUT_MS = 30_000;

export function createRazorpayProvider({
  keyId,
  keySecret,
  webhookSecret,
  timeoutMs = RAZORPAY_TIMEOUT_MS,
}: RazorpayOptions): PaymentProvider {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK's HTTP client waits for ever by default: a refund call must end well within its claim
  // (REFUND_CALL_LEASE_MS), and a customer's payment page must not hang (decision 0170).
  // The axios instance is not in the SDK's types (razorpay 2.9: dist/api.js's `rq`).
  (client.api as unknown as { rq: { defaults: { timeout: number } } }).rq.defaults.timeout = timeoutMs;
  const checkout = (orderId: string) =>
    ({ kind: 'razorpay', keyId, orderId, scriptUrl: RAZORPAY_CHECKOUT_SCRIPT }) as const;

  /**
   * An order and its captured payment, or null: one still captured before one refunded (a second
   * payment Razorpay refunded by itself must not hide the one that pays the order, decision 0170),
   * and one of the order's full amount first.
   */
  async function orderState(orderId: string) {
    const [order, payments] = await Promise.all([client.orders.fetch(orderId), client.orders.fetchPayments(orderId)]);
    const items = z.array(paymentEntity).parse(payments.items);
    const rank = (p: PaymentEntity) => (p.status === 'captured' ? 0 : 2) + (p.amount === Number(order.amount) ? 0 : 1);
    const all = items.filter((p) => p.status === 'captured' || p.status === 'refunded');
    const captured = all.toSorted((a, b) => rank(a) - rank(b))[0] ?? null;
    const latest = items.reduce<PaymentEntity | null>(
      (last, p) => (last === null || (p.created_at ?? 0) >= (last.created_at ?? 0) ? p : last),
      null,
    );
    return { order, captured, latest };
  }

  return {
    name: 'razorpay',
    chargeCurrencies: ['INR'],
    // The order reads `failed` after a failed try, but stays payable: Checkout offers another try.
    payableAfterFailure: true,
    // checkout.js, and the risk-detection script it loads from the CDN; Checkout's frames come from
    // api.razorpay.com; it reports to lumberjack (Razorpay's own CSP list for Magento, decision 0061).
    browserHosts: {
      script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
      connect: [
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
        'https://lumberjack-metrics.razorpay.com',
      ],
      frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    },

    async createPayment({ order, amountCents, currency: charged, attemptKey }) {
      if (charged !== 'INR') throw new Error(`Razorpay charges INR, not ${charged}`);
      // Razorpay's API takes no idempotency key: an order already made for this attempt (a create
      // whose answer was lost) is found by its receipt, our attempt key, and answered again.
      const existing = await client.orders.all({ receipt: attemptKey, count: 10 });
      const found = existing.items.find((o) => o.receipt === attemptKey && Number(o.amount) === amountCents);
      const made =
        found ??
        (await client.orders.create({
          amount: amountCents,
          currency: 'INR',
          receipt: attemptKey,
          notes: { order: order.displayId, attempt_key: attemptKey },
        }));
      return { providerPaymentId: made.id, redirectUrl: null, checkout: checkout(made.id) };
    },

    async confirmPayment({ attempt, confirmation }) {
      if (confirmation.provider !== 'razorpay') throw new PaymentConfirmationError('not Razorpay evidence');
      const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = confirmation;
      if (!attempt.providerPaymentId || razorpayOrderId !== attempt.providerPaymentId) {
        throw new PaymentConfirmationError("not this attempt's Razorpay order");
      }
      if (!signatureHolds(`${razorpayOrderId}|${razorpayPaymentId}`, keySecret, razorpaySignature)) {
        throw new PaymentConfirmationError('payment signature mismatch');
      }
      let payment = paymentEntity.parse(await client.payments.fetch(razorpayPaymentId));
      if (payment.order_id !== razorpayOrderId) throw new PaymentConfirmationError('payment of another order');
      // Accounts capture automatically by default; one that does not gets its payment captured
      // here, and only for exactly the attempt's charge: a wrong amount is never captured (an
      // uncaptured payment goes back to the customer by itself).
      if (
        payment.status === 'authorized' &&
        payment.amount === attempt.amountCents &&
        payment.currency === attempt.currency
      ) {
        payment = paymentEntity.parse(await client.payments.capture(payment.id, payment.amount, payment.currency));
      }
      return { providerPaymentId: razorpayOrderId, payment: asProviderPayment(payment) };
    },

    async verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      if (!signatureHolds(rawBody, webhookSecret, headers[RAZORPAY_SIGNATURE_HEADER])) {
        throw new WebhookVerificationError('signature mismatch');
      }
      const header = headers[RAZORPAY_EVENT_ID_HEADER];
      if (typeof header !== 'string' || header.length === 0 || header.length > 200) {
        throw new WebhookVerificationError('no event id');
      }
      // The signature covers the body, not the event id header: the event is known by its signed
      // body, so a captured body sent again under a new id is still the event stored once.
      // Razorpay's own retries send the same body.
      const id = `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new WebhookVerificationError('not a Razorpay event');
      const { event, payload } = parsed.data;
      const ours = (RAZORPAY_EVENTS as readonly string[]).includes(event);
      // The attempt is the Razorpay order: payment events name it, order events are it.
      const orderId = payload.order?.entity.id ?? payload.payment?.entity.order_id ?? null;
      return {
        id,
        type: event,
        providerPaymentId: ours ? orderId : null,
        attemptKey: ours ? (payload.order?.entity.receipt ?? null) : null,
        payload: json,
      };
    },

    /**
     * The order's state: paid once a payment of it is captured; failed when its latest payment
     * failed (the result page offers a new attempt, but a retry in the same Checkout window can
     * still capture on this order: `payableAfterFailure`); pending while nothing was tried.
     */
    async fetchPayment(orderId) {
      const { order, captured, latest } = await orderState(orderId);
      if (captured) return asProviderPayment(captured);
      const status = latest?.status === 'failed' ? 'failed' : 'pending';
      return { status, amountCents: Number(order.amount), currency: currency.parse(order.currency) };
    },

    /**
     * Refunds the order's captured payment. Refunds take no idempotency key either: one already
     * made with this key (in its notes) is answered again.
     */
    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      const { captured } = await orderState(providerPaymentId);
      if (!captured) throw new RefundRefusedError(`Razorpay order ${providerPaymentId} has no captured payment`);
      const refunds = await client.payments.fetchMultipleRefund(captured.id, { count: 100 });
      const earlier = refunds.items.find((r) => r.notes && Object(r.notes).idempotency_key === idempotencyKey);
      if (earlier) return { refundId: earlier.id };
      const refund = await client.payments.refund(captured.id, {
        amount: amountCents,
        notes: { idempotency_key: idempotencyKey },
      });
      return { refundId: refund.id };
    },

    async findRefund({ providerPaymentId, refundId }) {
      const { captured } = await orderState(providerPaymentId);
      if (!captured) return null;
      const refunds = await client.payments.fetchMultipleRefund(captured.id, { count: 100 });
      const refund = refunds.items.find((r) => r.id === refundId);
      if (!refund) return null;
      const status = refund.status === 'processed' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
      return { amountCents: Number(refund.amount), status };
    },
  };
}
