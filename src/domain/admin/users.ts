import { z } from 'zod';
import { rowIdSchema } from '../api/row-id.ts';
import { orderSummarySchema } from '../orders/order-summary.ts';
import { USER_ROLES } from '../users/profile.ts';
import { adminListQuery } from './list-query.ts';

/**
 * The back office's users section (issue 13 item 6, decision 0069): admins only. The schemas are
 * shared by the API (request and response) and the pages (loader query, forms).
 */

/** One account as an admin sees it: the role it acts with, how it got it, and its state. */
export const adminUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The role the account acts with (an ADMIN_EMAILS admin is 'admin' whatever is stored). */
  role: z.enum(USER_ROLES),
  /** The role stored on the account (what the role form changes). */
  storedRole: z.enum(USER_ROLES),
  /** Admin through ADMIN_EMAILS: the stored role does not apply while the variable names it. */
  adminByConfig: z.boolean(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** How many of a user's newest orders their page shows. */
export const ADMIN_USER_ORDERS_SHOWN = 20;

/** A user's page: the account and their newest orders. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  orders: z.object({
    results: z.array(orderSummarySchema),
    totalCount: z.number(),
    page: z.number(),
    limit: z.number(),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** GET /admin/users: paged, sorted, searched by e-mail or name (`q`). */
export const adminUserListQuery = adminListQuery(['createdAt', 'email', 'name', 'role'] as const);
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  roleChanged: 'Role changed',
  roleUnchanged: 'The user already has that role',
  invalidRole: 'Role must be customer, staff or admin',
  ownRole: 'You cannot change your own role.',
  ownAccount: 'You cannot disable your own account.',
  adminByConfig:
    'This account is an admin through ADMIN_EMAILS. Remove its address from ADMIN_EMAILS to change its role.',
  disabled: 'Account disabled. Its sessions have ended.',
  enabled: 'Account enabled',
  verified: 'E-mail marked as verified',
  alreadyVerified: 'The e-mail is already verified',
  /** Verifying an ADMIN_EMAILS address makes it an admin (decision 0067): only the mailbox proves it. */
  adminEmailNeedsLink:
    'This address is in ADMIN_EMAILS, so verifying it makes the account an admin. It cannot be verified by hand: its owner must open the verification link sent to their e-mail.',
} as const;

/** PATCH /admin/users/{id}/role */
export const setUserRoleSchema = z.object({
  role: z.enum(USER_ROLES, { error: ADMIN_USER_MESSAGES.invalidRole }),
});
export type SetUserRole = z.infer<typeof setUserRoleSchema>;

/** PATCH /admin/users/{id}/disabled: true disables the account, false enables it again. */
export const setUserDisabledSchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type SetUserDisabled = z.infer<typeof setUserDisabledSchema>;

/**
 * POST /users/verify-user (SPEC.md §7, the Users group, under /api/v1 like every spec path):
 * an admin marks a user's e-mail verified by hand, e.g. after confirming it on the phone.
 */
export const verifyUserSchema = z.object({
  userId: rowIdSchema('userId must be a number'),
});
export type VerifyUser = z.infer<typeof verifyUserSchema>;
