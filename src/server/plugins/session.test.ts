import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../modules/auth/tables.ts';
import { createSignedInUser, PASSWORD, sessionCookie } from '../modules/auth/testing.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { SESSION_COOKIE_NAME } from '../session-cookie.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'https://www.sevadocs.test' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const profile = (headers: Record<string, string>) => t.app.inject({ url: '/api/v1/users/profile', headers });
const sessionRow = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0];

/** Only Date is faked: PGlite and Fastify keep their real timers. */
function freezeClock(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

describe('reading the session', () => {
  it('accepts the bearer header and the cookie, and nothing else', async () => {
    const { token } = await createSignedInUser(t.app);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await profile({ authorization: `bearer   ${token}` })).statusCode).toBe(200);
    expect((await profile(sessionCookie(token))).statusCode).toBe(200);
    for (const headers of [
      {},
      { authorization: 'Bearer ' },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer x'.repeat(50) },
      // One character off (never the same one: a token ending in 'A' would stay valid).
      { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      sessionCookie('garbage'),
    ] as Record<string, string>[]) {
      const res = await profile(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        isSuccess: false,
        statusCode: 401,
        message: 'Please sign in to continue.',
        data: null,
      });
    }
  });

  it('does not fall back to the cookie when a bearer header is present but wrong', async () => {
    const { token } = await createSignedInUser(t.app);
    const res = await profile({ authorization: 'Bearer wrong', ...sessionCookie(token) });
    expect(res.statusCode).toBe(401);
  });

  it('clears a cookie whose session is gone', async () => {
    const res = await profile(sessionCookie('A'.repeat(43)));
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cleared?.value).toBe('');
  });
});

describe('session limits (SPEC.md §4: 120 minutes absolute, 60 minutes idle)', () => {
  it('ends a session 60 minutes after its last request, and deletes it', async () => {
    const start = Date.now();
    freezeClock(start);
    const { token } = await createSignedInUser(t.app);
    vi.setSystemTime(start + 59 * MINUTE);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // That request counted: 59 more idle minutes are fine.
    vi.setSystemTime(start + 118 * MINUTE);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    vi.setSystemTime(start + 118 * MINUTE + 60 * MINUTE - 1);
    // (past the 120-minute absolute limit by now)
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(401);

    const idle = await createSignedInUser(t.app);
    const idleStart = Date.now();
    vi.setSystemTime(idleStart + 60 * MINUTE);
    expect((await profile({ authorization: `Bearer ${idle.token}` })).statusCode).toBe(401);
    expect(await sessionRow(idle.token)).toBeUndefined();
  });

  it('ends a busy session 120 minutes after sign-in', async () => {
    const start = Date.now();
    freezeClock(start);
    const { token } = await createSignedInUser(t.app);
    for (let minute = 30; minute < 120; minute += 30) {
      vi.setSystemTime(start + minute * MINUTE);
      expect((await profile({ authorization: `Bearer ${token}` })).statusCode, `minute ${minute}`).toBe(200);
    }
    vi.setSystemTime(start + 120 * MINUTE - 1);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    vi.setSystemTime(start + 120 * MINUTE);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const start = Date.now();
    freezeClock(start);
    const { token } = await createSignedInUser(t.app);
    const signedInAt = (await sessionRow(token))?.lastSeenAt.getTime();
    vi.setSystemTime(start + 30_000);
    await profile({ authorization: `Bearer ${token}` });
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(signedInAt);
    vi.setSystemTime(start + 61_000);
    await profile({ authorization: `Bearer ${token}` });
    expect((await sessionRow(token))?.lastSeenAt.getTime()).toBe(start + 61_000);
  });
});

describe('cross-site request defence for cookie sessions', () => {
  const changeProfile = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/users/profile', payload: { ageGroup: '26-40' }, headers });

  it('refuses a state-changing cookie request from another origin, or with no origin at all', async () => {
    const { token } = await createSignedInUser(t.app);
    for (const extra of [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      {},
      { origin: 'http://www.sevadocs.test' },
    ] as Record<string, string>[]) {
      const res = await changeProfile({ ...sessionCookie(token), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json()).toMatchObject({
        isSuccess: false,
        statusCode: 403,
        message: 'This request did not come from this site and was blocked.',
      });
    }
    expect(
      (await t.app.inject({ url: '/api/v1/users/profile', headers: sessionCookie(token) })).json().data.ageGroup,
    ).toBeNull();
  });

  it("accepts the site's own origin, the request's host, a same-site referer, and any bearer request", async () => {
    const { token } = await createSignedInUser(t.app);
    for (const headers of [
      { ...sessionCookie(token), origin: 'https://www.sevadocs.test' },
      { ...sessionCookie(token), referer: 'https://www.sevadocs.test/profile?tab=general' },
      { ...sessionCookie(token), origin: 'http://localhost:80', host: 'localhost:80' },
      { authorization: `Bearer ${token}` },
    ] as Record<string, string>[]) {
      expect((await changeProfile(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('lets reads through without an origin', async () => {
    const { token } = await createSignedInUser(t.app);
    expect((await profile(sessionCookie(token))).statusCode).toBe(200);
  });

  it('checks sign-out too, so another site cannot sign a user out', async () => {
    const { token } = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...sessionCookie(token), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await profile(sessionCookie(token))).statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { ...sessionCookie(token), origin: 'https://www.sevadocs.test' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await profile(sessionCookie(token))).statusCode).toBe(401);
  });
});

describe('signing in again on the same browser', () => {
  it('replaces the session its cookie carried', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: user.email, password: PASSWORD },
      headers: { ...sessionCookie(user.token), origin: 'https://www.sevadocs.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(user.token)).toBeUndefined();
    expect(await sessionRow(res.json().data)).toBeDefined();
  });
});
