import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { createReadiness } from './readiness.ts';

const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

const upDown = z.enum(['up', 'down']);
const readyData = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: upDown, storage: upDown, queue: upDown }),
});

/**
 * Health for load balancers and process managers: `/health/live` says only that the process answers
 * (restart it when it does not), `/health/ready` that it can serve (take it out of rotation while
 * it cannot: its database, file storage or job queue is down, or it is shutting down). `/health`,
 * liveness plus the database, stays as it was for what already probes it. None of them names the
 * database engine or a version: they answer anyone, and an attacker learns nothing there to aim by.
 */
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
          data: { status: 'ok' as const, database: 'up' as const },
        };
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        reply.status(503);
        return {
          isSuccess: false,
          statusCode: 503,
          message: 'Database unreachable',
          data: { status: 'degraded' as const, database: 'down' as const },
        };
      }
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (nothing else is checked)',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ isSuccess: true, statusCode: 200, message: 'OK', data: { status: 'ok' as const } }),
  );

  const readiness = createReadiness({
    probes: {
      database: async () => {
        await app.database.executeSql('select 1');
      },
      storage: () => app.storage.check(),
      queue: async () => {
        if (!app.jobs.isRunning()) throw new Error('the job queue is not running in this process');
      },
    },
    onFailure: (check, err) => app.log.error({ err, check }, `readiness: ${check} is down`),
  });
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, file storage and job queue answer (503 names what does not)',
        response: { 200: envelopeSchema(readyData), 503: envelopeSchema(readyData) },
      },
    },
    async (_request, reply) => {
      const { ready, checks, failed } = await readiness();
      if (ready) {
        return { isSuccess: true, statusCode: 200, message: 'Ready', data: { status: 'ready' as const, checks } };
      }
      reply.status(503);
      return {
        isSuccess: false,
        statusCode: 503,
        message: `Not ready: ${failed.join(', ')} down`,
        data: { status: 'not-ready' as const, checks },
      };
    },
  );
};
