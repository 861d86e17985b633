import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_ORDERS_SHOWN,
  adminUserDetailSchema,
  adminUserListQuery,
  adminUserSchema,
  ADMIN_USER_MESSAGES as M,
  setUserDisabledSchema,
  setUserRoleSchema,
  verifyUserSchema,
} from '../../../domain/admin/users.ts';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { refusals } from '../../http/error-responses.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { auditActor } from '../../plugins/session.ts';
import type { AdminUserChange } from './service.ts';

/** The refusals of an account change, as the API answers them. */
function changedOrThrow(result: AdminUserChange, selfMessage: string) {
  if (result.ok) return result;
  if (result.reason === 'not-found') throw new HttpError(404, M.notFound);
  if (result.reason === 'self') throw new HttpError(409, selfMessage);
  if (result.reason === 'admin-email-unverified') throw new HttpError(409, M.adminEmailNeedsLink);
  throw new HttpError(409, M.adminByConfig);
}

/**
 * The back office's users section (issue 13 item 6, decision 0069), admins only: list, a user's
 * page with their orders, role, disable/enable, and verifying an e-mail by hand.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, orders } = app.services;

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, searched by e-mail or name (q), paged and sorted',
        querystring: adminUserListQuery,
        response: { 200: listEnvelopeSchema(adminUserSchema) },
      },
    },
    async (request) => ok(await users.adminList(request.query)),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One account and its newest orders',
        params: idParams,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => {
      const user = await users.adminGet(request.params.id);
      if (!user) throw new HttpError(404, M.notFound);
      return ok({ user, orders: await orders.listForUser(user.id, { page: 1, limit: ADMIN_USER_ORDERS_SHOWN }) });
    },
  );

  app.patch(
    '/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Set another account's role (customer, staff, admin)",
        params: idParams,
        body: setUserRoleSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) => {
      const result = changedOrThrow(
        await users.setRole(auditActor(request), request.params.id, request.body.role),
        M.ownRole,
      );
      return ok(result.user, result.changed ? M.roleChanged : M.roleUnchanged);
    },
  );

  app.patch(
    '/admin/users/:id/disabled',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable (its sessions end, it cannot sign in) or enable another account',
        params: idParams,
        body: setUserDisabledSchema,
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (request) => {
      const { disabled } = request.body;
      const result = changedOrThrow(
        await users.setDisabled(auditActor(request), request.params.id, disabled),
        M.ownAccount,
      );
      return ok(result.user, disabled ? M.disabled : M.enabled);
    },
  );

  app.post(
    '/users/verify-user',
    {
      schema: {
        tags: ['admin'],
        summary: "Mark a user's e-mail verified by hand (SPEC.md §7 /users/verify-user)",
        body: verifyUserSchema,
        // 404: no account with that id; 409: an unverified ADMIN_EMAILS address (only its owner's link verifies it).
        response: { 200: envelopeSchema(adminUserSchema), ...refusals(404, 409) },
      },
    },
    async (request) => {
      const result = changedOrThrow(await users.verifyByHand(auditActor(request), request.body.userId), M.notFound);
      return ok(result.user, result.changed ? M.verified : M.alreadyVerified);
    },
  );
};
