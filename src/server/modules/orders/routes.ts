import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema, paginationQuery } from '../../../domain/api/pagination.ts';
import { dashboardSchema, orderSummarySchema } from '../../../domain/orders/order-summary.ts';
import { USER_MESSAGES as U } from '../../../domain/users/messages.ts';
import { currentUser } from '../../plugins/session.ts';

/** The signed-in user's order history and dashboard. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  const { orders, notifications } = app.services;

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
        summary: 'Dashboard figures: orders, active orders, unread notifications, 5 recent orders',
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).viewer.id;
      const [summary, unreadNotifications] = await Promise.all([
        orders.summaryForUser(userId),
        notifications.unreadCount(userId),
      ]);
      return ok(
        {
          ordersCount: summary.ordersCount,
          activeOrders: summary.activeOrders,
          unreadNotifications,
          recentOrders: summary.recent,
        },
        U.dashboardLoaded,
      );
    },
  );
};
