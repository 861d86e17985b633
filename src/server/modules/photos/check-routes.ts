import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import {
  PHOTO_CHECK_MESSAGES as C,
  PHOTO_CHECK_COOKIE,
  PHOTO_CHECK_MARKER_COOKIE,
  PHOTO_CHECK_PATH,
  PHOTO_CHECK_RATE_LIMIT,
  PHOTO_CHECK_TTL_MS,
  photoCheckQuery,
  photoCheckSchema,
} from '../../../domain/photos/checks.ts';
import { photoOrderSchema } from '../../../domain/photos/orders.ts';
import { PHOTO_CURRENCIES } from '../../../domain/photos/pricing.ts';
import { clientKey } from '../../http/client-address.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError, valueOrThrow } from '../../http/errors.ts';
import { comesFromSite, currentUser } from '../../plugins/session.ts';
import { cookiesAreSecure } from '../../session-cookie.ts';
import { registerUploadParsing, serveFile } from '../../uploads/index.ts';

const tags = ['photos'];

const fileResponse = {
  description: 'The photo (JPEG or PNG), with nosniff, Cache-Control: private, no-store and a sandboxing CSP',
  content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * Check first, account later (docs/decisions/0102-photo-check-first.md): a visitor checks a photo
 * with no account. The check is the cookie holder's alone (another browser gets the same 404 as
 * none); at payment the signed-in customer's order claims it.
 */
export const photoCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos } = app.services;
  const secure = cookiesAreSecure(app.env);
  const siteOrigin = new URL(app.env.siteUrl).origin;
  const cookie = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  const tokenOf = (request: FastifyRequest) => request.cookies[PHOTO_CHECK_COOKIE];
  const marker = { ...cookie, httpOnly: false };
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(PHOTO_CHECK_COOKIE, cookie).clearCookie(PHOTO_CHECK_MARKER_COOKIE, marker);

  // Every change must come from this site's pages, with the check cookie or without: a cross-site
  // POST never carries the SameSite=Lax cookie, yet its answer's Set-Cookie would replace the
  // visitor's check with the other site's photo.
  const sameSiteChange = async (request: FastifyRequest) => {
    if (!comesFromSite(request, siteOrigin)) throw new HttpError(403, AUTH_API_MESSAGES.crossSiteRequest);
  };

  app.get(
    PHOTO_CHECK_PATH,
    {
      schema: {
        tags,
        summary: "This browser's photo check (its cookie's): the verdict and links to the photos; 404 once it ended",
        // 404: no live check for this browser's cookie.
        response: { 200: envelopeSchema(photoCheckSchema), ...refusals(404) },
      },
    },
    async (request) => {
      const row = await photos.checks.find(tokenOf(request));
      if (!row) throw new HttpError(404, C.notFound);
      return ok(photos.checks.toView(row), C.loaded);
    },
  );

  for (const which of ['original', 'fitted'] as const) {
    app.get(
      `${PHOTO_CHECK_PATH}/${which}`,
      {
        schema: {
          tags,
          summary:
            which === 'original'
              ? "This browser's checked photo as uploaded (re-encoded, metadata removed)"
              : "This browser's fitted photo at its size's exact pixels (404 when it could not be fitted)",
          response: { 200: fileResponse, ...refusals(404) },
        },
      },
      async (request, reply) => {
        const file = await photos.checks.openFile(tokenOf(request), which);
        return serveFile(reply, app.storage, valueOrThrow(file), { disposition: 'inline' });
      },
    );
  }

  app.delete(
    PHOTO_CHECK_PATH,
    {
      preHandler: sameSiteChange,
      schema: {
        tags,
        summary: "Delete this browser's photo check and its files",
        response: { 200: envelopeSchema(z.null()), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const removed = await photos.checks.remove(tokenOf(request));
      clearCookie(reply);
      return ok(valueOrThrow(removed), C.removed);
    },
  );

  app.post(
    '/photo-orders/claim-check',
    {
      onRequest: app.requireUser,
      preHandler: sameSiteChange,
      schema: {
        tags,
        summary:
          "Take this browser's photo check (an item of its size with the checked photo) into the customer's open photo order (200), or a new one without an open order (201); once: the check is then gone",
        // Without a currency, the one the customer last ordered in, else USD (`photoCurrencyOf`); an open order keeps its own.
        body: z.object({ currency: z.enum(PHOTO_CURRENCIES).optional() }).nullish(),
        response: { 200: envelopeSchema(photoOrderSchema), 201: envelopeSchema(photoOrderSchema), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const { viewer } = currentUser(request);
      const claimed = await photos.claimCheck(viewer, tokenOf(request), request.body?.currency);
      clearCookie(reply);
      const { order, created } = valueOrThrow(claimed);
      const status = created ? 201 : 200;
      return reply.status(status).send(ok(order, C.claimed, status));
    },
  );

  // Only the upload reads a multipart body.
  const uploadRoute: FastifyPluginAsyncZod = async (scope) => {
    await registerUploadParsing(scope);
    scope.post(
      '/photo-checks',
      {
        config: {
          // Each check costs a re-encode and the face model: counted per client address on arrival.
          rateLimit: {
            ...PHOTO_CHECK_RATE_LIMIT,
            keyGenerator: (request: FastifyRequest) => `photo-check:${clientKey(request.ip)}`,
            errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
              new HttpError(429, C.rateLimited(Math.max(1, Math.ceil(context.ttl / 60_000)))),
          },
        },
        preHandler: sameSiteChange,
        schema: {
          tags,
          summary:
            'Check a photo without an account (multipart/form-data, one JPEG, PNG or HEIC file): answers the verdict and sets the cookie that alone can read it for 24 hours; replaces this browser’s previous check',
          consumes: ['multipart/form-data'],
          querystring: photoCheckQuery,
          body: z
            .object({ file: z.string().meta({ format: 'binary', description: 'The photo: JPEG, PNG or HEIC' }) })
            .nullish(),
          // 503: the face model could not run.
          response: { 201: envelopeSchema(photoCheckSchema), ...refusals(503) },
        },
      },
      async (request, reply) => {
        const { token, check } = await photos.checks.create(tokenOf(request), request.query.size, (itemLimits) =>
          // A visitor's photo: re-encoded behind customers' uploads, as it is checked behind their photos.
          app.uploads.acceptUpload(request, { itemLimits, behind: true }),
        );
        const maxAge = PHOTO_CHECK_TTL_MS / 1000;
        reply.setCookie(PHOTO_CHECK_COOKIE, token, { ...cookie, maxAge });
        reply.setCookie(PHOTO_CHECK_MARKER_COOKIE, '1', { ...marker, maxAge });
        return reply.status(201).send(ok(check, C.checked, 201));
      },
    );
  };
  await app.register(uploadRoute);
};
