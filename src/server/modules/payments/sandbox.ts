import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { CURRENCIES } from '../../../domain/catalog/money.ts';
import type { PaymentMethod } from '../../../domain/payments/payment.ts';
import type { Database } from '../../db/client.ts';
import { type PaymentProvider, type ProviderEvent, RefundRefusedError, WebhookVerificationError } from './provider.ts';
import { createSandboxRepository } from './sandbox-repository.ts';

/**
 * The `sandbox` provider: a payment "provider" inside the app, for development, demos and the
 * end-to-end tests. Its hosted page (sandbox-routes.ts) lets the customer simulate the outcome;
 * the outcome is recorded on the sandbox's side and announced by a signed event posted to the
 * app's own webhook inbox, so the asynchronous path runs as with a real provider. Never offered
 * in a production deployment (env.ts).
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Like Stripe's default: an event signed longer ago than this is refused (a replay of an old capture). */
export const SANDBOX_SIGNATURE_TOLERANCE_SECONDS = 300;
/** Under the API prefix: the session plugin resolves sessions for /api/ routes and pages only. */
export const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';
export const SANDBOX_WEBHOOK_PATH = '/api/v1/payments/webhooks/sandbox';
/** Sends a settled payment's event (again): a held notice, or a repeat the inbox takes once. */
export const SANDBOX_NOTICE_PATH = '/api/v1/payments/sandbox/notice';

export type SandboxOutcome = 'succeeded' | 'failed';
/** The sandbox plays both ways the shop is paid: a card (Stripe, Square) or UPI (Razorpay). */
export const SANDBOX_METHODS = ['card', 'upi'] as const satisfies readonly PaymentMethod[];
export type SandboxMethod = Extract<PaymentMethod, (typeof SANDBOX_METHODS)[number]>;
/** What the customer typed on the sandbox's page: the way they paid and its test card number or UPI ID. */
export interface SandboxPayer {
  method?: SandboxMethod;
  card?: string | undefined;
  upiId?: string | undefined;
}

/**
 * A payer's fingerprint: the same typed value always gives the same one, as a real provider's does
 * for one card, and the value itself is never kept. Null when none was typed.
 */
function fingerprintOf(prefix: string, value: string): string | null {
  return value ? `${prefix}${createHash('sha256').update(value).digest('hex').slice(0, 24)}` : null;
}

/** A test card number's fingerprint, whatever spaces or dashes it was typed with. */
export const sandboxCardFingerprint = (cardNumber: string | undefined) =>
  fingerprintOf('sbx_fp_', cardNumber?.replace(/\D/g, '') ?? '');

/**
 * A test UPI ID's fingerprint: like a card's, the same payer whatever case it was typed in, so the
 * rules that compare payers (a referral's friend paying as the referrer) see UPI too.
 */
export const sandboxUpiFingerprint = (upiId: string | undefined) =>
  fingerprintOf('sbx_fp_upi_', upiId?.trim().toLowerCase() ?? '');
export const SANDBOX_EVENT_TYPES = { succeeded: 'payment.succeeded', failed: 'payment.failed' } as const;

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z.object({ paymentId: z.string().min(1).max(200) }),
});

export interface SandboxOptions {
  db: Database;
  /** SANDBOX_WEBHOOK_SECRET, or a random one per process (the sandbox signs and verifies in the same process). */
  secret?: string;
  now?: () => Date;
}

