import type { FastifyInstance } from 'fastify';
import { deliveredMailTo } from '../../mail/testing.ts';
import { SESSION_COOKIE_NAME } from '../../session-cookie.ts';

/** Test helpers for the accounts API: sign up, follow e-mailed links, sign in. */

export const PASSWORD = 'Str0ng!Pass';

let counter = 0;
/** A fresh e-mail address per call (tests share one database per file). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now().toString(36)}@example.com`;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Priya Sharma',
    email: uniqueEmail(),
    phone: '+1-4155550123',
    password: PASSWORD,
    referredBy: '',
    ...overrides,
  };
}

/** The token of the newest link to `path` e-mailed to `to`, from the dev mailbox. */
export async function tokenFromMail(app: FastifyInstance, to: string, path: '/verify-email' | '/create-password') {
  for (const mail of await deliveredMailTo(app, to)) {
    const link = mail.links.find((l) => new URL(l).pathname === path);
    if (link) return new URL(link).searchParams.get('token') ?? '';
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function sessionCookie(token: string) {
  return { cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

/** Signs up, verifies through the e-mailed link and signs in: the session token and the user. */
export async function createSignedInUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; email: string; password: string; id: number }> {
  const body = signUpBody(overrides);
  const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const email = signup.json().data.email as string;
  const verifyToken = await tokenFromMail(app, email, '/verify-email');
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/verify',
    payload: { token: verifyToken },
  });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  // The fresh link signed in as well; that session ends, so the account has only the sign-in's.
  const linkSession = verify.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value;
  if (linkSession) await app.inject({ method: 'POST', url: '/api/v1/auth/signout', headers: bearer(linkSession) });
  const token = await signIn(app, email, body.password as string);
  const account = await app.services.users.findAccountByEmail(email);
  if (!account) throw new Error(`no account for ${email}`);
  return { token, email, password: body.password as string, id: account.id };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().data as string;
}
