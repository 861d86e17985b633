import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../../domain/users/roles.ts';
import type { Database } from '../../db/client.ts';
import { createSignedInUser } from '../auth/testing.ts';
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
