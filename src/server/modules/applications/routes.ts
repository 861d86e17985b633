import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import {
  APPLICATION_MESSAGES as A,
  applicationOrderSchema,
  cancelApplicationSchema,
  orderRefParams,
  parseOrderRef,
  startApplicationSchema,
} from '../../../domain/applications/application.ts';
import { MEMBER_MESSAGES as M, memberInputSchema, memberSchema } from '../../../domain/applications/members.ts';
import { orderSummarySchema } from '../../../domain/orders/order-summary.ts';
import { refusals } from '../../http/error-responses.ts';
import { perSignedInUser } from '../../http/rate-limits.ts';
import { customer, memberParams, valueOrThrow } from './route-helpers.ts';

/**
 * Per signed-in customer (the session is known before this runs): starting applications, and
 * adding members. A family fits in one application; these only stop a runaway client or script.
 */
export const APPLICATION_START_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
export const MEMBER_ADD_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

/** GET /application/start-prefill: the "Self" row's date of birth a returning customer gave before. */
const startPrefillSchema = z.object({ self: z.object({ dateOfBirth: z.string() }).nullable() });
const START_PREFILL_LOADED = 'Your earlier details loaded';

/**
 * The application calls of SPEC.md §7 under /api/v1/application/… (the mapping is in
 * docs/decisions/0048): the signed-in customer's service orders and their members.
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { applications } = app.services;
  const tags = ['applications'];

  app.post(
    '/application/order',
    {
      config: { rateLimit: perSignedInUser(APPLICATION_START_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          'Start an application from a package, its country choices and its members (DOC-… order, Payment pending). The same idempotencyKey again answers the same order with 200.',
        body: startApplicationSchema,
        // 409: the idempotencyKey already started another package's order.
        response: {
          200: envelopeSchema(applicationOrderSchema),
          201: envelopeSchema(applicationOrderSchema),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      const { order, created } = valueOrThrow(await applications.start(customer(request), request.body));
      const status = created ? 201 : 200;
      return reply.status(status).send(ok(order, created ? A.started : A.alreadyStarted, status));
    },
  );

  app.get(
    '/application/start-prefill',
    {
      schema: {
        tags,
        summary:
          "What the start page fills in for the signed-in customer: their own date of birth from the newest of their applications that had them as Self (self: null without one). Never another customer's.",
        response: { 200: envelopeSchema(startPrefillSchema) },
      },
    },
    async (request) => ok({ self: await applications.earlierSelf(customer(request).id) }, START_PREFILL_LOADED),
  );

  app.get(
    '/application/order',
    {
      schema: {
        tags,
        summary: "The signed-in customer's applications (service orders), newest first",
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(orderSummarySchema) },
      },
    },
    async (request) => ok(await applications.listForUser(customer(request).id, request.query), A.listLoaded),
  );

  app.get(
    '/application/order/:orderRef',
    {
      schema: {
        tags,
        summary: 'The order page: status, price snapshot, members with their form progress, and timeline',
        params: orderRefParams,
        response: { 200: envelopeSchema(applicationOrderSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      return ok(valueOrThrow(await applications.getOrder(customer(request).id, ref)), A.loaded);
    },
  );

  app.post(
    '/application/order/:orderRef/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an application that is not paid yet (Payment pending → Cancelled)',
        params: orderRefParams,
        body: cancelApplicationSchema.nullish(),
        response: { 200: envelopeSchema(applicationOrderSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const remark = request.body?.remark || null;
      return ok(valueOrThrow(await applications.cancel(customer(request), ref, remark)), A.cancelled);
    },
  );

  app.get(
    '/application/order/:orderRef/members',
    {
      schema: {
        tags,
        summary: "The application's members with their form progress, in the order they were added",
        params: orderRefParams,
        response: { 200: envelopeSchema(z.array(memberSchema)) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      return ok(valueOrThrow(await applications.listMembers(customer(request).id, ref)), M.loaded);
    },
  );

  app.post(
    '/application/order/:orderRef/members',
    {
      config: { rateLimit: perSignedInUser(MEMBER_ADD_RATE_LIMIT) },
      schema: {
        tags,
        summary: 'Add a member (before payment; at most 10). Minor or Adult follows from the date of birth.',
        params: orderRefParams,
        body: memberInputSchema,
        response: { 201: envelopeSchema(memberSchema) },
      },
    },
    async (request, reply) => {
      const ref = parseOrderRef(request.params.orderRef);
      const member = valueOrThrow(await applications.addMember(customer(request), ref, request.body));
      return reply.status(201).send(ok(member, M.added, 201));
    },
  );

  app.put(
    '/application/order/:orderRef/members/:memberId',
    {
      schema: {
        tags,
        summary: "Replace a member's details (until the forms are all in)",
        params: memberParams,
        body: memberInputSchema,
        response: { 200: envelopeSchema(memberSchema) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      const { memberId } = request.params;
      return ok(
        valueOrThrow(await applications.updateMember(customer(request), ref, memberId, request.body)),
        M.updated,
      );
    },
  );

  app.delete(
    '/application/order/:orderRef/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove a member (before payment; the last member stays)',
        params: memberParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ref = parseOrderRef(request.params.orderRef);
      valueOrThrow(await applications.removeMember(customer(request), ref, request.params.memberId));
      return ok(null, M.removed);
    },
  );
};
