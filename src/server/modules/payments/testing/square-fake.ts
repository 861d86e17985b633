import { createHmac, randomUUID } from 'node:crypto';
import { HttpResponse, http } from 'msw';

/**
 * A stand-in for Square's Payments and Refunds API (the calls the `square` SDK makes), for msw's
 * node server: it keeps payments and refunds, honours idempotency keys as Square does (the same
 * key and request answer the first response again; the same key with another request is refused),
 * declines the sandbox's declined-card token, and builds webhook events signed Square's way.
 */

/** Square's sandbox test tokens (developer.squareup.com/docs/devtools/sandbox/payments). */
export const SQUARE_TEST_TOKENS = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  /** A token spent before: Square refuses it without creating a payment. */
  used: 'cnon:card-nonce-already-used',
  /** A CVV mismatch: the fake refuses it without a payment object (the other shape of a decline). */
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
} as const;

export interface RawMoney {
  amount: number;
  currency: string;
}

/** A payment as Square's JSON has it (snake_case). */
export interface RawPayment {
  id: string;
  status: 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  amount_money: RawMoney;
  total_money: RawMoney;
  refunded_money?: RawMoney;
  refund_ids?: string[];
  location_id: string;
  reference_id?: string;
  source_type: 'CARD';
  created_at: string;
  updated_at: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization: string | null;
}

interface Stored {
  request: string;
  status: number;
  body: object;
}

const error = (status: number, category: string, code: string, extra: object = {}) =>
  HttpResponse.json({ errors: [{ category, code, detail: code }], ...extra }, { status });

