import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { applyCouponSchema } from '../../../domain/checkout/api.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { orderSummarySchema } from '../../../domain/orders/order-summary.ts';
import { chooseForFailedRulesSchema, FAILED_RULE_MESSAGES } from '../../../domain/photos/failed-rules.ts';
import {
  addPhotoItemSchema,
  chooseCurrencySchema,
  chooseDeliverySchema,
  choosePlanSchema,
  createPhotoOrderSchema,
  PHOTO_ORDER_MESSAGES as M,
  namePhotoItemSchema,
  orderPhotoSchema,
  parsePhotoOrderRef,
  photoFileTypeSchema,
  photoItemParams,
  photoOrderRefParams,
  photoOrderSchema,
  photoParams,
  photoPlansSchema,
  photoSizeSchema,
  plansQuery,
  setStepSchema,
} from '../../../domain/photos/orders.ts';
import { SECOND_LOOK_MESSAGES } from '../../../domain/photos/second-look.ts';
import { PHOTO_SIZE_IDS, PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { IMAGE_UPLOAD_TYPES, UPLOAD_TYPE_INFO } from '../../../domain/uploads/file-types.ts';
import { isLookupCode, lookupPostalCode } from '../../../domain/users/postal-lookup.ts';
import { ADDRESS_COUNTRIES } from '../../../domain/users/regions.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { createCouponLimit, perSignedInUser } from '../../http/rate-limits.ts';
import { currentUser } from '../../plugins/session.ts';
import { registerUploadParsing, serveFile, serveMadeFile } from '../../uploads/index.ts';

/** Like applications': a customer starts a few photo orders at most; this stops a runaway client. */
export const PHOTO_ORDER_CREATE_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/**
 * Like application documents': each upload costs a re-encode (seconds for a large HEIC) and a
 * compliance check (about half a second of face detection). Ten items of four photos, retried.
 */
export const PHOTO_UPLOAD_RATE_LIMIT = { max: 100, timeWindow: '10 minutes' } as const;

const tags = ['photos'];

/** SPEC.md §7 photo store calls: public lists the photo order pages start from. */
export const photoStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photo-store/photo-size',
    {
      schema: {
        tags,
        summary: 'The photo and signature sizes SevaPhotos makes, each with its document and rules',
        response: { 200: envelopeSchema(z.array(photoSizeSchema)) },
      },
    },
    async () =>
      ok(
        PHOTO_SIZE_IDS.map((id) => {
          const { minBytes: _min, headHeight: _h, eyeLine: _e, ...size } = PHOTO_SIZES[id];
          return size;
        }),
        M.sizesLoaded,
      ),
  );

  app.get(
    '/photo-store/file-type',
    {
      schema: {
        tags,
        summary: 'The file types a photo upload takes (checked by their content, not their name)',
        response: { 200: envelopeSchema(z.array(photoFileTypeSchema)) },
      },
    },
    async () =>
      ok(
        IMAGE_UPLOAD_TYPES.map((type) => {
          const info = UPLOAD_TYPE_INFO[type];
          return {
            id: type as 'jpeg' | 'png' | 'heic',
            label: info.label,
            mimeTypes: [...info.mimeTypes],
            extensions: [...info.extensions],
          };
        }),
        M.fileTypesLoaded,
      ),
  );

  app.get(
    '/photo-orders/plans',
    {
      schema: {
        tags,
        summary: 'The pricing plans (1 Digital Copy, 2 Print copies) and options with their prices',
        querystring: plansQuery,
        response: { 200: envelopeSchema(photoPlansSchema) },
      },
    },
    async (request) => ok(app.services.photos.plans(request.query.currency), M.plansLoaded),
  );

  app.get(
    '/postal-lookup',
    {
      schema: {
        tags,
        summary: "A ZIP or postal code's state or province, and city where our offline table knows it",
        querystring: z
          .object({
            country: z.enum(ADDRESS_COUNTRIES, { error: M.postalCountryInvalid }),
            code: z.string().max(12, M.postalCodeInvalid),
          })
          .refine((q) => isLookupCode(q.country, q.code), { message: M.postalCodeInvalid, path: ['code'] }),
        response: {
          200: envelopeSchema(
            z.object({
              country: z.enum(ADDRESS_COUNTRIES),
              prefix: z.string(),
              city: z.string().nullable(),
              state: z.string(),
            }),
          ),
          // 404: no place known for that code.
          ...refusals(404),
        },
      },
    },
    async (request) => {
      const found = lookupPostalCode(request.query.country, request.query.code);
      if (!found) throw new HttpError(404, M.postalUnknown);
      return ok(found, M.postalFound);
    },
  );
};

