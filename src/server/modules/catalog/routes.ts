import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { serviceSummarySchema } from '../../../domain/catalog/service-summary.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/services',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List the active services',
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(serviceSummarySchema) },
      },
    },
    async (request) => ok(await app.services.catalog.listServices(request.query)),
  );
};
