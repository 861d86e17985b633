import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { orderRefParams, parseOrderRef } from '../../../domain/applications/application.ts';
import {
  addOnsSchema,
  applyCouponSchema,
  CHECKOUT_MESSAGES as C,
  chooseAddOnsSchema,
  costSummarySchema,
  couponsQuery,
  publicCouponSchema,
} from '../../../domain/checkout/api.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { createCouponLimit } from '../../http/rate-limits.ts';
import { customer, valueOrThrow } from '../applications/service.ts';

/**
 * The checkout calls of SPEC.md §7 on a service order, under /api/v1/application/order/{orderRef}
 * (mapping in docs/decisions/0054), and the public coupon list (no session needed).
 */
const tags = ['checkout'];

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout } = app.services;

  app.get(
    '/coupons-management/platform',
    {
      schema: {
        tags,
        summary: "The active public coupons of a platform ('sevadocs' or 'sevaphotos')",
        querystring: couponsQuery,
        response: { 200: envelopeSchema(z.array(publicCouponSchema)) },
      },
    },
    async (request) => ok(await checkout.publicCoupons(request.query.platform), C.couponsLoaded),
  );
};

const ref = (params: { orderRef: string }) => parseOrderRef(params.orderRef);

/** Signed-in only; every call reads the order through its owner (another customer's is a 404). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { checkout } = app.services;
  const couponTries = createCouponLimit(app);

  app.get(
    '/application/order/:orderRef/add-ons',
    {
      schema: {
        tags,
        summary:
          'The add-ons the order’s package offers, with their prices in the order’s currency and what is chosen (SPEC.md §7 /photoAddon-price/, /expedite-price/, /appostilled-price/)',
        params: orderRefParams,
        response: { 200: envelopeSchema(addOnsSchema) },
      },
    },
    async (request) =>
      ok(valueOrThrow(await checkout.addOns(customer(request).id, ref(request.params))), C.addOnsLoaded),
  );

  app.put(
    '/application/order/:orderRef/add-ons',
    {
      schema: {
        tags,
        summary: 'Choose the order’s add-ons (all of them; before payment only); answers the new cost summary',
        params: orderRefParams,
        body: chooseAddOnsSchema,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await checkout.chooseAddOns(customer(request).id, ref(request.params), request.body)),
        C.addOnsSaved,
      ),
  );

  app.get(
    '/application/order/:orderRef/cost-summary',
    {
      schema: {
        tags,
        summary: 'The cost summary: SPEC.md §3 line items, the fees apart, the total the customer pays',
        params: orderRefParams,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) =>
      ok(valueOrThrow(await checkout.costSummary(customer(request).id, ref(request.params))), C.summaryLoaded),
  );

  app.post(
    '/application/order/:orderRef/coupon',
    {
      preHandler: couponTries,
      schema: {
        tags,
        summary: 'Apply a coupon to the order (SPEC.md §7 /apply-coupon/); answers the new cost summary',
        params: orderRefParams,
        body: applyCouponSchema,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) =>
      ok(
        valueOrThrow(await checkout.applyCoupon(customer(request).id, ref(request.params), request.body.code)),
        COUPON_MESSAGES.applied,
      ),
  );

  app.delete(
    '/application/order/:orderRef/coupon',
    {
      schema: {
        tags,
        summary: 'Remove the order’s coupon (SPEC.md §7 /remove-coupon/); answers the new cost summary',
        params: orderRefParams,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) =>
      ok(valueOrThrow(await checkout.removeCoupon(customer(request).id, ref(request.params))), COUPON_MESSAGES.removed),
  );
};
