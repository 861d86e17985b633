import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { countrySchema } from '../../../domain/countries/country.ts';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/country-codes',
    {
      schema: {
        tags: ['countries'],
        summary: 'Every country with its dial code; India, United States and Canada first',
        response: { 200: listEnvelopeSchema(countrySchema) },
      },
    },
    async () => {
      const results = await app.services.countries.list();
      return ok({ results, totalCount: results.length, page: 1, limit: results.length });
    },
  );
};
