import { randomBytes } from 'node:crypto';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import Stripe from 'stripe';
import { STRIPE_SIGNATURE_HEADER } from '../stripe.ts';

/**
 * A local stand-in for the part of Stripe's HTTP API the provider calls (Checkout Sessions,
 * refunds), for msw's `setupServer`: the real SDK runs against it offline. Stateful as Stripe is:
 * sessions keep their state between create and retrieve, an idempotency key answers its first
 * response again (and is refused with other parameters), and the tests move a session on (paid,
 * expired, failed) and sign its events the way Stripe does.
 */
const API = 'https://api.stripe.com/v1';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_sevadocs';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_sevadocs';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string | null;
  /** The line item as sent (the API keeps them apart; tests read them here). */
  line_item: { name: string; unit_amount: number; quantity: number };
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  /** The charge of a succeeded intent (refunds are counted on it). */
  latest_charge: string | null;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  /** True once the whole amount went back, as Stripe's charge says. */
  refunded: boolean;
  /** The card, when the customer paid with one: Stripe's fingerprint names it across customers. */
  payment_method_details: { type: 'card'; card: { fingerprint: string } } | null;
}

/** One request the fake received, for the tests to assert on. */
export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const stripeError = (status: number, type: string, message: string) =>
  HttpResponse.json({ error: { type, message } }, { status });