export function createSandboxProvider({
  db,
  secret = randomBytes(32).toString('hex'),
  now = () => new Date(),
}: SandboxOptions) {
  const sign = (timestamp: number, rawBody: string) =>
    createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

  const repository = createSandboxRepository(db);

  async function find(id: string) {
    return repository.findPayment(id);
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    chargeCurrencies: CURRENCIES,

    async createPayment({ order, amountCents, currency, attemptKey, returnUrl }) {
      const id = `sbx_${randomUUID().replaceAll('-', '')}`;
      await repository.insertPayment({
        id,
        idempotencyKey: attemptKey,
        orderDisplayId: order.displayId,
        amountCents,
        currency,
        returnUrl,
      });
      const row = await repository.findPaymentByKey(attemptKey);
      if (!row) throw new Error(`sandbox payment for ${attemptKey} vanished`);
      // The sandbox's page is on this server, at the address the customer comes back to.
      const url = `${new URL(returnUrl).origin}${SANDBOX_CHECKOUT_PATH}?payment=${encodeURIComponent(row.id)}`;
      return { providerPaymentId: row.id, redirectUrl: url, checkout: null };
    },

    async verifyWebhook(rawBody: string, headers: IncomingHttpHeaders): Promise<ProviderEvent> {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const parts = new Map(
        (typeof header === 'string' ? header : '').split(',').map((p) => p.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      if (!Number.isInteger(timestamp)) throw new WebhookVerificationError('no signature timestamp');
      const expected = Buffer.from(sign(timestamp, rawBody), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookVerificationError('signature mismatch');
      }
      if (Math.abs(now().getTime() / 1000 - timestamp) > SANDBOX_SIGNATURE_TOLERANCE_SECONDS) {
        throw new WebhookVerificationError('signature outside the tolerance');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const event = sandboxEventSchema.safeParse(json);
      if (!event.success) throw new WebhookVerificationError('not a sandbox event');
      // The sandbox's id is recorded on the attempt before its page can be reached: no key needed.
      const { id, type, data } = event.data;
      return { id, type, providerPaymentId: data.paymentId, attemptKey: null, payload: json };
    },

    /** Like a Stripe session's expiry: the link answers "closed" and can no longer be paid. */
    async closePayment(providerPaymentId) {
      await repository.expireOpenPayment(providerPaymentId);
    },

    async fetchPayment(providerPaymentId) {
      const row = await find(providerPaymentId);
      if (!row) throw new Error(`no sandbox payment ${providerPaymentId}`);
      const status = row.status === 'open' ? 'pending' : row.status;
      return {
        status,
        amountCents: row.amountCents,
        currency: row.currency,
        ...(row.cardFingerprint ? { cardFingerprint: row.cardFingerprint } : {}),
        // Rows settled before the page asked were paid by card, the only way it offered then.
        ...(status === 'succeeded' || status === 'refunded' ? { method: row.method ?? 'card' } : {}),
      };
    },

    /**
     * Like a real provider's: full or partial, never more than is left, and the same key again
     * answers the refund it made (decision 0069). The payment is `refunded` once nothing is left.
     */
    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      return db.transaction(async (tx) => {
        const txRepository = createSandboxRepository(tx);
        const earlier = await txRepository.findRefundByKey(idempotencyKey);
        if (earlier) return { refundId: earlier.id };
        const payment = await txRepository.lockPayment(providerPaymentId);
        if (payment?.status !== 'succeeded') {
          throw new RefundRefusedError(`sandbox payment ${providerPaymentId} is not a completed payment`);
        }
        const left = payment.amountCents - (await txRepository.refundedCents(providerPaymentId));
        if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
          throw new RefundRefusedError(
            `sandbox payment ${providerPaymentId} has ${left} cents left to refund, not ${amountCents}`,
          );
        }
        const id = `sbx_re_${randomUUID().replaceAll('-', '')}`;
        await txRepository.insertRefund({ id, idempotencyKey, paymentId: providerPaymentId, amountCents });
        if (amountCents === left) await txRepository.setPaymentStatus(providerPaymentId, 'refunded');
        return { refundId: id };
      });
    },

    async findRefund({ providerPaymentId, refundId }) {
      const refund = await repository.findRefund(refundId);
      return refund?.paymentId === providerPaymentId ? { amountCents: refund.amountCents, status: 'succeeded' } : null;
    },
  };

  return {
    provider,
    find,
    /** A signed event as the provider would post it (the page's buttons, and tests). */
    signedEvent(event: { id?: string; type: string; paymentId: string }, at = now()) {
      const body = JSON.stringify({
        id: event.id ?? `evt_${randomUUID()}`,
        type: event.type,
        data: { paymentId: event.paymentId },
      });
      const t = Math.floor(at.getTime() / 1000);
      return {
        body,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${sign(t, body)}` },
      };
    },
    /**
     * Records the customer's simulated outcome on the sandbox's side, with the way they paid and
     * the test card number or UPI ID they typed, if any (its fingerprint only); an outcome is final.
     */
    async settle(paymentId: string, outcome: SandboxOutcome, payer: SandboxPayer = {}): Promise<boolean> {
      // A payer who did not say paid by card, the sandbox's first way.
      const method = payer.method ?? 'card';
      return repository.settleOpenPayment(paymentId, outcome, {
        method,
        cardFingerprint: method === 'upi' ? sandboxUpiFingerprint(payer.upiId) : sandboxCardFingerprint(payer.card),
      });
    },
  };
}
export type Sandbox = ReturnType<typeof createSandboxProvider>;
