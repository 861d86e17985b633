import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deskOrderParams } from '../../../domain/admin/orders.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import {
  rejectPhotoSchema,
  SECOND_LOOK_MESSAGES as S,
  secondLookDecisionSchema,
  secondLookEntrySchema,
} from '../../../domain/photos/second-look.ts';
import { recordShipmentSchema, SHIPMENT_MESSAGES, storedShipmentSchema } from '../../../domain/photos/shipment.ts';
import { refusals } from '../../http/error-responses.ts';
import { valueOrThrow } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';

const secondLookParams = z.object({ photoId: idParams.shape.id });

/**
 * The back office's photo checks (issue 31 §4): the queue of photos waiting for a person, and the
 * decisions on them; and the shipment of prints delivered to home (decision 0164). Registered
 * behind the staff role (http/back-office.ts), checked on arrival.
 */
export const adminSecondLookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secondLook, shipments } = app.services.photos;
  const tags = ['admin'];
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { viewer } = currentUser(request);
    return { id: viewer.id, email: viewer.email };
  };
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
    async (request) => ok(valueOrThrow(await secondLook.approve(actorOf(request), request.params.photoId)), S.approved),
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
        valueOrThrow(await secondLook.reject(actorOf(request), request.params.photoId, request.body.reason)),
        S.rejected,
      ),
  );

  app.put(
    '/admin/orders/:ref/shipment',
    {
      schema: {
        tags,
        summary:
          'Record the carrier and tracking number of a photo order’s prints posted to home: the customer is e-mailed them (again, replaced, when corrected)',
        params: deskOrderParams,
        body: recordShipmentSchema,
        response: { 200: envelopeSchema(storedShipmentSchema), ...refusals(409) },
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await shipments.record(actorOf(request), request.params.ref, request.body)),
        SHIPMENT_MESSAGES.recorded,
      ),
  );
};
