import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMessageDetailSchema,
  adminMessageListQuery,
  adminMessageSchema,
  ADMIN_MESSAGE_MESSAGES as M,
  replyToMessageSchema,
  setMessageHandledSchema,
} from '../../../domain/admin/messages.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';

/**
 * The back office's contact messages (issue 13 item 7, decision 0069), for staff: list, read,
 * reply by e-mail from the app, mark handled.
 */
export const adminMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app.services;

  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first; q matches name, e-mail or reference; status open or handled',
        querystring: adminMessageListQuery,
        response: { 200: listEnvelopeSchema(adminMessageSchema) },
      },
    },
    async (request) => ok(await contact.adminListMessages(request.query)),
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One contact message and the replies sent to it',
        params: idParams,
        response: { 200: envelopeSchema(adminMessageDetailSchema) },
      },
    },
    async (request) => {
      const detail = await contact.adminGetMessage(request.params.id);
      if (!detail) throw new HttpError(404, M.notFound);
      return ok(detail);
    },
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: 'E-mail a reply to the sender (and mark the message handled unless markHandled is false)',
        params: idParams,
        body: replyToMessageSchema,
        response: { 200: envelopeSchema(adminMessageSchema) },
      },
    },
    async (request) => {
      const result = await contact.reply(auditActor(request), request.params.id, request.body);
      if (!result.ok) throw new HttpError(404, M.notFound);
      return ok(result.message, M.replied);
    },
  );

  app.patch(
    '/admin/messages/:id/handled',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark the message handled, or waiting again',
        params: idParams,
        body: setMessageHandledSchema,
        response: { 200: envelopeSchema(adminMessageSchema) },
      },
    },
    async (request) => {
      const { handled } = request.body;
      const result = await contact.setHandled(auditActor(request), request.params.id, handled);
      if (!result.ok) throw new HttpError(404, M.notFound);
      return ok(result.message, handled ? M.handled : M.reopened);
    },
  );
};
