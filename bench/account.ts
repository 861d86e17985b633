// The bench's signed-in people: a verified visitor and an ADMIN_EMAILS admin with live sessions in
// the fresh database, made through the users and accounts services before the server opens the database. The bench's
// server has captcha keys and an unreachable SMTP server, so the public sign-up cannot be
// completed over HTTP there.
import { PLATFORMS } from '../src/domain/config/platform.ts';
import { type Database, type DatabaseConfig, openDatabase } from '../src/server/db/client.ts';
import { createPasswords } from '../src/server/modules/auth/passwords.ts';
import { createAuthService } from '../src/server/modules/auth/service.ts';
import { createNotificationsService } from '../src/server/modules/notifications/service.ts';
import { createUsersService } from '../src/server/modules/users/service.ts';
import { SESSION_COOKIE_NAME } from '../src/server/session-cookie.ts';

const PASSWORD = 'Bench!Passw0rd';
const VISITOR = { name: 'Bench Visitor', email: 'bench.visitor@example.com' };
/** The back-office scenarios' admin: an ADMIN_EMAILS address, as the e2e server's first admin is. */
export const BENCH_ADMIN_EMAIL = 'bench.admin@example.com';

export interface BenchSessions {
  /** `Cookie` header values of the verified visitor's sessions (as many tabs or devices). */
  visitor: string[];
  /** One session of the ADMIN_EMAILS admin. */
  admin: string;
}

/**
 * Migrates the database (the bench's PGlite, or the cluster bench's PostgreSQL), runs `prepare` on it (data a scenario needs before
 * the server starts), signs a new verified visitor in `sessions` times and the admin once.
 */
export async function createBenchSessions(
  config: DatabaseConfig,
  sessions = 1,
  prepare: (db: Database) => Promise<void> = async () => {},
): Promise<BenchSessions> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await prepare(database.db);
    const users = createUsersService(database.db, { adminEmails: [BENCH_ADMIN_EMAIL] });
    const notNeeded = () => {
      throw new Error('the bench signs in only: it sends no e-mail and queues no job');
    };
    const auth = createAuthService(database.db, {
      users,
      notifications: createNotificationsService(database.db),
      mail: { enqueue: notNeeded, isQueued: notNeeded, countQueuedTo: notNeeded },
      jobs: { send: notNeeded, work: notNeeded },
      siteUrl: 'http://bench.invalid',
    });
    // The accounts are written as a verified sign-up leaves them; only the sign-in runs the real path.
    const signIn = async (person: { name: string; email: string }, times: number) => {
      const account = await users.createAccount({
        ...person,
        phone: '+1-4155550123',
        passwordHash: await createPasswords().hashPassword(PASSWORD),
        platform: PLATFORMS.docs,
        referredByUserId: null,
      });
      await users.markEmailVerified(account.id, new Date());
      const cookies: string[] = [];
      for (let i = 0; i < times; i += 1) {
        const result = await auth.signIn(person.email, PASSWORD, { userAgent: 'sevadocs-bench' });
        if (!result.ok) throw new Error(`bench sign-in of ${person.email} failed: ${result.reason}`);
        cookies.push(`${SESSION_COOKIE_NAME}=${result.token}`);
      }
      return cookies;
    };
    const visitor = await signIn(VISITOR, sessions);
    const [admin] = await signIn({ name: 'Bench Admin', email: BENCH_ADMIN_EMAIL }, 1);
    return { visitor, admin: admin as string };
  } finally {
    await database.close();
  }
}
