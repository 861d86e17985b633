import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { MAIL_TIMEOUT_MS, UI_TIMEOUT_MS } from './constants.ts';

/** A password that meets the sign-up strength rule. */
export const STRONG_PASSWORD = 'Str0ng!Pass';

let counter = 0;
/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}@example.com`;
}

export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * The dev mailbox (GET /api/v1/dev/mailbox, newest first), for one recipient: asked of the server by
 * address, so a poll does not carry the whole mailbox's last 200 e-mails back each time.
 */
export async function mailsTo(baseURL: string, email: string): Promise<StoredMail[]> {
  const response = await fetch(`${baseURL}/api/v1/dev/mailbox?limit=200&to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { results: StoredMail[] } };
  return body.data.results;
}

/**
 * Waits for the newest e-mail to `email` holding a link to `path`, and returns that link. E-mail
 * reaches the dev mailbox through the job queue, shortly after the request that caused it.
 */
export async function waitForLink(baseURL: string, email: string, path: string, count = 1): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  for (;;) {
    const mails = await mailsTo(baseURL, email);
    const links = mails.flatMap((m) => m.links.filter((l) => new URL(l).pathname === path));
    if (links.length >= count && links[0]) return links[0];
    if (Date.now() > deadline) throw new Error(`No e-mail to ${email} with a link to ${path} (found ${links.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const json = (baseURL: string) => ({ origin: baseURL, 'content-type': 'application/json' });

/** Registers an account through the API (not verified). */
export async function signUpByApi(baseURL: string, email: string, name = 'Asha Verma'): Promise<void> {
  const response = await fetch(`${baseURL}/api/v1/auth/signup`, {
    method: 'POST',
    headers: json(baseURL),
    body: JSON.stringify({ name, email, phone: '+1-4155550123', password: STRONG_PASSWORD, referredBy: '' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** Registers and verifies an account through the API and the dev mailbox. */
export async function verifiedAccount(baseURL: string, email: string, name?: string): Promise<void> {
  await signUpByApi(baseURL, email, name);
  await verifyByMail(baseURL, email);
}

/** Verifies a new account with the link e-mailed to it, through the API. */
export async function verifyByMail(baseURL: string, email: string): Promise<void> {
  const link = await waitForLink(baseURL, email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const response = await fetch(`${baseURL}/api/v1/auth/email/verify`, {
    method: 'POST',
    headers: json(baseURL),
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
}

/** Signs the browser context in without the UI (its cookie jar gets the httpOnly session cookie). */
export async function signInContext(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/v1/auth/signin`, {
    data: { email, password: STRONG_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

/**
 * Resolves once React has hydrated the element (its DOM node carries React's fiber key). Pages
 * whose form code loads after the first paint show the server's HTML first; clicking before the
 * code arrives would post the form the old way.
 */
export async function waitForInteractive(locator: import('playwright-core').Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await expect
    .poll(() => locator.first().evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), {
      timeout: UI_TIMEOUT_MS,
      interval: 50,
    })
    .toBe(true);
}
