import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../domain/api/pagination.ts';

const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  engine: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelopeSchema(healthData), 503: envelopeSchema(healthData) },
      },
    },
    async (request, reply) => {
      try {
        await app.database.executeSql('select 1');
        return {
          isSuccess: true,
          statusCode: 200,
          message: 'OK',
          data: { status: 'ok' as const, database: 'up' as const, engine: app.database.kind },
        };
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        reply.status(503);
        return {
          isSuccess: false,
          statusCode: 503,
          message: 'Database unreachable',
          data: { status: 'degraded' as const, database: 'down' as const, engine: app.database.kind },
        };
      }
    },
  );
};
