import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { anyOrderRefParams, parseAnyOrderRef } from '../../../domain/orders/order-kind.ts';
import { REFUND_MESSAGES } from '../../../domain/refunds/options.ts';
import { ORDER_REFUNDS_TEXT } from '../../../domain/refunds/order-refunds.ts';
import { orderRefundRequestSchema, refundReceiptSchema, refundRequestSchema } from '../../../domain/refunds/schema.ts';
import { failEnvelopeSchema } from '../../http/error-responses.ts';
import { failureOf, valueOrThrow } from '../../http/errors.ts';
import { currentUser } from '../../plugins/session.ts';

/** Per network address, on top of the refund service's own limits. */
export const REFUND_ROUTE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refund/request',
    {
      config: { rateLimit: REFUND_ROUTE_RATE_LIMIT },
      schema: {
        tags: ['refunds'],
        summary:
          "Ask for a refund of an order; answers the reference number, which is also e-mailed. The signed-in owner asking under the order's e-mail is told at once why their order cannot take it",
        body: refundRequestSchema,
        response: {
          201: envelopeSchema(refundReceiptSchema),
          409: failEnvelopeSchema.describe(
            "The signed-in customer's own order cannot take a request now (one is waiting, it is unpaid or refunded): nothing is logged. Anyone else's request is answered 201 alike",
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await app.services.refunds.submit(request.body, {
        ip: request.ip,
        userId: request.viewer?.id ?? null,
      });
      if (!result.ok) throw failureOf(result);
      return reply.status(201).send(ok(result.value, REFUND_MESSAGES.received(result.value.reference), 201));
    },
  );

  app.get(
    '/orders/:orderRef/refund-requests',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['refunds'],
        summary: "The refund requests of the customer's own order, newest first, with their state and reasons",
        params: anyOrderRefParams,
        response: { 200: envelopeSchema(z.array(orderRefundRequestSchema)) },
      },
    },
    async (request) => {
      const customerId = currentUser(request).viewer.id;
      const result = await app.services.refunds.ofCustomerOrder(customerId, parseAnyOrderRef(request.params.orderRef));
      return ok(valueOrThrow(result), ORDER_REFUNDS_TEXT.loaded);
    },
  );
};
