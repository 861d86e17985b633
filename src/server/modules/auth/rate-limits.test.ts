import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '../../../domain/auth/messages.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ACCOUNT_MAILS_PER_HOUR } from './service.ts';
import { PASSWORD, signUpBody, tokenFromMail, uniqueEmail } from './testing.ts';

const WRONG = 'Wr0ng!Guess';

/**
 * An app with low limits, per 15 minutes: 3 requests per client address and endpoint, 2 per
 * e-mail address and client; 5 failed sign-ins per account and client (so 50 per account and 15
 * per client).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_EMAIL_RATE_LIMIT_MAX: '2', AUTH_SIGNIN_FAILURE_MAX: '5' });
});
afterAll(() => t.close());

let ip = 0;
/** A client address of its own per test, so the counts of one test do not reach another. */
const nextIp = () => `10.0.0.${++ip}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

/** A verified account, made from client addresses of its own so no limit under test is touched. */
async function verifiedAccount(): Promise<string> {
  const body = signUpBody();
  expect((await post('/auth/signup', body, nextIp())).statusCode).toBe(201);
  const token = await tokenFromMail(t.app, body.email, '/verify-email');
  expect((await post('/auth/email/verify', { token }, nextIp())).statusCode).toBe(200);
  return body.email;
}

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
  it('lets a customer sign in six times in a row', async () => {
    const email = await verifiedAccount();
    const client = nextIp();
    for (let i = 0; i < 6; i++)
      expect((await post('/auth/signin', { email, password: PASSWORD }, client)).statusCode).toBe(200);
  });

  it('stops one address guessing an account, even when it then has the right password', async () => {
    const email = await verifiedAccount();
    const guesser = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/signin', { email, password: WRONG }, guesser)).statusCode).toBe(401);
    expectLimited(await post('/auth/signin', { email: email.toUpperCase(), password: PASSWORD }, guesser));
  });

  it('does not keep the owner out when three other addresses guess until they are stopped', async () => {
    const email = await verifiedAccount();
    for (const guesser of [nextIp(), nextIp(), nextIp()]) {
      for (let i = 0; i < 5; i++) await post('/auth/signin', { email, password: WRONG }, guesser);
      expectLimited(await post('/auth/signin', { email, password: WRONG }, guesser));
    }
    expect((await post('/auth/signin', { email, password: PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('starts a client count again after a good sign-in', async () => {
    const email = await verifiedAccount();
    const client = nextIp();
    for (let i = 0; i < 4; i++) await post('/auth/signin', { email, password: WRONG }, client);
    expect((await post('/auth/signin', { email, password: PASSWORD }, client)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await post('/auth/signin', { email, password: WRONG }, client)).statusCode).toBe(401);
  });

  it('keeps password reset and verification resend open while sign-in is throttled', async () => {
    const email = await verifiedAccount();
    const client = nextIp();
    for (let i = 0; i < 5; i++) await post('/auth/signin', { email, password: WRONG }, client);
    expectLimited(await post('/auth/signin', { email, password: PASSWORD }, client));
    expect((await post('/auth/reset-password/request', { email }, client)).statusCode).toBe(200);
    expect((await post('/auth/email/send', { email }, client)).statusCode).toBe(200);
  });

  it('stops one client address guessing across many accounts', async () => {
    const client = nextIp();
    for (let i = 0; i < 15; i++) {
      expect((await post('/auth/signin', { email: uniqueEmail(), password: WRONG }, client)).statusCode).toBe(401);
    }
    expectLimited(await post('/auth/signin', { email: uniqueEmail(), password: WRONG }, client));
    // Another address is not affected.
    expect((await post('/auth/signin', { email: uniqueEmail(), password: WRONG }, nextIp())).statusCode).toBe(401);
  });

  it('limits sign-up, resend and reset requests', async () => {
    const client = nextIp();
    for (let i = 0; i < 3; i++) expect((await post('/auth/signup', signUpBody(), client)).statusCode).toBe(201);
    expectLimited(await post('/auth/signup', signUpBody(), client));

    // Per e-mail address and client: one client is stopped, the owner elsewhere is not.
    const email = uniqueEmail();
    for (const url of ['/auth/email/send', '/auth/reset-password/request']) {
      const flooder = nextIp();
      expect((await post(url, { email }, flooder)).statusCode).toBe(200);
      expect((await post(url, { email }, flooder)).statusCode).toBe(200);
      expectLimited(await post(url, { email }, flooder));
      expect((await post(url, { email }, nextIp())).statusCode).toBe(200);
    }
  });

  it('sends one address at most five reset and five verification e-mails an hour, however many clients ask', async () => {
    const mailsTo = async (email: string, path: string) =>
      (await deliveredMail(t.app, 1000)).filter((m) => m.to === email && m.links.some((l) => l.includes(path)));
    const owner = await verifiedAccount();
    const unverified = signUpBody();
    expect((await post('/auth/signup', unverified, nextIp())).statusCode).toBe(201);
    for (let i = 0; i < 8; i++) {
      const flooder = nextIp();
      for (let j = 0; j < 2; j++) {
        // Each answer is the same as ever: nothing says the cap was reached, or who has an account.
        expect((await post('/auth/reset-password/request', { email: owner }, flooder)).statusCode).toBe(200);
        expect((await post('/auth/email/send', { email: unverified.email }, flooder)).statusCode).toBe(200);
      }
    }
    expect(await mailsTo(owner, '/create-password')).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
    // The sign-up's own e-mail counts among the five.
    expect(await mailsTo(unverified.email, '/verify-email')).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
    // The newest link sent still works: the capped requests issued none to replace it.
    const token = await tokenFromMail(t.app, owner, '/create-password');
    expect((await post('/auth/reset-password', { token, password: 'N3w!Password' }, nextIp())).statusCode).toBe(200);
  });

  it('tells a verified address’s owner of at most five sign-ups with it an hour, however many clients try', async () => {
    const owner = await verifiedAccount();
    for (let i = 0; i < ACCOUNT_MAILS_PER_HOUR + 4; i++) {
      expect((await post('/auth/signup', signUpBody({ email: owner }), nextIp())).statusCode).toBe(201);
    }
    await t.runJobs();
    const notices = (await deliveredMail(t.app, 1000)).filter(
      (m) => m.to === owner && m.subject === 'Someone tried to create a SevaDocs account with your email',
    );
    expect(notices).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
  });

  it('counts an IPv6 client by its /64: a new address in it for every guess buys no more guesses', async () => {
    const accounts: string[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await verifiedAccount());
    // 15 failures per client address across accounts (5 per account and client, times 3).
    for (let i = 1; i <= 15; i++) {
      const res = await post(
        '/auth/signin',
        { email: accounts[i % 4], password: WRONG },
        `2001:db8:7:1::${i.toString(16)}`,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await post('/auth/signin', { email: accounts[0], password: PASSWORD }, '2001:db8:7:1:abcd::99'));
    // Another network is its own client.
    expect((await post('/auth/signin', { email: accounts[0], password: PASSWORD }, '2001:db8:7:2::1')).statusCode).toBe(
      200,
    );
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