export function createStripeFake({ webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET } = {}) {
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds: { id: string; object?: string; payment_intent: string; amount: number; status?: string }[] = [];
  const idempotent = new Map<string, { form: string; body: JsonBodyType }>();
  const requests: StripeRequest[] = [];

  /** Stripe's idempotency: the first answer again for the same parameters, a 400 for others. */
  async function once(request: Request, path: string, create: (form: URLSearchParams) => JsonBodyType) {
    if (request.headers.get('authorization') !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const text = await request.text();
    const form = new URLSearchParams(text);
    const key = request.headers.get('idempotency-key');
    requests.push({ method: 'POST', path, idempotencyKey: key, form });
    const seen = key ? idempotent.get(`${path} ${key}`) : undefined;
    if (seen) {
      if (seen.form !== text) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters',
        );
      }
      return HttpResponse.json(seen.body, { headers: { 'idempotent-replayed': 'true' } });
    }
    const body = create(form);
    if (key) idempotent.set(`${path} ${key}`, { form: text, body });
    return HttpResponse.json(body);
  }

  /** The session as retrieved: its intent expanded when asked, and the intent's charge with it. */
  const withIntent = (session: FakeSession, expand: readonly string[]) => {
    const intent = session.payment_intent ? (intents.get(session.payment_intent) ?? null) : null;
    if (!expand.some((e) => e.startsWith('payment_intent')) || !intent) return session;
    const charge = intent.latest_charge ? (charges.get(intent.latest_charge) ?? null) : null;
    return {
      ...session,
      payment_intent: {
        ...intent,
        latest_charge: expand.includes('payment_intent.latest_charge') ? charge : intent.latest_charge,
      },
    };
  };

  function session(sessionId: string): FakeSession {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`the fake has no session ${sessionId}`);
    return found;
  }

  const handlers = [
    http.post(`${API}/checkout/sessions`, ({ request }) =>
      once(request, '/v1/checkout/sessions', (form) => {
        const created: FakeSession = {
          id: id('cs'),
          object: 'checkout.session',
          mode: 'payment',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          metadata: Object.fromEntries(
            [...form].flatMap(([k, v]) => {
              const m = /^metadata\[(.+)\]$/.exec(k);
              return m?.[1] ? [[m[1], v]] : [];
            }),
          ),
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          expires_at: Number(form.get('expires_at')),
          url: '',
          line_item: {
            name: form.get('line_items[0][price_data][product_data][name]') ?? '',
            unit_amount: Number(form.get('line_items[0][price_data][unit_amount]')),
            quantity: Number(form.get('line_items[0][quantity]')),
          },
        };
        created.url = `https://checkout.stripe.com/c/pay/${created.id}`;
        sessions.set(created.id, created);
        return created;
      }),
    ),
    http.get(`${API}/checkout/sessions/:id`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push({ method: 'GET', path: url.pathname, idempotencyKey: null, form: url.searchParams });
      const found = sessions.get(String(params.id));
      if (!found) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${params.id}'`);
      return HttpResponse.json(withIntent(found, url.searchParams.getAll('expand[0]')));
    }),
    http.post(`${API}/checkout/sessions/:id/expire`, async ({ request, params }) => {
      requests.push({
        method: 'POST',
        path: new URL(request.url).pathname,
        idempotencyKey: null,
        form: new URLSearchParams(),
      });
      const found = sessions.get(String(params.id));
      if (!found) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${params.id}'`);
      if (found.status !== 'open') {
        return stripeError(
          400,
          'invalid_request_error',
          'Only Checkout Sessions with a status of open can be expired.',
        );
      }
      found.status = 'expired';
      return HttpResponse.json(found);
    }),
    http.get(`${API}/refunds/:id`, ({ request, params }) => {
      const url = new URL(request.url);
      requests.push({ method: 'GET', path: url.pathname, idempotencyKey: null, form: url.searchParams });
      const found = refunds.find((r) => r.id === String(params.id));
      if (!found) return stripeError(404, 'invalid_request_error', `No such refund: '${params.id}'`);
      return HttpResponse.json(found);
    }),
    http.post(`${API}/refunds`, ({ request }) =>
      once(request, '/v1/refunds', (form) => {
        const refund = {
          id: id('re'),
          object: 'refund',
          payment_intent: form.get('payment_intent') ?? '',
          amount: Number(form.get('amount')),
          status: 'succeeded',
        };
        refunds.push(refund);
        const intent = intents.get(refund.payment_intent);
        const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
        if (charge) {
          charge.amount_refunded += refund.amount;
          charge.refunded = charge.amount_refunded >= charge.amount;
        }
        return refund;
      }),
    ),
  ];

  return {
    handlers,
    sessions,
    refunds,
    requests,
    /**
     * The customer paid on Stripe's page (a card: paid at once), in the session's amount unless
     * told, with a card of that fingerprint if given.
     */
    pay(sessionId: string, paid: { amountCents?: number; currency?: string; cardFingerprint?: string } = {}) {
      const s = session(sessionId);
      const intent: FakeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: paid.amountCents ?? s.amount_total,
        currency: paid.currency ?? s.currency,
        status: 'succeeded',
        latest_charge: id('ch'),
      };
      intents.set(intent.id, intent);
      if (intent.latest_charge) {
        charges.set(intent.latest_charge, {
          id: intent.latest_charge,
          object: 'charge',
          amount: intent.amount,
          amount_refunded: 0,
          refunded: false,
          payment_method_details: paid.cardFingerprint
            ? { type: 'card', card: { fingerprint: paid.cardFingerprint } }
            : null,
        });
      }
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: intent.id,
        amount_total: intent.amount,
        currency: intent.currency,
      });
    },
    /** A delayed method (a bank debit) completed the session, and then its payment failed. */
    failAsync(sessionId: string) {
      const s = session(sessionId);
      const intent: FakeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: s.amount_total,
        currency: s.currency,
        status: 'requires_payment_method',
        latest_charge: null,
      };
      intents.set(intent.id, intent);
      Object.assign(s, { status: 'complete', payment_status: 'unpaid', payment_intent: intent.id });
    },
    expire(sessionId: string) {
      session(sessionId).status = 'expired';
    },
    /** An event about the session as it is now, signed with the endpoint's secret as Stripe signs. */
    signedEvent(
      type: string,
      sessionId: string,
      { eventId = id('evt'), secret = webhookSecret, at = new Date() } = {},
    ) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        created: Math.floor(at.getTime() / 1000),
        data: { object: session(sessionId) },
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(at.getTime() / 1000),
      });
      return { body: payload, headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: header } };
    },
  };
}
export type StripeFake = ReturnType<typeof createStripeFake>;