/** The photo order's own file links: originals and fitted photos, served as files to their owner. */
const fileResponse = {
  description: 'The photo (JPEG or PNG), with nosniff, Cache-Control: private, no-store and a sandboxing CSP',
  content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * SPEC.md §7's photo order calls (/photo-orders, /photo-orders/upload, /photos/, /update/, /items/,
 * /order/, /initialize, /complete/) under /api/v1/photo-orders/… for the signed-in owner; the
 * mapping is in docs/decisions/0063. Another customer's order, item or photo is a 404.
 */
export const photoOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { photos } = app.services;
  const couponTries = createCouponLimit(app);
  const customer = (request: Parameters<typeof currentUser>[0]) => currentUser(request).viewer;
  const refOf = (params: { orderRef: string }) => parsePhotoOrderRef(params.orderRef);
  const order200 = { 200: envelopeSchema(photoOrderSchema) };

  app.post(
    '/photo-orders',
    {
      config: { rateLimit: perSignedInUser(PHOTO_ORDER_CREATE_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          'Start a photo order (PHO-…, Payment pending, step 1). The same idempotencyKey again answers it with 200.',
        body: createPhotoOrderSchema,
        // 409: the key already started an application order.
        response: { 200: envelopeSchema(photoOrderSchema), 201: envelopeSchema(photoOrderSchema), ...refusals(409) },
      },
    },
    async (request, reply) => {
      const { id, email } = customer(request);
      const { order, created } = valueOrThrow(await photos.create({ id, email }, request.body));
      const status = created ? 201 : 200;
      return reply.status(status).send(ok(order, created ? M.created : M.alreadyCreated, status));
    },
  );

  app.get(
    '/photo-orders',
    {
      schema: {
        tags,
        summary: "The signed-in customer's photo orders, newest first",
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(orderSummarySchema) },
      },
    },
    async (request) => ok(await photos.list(customer(request).id, request.query), M.listLoaded),
  );

  app.get(
    '/photo-orders/:orderRef',
    {
      schema: {
        tags,
        summary: 'The photo order: items with photos and checks, plan, delivery, step, cost summary and timeline',
        params: photoOrderRefParams,
        response: order200,
      },
    },
    async (request) => ok(valueOrThrow(await photos.get(customer(request).id, refOf(request.params))), M.loaded),
  );

  app.post(
    '/photo-orders/:orderRef/items',
    {
      schema: {
        tags,
        summary: 'Add an item: a photo size and its document type (before payment; at most 10)',
        params: photoOrderRefParams,
        body: addPhotoItemSchema,
        response: { 201: envelopeSchema(photoOrderSchema) },
      },
    },
    async (request, reply) => {
      const order = valueOrThrow(await photos.addItem(customer(request).id, refOf(request.params), request.body));
      return reply.status(201).send(ok(order, M.itemAdded, 201));
    },
  );

  app.patch(
    '/photo-orders/:orderRef/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Name whose photo an item is ("Asha"), so a family’s items are told apart (before payment)',
        params: photoItemParams,
        body: namePhotoItemSchema,
        response: order200,
      },
    },
    async (request) => {
      const { itemId } = request.params;
      return ok(
        valueOrThrow(await photos.nameItem(customer(request).id, refOf(request.params), itemId, request.body)),
        M.itemNamed,
      );
    },
  );

  app.delete(
    '/photo-orders/:orderRef/items/:itemId',
    {
      schema: { tags, summary: 'Remove an item and its photos', params: photoItemParams, response: order200 },
    },
    async (request) => {
      const { itemId } = request.params;
      return ok(
        valueOrThrow(await photos.removeItem(customer(request).id, refOf(request.params), itemId)),
        M.itemRemoved,
      );
    },
  );

  app.get(
    '/photo-orders/:orderRef/items/:itemId/photos/:photoId',
    {
      schema: {
        tags,
        summary: "A photo's check: pending until done (with its report) or failed. Poll it after an upload.",
        params: photoParams,
        response: { 200: envelopeSchema(orderPhotoSchema) },
      },
    },
    async (request) => {
      const { itemId, photoId } = request.params;
      const photo = await photos.photo(customer(request).id, refOf(request.params), itemId, photoId);
      return ok(valueOrThrow(photo), M.photoLoaded);
    },
  );

  app.delete(
    '/photo-orders/:orderRef/items/:itemId/photos/:photoId',
    { schema: { tags, summary: 'Remove a photo (before payment)', params: photoParams, response: order200 } },
    async (request) => {
      const { itemId, photoId } = request.params;
      const order = await photos.removePhoto(customer(request).id, refOf(request.params), itemId, photoId);
      return ok(valueOrThrow(order), M.photoRemoved);
    },
  );

  app.put(
    '/photo-orders/:orderRef/items/:itemId/photos/:photoId/choice',
    {
      schema: {
        tags,
        summary:
          'For a photo that failed a rule, instead of a retake: "person-check" (a person checks it; prints held until approved) or "accept-risk" (it may be refused). Payment needs one of them, or a new photo.',
        params: photoParams,
        body: chooseForFailedRulesSchema,
        response: order200,
      },
    },
    async (request) => {
      const { itemId, photoId } = request.params;
      const order = await photos.chooseForFailedRules(
        customer(request).id,
        refOf(request.params),
        itemId,
        photoId,
        request.body.choice,
      );
      return ok(valueOrThrow(order), FAILED_RULE_MESSAGES.saved);
    },
  );

  for (const which of ['original', 'fitted'] as const) {
    app.get(
      `/photo-orders/:orderRef/items/:itemId/photos/:photoId/${which}`,
      {
        schema: {
          tags,
          summary:
            which === 'original'
              ? 'Download the photo as uploaded (re-encoded, metadata removed)'
              : "Download the fitted photo at its size's exact pixels (409 until its check is done; under stripes while a person has not approved it)",
          params: photoParams,
          // 409: not fitted yet.
          response: { 200: fileResponse, ...refusals(409) },
        },
      },
      async (request, reply) => {
        const { itemId, photoId } = request.params;
        const ref = refOf(request.params);
        const id = customer(request).id;
        if (which === 'fitted')
          return serveMadeFile(reply, valueOrThrow(await photos.fitted(id, ref, itemId, photoId)));
        return serveFile(reply, app.storage, valueOrThrow(await photos.openFile(id, ref, itemId, photoId, which)));
      },
    );
  }

  app.get(
    '/photo-orders/:orderRef/items/:itemId/photos/:photoId/print-sheet',
    {
      schema: {
        tags,
        summary:
          'Download the fitted photo tiled at its printed size on a 4×6 in sheet at 300 dpi (409 until fitted and the order paid, once it is cancelled or refunded, and while a person checks the photo or after they rejected it; 404 for a size used as a file only)',
        params: photoParams,
        response: { 200: fileResponse, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const { itemId, photoId } = request.params;
      const sheet = await photos.printSheet(customer(request).id, refOf(request.params), itemId, photoId);
      return serveMadeFile(reply, valueOrThrow(sheet));
    },
  );

  app.put(
    '/photo-orders/:orderRef/currency',
    {
      schema: {
        tags,
        summary:
          'The currency the unpaid order is priced and paid in (USD, or CAD for Canada); the server prices it again',
        params: photoOrderRefParams,
        body: chooseCurrencySchema,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.chooseCurrency(customer(request).id, refOf(request.params), request.body);
      return ok(valueOrThrow(order), M.currencyChosen(request.body.currency));
    },
  );

  app.put(
    '/photo-orders/:orderRef/plan',
    {
      schema: {
        tags,
        summary: 'Step 2: the pricing plan (1 Digital Copy, 2 Print copies) and options; the server prices the order',
        params: photoOrderRefParams,
        body: choosePlanSchema,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.choosePlan(customer(request).id, refOf(request.params), request.body);
      return ok(valueOrThrow(order), M.planChosen);
    },
  );

  app.post(
    '/photo-orders/:orderRef/coupon',
    {
      preHandler: couponTries,
      schema: {
        tags,
        summary: 'Apply a SevaPhotos coupon (SPEC.md §7 photo /apply-coupon/); answers the order repriced',
        params: photoOrderRefParams,
        body: applyCouponSchema,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.applyCoupon(customer(request).id, refOf(request.params), request.body.code);
      return ok(valueOrThrow(order), COUPON_MESSAGES.applied);
    },
  );

  app.delete(
    '/photo-orders/:orderRef/coupon',
    {
      schema: {
        tags,
        summary: 'Remove the order’s coupon (SPEC.md §7 photo /remove-coupon/); answers the order repriced',
        params: photoOrderRefParams,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.removeCoupon(customer(request).id, refOf(request.params));
      return ok(valueOrThrow(order), COUPON_MESSAGES.removed);
    },
  );

  app.put(
    '/photo-orders/:orderRef/delivery',
    {
      schema: {
        tags,
        summary: 'Step 3: pickup at a photo counter (chain, 5-digit pin code, address, message) or home delivery',
        params: photoOrderRefParams,
        body: chooseDeliverySchema,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.setDelivery(customer(request).id, refOf(request.params), request.body);
      return ok(valueOrThrow(order), M.deliverySaved);
    },
  );

  app.put(
    '/photo-orders/:orderRef/step',
    {
      schema: {
        tags,
        summary: 'The step the customer is on (1–4), kept so a return resumes there; later steps need the earlier ones',
        params: photoOrderRefParams,
        body: setStepSchema,
        response: order200,
      },
    },
    async (request) => {
      const order = await photos.setStep(customer(request).id, refOf(request.params), request.body.step);
      return ok(valueOrThrow(order), M.stepSaved);
    },
  );

  app.post(
    '/photo-orders/:orderRef/reset',
    {
      schema: {
        tags,
        summary: 'Start the order again: items, photos, plan and delivery cleared, step 1; the order stays',
        params: photoOrderRefParams,
        response: order200,
      },
    },
    async (request) => ok(valueOrThrow(await photos.reset(customer(request).id, refOf(request.params))), M.reset),
  );

  // Paying a photo order: the order core's payment routes, on this path too (payments/routes.ts).

  // Only the upload route reads multipart bodies.
  const uploadRoutes: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      '/photo-orders/:orderRef/items/:itemId/photos',
      {
        config: { rateLimit: perSignedInUser(PHOTO_UPLOAD_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'Upload a photo for an item (multipart/form-data, one JPEG, PNG or HEIC file; up to 4 per item). Its check starts at once: poll the photo.',
          consumes: ['multipart/form-data'],
          params: photoItemParams,
          body: z
            .object({ file: z.string().meta({ format: 'binary', description: 'The photo: JPEG, PNG or HEIC' }) })
            .nullish(),
          response: { 201: envelopeSchema(orderPhotoSchema) },
        },
      },
      async (request, reply) => {
        const { itemId } = request.params;
        const photo = valueOrThrow(
          await photos.upload(customer(request).id, refOf(request.params), itemId, (itemLimits) =>
            app.uploads.acceptUpload(request, { itemLimits }),
          ),
        );
        return reply.status(201).send(ok(photo, M.photoUploaded, 201));
      },
    );
    scope.post(
      '/photo-orders/:orderRef/items/:itemId/photos/:photoId/retake',
      {
        config: { rateLimit: perSignedInUser(PHOTO_UPLOAD_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            'A free new photo for one a person rejected (after payment; multipart/form-data, one JPEG, PNG or HEIC file). It replaces the rejected photo and a person checks it again.',
          consumes: ['multipart/form-data'],
          params: photoParams,
          body: z
            .object({ file: z.string().meta({ format: 'binary', description: 'The photo: JPEG, PNG or HEIC' }) })
            .nullish(),
          response: { 201: envelopeSchema(z.object({ photoId: z.number(), orderDisplayId: z.string() })) },
        },
      },
      async (request, reply) => {
        const { itemId, photoId } = request.params;
        const retake = valueOrThrow(
          await photos.secondLook.retake(customer(request).id, refOf(request.params), itemId, photoId, (itemLimits) =>
            app.uploads.acceptUpload(request, { itemLimits }),
          ),
        );
        return reply.status(201).send(ok(retake, SECOND_LOOK_MESSAGES.retakeUploaded, 201));
      },
    );
  };
  await app.register(uploadRoutes);
};
