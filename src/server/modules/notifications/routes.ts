import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { rowIdSchema } from '../../../domain/api/row-id.ts';
import { NOTIFICATION_MESSAGES as N, notificationListSchema } from '../../../domain/notifications/notification.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';

/**
 * What the panel showed: the newest notification’s id. One made after the list loaded (a staff
 * change) is not marked read unseen. Optional, as is the body (an older client sends none): without
 * it, every notification is marked read.
 */
const markReadBody = z.object({ upTo: rowIdSchema().optional() }).nullish();

/** The signed-in user's notification panel (SPEC.md §7: users/notification). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const notifications = app.services.notifications;

  app.get(
    '/users/notification',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Notifications, newest first, with totalCount and unreadCount',
        querystring: paginationQuery,
        response: { 200: envelopeSchema(notificationListSchema) },
      },
    },
    async (request) => ok(await notifications.list(currentUser(request).viewer.id, request.query), N.loaded),
  );

  app.post(
    '/users/notification/read',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Mark the notifications read up to `upTo`, the newest one the panel listed (every one without it); answers how many are still unread',
        body: markReadBody,
        response: { 200: envelopeSchema(z.object({ unreadCount: z.number() })) },
      },
    },
    async (request) => {
      const unreadCount = await notifications.markRead(currentUser(request).viewer.id, request.body?.upTo);
      return ok({ unreadCount }, N.allRead);
    },
  );

  app.delete(
    '/users/notification/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of your notifications',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const deleted = await notifications.delete(currentUser(request).viewer.id, request.params.id);
      if (!deleted) throw new HttpError(404, N.notFound);
      return ok(null, N.deleted);
    },
  );
};
