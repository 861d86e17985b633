import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskOrderParams } from '../../../domain/admin/orders.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import {
  PICKUP_READY_MESSAGES,
  recordPickupReadySchema,
  storedPickupReadySchema,
} from '../../../domain/photos/pickup-ready.ts';
import { recordShipmentSchema, SHIPMENT_MESSAGES, storedShipmentSchema } from '../../../domain/photos/shipment.ts';
import { refusals } from '../../http/error-responses.ts';
import { valueOrThrow } from '../../http/errors.ts';
import { auditActor } from '../../plugins/session.ts';

/**
 * How a photo order's prints go out: the shipment of prints delivered to home (decision 0164, staff
 * record the carrier and tracking number) or prints ready at the studio the customer picks them up
 * from (decision 0165, its order number). Registered behind the staff role (http/back-office.ts).
 */
export const adminShipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shipments } = app.services.photos;
  const tags = ['admin'];
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
        valueOrThrow(await shipments.record(auditActor(request), request.params.ref, request.body)),
        SHIPMENT_MESSAGES.recorded,
      ),
  );
  app.put(
    '/admin/orders/:ref/pickup-ready',
    {
      schema: {
        tags,
        summary:
          'Record that a photo order’s prints are ready at the photo studio the customer chose, with the studio’s order number: the customer is e-mailed where to collect them',
        params: deskOrderParams,
        body: recordPickupReadySchema,
        response: { 200: envelopeSchema(storedPickupReadySchema), ...refusals(409) },
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await shipments.readyForPickup(auditActor(request), request.params.ref, request.body)),
        PICKUP_READY_MESSAGES.recorded,
      ),
  );
};
