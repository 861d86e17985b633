import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerSchema,
  adminOfferSchema,
  adminPartnerSchema,
  bannerFormSchema,
  contentToggleSchema,
  CONTENT_MESSAGES as M,
  offerFormSchema,
  PARTNER_MESSAGES,
  partnerFormSchema,
} from '../../../domain/admin/content.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { contentImageRoutes } from '../../http/content-image-route.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AdminResult } from './admin.ts';

const resultValue = <T>(result: AdminResult<T>): T => {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
};

/**
 * The back office's offers, banners (issue 13 item 5, decision 0072) and partner services
 * (decision 0075), for admins: list, create, edit, show/hide and move, delete, and their images.
 */
export const adminMarketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { marketing } = app.services;
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { viewer } = currentUser(request);
    return { id: viewer.id, email: viewer.email };
  };
  const deleted = envelopeSchema(z.null());

  app.get(
    '/admin/offers',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every offer, in display order',
        response: { 200: envelopeSchema(z.array(adminOfferSchema)) },
      },
    },
    async () => ok(await marketing.adminListOffers()),
  );
  app.post(
    '/admin/offers',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add an offer',
        body: offerFormSchema,
        response: { 201: envelopeSchema(adminOfferSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await marketing.createOffer(actorOf(request), request.body), M.created, 201)),
  );
  app.put(
    '/admin/offers/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change an offer',
        params: idParams,
        body: offerFormSchema,
        response: { 200: envelopeSchema(adminOfferSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.editOffer(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/offers/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Show or hide an offer, or move it',
        params: idParams,
        body: contentToggleSchema,
        response: { 200: envelopeSchema(adminOfferSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.toggleOffer(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    '/admin/offers/:id',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Delete an offer', params: idParams, response: { 200: deleted } },
    },
    async (request) => ok(resultValue(await marketing.deleteOffer(actorOf(request), request.params.id)), M.deleted),
  );

  app.get(
    '/admin/banners',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every banner, in display order',
        response: { 200: envelopeSchema(z.array(adminBannerSchema)) },
      },
    },
    async () => ok(await marketing.adminListBanners()),
  );
  app.post(
    '/admin/banners',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a banner (hidden until its image is uploaded)',
        body: bannerFormSchema,
        response: { 201: envelopeSchema(adminBannerSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await marketing.createBanner(actorOf(request), request.body), M.created, 201)),
  );
  app.put(
    '/admin/banners/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change a banner',
        params: idParams,
        body: bannerFormSchema,
        response: { 200: envelopeSchema(adminBannerSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.editBanner(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/banners/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Show or hide a banner, or move it',
        params: idParams,
        body: contentToggleSchema,
        response: { 200: envelopeSchema(adminBannerSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.toggleBanner(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    '/admin/banners/:id',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Delete a banner', params: idParams, response: { 200: deleted } },
    },
    async (request) => ok(resultValue(await marketing.deleteBanner(actorOf(request), request.params.id)), M.deleted),
  );

  app.get(
    '/admin/partners',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Every partner service, in display order',
        response: { 200: envelopeSchema(z.array(adminPartnerSchema)) },
      },
    },
    async () => ok(await marketing.adminListPartners()),
  );
  app.post(
    '/admin/partners',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a partner service',
        body: partnerFormSchema,
        response: { 201: envelopeSchema(adminPartnerSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await marketing.createPartner(actorOf(request), request.body), M.created, 201)),
  );
  app.put(
    '/admin/partners/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change a partner service',
        params: idParams,
        body: partnerFormSchema,
        response: { 200: envelopeSchema(adminPartnerSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.editPartner(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.patch(
    '/admin/partners/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Show or hide a partner service, or move it',
        params: idParams,
        body: contentToggleSchema,
        response: { 200: envelopeSchema(adminPartnerSchema) },
      },
    },
    async (request) =>
      ok(resultValue(await marketing.togglePartner(actorOf(request), request.params.id, request.body)), M.saved),
  );
  app.delete(
    '/admin/partners/:id',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Delete a partner service', params: idParams, response: { 200: deleted } },
    },
    async (request) => ok(resultValue(await marketing.deletePartner(actorOf(request), request.params.id)), M.deleted),
  );

  await app.register(
    contentImageRoutes([
      {
        url: '/admin/banners/:id/image',
        summary: "Upload the banner's image",
        record: adminBannerSchema,
        missing: M.bannerNotFound,
        exists: async (id) => Boolean(await marketing.adminGetBanner(id)),
        save: marketing.setBannerImage,
      },
      {
        url: '/admin/partners/:id/logo',
        summary: "Upload the partner service's logo",
        record: adminPartnerSchema,
        missing: PARTNER_MESSAGES.notFound,
        exists: async (id) => Boolean(await marketing.adminGetPartner(id)),
        save: marketing.setPartnerLogo,
      },
    ]),
  );
};
