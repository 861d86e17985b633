import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerSchema,
  adminOfferSchema,
  BANNER_IMAGE_UPLOAD,
  bannerFormSchema,
  contentToggleSchema,
  CONTENT_MESSAGES as M,
  offerFormSchema,
} from '../../../domain/admin/content.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { currentUser } from '../../plugins/session.ts';
import { registerUploadParsing } from '../../uploads/index.ts';
import type { AdminResult } from './admin.ts';

const resultValue = <T>(result: AdminResult<T>): T => {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
};

/**
 * The back office's offers and banners (issue 13 item 5, decision 0072), for admins: list, create,
 * edit, show/hide and move, delete, and a banner's image.
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

  // The image: multipart, checked by its first bytes, re-encoded, kept in the file storage.
  const imageRoutes: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      '/admin/banners/:id/image',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: "Upload the banner's image (multipart/form-data, one JPEG, PNG or HEIC file, up to 5 MB)",
          consumes: ['multipart/form-data'],
          params: idParams,
          body: z.object({ file: z.string().meta({ format: 'binary' }) }).nullish(),
          response: { 200: envelopeSchema(adminBannerSchema) },
        },
      },
      async (request) => {
        const id = request.params.id;
        if (!(await marketing.adminGetBanner(id))) throw new HttpError(404, M.bannerNotFound);
        const upload = await app.uploads.acceptUpload(request, { itemLimits: BANNER_IMAGE_UPLOAD });
        return ok(resultValue(await marketing.setBannerImage(actorOf(request), id, upload.storageKey)), M.imageSaved);
      },
    );
  };
  await app.register(imageRoutes);
};
