import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { countrySchema } from '../../../domain/countries/country.ts';
import { createJsonResponseCache } from '../../plugins/json-response-cache.ts';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list is read once per process, so its array is its version: serialised and compressed once.
  const cache = createJsonResponseCache({ maxEntries: 10 });
  app.get(
    '/country-codes',
    {
      schema: {
        tags: ['countries'],
        summary: 'Every country with its dial code; India, United States and Canada first',
        response: { 200: listEnvelopeSchema(countrySchema) },
      },
    },
    async (request, reply) => {
      const results = await app.services.countries.list();
      return cache.send(request, reply, results, () =>
        ok({ results, totalCount: results.length, page: 1, limit: results.length }),
      );
    },
  );
};
