import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { jurisdictionQuery, jurisdictionSchema } from '../../../domain/jurisdiction/jurisdiction.ts';
import { JURISDICTION_MESSAGES as M } from '../../../domain/jurisdiction/messages.ts';
import { clientKey } from '../../http/client-address.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';

/**
 * Per client address, counted on arrival: the pages ask once per code typed, so a minute's worth
 * is plenty for a person and stops a script walking the table ZIP by ZIP.
 */
export const JURISDICTION_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export const jurisdictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jurisdiction',
    {
      config: {
        rateLimit: {
          ...JURISDICTION_RATE_LIMIT,
          keyGenerator: (request: FastifyRequest) => `jurisdiction:${clientKey(request.ip)}`,
          errorResponseBuilder: () => new HttpError(429, M.rateLimited),
        },
      },
      schema: {
        tags: ['jurisdiction'],
        summary:
          'Which Indian mission a full US ZIP or Canadian postal code goes to today: the mission, the outsourced centre, post or in person, the postal address, the county or province used, the source and the date it holds from',
        querystring: jurisdictionQuery,
        // 404: a code of no state or province we serve, or a split state's ZIP whose county is unknown.
        response: { 200: envelopeSchema(jurisdictionSchema), ...refusals(404) },
      },
    },
    async (request) => {
      const { country, postalCode } = request.query;
      return ok(valueOrThrow(await app.services.jurisdiction.resolve(country, postalCode)), M.found);
    },
  );
};
