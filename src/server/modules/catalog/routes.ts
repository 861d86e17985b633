import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { serviceDetailSchema } from '../../../domain/catalog/service-detail.ts';
import { serviceSummarySchema } from '../../../domain/catalog/service-summary.ts';
import { HttpError } from '../../plugins/error-handler.ts';

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

  app.get(
    '/services/slug/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One service with its packages and prices',
        params: z.object({
          slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'slug must be lowercase letters, digits and hyphens'),
        }),
        response: { 200: envelopeSchema(serviceDetailSchema) },
      },
    },
    async (request) => {
      const service = await app.services.catalog.getServiceBySlug(request.params.slug);
      if (!service) throw new HttpError(404, `No service found for '${request.params.slug}'`);
      return ok(service);
    },
  );
};
