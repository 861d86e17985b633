// A signed-in visitor for the bench: a verified account and a live session in the fresh database,
// made through the users and accounts services before the server opens the database. The bench's
// server has captcha keys and an unreachable SMTP server, so the public sign-up cannot be
// completed over HTTP there.
import { PLATFORMS } from '../src/domain/config/site.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';
import { createAuthService } from '../src/server/modules/auth/service.ts';
import { createNotificationsService } from '../src/server/modules/notifications/service.ts';
import { createUsersService } from '../src/server/modules/users/service.ts';
import { SESSION_COOKIE_NAME } from '../src/server/session-cookie.ts';

const EMAIL = 'bench.visitor@example.com';
const PASSWORD = 'Bench!Passw0rd';

/**
 * Migrates the PGlite database in `pgliteDir`, signs a new verified user in `sessions` times (as
 * many tabs or devices) and returns the session cookies.
 */
export async function createSignedInVisitor(pgliteDir: string, sessions = 1): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    await database.migrate();
    // The account is written as a verified sign-up leaves it; only the sign-in runs the real path.
    const users = createUsersService(database.db);
    const account = await users.createAccount({
      name: 'Bench Visitor',
      email: EMAIL,
      phone: '+1-4155550123',
      passwordHash: await hashPassword(PASSWORD),
      platform: PLATFORMS.docs,
      referredByUserId: null,
    });
    await users.markEmailVerified(account.id, new Date());
    const notNeeded = () => {
      throw new Error('the bench signs in only: it sends no e-mail and queues no job');
    };
    const auth = createAuthService(database.db, {
      users,
      notifications: createNotificationsService(database.db),
      mail: { enqueue: notNeeded, isQueued: notNeeded },
      jobs: { send: notNeeded, work: notNeeded },
      siteUrl: 'http://bench.invalid',
    });
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i += 1) {
      const signIn = await auth.signIn(EMAIL, PASSWORD, { userAgent: 'sevadocs-bench' });
      if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.reason}`);
      cookies.push(`${SESSION_COOKIE_NAME}=${signIn.token}`);
    }
    return cookies;
  } finally {
    await database.close();
  }
}