export function createSquareFake({
  base = 'https://connect.squareupsandbox.com',
  accessToken,
}: {
  base?: string;
  /** When given, calls without `Bearer {accessToken}` get Square's 401. */
  accessToken?: string;
} = {}) {
  const payments = new Map<string, RawPayment>();
  const createdByKey = new Map<string, Stored>();
  const refundsByKey = new Map<string, Stored>();
  const requests: RecordedRequest[] = [];
  /** Awaited before CreatePayment answers, once the payment exists (a test lets an event overtake the answer). */
  let holdCreate: Promise<void> | null = null;

  async function record(request: Request, path: string): Promise<RecordedRequest> {
    const text = request.method === 'GET' ? '' : await request.text();
    const entry = {
      method: request.method,
      path,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      authorization: request.headers.get('authorization'),
    };
    requests.push(entry);
    return entry;
  }
  const unauthorized = (entry: RecordedRequest) =>
    accessToken !== undefined && entry.authorization !== `Bearer ${accessToken}`;

  /** A payment on Square's side, as if charged (tests use it for payments our confirm did not make). */
  function put(fields: Partial<RawPayment> & Pick<RawPayment, 'amount_money'>): RawPayment {
    const now = new Date().toISOString();
    const payment: RawPayment = {
      id: `sq_pay_${randomUUID().replaceAll('-', '')}`,
      status: 'COMPLETED',
      total_money: fields.amount_money,
      location_id: 'LFAKE',
      source_type: 'CARD',
      created_at: now,
      updated_at: now,
      ...fields,
    };
    payments.set(payment.id, payment);
    return payment;
  }

  const handlers = [
    http.post(`${base}/v2/payments`, async ({ request }) => {
      const entry = await record(request, '/v2/payments');
      if (unauthorized(entry)) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED');
      const body = entry.body ?? {};
      const key = String(body.idempotency_key ?? '');
      const { idempotency_key: _key, ...rest } = body;
      const signature = JSON.stringify(rest);
      const stored = createdByKey.get(key);
      if (stored) {
        if (stored.request !== signature) return error(400, 'INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED');
        return HttpResponse.json(stored.body, { status: stored.status });
      }
      if (body.source_id === SQUARE_TEST_TOKENS.used) return error(400, 'INVALID_REQUEST_ERROR', 'CARD_TOKEN_USED');
      if (body.source_id === SQUARE_TEST_TOKENS.rejectedCvv) return error(400, 'PAYMENT_METHOD_ERROR', 'CVV_FAILURE');
      const declined = body.source_id === SQUARE_TEST_TOKENS.declined;
      const payment = put({
        status: declined ? 'FAILED' : 'COMPLETED',
        amount_money: body.amount_money as RawMoney,
        location_id: String(body.location_id ?? 'LFAKE'),
        ...(typeof body.reference_id === 'string' ? { reference_id: body.reference_id } : {}),
      });
      const answer: Stored = declined
        ? {
            request: signature,
            status: 400,
            body: {
              errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: 'GENERIC_DECLINE' }],
              payment,
            },
          }
        : { request: signature, status: 200, body: { payment } };
      createdByKey.set(key, answer);
      // The payment exists at Square from here; its answer may be slower than its event.
      if (holdCreate) await holdCreate;
      return HttpResponse.json(answer.body, { status: answer.status });
    }),

    http.get(`${base}/v2/payments/:id`, async ({ request, params }) => {
      const entry = await record(request, `/v2/payments/${String(params.id)}`);
      if (unauthorized(entry)) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED');
      const payment = payments.get(String(params.id));
      return payment ? HttpResponse.json({ payment }) : error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND');
    }),

    http.get(`${base}/v2/refunds/:id`, async ({ request, params }) => {
      const entry = await record(request, `/v2/refunds/${String(params.id)}`);
      if (unauthorized(entry)) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED');
      const found = [...refundsByKey.values()].find(
        (stored) => (stored.body as { refund?: { id?: string } }).refund?.id === String(params.id),
      );
      return found ? HttpResponse.json(found.body) : error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND');
    }),

    http.post(`${base}/v2/refunds`, async ({ request }) => {
      const entry = await record(request, '/v2/refunds');
      if (unauthorized(entry)) return error(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED');
      const body = entry.body ?? {};
      const key = String(body.idempotency_key ?? '');
      const stored = refundsByKey.get(key);
      if (stored) return HttpResponse.json(stored.body, { status: stored.status });
      const payment = payments.get(String(body.payment_id));
      if (payment?.status !== 'COMPLETED') return error(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND');
      const money = body.amount_money as RawMoney;
      const refund = {
        id: `sq_ref_${randomUUID().replaceAll('-', '')}`,
        status: 'PENDING',
        amount_money: money,
        payment_id: payment.id,
        location_id: payment.location_id,
      };
      payment.refunded_money = {
        amount: (payment.refunded_money?.amount ?? 0) + money.amount,
        currency: payment.amount_money.currency,
      };
      payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
      refundsByKey.set(key, { request: '', status: 200, body: { refund } });
      return HttpResponse.json({ refund });
    }),
  ];

  return {
    handlers,
    payments,
    requests,
    put,
    /** Holds CreatePayment's answers until the returned function is called. */
    holdCreatePayments(): () => void {
      let release = () => {};
      holdCreate = new Promise<void>((resolve) => {
        release = () => {
          holdCreate = null;
          resolve();
        };
      });
      return release;
    },
  };
}
export type SquareFake = ReturnType<typeof createSquareFake>;

/** Square's signature: base64 HMAC-SHA256, keyed by the subscription's key, of the notification URL and the body. */
export function squareSignature(signatureKey: string, notificationUrl: string, body: string): string {
  return createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');
}

/** A `payment.*` event as Square posts it, signed for the notification URL. */
export function squareEvent(
  payment: RawPayment,
  {
    signatureKey,
    notificationUrl,
    type = 'payment.updated',
    eventId = randomUUID(),
  }: {
    signatureKey: string;
    notificationUrl: string;
    type?: string;
    eventId?: string;
  },
) {
  const body = JSON.stringify({
    merchant_id: 'MFAKE',
    type,
    event_id: eventId,
    created_at: new Date().toISOString(),
    data: { type: 'payment', id: payment.id, object: { payment } },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-square-hmacsha256-signature': squareSignature(signatureKey, notificationUrl, body),
    },
  };
}
