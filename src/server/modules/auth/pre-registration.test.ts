import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES as A } from '../../../domain/auth/messages.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../users/tables.ts';
import { PASSWORD, signUpBody, uniqueEmail } from './testing.ts';

/**
 * A stranger registers someone else's address before its owner does (account pre-hijacking):
 * nobody has proved the mailbox yet, so the stranger's password must never become the owner's
 * account's (decision 0151).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

const STRANGER = { name: 'Mallory Stone', phone: '+1-2025550199', password: 'Str4nger!Pw' };
const signIn = (email: string, password: string) => post('/auth/signin', { email, password });

/** The verification links mailed to `email`, oldest first. */
async function verifyLinks(email: string): Promise<string[]> {
  const mails = (await deliveredMail(t.app, 500)).filter((m) => m.to === email).reverse();
  return mails.flatMap((m) => m.links.filter((l) => new URL(l).pathname === '/verify-email'));
}
const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

async function account(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The stranger signs up with the owner's address, then the owner signs up with their own password. */
async function strangerThenOwner() {
  const email = uniqueEmail('owner');
  expect((await post('/auth/signup', signUpBody({ ...STRANGER, email }))).statusCode).toBe(201);
  await t.app.jobs.drain();
  expect((await post('/auth/signup', signUpBody({ email }))).statusCode).toBe(201);
  await t.app.jobs.drain();
  return email;
}

describe('an address a stranger signed up with first', () => {
  it('gets the owner’s own link, which makes the owner’s password, name and phone the account’s', async () => {
    const email = await strangerThenOwner();
    const [strangers, owners] = await verifyLinks(email);
    expect(owners).toBeDefined();

    const verified = await post('/auth/email/verify', { token: tokenOf(owners) });
    expect(verified.json()).toMatchObject({ data: { signedIn: true } });
    expect(await account(email)).toMatchObject({ name: 'Priya Sharma', phone: '+1-4155550123' });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);

    // The stranger's link is used up with the address's verification: it changes nothing.
    const late = await post('/auth/email/verify', { token: tokenOf(strangers) });
    expect(late.json()).toMatchObject({ message: A.emailAlreadyVerified, data: null });
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('resends a link for the newest sign-up’s password, fixed when it is sent', async () => {
    const email = await strangerThenOwner();
    expect((await post('/auth/email/send', { email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const resent = (await verifyLinks(email)).at(-1);
    // A stranger who signs up again after it was sent does not change what it gives.
    expect((await post('/auth/signup', signUpBody({ ...STRANGER, email }))).statusCode).toBe(201);
    await t.app.jobs.drain();

    expect((await post('/auth/email/verify', { token: tokenOf(resent) })).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
    expect(await account(email)).toMatchObject({ name: 'Priya Sharma' });
  });

  it('e-mails no “someone tried” notice for an address nobody has verified: its sign-ups each get a link', async () => {
    const email = await strangerThenOwner();
    const subjects = (await deliveredMail(t.app, 500)).filter((m) => m.to === email).map((m) => m.subject);
    expect(subjects).toEqual(['Verify your email for SevaDocs', 'Verify your email for SevaDocs']);
  });

  it('leaves a verified account’s password alone, whatever a stranger’s later sign-up says', async () => {
    const email = uniqueEmail('verified');
    await post('/auth/signup', signUpBody({ email }));
    await t.app.jobs.drain();
    await post('/auth/email/verify', { token: tokenOf((await verifyLinks(email))[0]) });
    await post('/auth/signup', signUpBody({ ...STRANGER, email }));
    await t.app.jobs.drain();
    expect(await account(email)).toMatchObject({ name: 'Priya Sharma', phone: '+1-4155550123' });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
  });
});
