import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCountriesQuery, countryEditSchema, filterCountries } from '../../../domain/admin/countries.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { countrySchema } from '../../../domain/countries/country.ts';
import { valueOrThrow } from '../../http/errors.ts';
import { createJsonResponseCache } from '../../plugins/json-response-cache.ts';
import { currentUser } from '../../plugins/session.ts';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list is read once per process, so its array is its version: serialised and compressed once.
  const cache = createJsonResponseCache({ maxEntries: 10, scope: app });
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

/**
 * SPEC.md §7 `/admin/countries`, under /api/v1 like every SPEC call: the country list in its
 * order (India, United States, Canada, then alphabetical) with name, dial code and ISO code, for
 * admins; `q` narrows it by name, ISO code or dial code (decision 0070). PATCH changes a
 * country's name or dial code, audited, shown on the public pages at once (decision 0076).
 */
export const countriesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/countries',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every country with its dial code and ISO code; India, United States and Canada first',
        querystring: adminCountriesQuery,
        response: { 200: listEnvelopeSchema(countrySchema) },
      },
    },
    async (request) => {
      const results = filterCountries(await app.services.countries.list(), request.query.q);
      return ok({ results, totalCount: results.length, page: 1, limit: Math.max(results.length, 1) });
    },
  );

  app.patch(
    '/admin/countries/:isoCode',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit a country's name or dial code (the ISO code stays)",
        params: z.object({
          isoCode: z
            .string()
            .regex(/^[A-Za-z]{2}$/, 'isoCode must be two letters')
            .transform((v) => v.toUpperCase()),
        }),
        body: countryEditSchema,
        response: { 200: envelopeSchema(z.object({ changed: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { viewer } = currentUser(request);
      const outcome = valueOrThrow(
        await app.services.countries.update(
          { id: viewer.id, email: viewer.email },
          request.params.isoCode,
          request.body,
        ),
      );
      return ok(outcome, outcome.changed.length ? 'Saved' : 'Nothing changed');
    },
  );
};
