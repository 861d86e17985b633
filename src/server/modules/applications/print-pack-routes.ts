import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrderRef } from '../../../domain/applications/application.ts';
import { refusals } from '../../http/error-responses.ts';
import { serveMadeFile } from '../../uploads/index.ts';
import { customer, memberParams, valueOrThrow } from './route-helpers.ts';

/** The OpenAPI description of the pack: a PDF sent as a download. */
export const printPackResponse = {
  description:
    'The print pack as a PDF, with Content-Disposition, Cache-Control: private, no-store and a sandboxing CSP',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * GET /api/v1/application/order/{orderRef}/members/{memberId}/print-pack (issue 32 §3): the
 * member's print pack for the signed-in owner, once the order is paid (409 before; another
 * customer's order or member is a 404 like an unknown one).
 */
export const printPackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { printPacks } = app.services;

  app.get(
    '/application/order/:orderRef/members/:memberId/print-pack',
    {
      schema: {
        tags: ['application forms'],
        summary:
          "A member's print pack (PDF): the checklist in the order the papers go in, the letters we prepare pre-filled from the answers, and the mailing label. After payment only (409 before).",
        params: memberParams,
        response: { 200: printPackResponse, ...refusals(409) },
      },
    },
    async (request, reply) => {
      const ref = parseOrderRef(request.params.orderRef);
      const file = valueOrThrow(await printPacks.memberPack(customer(request).id, ref, request.params.memberId));
      return serveMadeFile(reply, file);
    },
  );
};
