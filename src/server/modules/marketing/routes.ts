import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema, pagedQuery } from '../../../domain/api/pagination.ts';
import { MARKETING_LIST_LIMIT } from '../../../domain/limits/constants.ts';
import { bannerSchema, offerSchema, partnerServiceSchema } from '../../../domain/marketing/marketing.ts';

/** SPEC.md §9: offers, banners and partner services are fetched with page 1, limit 10. */
const marketingPaging = pagedQuery(MARKETING_LIST_LIMIT);

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offer-management',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Active offers for the sticky offers strip',
        querystring: marketingPaging,
        response: { 200: listEnvelopeSchema(offerSchema) },
      },
    },
    async (request) => ok(await app.services.marketing.listOffers(request.query)),
  );

  app.get(
    '/banner-management/active',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Active promotional banners; the home popup shows the first',
        querystring: marketingPaging,
        response: { 200: listEnvelopeSchema(bannerSchema) },
      },
    },
    async (request) => ok(await app.services.marketing.listActiveBanners(request.query)),
  );

  app.get(
    '/partner-service',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Partner services shown on the home page',
        querystring: marketingPaging,
        response: { 200: listEnvelopeSchema(partnerServiceSchema) },
      },
    },
    async (request) => ok(await app.services.marketing.listPartnerServices(request.query)),
  );
};
