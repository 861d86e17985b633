import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ROLE_MESSAGES, type StaffRole } from '../../../domain/users/roles.ts';
import type { Database } from '../../db/client.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { users } from './tables.ts';

/**
 * A signed-in staff member or admin for back-office tests: a verified account whose stored role
 * is set directly (in the app, admins grant roles from /admin/users; the first come from ADMIN_EMAILS).
 */
export async function createStaffUser(
  app: FastifyInstance,
  db: Database,
  role: StaffRole,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; email: string; id: number }> {
  const user = await createSignedInUser(app, { name: role === 'admin' ? 'Asha Admin' : 'Sunil Staff', ...overrides });
  await db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

/**
 * One back-office endpoint's role guard (decision 0067): a visitor gets 401, a customer 403 with
 * the one message, and staff 403 where the endpoint is the admins' alone. `send` makes the request
 * with the headers given.
 */
export async function expectRoleGuard(
  app: FastifyInstance,
  db: Database,
  needed: StaffRole,
  send: (headers: Record<string, string>) => Promise<{ statusCode: number; json(): unknown }>,
): Promise<void> {
  expect((await send({})).statusCode, 'a visitor').toBe(401);
  const customer = await createSignedInUser(app);
  const refused = await send(bearer(customer.token));
  expect(refused.statusCode, 'a customer').toBe(403);
  expect((refused.json() as { message?: string }).message).toBe(ROLE_MESSAGES.forbidden);
  if (needed === 'admin') {
    const staff = await createStaffUser(app, db, 'staff');
    expect((await send(bearer(staff.token))).statusCode, 'staff').toBe(403);
  }
}
