import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { orderRefParams, parseOrderRef } from '../../../domain/applications/application.ts';
import { type AnyOrderRef, anyOrderRefParams, parseAnyOrderRef } from '../../../domain/orders/order-kind.ts';
import {
  confirmPaymentSchema,
  NO_PROVIDER,
  PAYMENT_MESSAGES as P,
  type PaidOrderKind,
  paymentOptionSchema,
  paymentSchema,
  startPaymentSchema,
} from '../../../domain/payments/payment.ts';
import { parsePhotoOrderRef, photoOrderRefParams } from '../../../domain/photos/orders.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { perSignedInUser } from '../../http/rate-limits.ts';
import { siteUrlFor } from '../../http/site-url.ts';
import { currentUser } from '../../plugins/session.ts';
import { WebhookVerificationError } from './provider.ts';

/** Per signed-in customer: a person pays a few times at most; this stops a runaway client. */
export const PAYMENT_START_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;
/** Providers' events are small (Stripe's largest are a few KB); anything bigger is not one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** One order path's paying routes: the order core's own, or a kind's (kept as the spec's aliases). */
interface OrderPaymentPath {
  /** Under /api/v1: `/orders/:orderRef`, `/application/order/:orderRef`, `/photo-orders/:orderRef`. */
  base: string;
  params: ZodType<{ orderRef: string }>;
  parse: (ref: string) => AnyOrderRef;
  /** Only orders of this kind answer on the path; every kind on the core's own. */
  kind?: PaidOrderKind;
  tags: string[];
}

/**
 * The order core's paths and their aliases (issue 28): the same four routes serve every kind of
 * order on /orders/{orderRef}, and each kind's own on its path (decisions 0055, 0063).
 */
export const ORDER_PAYMENT_PATHS: readonly OrderPaymentPath[] = [
  { base: '/orders/:orderRef', params: anyOrderRefParams, parse: parseAnyOrderRef, tags: ['orders', 'payments'] },
  {
    base: '/application/order/:orderRef',
    params: orderRefParams,
    parse: parseOrderRef,
    kind: 'service',
    tags: ['payments'],
  },
  {
    base: '/photo-orders/:orderRef',
    params: photoOrderRefParams,
    parse: parsePhotoOrderRef,
    kind: 'photo',
    tags: ['photos'],
  },
];

/**
 * SPEC.md §7's `/initialize`, `/complete/` and `/verify-payment/` as one resource per order
 * (docs/decisions/0055): POST starts or continues the payment, GET reads its state. The order
 * moves only through the webhook inbox, never because the browser says it paid.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { payments } = app.services;

  for (const { base, params, parse, kind, tags } of ORDER_PAYMENT_PATHS) {
    const ref = (request: { params: { orderRef: string } }) => parse(request.params.orderRef);
    const customerId = (request: FastifyRequest) => currentUser(request).viewer.id;

    app.post(
      `${base}/payment`,
      {
        config: { rateLimit: perSignedInUser(PAYMENT_START_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            "Start (or continue) paying the order's total: answers the attempt with the provider's page to pay on. Two calls answer one attempt; a new one closes the older. An order whose discounts cover its whole total is confirmed at once, with nothing charged (provider `none`, state COMPLETED). `shownTotal`, the total the page showed, is compared with the order's own: another one is refused (409, naming the new total) and nothing is started; the order's own total is the only one ever charged.",
          params,
          body: startPaymentSchema.nullish(),
          // 502: the provider could not be reached.
          response: { 200: envelopeSchema(paymentSchema), ...refusals(502) },
        },
      },
      async (request) => {
        const payment = valueOrThrow(
          await payments.start(
            customerId(request),
            ref(request),
            request.body ?? {},
            kind,
            siteUrlFor(request, app.env),
          ),
        );
        return ok(payment, payment.provider === NO_PROVIDER ? P.nothingToPay : P.started);
      },
    );

    app.get(
      `${base}/payment/options`,
      {
        schema: {
          tags,
          summary:
            'The providers this order can be paid with and what each charges (converted at the stored rate where a provider charges another currency)',
          params,
          response: { 200: envelopeSchema(z.array(paymentOptionSchema)) },
        },
      },
      async (request) => ok(valueOrThrow(await payments.options(customerId(request), ref(request), kind)), P.loaded),
    );

    app.post(
      `${base}/payment/confirm`,
      {
        config: { rateLimit: perSignedInUser(PAYMENT_START_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            "SPEC.md §7 /verify-payment/: what the provider's checkout handed the browser, verified with the provider on the server; answers the payment's state",
          params,
          body: confirmPaymentSchema,
          response: { 200: envelopeSchema(paymentSchema), ...refusals(502) },
        },
      },
      async (request) =>
        ok(valueOrThrow(await payments.confirm(customerId(request), ref(request), request.body, kind)), P.confirmed),
    );

    app.get(
      `${base}/payment`,
      {
        schema: {
          tags,
          summary: "The latest payment attempt's state (COMPLETED, FAILED or PENDING), null before any",
          params,
          response: { 200: envelopeSchema(paymentSchema.nullable()) },
        },
      },
      async (request) => ok(valueOrThrow(await payments.latest(customerId(request), ref(request), kind)), P.loaded),
    );
  }
};

/**
 * The one webhook inbox: POST /payments/webhooks/{provider}. The body is read as text, because
 * signatures cover the exact bytes; a forged or malformed event is a 400 and nothing is stored.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhooks/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: "A payment provider's signed event: stored once and processed in the background",
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { provider } = request.params;
      if (!payments.offers(provider)) throw new HttpError(404, P.providerNotOffered);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      try {
        await payments.receiveWebhook(provider, rawBody, request.headers);
      } catch (error) {
        if (error instanceof WebhookVerificationError) throw new HttpError(400, P.webhookInvalid);
        throw error;
      }
      return ok(null, P.webhookReceived);
    },
  );
};
