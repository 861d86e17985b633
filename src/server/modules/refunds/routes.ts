import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { REFUND_MESSAGES } from '../../../domain/refunds/options.ts';
import { refundReceiptSchema, refundRequestSchema } from '../../../domain/refunds/schema.ts';
import { failureOf } from '../../http/errors.ts';

/** Per network address, on top of the refund service's own limits. */
export const REFUND_ROUTE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refund/request',
    {
      config: { rateLimit: REFUND_ROUTE_RATE_LIMIT },
      schema: {
        tags: ['refunds'],
        summary: 'Ask for a refund of an order; answers the reference number, which is also e-mailed',
        body: refundRequestSchema,
        response: { 201: envelopeSchema(refundReceiptSchema) },
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
};
