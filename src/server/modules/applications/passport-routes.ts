import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { parseOrderRef } from '../../../domain/applications/application.ts';
import {
  confirmedPassportSchema,
  confirmPassportSchema,
  mrzReadingSchema,
  PASSPORT_MESSAGES as P,
  PASSPORT_PAGE_UPLOAD,
} from '../../../domain/passports/mrz-reading.ts';
import { refusals } from '../../http/error-responses.ts';
import { idParams } from '../../http/id-params.ts';
import { perSignedInUser } from '../../http/rate-limits.ts';
import { registerUploadParsing } from '../../uploads/index.ts';
import { customer, memberParams, valueOrThrow } from './route-helpers.ts';

/**
 * Readings per signed-in customer: each is ~1 s of a core. A family of ten reads ten passports,
 * a few twice; more is someone using the OCR for something else.
 */
export const PASSPORT_READ_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** The OpenAPI description of the upload form (the route reads it as a stream, not through a schema). */
const pageForm = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: 'A photo or scan of the bio page: JPEG, PNG or HEIC, or a PDF scan (its first page is read)',
    }),
  })
  .nullish();

/**
 * A member's passport, read from its machine-readable zone (issue 30 §2, decision
 * 0095), under /api/v1/application/order/{orderRef}/members/{memberId}/passport:
 * read a photo or PDF scan of the bio page or the member's uploaded copy (nothing stored),
 * confirm what was read (the review step then checks the answers against it), see or remove the
 * confirmed one.
 */
export const passportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { passports } = app.services;
  const tags = ['application forms'];
  const passport = '/application/order/:orderRef/members/:memberId/passport';
  const readLimit = { rateLimit: perSignedInUser(PASSPORT_READ_RATE_LIMIT) };

  app.get(
    passport,
    {
      schema: {
        tags,
        summary: "The member's confirmed passport reading, or null",
        params: memberParams,
        response: { 200: envelopeSchema(confirmedPassportSchema.nullable()) },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const found = await passports.confirmed(customer(request).id, parseOrderRef(request.params.orderRef), memberId);
      const value = valueOrThrow(found);
      return ok(value, value ? P.confirmed : P.none);
    },
  );

  app.put(
    passport,
    {
      schema: {
        tags,
        summary:
          "Confirm a reading: the zone lines must pass every check digit; number and dates must be theirs; the names must be the member's and the number not another member's of the order. Replaces an earlier one.",
        params: memberParams,
        body: confirmPassportSchema,
        response: { 200: envelopeSchema(confirmedPassportSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await passports.confirm(customer(request).id, ref, memberId, request.body)), P.confirmed);
    },
  );

  app.delete(
    passport,
    {
      schema: {
        tags,
        summary: "Remove the member's confirmed reading: the answers are no longer checked against it",
        params: memberParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(valueOrThrow(await passports.remove(customer(request).id, ref, memberId)), P.removed);
    },
  );

  app.post(
    `${passport}/read/documents/:documentId`,
    {
      config: readLimit,
      schema: {
        tags,
        summary:
          "Read the member's uploaded passport copy (an image, or a PDF scan: the image of its first page). Nothing is stored.",
        params: memberParams.extend({ documentId: idParams.shape.id }),
        // 422: a page (or a PDF without a scanned page) that could not be read; 503: the reader is busy.
        response: { 200: envelopeSchema(mrzReadingSchema), ...refusals(422, 503) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId, documentId } = request.params;
      const read = await passports.readDocument(customer(request).id, ref, memberId, documentId);
      const reading = valueOrThrow(read);
      return ok(reading, reading.valid ? P.read : P.checksFailed);
    },
  );

  // Only the page upload reads a multipart body.
  const uploadRoutes: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      `${passport}/read`,
      {
        config: readLimit,
        schema: {
          tags,
          summary:
            'Read a photo or scan of the bio page (multipart/form-data, one JPEG, PNG, HEIC or PDF up to 15 MB; of a PDF, the image of its first page). Nothing is stored: the answer is for the customer to confirm.',
          consumes: ['multipart/form-data'],
          params: memberParams,
          body: pageForm,
          response: { 200: envelopeSchema(mrzReadingSchema), ...refusals(422, 503) },
        },
      },
      async (request) => {
        const ref = parseOrderRef(request.params.orderRef);
        const { memberId } = request.params;
        const reading = valueOrThrow(
          await passports.read(customer(request).id, ref, memberId, () =>
            app.uploads.acceptImage(request, { itemLimits: PASSPORT_PAGE_UPLOAD }),
          ),
        );
        return ok(reading, reading.valid ? P.read : P.checksFailed);
      },
    );
  };
  await app.register(uploadRoutes);
};
