import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import {
  adminDeletionListQuery,
  adminDeletionListSchema,
  dataRightsStatusSchema,
  deletionRequestSchema,
  deletionStatusSchema,
  DATA_RIGHTS_MESSAGES as M,
} from '../../../domain/data-rights/schemas.ts';
import { refusals } from '../../http/error-responses.ts';
import { failureOf, HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { authLimitFigures, byUser, createLimiter, perSignedInUser } from '../../http/rate-limits.ts';
import { auditActor, currentUser } from '../../plugins/session.ts';
import { serveMadeFile } from '../../uploads/index.ts';

/**
 * An export reads every file of the customer's: a handful an hour is plenty for a person and
 * keeps a script (or a stolen session) from turning it into load or a stream of copies.
 */
export const DATA_EXPORT_RATE_LIMIT = { max: 3, timeWindow: '1 hour' } as const;

const exportResponse = {
  description: 'Everything held about the customer as a ZIP archive (README.txt, sevadocs-data.json, their files)',
  content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
};

/** The customer's own data rights (issue 34 §3): status, export and deletion; signed-in users only. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { dataRights } = app.services;
  // Wrong passwords are counted like the Password tab's: a session cannot be used to guess it.
  const passwordAttempts = createLimiter(app, 'data-deletion:user', authLimitFigures(app).perClient, byUser);

  app.get(
    '/users/data-rights',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in customer's pending deletion request, with the open orders it waits for",
        response: { 200: envelopeSchema(dataRightsStatusSchema) },
      },
    },
    async (request) => ok(await dataRights.status(currentUser(request).viewer.id), M.statusLoaded),
  );

  // A POST: it is audited and counted, so another site's link or image must not start one (CSRF).
  app.post(
    '/users/data-export',
    {
      config: { rateLimit: perSignedInUser(DATA_EXPORT_RATE_LIMIT) },
      schema: {
        tags: ['users'],
        summary: 'Download everything held about the signed-in customer as one ZIP archive (3 an hour)',
        response: { 200: exportResponse },
      },
    },
    async (request, reply) => {
      const archive = await dataRights.exportArchive(auditActor(request));
      if (!archive) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
      return serveMadeFile(reply, {
        body: archive.body,
        contentType: 'application/zip',
        displayName: archive.fileName,
      });
    },
  );

  app.post(
    '/users/data-deletion',
    {
      schema: {
        tags: ['users'],
        summary:
          'Ask for the account to be erased (password again). 200 erased at once when no order is open (signed out); 202 recorded, waiting for open orders to finish or be cancelled.',
        body: deletionRequestSchema,
        response: { 200: envelopeSchema(deletionStatusSchema), 202: envelopeSchema(deletionStatusSchema) },
      },
      preHandler: passwordAttempts,
    },
    async (request, reply) => {
      const result = await dataRights.requestDeletion(auditActor(request), request.body.password);
      if (!result.ok) throw failureOf(result);
      if (result.value.state === 'pending') return reply.status(202).send(ok(result.value, M.pending, 202));
      if (request.session?.source === 'cookie') app.clearSessionCookie(reply);
      return ok(result.value, M.erased);
    },
  );

  app.post(
    '/users/data-deletion/withdraw',
    {
      schema: {
        tags: ['users'],
        summary:
          'Keep the account after all: the waiting deletion request is withdrawn, and its unpaid orders can be paid again; 409 when none waits',
        response: { 200: envelopeSchema(dataRightsStatusSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const result = await dataRights.withdrawDeletion(auditActor(request));
      if (!result.ok) throw failureOf(result);
      return ok(result.value, M.withdrawn);
    },
  );
};

/** The back office's queue of deletion requests (staff), and carrying one out when allowed. */
export const adminDataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataRights } = app.services;

  app.get(
    '/admin/data-rights/deletion-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletion requests: pending ones oldest first with their one-month deadline and open orders',
        querystring: adminDeletionListQuery,
        response: { 200: envelopeSchema(adminDeletionListSchema) },
      },
    },
    async (request) => ok({ results: await dataRights.queue(request.query.state) }, M.requestsLoaded),
  );

  app.post(
    '/admin/data-rights/deletion-requests/:id/erase',
    {
      schema: {
        tags: ['admin'],
        summary: "Erase the customer's account now; 409 while an order is open or when already erased",
        params: idParams,
        response: { 200: envelopeSchema(deletionStatusSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const result = await dataRights.carryOut(request.params.id, auditActor(request));
      if (!result.ok) throw failureOf(result);
      return ok(result.value, M.erasedByStaff);
    },
  );
};
