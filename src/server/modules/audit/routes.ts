import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditRecordSchema } from '../../../domain/admin/audit.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { listEnvelopeSchema } from '../../../domain/api/pagination.ts';

/** The audit log, for admins only (issue 13). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Back-office actions, newest first: who, what, before → after, when',
        querystring: auditListQuery,
        response: { 200: listEnvelopeSchema(auditRecordSchema) },
      },
    },
    async (request) => ok(await app.services.audit.list(request.query)),
  );
};
