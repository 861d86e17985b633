import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { DEVICE_COOKIE_NAME, DEVICE_COOKIE_PATH, signDeviceCookie, verifyDeviceCookie } from './device-cookie.ts';
import { PASSWORD, signUpBody, tokenFromMail } from './testing.ts';

const WRONG = 'Wr0ng!Guess';
const NEW_PASSWORD = 'N3w!Passw0rd';

describe('device cookies', () => {
  it('name the account they were signed for, with its key, and nothing else', () => {
    const cookie = signDeviceCookie('hash-of-the-password', 'asha@example.com');
    const device = verifyDeviceCookie('hash-of-the-password', 'asha@example.com', cookie);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(cookie.startsWith(`${device}.`)).toBe(true);
    expect(verifyDeviceCookie('hash-of-the-password', 'ravi@example.com', cookie)).toBeNull();
    expect(verifyDeviceCookie('hash-of-a-new-password', 'asha@example.com', cookie)).toBeNull();
    expect(verifyDeviceCookie('hash-of-the-password', 'asha@example.com', `${device}.${'A'.repeat(43)}`)).toBeNull();
    for (const bad of [undefined, '', 'x', `${cookie}x`]) {
      expect(verifyDeviceCookie('hash-of-the-password', 'asha@example.com', bad)).toBeNull();
    }
  });
});

/**
 * The default figures (AUTH_SIGNIN_FAILURE_MAX 10): 10 failures per account and address, 100 per
 * account, 30 per address across accounts, over 15 minutes.
 */
describe('a stranger filling the account-wide ceiling (issue 29 §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_SIGNIN_FAILURE_MAX: '10' });
  });
  afterAll(() => t.close());

  let ip = 0;
  const nextIp = () => `10.1.0.${++ip}`;
  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email, password },
      remoteAddress,
      ...(device ? { cookies: { [DEVICE_COOKIE_NAME]: device } } : {}),
    });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof signIn>>) => {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, path: DEVICE_COOKIE_PATH, sameSite: 'Lax' });
    return cookie?.value ?? '';
  };
  const expectLimited = (res: Awaited<ReturnType<typeof signIn>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please wait 15 minutes and try again.');
  };

  async function verifiedAccount(): Promise<string> {
    const body = signUpBody();
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: nextIp() });
    expect((await post('/auth/signup', body)).statusCode).toBe(201);
    const token = await tokenFromMail(t.app, body.email, '/verify-email');
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    return body.email;
  }

  it('never keeps the owner’s own browser out; a password reset ends the lock for every other', async () => {
    const email = await verifiedAccount();
    const home = nextIp();
    const ownDevice = deviceCookieOf(await signIn(email, PASSWORD, home));

    // 100 wrong passwords from 10 addresses: the account-wide ceiling.
    for (let address = 0; address < 10; address++) {
      const stranger = nextIp();
      for (let i = 0; i < 10; i++) expect((await signIn(email, WRONG, stranger)).statusCode).toBe(401);
    }
    // Any other client is refused now, the right password or not, the owner on a new browser too.
    expectLimited(await signIn(email, PASSWORD, nextIp()));

    // The owner's browser signs in, from home or on the road.
    const again = await signIn(email, PASSWORD, home, ownDevice);
    expect(again.statusCode).toBe(200);
    expect((await signIn(email, PASSWORD, nextIp(), deviceCookieOf(again))).statusCode).toBe(200);

    // A stranger's browser: its device cookie is for the stranger's own account, or made up.
    const strangerEmail = await verifiedAccount();
    const strangerDevice = deviceCookieOf(await signIn(strangerEmail, PASSWORD, nextIp()));
    expectLimited(await signIn(email, WRONG, nextIp(), strangerDevice));
    expectLimited(await signIn(email, WRONG, nextIp(), signDeviceCookie('guessed-key', email)));

    // A password reset: the owner signs in on a new browser; the old device cookie is retired.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: nextIp() });
    expect((await post('/auth/reset-password/request', { email })).statusCode).toBe(200);
    await t.runJobs();
    const token = await tokenFromMail(t.app, email, '/create-password');
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
    const retired = await signIn(email, WRONG, home, ownDevice);
    expect(retired.statusCode).toBe(401);
  });

  it('lets the owner in on the phone they locked themselves out of, once they reset the password there', async () => {
    const email = await verifiedAccount();
    const phone = nextIp();
    // A browser that never signed in to the account: ten forgotten passwords, then the limit.
    for (let i = 0; i < 10; i++) expect((await signIn(email, WRONG, phone)).statusCode).toBe(401);
    expectLimited(await signIn(email, PASSWORD, phone));

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: phone });
    expect((await post('/auth/reset-password/request', { email })).statusCode).toBe(200);
    await t.runJobs();
    const token = await tokenFromMail(t.app, email, '/create-password');
    const reset = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // From the same address, with or without the device cookie the reset gave this browser.
    expect((await signIn(email, NEW_PASSWORD, phone)).statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD, phone, deviceCookieOf(reset))).statusCode).toBe(200);
  });

  it('keeps the browser that changed the password known: strangers filling the ceiling after it do not keep it out', async () => {
    const email = await verifiedAccount();
    const home = nextIp();
    const signedIn = await signIn(email, PASSWORD, home);
    deviceCookieOf(signedIn);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/update-password',
      headers: { authorization: `Bearer ${signedIn.json().data}` },
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      remoteAddress: home,
    });
    expect(changed.statusCode).toBe(200);
    const device = deviceCookieOf(changed);

    for (let address = 0; address < 10; address++) {
      const stranger = nextIp();
      for (let i = 0; i < 10; i++) expect((await signIn(email, WRONG, stranger)).statusCode).toBe(401);
    }
    expectLimited(await signIn(email, NEW_PASSWORD, nextIp()));
    expect((await signIn(email, NEW_PASSWORD, home, device)).statusCode).toBe(200);
  });

  it('stops a browser that guesses after as many failures as one address may make', async () => {
    const email = await verifiedAccount();
    const device = deviceCookieOf(await signIn(email, PASSWORD, nextIp()));
    for (let i = 0; i < 10; i++) expect((await signIn(email, WRONG, nextIp(), device)).statusCode).toBe(401);
    expectLimited(await signIn(email, PASSWORD, nextIp(), device));
    // The owner elsewhere, as a client not known to the account, is not held by that device.
    expect((await signIn(email, PASSWORD, nextIp())).statusCode).toBe(200);
  });
});
