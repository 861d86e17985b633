import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import {
  addOnsSchema,
  applyCouponSchema,
  CHECKOUT_MESSAGES as C,
  chooseAddOnsSchema,
  costSummarySchema,
} from '../../../domain/checkout/api.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { anyOrderRefParams, parseAnyOrderRef } from '../../../domain/orders/order-kind.ts';
import { dashboardSchema, orderSummarySchema } from '../../../domain/orders/order-summary.ts';
import { USER_MESSAGES as U } from '../../../domain/users/messages.ts';
import { valueOrThrow } from '../../http/errors.ts';
import { createCouponLimit } from '../../http/rate-limits.ts';
import { currentUser } from '../../plugins/session.ts';

/** The signed-in user's order history and dashboard. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { orders, notifications, applications } = app.services;
  const couponTries = createCouponLimit(app);

  app.get(
    '/users/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Order history, newest first',
        querystring: paginationQuery,
        response: { 200: listEnvelopeSchema(orderSummarySchema) },
      },
    },
    async (request) => ok(await orders.listForUser(currentUser(request).viewer.id, request.query), U.ordersLoaded),
  );

  app.get(
    '/users/dashboard',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Dashboard figures: orders, active orders, unread notifications, 5 recent orders, and the applications still to pay or finish with their members',
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).viewer.id;
      const [summary, unreadNotifications, openApplications] = await Promise.all([
        orders.summaryForUser(userId),
        notifications.unreadCount(userId),
        applications.openApplicationsOf(userId),
      ]);
      return ok(
        {
          ordersCount: summary.ordersCount,
          activeOrders: summary.activeOrders,
          unreadNotifications,
          recentOrders: summary.recent,
          openApplications,
        },
        U.dashboardLoaded,
      );
    },
  );

  // The order core's checkout calls for every kind (issue 28); the kinds' own paths stay as the
  // spec's aliases (/application/order/{orderRef}/coupon, /photo-orders/{orderRef}/coupon).
  /** Who asks, and for which order: every checkout call reads its order through its owner. */
  const asked = (request: FastifyRequest<{ Params: { orderRef: string } }>) => ({
    customerId: currentUser(request).viewer.id,
    ref: parseAnyOrderRef(request.params.orderRef),
  });
  app.get(
    '/orders/:orderRef/cost-summary',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order’s cost summary as the server prices it now, whatever its kind',
        params: anyOrderRefParams,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) => {
      const { customerId, ref } = asked(request);
      return ok(valueOrThrow(await orders.costSummary(customerId, ref)), C.summaryLoaded);
    },
  );

  app.get(
    '/orders/:orderRef/add-ons',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The add-ons the order offers, whatever its kind, with prices in its currency and what is chosen (SPEC.md §7 /photoAddon-price/, /expedite-price/, /appostilled-price/); none for a kind that sells none',
        params: anyOrderRefParams,
        response: { 200: envelopeSchema(addOnsSchema) },
      },
    },
    async (request) => {
      const { customerId, ref } = asked(request);
      return ok(valueOrThrow(await orders.addOns(customerId, ref)), C.addOnsLoaded);
    },
  );

  app.put(
    '/orders/:orderRef/add-ons',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Choose the order’s add-ons (all of them; before payment only), whatever its kind; answers the new cost summary',
        params: anyOrderRefParams,
        body: chooseAddOnsSchema,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) => {
      const { customerId, ref } = asked(request);
      return ok(valueOrThrow(await orders.chooseAddOns(customerId, ref, request.body)), C.addOnsSaved);
    },
  );

  app.post(
    '/orders/:orderRef/coupon',
    {
      preHandler: couponTries,
      schema: {
        tags: ['orders'],
        summary:
          'Apply a coupon to the order, whatever its kind (SPEC.md §7 /apply-coupon/); answers the new cost summary',
        params: anyOrderRefParams,
        body: applyCouponSchema,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) => {
      const { customerId, ref } = asked(request);
      return ok(valueOrThrow(await orders.applyCoupon(customerId, ref, request.body.code)), COUPON_MESSAGES.applied);
    },
  );

  app.delete(
    '/orders/:orderRef/coupon',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Remove the order’s coupon, whatever its kind (SPEC.md §7 /remove-coupon/); answers the new cost summary',
        params: anyOrderRefParams,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) => {
      const { customerId, ref } = asked(request);
      return ok(valueOrThrow(await orders.removeCoupon(customerId, ref)), COUPON_MESSAGES.removed);
    },
  );
};
