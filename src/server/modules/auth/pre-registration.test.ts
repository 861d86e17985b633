import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES as A } from '../../../domain/auth/messages.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../users/tables.ts';
import { ACCOUNT_MAILS_PER_HOUR } from './service.ts';
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
  const CHOSEN = 'Ch0sen!Password';

  /** Opens `link`: it verifies, signs no one in, and hands over the token that chooses the password. */
  async function verifiedWithoutPassword(email: string, link: string | undefined) {
    const verified = await post('/auth/email/verify', { token: tokenOf(link) });
    expect(verified.json()).toMatchObject({
      message: A.emailVerifiedChoosePassword,
      data: { signedIn: false, choosePassword: expect.any(String) },
    });
    expect(verified.headers['set-cookie']).toBeUndefined();
    // Neither sign-up's password opens the account now.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
    return verified.json().data.choosePassword as string;
  }

  async function choose(email: string, token: string) {
    expect((await post('/auth/reset-password', { token, password: CHOSEN })).statusCode).toBe(200);
    expect((await signIn(email, CHOSEN)).statusCode).toBe(200);
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
  }

  it('the owner’s own link verifies, takes the owner’s name and phone, and has them choose the password', async () => {
    const email = await strangerThenOwner();
    const [strangers, owners] = await verifyLinks(email);
    expect(owners).toBeDefined();

    const token = await verifiedWithoutPassword(email, owners);
    expect(await account(email)).toMatchObject({ name: 'Priya Sharma', phone: '+1-4155550123' });
    await choose(email, token);

    // The stranger's link is used up with the address's verification: it changes nothing.
    const late = await post('/auth/email/verify', { token: tokenOf(strangers) });
    expect(late.json()).toMatchObject({ message: A.emailAlreadyVerified, data: null });
    expect(late.headers['set-cookie']).toBeUndefined();
    expect((await signIn(email, STRANGER.password)).statusCode).toBe(401);
    expect((await signIn(email, CHOSEN)).statusCode).toBe(200);
  });

  it('the stranger’s link, opened by the owner from their mailbox, leaves the stranger no way in', async () => {
    // The e-mails look alike: an owner who opens the stranger's must not get the stranger's password.
    const email = await strangerThenOwner();
    const [strangers] = await verifyLinks(email);
    await choose(email, await verifiedWithoutPassword(email, strangers));
  });

  it('has the owner choose the password when the stranger filled the hour’s e-mails first and the owner’s sign-up got none', async () => {
    const email = uniqueEmail('capped');
    expect((await post('/auth/signup', signUpBody({ ...STRANGER, email }))).statusCode).toBe(201);
    await t.app.jobs.drain();
    for (let i = 1; i < ACCOUNT_MAILS_PER_HOUR; i++) {
      expect((await post('/auth/email/send', { email })).statusCode).toBe(200);
      await t.app.jobs.drain();
    }
    const strangers = await verifyLinks(email);
    expect(strangers).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
    expect((await post('/auth/signup', signUpBody({ email }))).statusCode).toBe(201);
    await t.app.jobs.drain();
    // Over the cap: the owner's sign-up mailed nothing, so every link in the mailbox is the stranger's.
    expect(await verifyLinks(email)).toEqual(strangers);
    await choose(email, await verifiedWithoutPassword(email, strangers.at(-1)));
  });

  it('resends a link that sets no password either while the sign-ups disagree', async () => {
    const email = await strangerThenOwner();
    expect((await post('/auth/email/send', { email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const resent = (await verifyLinks(email)).at(-1);
    expect((await post('/auth/signup', signUpBody({ ...STRANGER, email }))).statusCode).toBe(201);
    await t.app.jobs.drain();
    await choose(email, await verifiedWithoutPassword(email, resent));
  });

  it('signs in with the one sign-up’s password when nobody else signed up with the address', async () => {
    const email = uniqueEmail('single');
    await post('/auth/signup', signUpBody({ email }));
    await t.app.jobs.drain();
    const verified = await post('/auth/email/verify', { token: tokenOf((await verifyLinks(email))[0]) });
    expect(verified.json()).toMatchObject({
      message: A.emailVerifiedSignedIn,
      data: { signedIn: true, choosePassword: null },
    });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
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
