import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import {
  rejectPhotoSchema,
  SECOND_LOOK_MESSAGES as S,
  secondLookDecisionSchema,
  secondLookEntrySchema,
} from '../../../domain/photos/second-look.ts';
import { valueOrThrow } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';

const secondLookParams = z.object({ photoId: idParams.shape.id });

/**
 * The back office's photo checks (issue 31 §4): the queue of photos waiting for a person, and the
 * decisions on them. Registered behind the staff role (http/back-office.ts), checked on arrival.
 */
export const adminSecondLookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secondLook } = app.services.photos;
  const tags = ['admin'];
  const decided = { 200: envelopeSchema(secondLookDecisionSchema) };

  app.get(
    '/admin/photo-checks',
    {
      schema: {
        tags,
        summary:
          'Photos of paid orders waiting for a person’s second look, the longest-waiting first, with their checks and SLA (2 business hours)',
        response: { 200: envelopeSchema(z.array(secondLookEntrySchema)) },
      },
    },
    async () => ok(await secondLook.queue(), S.queueLoaded),
  );

  app.post(
    '/admin/photo-checks/:photoId/approve',
    {
      schema: {
        tags,
        summary: 'Approve the photo: its prints are released and the customer is e-mailed',
        params: secondLookParams,
        response: decided,
      },
    },
    async (request) =>
      ok(valueOrThrow(await secondLook.approve(auditActor(request), request.params.photoId)), S.approved),
  );

  app.post(
    '/admin/photo-checks/:photoId/reject',
    {
      schema: {
        tags,
        summary: 'Reject the photo with a reason: the customer is e-mailed it with a free retake; the prints stay held',
        params: secondLookParams,
        body: rejectPhotoSchema,
        response: decided,
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await secondLook.reject(auditActor(request), request.params.photoId, request.body.reason)),
        S.rejected,
      ),
  );
};
