import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES as A } from '../../../domain/auth/messages.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { SESSION_COOKIE_NAME } from '../../session-cookie.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../users/tables.ts';
import { VERIFY_LINK_SIGN_IN_MS } from './service.ts';
import { sessions, verificationTokens } from './tables.ts';
import { createSignedInUser, sessionCookie, signUpBody, tokenFromMail } from './testing.ts';
import { hashToken } from './tokens.ts';

/** Issue 30 §4: the verification link brings the customer back where they signed up, signed in. */
const SITE = 'https://sevadocs.test';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: SITE });
});
afterAll(() => t.close());

const PACKAGE_FORM = '/package-form?service=oci-card&package=oci-new&applyingFrom=US';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

/** Signs up from `returnTo` and answers the address and the e-mailed link's token. */
async function signUpFrom(returnTo: unknown): Promise<{ email: string; token: string }> {
  const body = signUpBody({ returnTo });
  expect((await post('/auth/signup', body)).statusCode).toBe(201);
  return { email: body.email, token: await tokenFromMail(t.app, body.email, '/verify-email') };
}

async function storedToken(token: string) {
  const [row] = await t.database.db
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.tokenHash, hashToken(token)));
  if (!row) throw new Error('token not stored');
  return row;
}

describe('the verification link returns to where the customer signed up', () => {
  it('keeps the place with the hashed token, not in the link, and signs in a browser with no cookie', async () => {
    const { email, token } = await signUpFrom(PACKAGE_FORM);
    expect((await storedToken(token)).returnPath).toBe(PACKAGE_FORM);
    const [mail] = (await deliveredMail(t.app)).filter((m) => m.to === email);
    // The link carries only the token: an edited link cannot choose where it goes.
    expect(mail?.links.find((l) => l.includes('/verify-email'))).toMatch(/\/verify-email\?token=[\w-]{43}$/);

    // A fresh browser: no session cookie, not even the one of sign-up.
    const res = await post('/auth/email/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      statusCode: 200,
      message: A.emailVerifiedSignedIn,
      data: { signedIn: true, returnTo: PACKAGE_FORM, choosePassword: null },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The session is a real one, stored hashed like any sign-in's.
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: sessionCookie(cookie?.value ?? '') });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe(email);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie?.value ?? '')));
    expect(session).toBeDefined();
  });

  it('is single-use: the link opened again signs nobody in', async () => {
    const { token } = await signUpFrom(PACKAGE_FORM);
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    const again = await post('/auth/email/verify', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: A.emailAlreadyVerified, data: null });
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('refuses a place on another origin, or an accounts page, and keeps nothing', async () => {
    for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/verify-email?token=x']) {
      const { token } = await signUpFrom(returnTo);
      expect((await storedToken(token)).returnPath, returnTo).toBeNull();
      const res = await post('/auth/email/verify', { token });
      expect(res.json().data, returnTo).toEqual({ signedIn: true, returnTo: null, choosePassword: null });
    }
  });

  it('reads the place only from the stored token, never from the request', async () => {
    const { token } = await signUpFrom('/photos/photo-enhancement');
    const res = await post('/auth/email/verify', { token, returnTo: 'https://evil.example/' });
    expect(res.json().data).toEqual({ signedIn: true, returnTo: '/photos/photo-enhancement', choosePassword: null });
  });

  it('after an hour only verifies: the place is kept for the sign-in that follows', async () => {
    const { token } = await signUpFrom(PACKAGE_FORM);
    const sentAt = new Date(Date.now() - VERIFY_LINK_SIGN_IN_MS - 1000);
    await t.database.db
      .update(verificationTokens)
      .set({ createdAt: sentAt })
      .where(eq(verificationTokens.tokenHash, hashToken(token)));
    const res = await post('/auth/email/verify', { token });
    expect(res.json()).toMatchObject({ message: A.emailVerified, data: { signedIn: false, returnTo: PACKAGE_FORM } });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('signs in no disabled account', async () => {
    const { email, token } = await signUpFrom(PACKAGE_FORM);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, email));
    const res = await post('/auth/email/verify', { token });
    expect(res.json().data).toEqual({ signedIn: false, returnTo: PACKAGE_FORM, choosePassword: null });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('never moves a browser signed in to another account into the link’s (a stranger’s own link sent to a customer)', async () => {
    const customer = await createSignedInUser(t.app);
    // The stranger signs up and sends their own fresh link to the signed-in customer.
    const stranger = await signUpFrom('/oci-card');
    // Posted by the site's own verification page, as the customer's browser opens the link.
    const res = await post(
      '/auth/email/verify',
      { token: stranger.token },
      { ...sessionCookie(customer.token), origin: SITE },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: A.emailVerifiedOtherAccount,
      data: { signedIn: false, returnTo: '/oci-card', choosePassword: null },
    });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
    // The customer is still themself on this browser; the stranger's address is verified all the same.
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: sessionCookie(customer.token) });
    expect(profile.json().data.email).toBe(customer.email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, stranger.email));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('a resent link returns to the place the resend was asked from', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    await deliveredMail(t.app);
    expect((await post('/auth/email/send', { email: body.email, returnTo: '/dashboard' })).statusCode).toBe(200);
    const mails = (await deliveredMail(t.app)).filter((m) => m.to === body.email);
    expect(mails).toHaveLength(2);
    const token = new URL(mails[0]?.links[0] ?? '').searchParams.get('token') ?? '';
    expect((await storedToken(token)).returnPath).toBe('/dashboard');
  });
});
