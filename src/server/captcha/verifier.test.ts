import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { signUpBody } from '../modules/auth/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { HUMAN_PASS_COOKIE } from './human-pass.ts';
import { CaptchaUnavailableError, createRecaptchaVerifier } from './verifier.ts';

/**
 * A stand-in for Google's siteverify on 127.0.0.1: the token decides the answer, and every
 * request it received is kept for the assertions.
 */
const received: Record<string, string>[] = [];
let server: Server;
let verifyUrl: string;

const answers: Record<string, { status?: number; body?: unknown; delayMs?: number }> = {
  human: { body: { success: true, score: 0.9, action: 'userRegistration', hostname: 'sevadocs.test' } },
  borderline: { body: { success: true, score: 0.5, action: 'userRegistration' } },
  bot: { body: { success: true, score: 0.1, action: 'userRegistration' } },
  'other-action': { body: { success: true, score: 0.9, action: 'login' } },
  invalid: { body: { success: false, 'error-codes': ['invalid-input-response'] } },
  broken: { status: 500, body: { error: 'oops' } },
  nonsense: { body: { hello: 'world' } },
  slow: { delayMs: 1000, body: { success: true, score: 0.9, action: 'userRegistration' } },
};

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return Object.fromEntries(new URLSearchParams(raw));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = await readForm(request);
    received.push({ ...form, method: request.method ?? '', contentType: request.headers['content-type'] ?? '' });
    const answer = answers[form.response ?? ''] ?? answers.invalid;
    if (answer?.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    response.writeHead(answer?.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer?.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createRecaptchaVerifier', () => {
  const verifier = () => createRecaptchaVerifier({ secret: 'test-secret', minScore: 0.5, verifyUrl });
  const expected = { action: 'userRegistration', remoteIp: '203.0.113.7' };

  it('POSTs the secret, the token and the client address as a form', async () => {
    received.length = 0;
    await verifier().verify('human', expected);
    expect(received).toEqual([
      {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        secret: 'test-secret',
        response: 'human',
        remoteip: '203.0.113.7',
      },
    ]);
  });

  it('passes a person: success, the expected action and a score at or above the minimum', async () => {
    expect(await verifier().verify('human', expected)).toEqual({ success: true, score: 0.9, errorCodes: [] });
    expect((await verifier().verify('borderline', expected)).success).toBe(true);
  });

  it('fails a low score, another action and a token Google refused', async () => {
    expect(await verifier().verify('bot', expected)).toEqual({ success: false, score: 0.1, errorCodes: [] });
    expect(await verifier().verify('other-action', expected)).toEqual({
      success: false,
      score: 0.9,
      errorCodes: ['action-mismatch'],
    });
    expect(await verifier().verify('invalid', expected)).toEqual({
      success: false,
      score: 0,
      errorCodes: ['invalid-input-response'],
    });
  });

  it('fails an empty token without asking Google', async () => {
    received.length = 0;
    expect((await verifier().verify('  ', expected)).success).toBe(false);
    expect(received).toEqual([]);
  });

  it('reports Google being unreachable, slow or nonsensical as unavailable', async () => {
    await expect(verifier().verify('broken', expected)).rejects.toThrow(CaptchaUnavailableError);
    await expect(verifier().verify('nonsense', expected)).rejects.toThrow(CaptchaUnavailableError);
    const impatient = createRecaptchaVerifier({ secret: 's', minScore: 0.5, verifyUrl, timeoutMs: 100 });
    await expect(impatient.verify('slow', expected)).rejects.toThrow(CaptchaUnavailableError);
    const nowhere = createRecaptchaVerifier({ secret: 's', minScore: 0.5, verifyUrl: 'http://127.0.0.1:9/' });
    await expect(nowhere.verify('human', expected)).rejects.toThrow(CaptchaUnavailableError);
  });
});

describe('POST /api/hello', () => {
  let enabled: TestApp;
  let disabled: TestApp;
  beforeAll(async () => {
    enabled = await buildTestApp({ RECAPTCHA_SECRET_KEY: 'test-secret', RECAPTCHA_VERIFY_URL: verifyUrl });
    disabled = await buildTestApp();
  });
  afterAll(async () => {
    await enabled.close();
    await disabled.close();
  });

  const hello = (app: TestApp, payload: object) => app.app.inject({ method: 'POST', url: '/api/hello', payload });

  it('answers success and score for a person', async () => {
    const res = await hello(enabled, { gRecaptchaToken: 'human', action: 'userRegistration' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      statusCode: 200,
      message: 'Human check passed',
      data: { success: true, score: 0.9 },
    });
  });

  it('answers success false for a bot, so the form can show the bot message', async () => {
    const res = await hello(enabled, { gRecaptchaToken: 'bot', action: 'userRegistration' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Human check failed', data: { success: false, score: 0.1 } });
  });

  it('answers 503 when Google cannot be reached', async () => {
    const res = await hello(enabled, { gRecaptchaToken: 'broken', action: 'userRegistration' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      message: 'The human check is unavailable right now. Please try again.',
    });
  });

  it('validates the body', async () => {
    const res = await hello(enabled, { action: 'userRegistration' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('gRecaptchaToken is required');
    const badAction = await hello(enabled, { gRecaptchaToken: 'human', action: 'no spaces!' });
    expect(badAction.statusCode).toBe(400);
  });

  it('gives a person a human pass, and sign-up asks for it while the check is on', async () => {
    const signUp = (app: TestApp, cookie?: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signUpBody(),
        headers: cookie ? { cookie } : {},
      });
    // SPEC.md §8: a failed sign-up bot check answers 'Registration failed, you must be a bot'.
    const botRefusal = { isSuccess: false, statusCode: 400, message: 'Registration failed, you must be a bot' };
    const withoutPass = await signUp(enabled);
    expect(withoutPass.statusCode).toBe(400);
    expect(withoutPass.json()).toMatchObject(botRefusal);

    const bot = await hello(enabled, { gRecaptchaToken: 'bot', action: 'userRegistration' });
    expect(bot.cookies.find((c) => c.name === HUMAN_PASS_COOKIE)).toBeUndefined();
    const forged = `${HUMAN_PASS_COOKIE}=userRegistration.${Date.now() + 60_000}.nonce.forged`;
    const withForgedPass = await signUp(enabled, forged);
    expect(withForgedPass.statusCode).toBe(400);
    expect(withForgedPass.json()).toMatchObject(botRefusal);

    const person = await hello(enabled, { gRecaptchaToken: 'human', action: 'userRegistration' });
    const pass = person.cookies.find((c) => c.name === HUMAN_PASS_COOKIE);
    expect(pass).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' });
    const signedUp = await signUp(enabled, `${HUMAN_PASS_COOKIE}=${pass?.value}`);
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.cookies.find((c) => c.name === HUMAN_PASS_COOKIE)?.value).toBe('');

    // With the check off (no secret), sign-up needs no pass.
    expect((await signUp(disabled)).statusCode).toBe(201);
  });

  it('passes everyone with score 1 when no secret is configured', async () => {
    received.length = 0;
    const res = await hello(disabled, { gRecaptchaToken: 'anything', action: 'userRegistration' });
    expect(res.json()).toMatchObject({ isSuccess: true, data: { success: true, score: 1 } });
    expect(received).toEqual([]);
  });

  it('logs once at boot that the check is off', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test' }),
      database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/hello',
      payload: { gRecaptchaToken: 'x', action: 'userRegistration' },
    });
    await app.close();
    await database.close();
    const notices = lines.filter((l) => l.includes('reCAPTCHA is off'));
    expect(notices).toHaveLength(1);
  });
});
