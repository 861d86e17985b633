import { createHmac, randomBytes } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';

/**
 * A stateful fake of the parts of Razorpay's HTTP API the provider calls (orders, their payments,
 * payments, capture, refunds), for the real `razorpay` SDK under MSW (decision 0061). Payments are
 * made by the test (`pay`), as a customer would in Checkout; signatures are made Razorpay's way.
 */
export const RAZORPAY_TEST_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_fakekey000001',
  RAZORPAY_KEY_SECRET: 'fake_key_secret_for_tests',
  RAZORPAY_WEBHOOK_SECRET: 'fake_webhook_secret_for_tests',
} as const;

const API = 'https://api.razorpay.com/v1';

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
  captured: boolean;
  amount_refunded: number;
  created_at: number;
}

interface FakeRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  status: 'processed';
  created_at: number;
}

/** What a call to the fake carried, for tests to assert (body parsed; Basic auth's user). */
export interface FakeCall {
  method: string;
  path: string;
  keyId: string | null;
  body: Record<string, unknown> | null;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const notFound = (what: string) =>
  HttpResponse.json(
    { error: { code: 'BAD_REQUEST_ERROR', description: `The id provided does not exist (${what})` } },
    { status: 400 },
  );

export function createRazorpayFake(keys = RAZORPAY_TEST_KEYS) {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const calls: FakeCall[] = [];
  /** Set to make the next calls fail as an outage would. */
  let down = false;

  async function record(request: Request): Promise<Record<string, unknown> | null> {
    const auth = request.headers.get('authorization') ?? '';
    const user = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] : null;
    const body = request.method === 'POST' ? ((await request.clone().json()) as Record<string, unknown>) : null;
    calls.push({ method: request.method, path: new URL(request.url).pathname, keyId: user ?? null, body });
    return body;
  }

  const guard = () => (down ? HttpResponse.json({ error: { code: 'SERVER_ERROR' } }, { status: 500 }) : null);

  const handlers = [
    http.post(`${API}/orders`, async ({ request }) => {
      const body = await record(request);
      const outage = guard();
      if (outage) return outage;
      const amount = Number(body?.amount);
      const order: FakeOrder = {
        id: newId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: String(body?.currency),
        receipt: typeof body?.receipt === 'string' ? body.receipt : null,
        status: 'created',
        attempts: 0,
        notes: (body?.notes as Record<string, string>) ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return HttpResponse.json(order);
    }),
    http.get(`${API}/orders`, async ({ request }) => {
      await record(request);
      const outage = guard();
      if (outage) return outage;
      const receipt = new URL(request.url).searchParams.get('receipt');
      const items = [...orders.values()].filter((o) => receipt === null || o.receipt === receipt).reverse();
      return HttpResponse.json({ entity: 'collection', count: items.length, items });
    }),
    http.get(`${API}/orders/:id`, async ({ request, params }) => {
      await record(request);
      const order = orders.get(String(params.id));
      return guard() ?? (order ? HttpResponse.json(order) : notFound('order'));
    }),
    http.get(`${API}/orders/:id/payments`, async ({ request, params }) => {
      await record(request);
      const outage = guard();
      if (outage) return outage;
      if (!orders.has(String(params.id))) return notFound('order');
      const items = [...payments.values()].filter((p) => p.order_id === params.id);
      return HttpResponse.json({ entity: 'collection', count: items.length, items });
    }),
    http.get(`${API}/payments/:id`, async ({ request, params }) => {
      await record(request);
      const payment = payments.get(String(params.id));
      return guard() ?? (payment ? HttpResponse.json(payment) : notFound('payment'));
    }),
    http.post(`${API}/payments/:id/capture`, async ({ request, params }) => {
      const body = await record(request);
      const payment = payments.get(String(params.id));
      if (!payment) return notFound('payment');
      if (payment.status !== 'authorized' || Number(body?.amount) !== payment.amount) {
        return HttpResponse.json({ error: { code: 'BAD_REQUEST_ERROR' } }, { status: 400 });
      }
      payment.status = 'captured';
      payment.captured = true;
      markPaid(payment);
      return HttpResponse.json(payment);
    }),
    http.post(`${API}/payments/:id/refund`, async ({ request, params }) => {
      const body = await record(request);
      const payment = payments.get(String(params.id));
      if (!payment) return notFound('payment');
      const refund: FakeRefund = {
        id: newId('rfnd'),
        entity: 'refund',
        payment_id: payment.id,
        amount: Number(body?.amount ?? payment.amount),
        currency: payment.currency,
        notes: (body?.notes as Record<string, string>) ?? {},
        status: 'processed',
        created_at: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      payment.amount_refunded += refund.amount;
      if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
      return HttpResponse.json(refund);
    }),
    http.get(`${API}/payments/:id/refunds`, async ({ request, params }) => {
      await record(request);
      const items = [...refunds.values()].filter((r) => r.payment_id === params.id);
      return HttpResponse.json({ entity: 'collection', count: items.length, items });
    }),
  ];

  function markPaid(payment: FakePayment) {
    const order = orders.get(payment.order_id);
    if (!order) return;
    order.amount_paid += payment.amount;
    order.amount_due = Math.max(0, order.amount - order.amount_paid);
    order.status = order.amount_due === 0 ? 'paid' : 'attempted';
  }

  const sign = (message: string, secret: string) => createHmac('sha256', secret).update(message).digest('hex');

  return {
    handlers,
    calls,
    orders,
    payments,
    setDown(value: boolean) {
      down = value;
    },
    /** A customer's payment of the order in Checkout (its amount unless the test says otherwise). */
    pay(
      orderId: string,
      { status = 'captured', amount }: { status?: FakePayment['status']; amount?: number } = {},
    ): FakePayment {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake Razorpay order ${orderId}`);
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        order_id: orderId,
        amount: amount ?? order.amount,
        currency: order.currency,
        status,
        method: 'upi',
        captured: status === 'captured',
        amount_refunded: 0,
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (status === 'captured') markPaid(payment);
      else if (order.status === 'created') order.status = 'attempted';
      return payment;
    },
    /** What Checkout hands the page's `handler` after a payment: Razorpay signs order|payment with the key secret. */
    checkoutResponse(payment: FakePayment) {
      return {
        razorpayOrderId: payment.order_id,
        razorpayPaymentId: payment.id,
        razorpaySignature: sign(`${payment.order_id}|${payment.id}`, keys.RAZORPAY_KEY_SECRET),
      };
    },
    /** A webhook as Razorpay posts it: the body signed with the webhook secret, the event id in a header. */
    webhook(event: 'payment.captured' | 'payment.failed' | 'order.paid', payment: FakePayment, eventId = newId('evt')) {
      const order = orders.get(payment.order_id);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: payment },
          ...(event === 'order.paid' ? { order: { entity: order } } : {}),
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sign(body, keys.RAZORPAY_WEBHOOK_SECRET),
          'x-razorpay-event-id': eventId,
        },
      };
    },
  };
}
export type RazorpayFake = ReturnType<typeof createRazorpayFake>;

/** Starts MSW with the fake; requests elsewhere (app.inject, PGlite) pass untouched. */
export function listenRazorpayFake(fake: RazorpayFake): SetupServer {
  const server = setupServer(...fake.handlers);
  server.listen({ onUnhandledFrame: 'bypass' });
  return server;
}
