import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCouponSchema,
  couponCreateSchema,
  couponEditSchema,
  couponListQuery,
  COUPON_ADMIN_MESSAGES as M,
} from '../../../domain/admin/coupons.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { currentUser } from '../../plugins/session.ts';

const tags = ['admin'];
const idParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be a whole number')
    .min(1, 'id must be 1 or more')
    .max(2_147_483_647, 'id is too large'),
});

/** The back office's coupons (issue 13, decision 0070), admins only; every change is audited. */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.services.couponsAdmin;
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const { viewer } = currentUser(request);
    return { id: viewer.id, email: viewer.email };
  };

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Every coupon with its uses so far (paged, sorted, searched by code or description)',
        querystring: couponListQuery,
        response: { 200: listEnvelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => ok(await admin.list(request.query)),
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        summary: 'One coupon with its uses so far',
        params: idParams,
        response: { 200: envelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => {
      const coupon = await admin.get(request.params.id);
      if (!coupon) throw new HttpError(404, M.notFound(request.params.id));
      return ok(coupon);
    },
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Create a coupon (code stored upper-case; flat value in cents, percentage 1–100)',
        body: couponCreateSchema,
        // 409: the code is taken.
        response: { 201: envelopeSchema(adminCouponSchema), ...refusals(409) },
      },
    },
    async (request, reply) => {
      const coupon = valueOrThrow(await admin.create(actor(request), request.body));
      reply.status(201);
      return ok(coupon, M.created, 201);
    },
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a coupon: limits, validity, minimum, description, public, active (isActive false disables it); discount and platform only while unused',
        params: idParams,
        body: couponEditSchema,
        response: { 200: envelopeSchema(adminCouponSchema) },
      },
    },
    async (request) => ok(valueOrThrow(await admin.update(actor(request), request.params.id, request.body)), M.saved),
  );
};
