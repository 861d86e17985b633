import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '../../../domain/auth/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD, signUpBody, uniqueEmail } from './testing.ts';

/** An app with low limits: 3 requests per client address, 2 per e-mail address, per endpoint and 15 minutes. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_EMAIL_RATE_LIMIT_MAX: '2' });
});
afterAll(() => t.close());

let ip = 0;
/** A client address of its own per test, so the counts of one test do not reach another. */
const nextIp = () => `10.0.0.${++ip}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

function expectLimited(res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    isSuccess: false,
    statusCode: 429,
    message: 'Too many attempts. Please wait 15 minutes and try again.',
    data: null,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
}

describe('rate limits of the accounts API', () => {
  it('limits sign-in attempts per e-mail address, whichever client sends them', async () => {
    const email = uniqueEmail('target');
    expect((await post('/auth/signin', { email, password: PASSWORD }, nextIp())).statusCode).toBe(401);
    expect((await post('/auth/signin', { email, password: PASSWORD }, nextIp())).statusCode).toBe(401);
    expectLimited(await post('/auth/signin', { email: email.toUpperCase(), password: PASSWORD }, nextIp()));
    // Another address is not affected.
    expect((await post('/auth/signin', { email: uniqueEmail(), password: PASSWORD }, nextIp())).statusCode).toBe(401);
  });

  it('limits sign-in attempts per client address, whatever e-mail they name', async () => {
    const client = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth/signin', { email: uniqueEmail(), password: PASSWORD }, client)).statusCode).toBe(401);
    }
    expectLimited(await post('/auth/signin', { email: uniqueEmail(), password: PASSWORD }, client));
    // Even a malformed body is refused before it is read.
    expectLimited(await post('/auth/signin', {}, client));
  });

  it('limits sign-up, resend and reset requests', async () => {
    const client = nextIp();
    for (let i = 0; i < 3; i++) expect((await post('/auth/signup', signUpBody(), client)).statusCode).toBe(201);
    expectLimited(await post('/auth/signup', signUpBody(), client));

    const email = uniqueEmail();
    for (const url of ['/auth/email/send', '/auth/reset-password/request']) {
      expect((await post(url, { email }, nextIp())).statusCode).toBe(200);
      expect((await post(url, { email }, nextIp())).statusCode).toBe(200);
      expectLimited(await post(url, { email }, nextIp()));
    }
  });

  it('limits the referral check and the reset form per client address', async () => {
    for (const [url, body] of [
      ['/auth/validate-referral', { referralCode: 'ZZZZ9999' }],
      ['/auth/reset-password', { token: 'x', password: 'N3w!Password' }],
      ['/auth/email/verify', { token: 'x' }],
    ] as const) {
      const client = nextIp();
      for (let i = 0; i < 3; i++) expect((await post(url, body, client)).statusCode).toBeLessThan(429);
      expectLimited(await post(url, body, client));
    }
  });
});

describe('tooManyAttemptsMessage', () => {
  it('speaks in seconds under a minute and in whole minutes above', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please wait 1 second and try again.');
    expect(tooManyAttemptsMessage(42)).toBe('Too many attempts. Please wait 42 seconds and try again.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
});
