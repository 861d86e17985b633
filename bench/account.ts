// A signed-in visitor for the bench: a verified account and a live session in the fresh database,
// made through the accounts service (sign-up, the e-mailed verification link, sign-in) before the
// server opens the database. The bench's server has captcha keys and an unreachable SMTP server,
// so the public sign-up cannot be completed over HTTP there.
import { PLATFORMS } from '../src/domain/config/site.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createAuthService } from '../src/server/modules/auth/service.ts';
import { createNotificationsService } from '../src/server/modules/notifications/service.ts';
import { createUsersService } from '../src/server/modules/users/service.ts';
import { SESSION_COOKIE_NAME } from '../src/server/session-cookie.ts';

const EMAIL = 'bench.visitor@example.com';
const PASSWORD = 'Bench!Passw0rd';

/** Migrates the PGlite database in `pgliteDir`, signs a new verified user in and returns the session cookie. */
export async function createSignedInVisitor(pgliteDir: string): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    await database.migrate();
    const mails: { to: string; text: string }[] = [];
    const auth = createAuthService(database.db, {
      users: createUsersService(database.db),
      notifications: createNotificationsService(database.db),
      mailer: {
        kind: 'dev-mailbox',
        send: async (mail) => {
          mails.push(mail);
        },
      },
      siteUrl: 'http://bench.invalid',
    });
    const signUp = await auth.signUp({
      name: 'Bench Visitor',
      email: EMAIL,
      phone: '+1-4155550123',
      password: PASSWORD,
      referredBy: '',
      platform: PLATFORMS.docs,
    });
    if (!signUp.ok) throw new Error(`bench sign-up failed: ${signUp.reason}`);
    const link = mails
      .filter((m) => m.to === EMAIL)
      .flatMap((m) => m.text.match(/https?:\/\/\S+\/verify-email\?\S+/g) ?? [])[0];
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token || !(await auth.verifyEmail(token))) throw new Error('bench e-mail verification failed');
    const signIn = await auth.signIn(EMAIL, PASSWORD, { userAgent: 'sevadocs-bench' });
    if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.reason}`);
    return `${SESSION_COOKIE_NAME}=${signIn.token}`;
  } finally {
    await database.close();
  }
}
