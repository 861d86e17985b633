import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES as A, AUTH_MESSAGES as M } from '../../../domain/auth/messages.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { SESSION_COOKIE_NAME } from '../../session-cookie.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { notifications } from '../notifications/tables.ts';
import { users } from '../users/tables.ts';
import { SIGN_UP_QUEUE } from './service.ts';
import { sessions, signUpRequests, verificationTokens } from './tables.ts';
import { bearer, createSignedInUser, PASSWORD, signIn, signUpBody, tokenFromMail, uniqueEmail } from './testing.ts';
import { hashToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'https://sevadocs.test' }, { deployedPasswordHashing: true });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

/** The account a sign-up made, once its job ran. */
async function userRow(email: string) {
  await t.app.jobs.drain([SIGN_UP_QUEUE]);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Opens the verification link mailed to `email` (its account's address is then verified). */
async function verifyAddress(email: string) {
  await t.app.jobs.drain();
  const verified = await post('/auth/email/verify', { token: await tokenFromMail(t.app, email, '/verify-email') });
  expect(verified.statusCode).toBe(200);
}

describe('POST /auth/signup', () => {
  it('creates an unverified account, answers 201 and e-mails a single-use verification link', async () => {
    const body = signUpBody({ email: `  New.User+${Date.now()}@Example.COM ` });
    const res = await post('/auth/signup', body, { 'x-platform': 'sevaphotos' });
    expect(res.statusCode).toBe(201);
    const normalized = body.email.trim().toLowerCase();
    expect(res.json()).toEqual({
      isSuccess: true,
      statusCode: 201,
      message: 'Registration successful! Please check your email to verify your account.',
      data: { email: normalized },
    });
    const row = await userRow(normalized);
    expect(row).toMatchObject({ name: 'Priya Sharma', phone: '+1-4155550123', platform: 'sevaphotos' });
    expect(row.emailVerifiedAt).toBeNull();
    expect(row.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    // argon2id with OWASP parameters, never the password itself.
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [mail] = (await deliveredMail(t.app)).filter((m) => m.to === normalized);
    // Signed up on the photos pages: the mail speaks and signs as SevaPhotos.
    expect(mail?.subject).toBe('Verify your email for SevaPhotos');
    expect(mail?.text).toContain('Thank you for signing up with SevaPhotos.');
    expect(mail?.text).toContain('— SevaPhotos');
    expect(mail?.fromName).toBe('SevaPhotos');
    const link = new URL(mail?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://sevadocs.test/verify-email');
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, expiring in 24 hours.
    const [stored] = await t.database.db.select().from(verificationTokens).where(eq(verificationTokens.userId, row.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(stored?.tokenHash).not.toContain(token);
    const ttl = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(24 * 60 * 60 * 1000);
  });

  it('defaults the platform to sevadocs and refuses an unknown one', async () => {
    const body = signUpBody();
    expect((await post('/auth/signup', body)).statusCode).toBe(201);
    expect((await userRow(body.email)).platform).toBe('sevadocs');
    const [mail] = (await deliveredMail(t.app)).filter((m) => m.to === body.email);
    expect(mail?.subject).toBe('Verify your email for SevaDocs');
    const bad = await post('/auth/signup', signUpBody(), { 'x-platform': 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(A.invalidPlatform);
  });

  it('answers a taken address (in any casing) exactly as a new one, and e-mails its owner instead', async () => {
    const body = signUpBody();
    const first = await post('/auth/signup', body);
    expect(first.statusCode).toBe(201);
    await userRow(body.email);
    await verifyAddress(body.email);
    const owner = await userRow(body.email);
    const fresh = await post('/auth/signup', signUpBody());
    const again = await post('/auth/signup', { ...body, email: body.email.toUpperCase(), password: 'Oth3r!Pass' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual({ ...fresh.json(), data: { email: body.email } });
    expect(again.json()).toMatchObject({ isSuccess: true, statusCode: 201, message: A.signUpSuccess });

    // Nothing about the account changed; its owner hears of the attempt, with both ways in.
    expect(await userRow(body.email)).toEqual(owner);
    const mails = (await deliveredMail(t.app, 500)).filter((m) => m.to === body.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Someone tried to create a SevaDocs account with your email',
      'Verify your email for SevaDocs',
    ]);
    const notice = mails[0];
    expect(notice?.links).toEqual(['https://sevadocs.test/signin', 'https://sevadocs.test/forgot-password']);
  });

  it('does the same work in the request for a taken address as for a new one: one stored sign-up and its job, no account, no e-mail', async () => {
    const owner = signUpBody();
    await post('/auth/signup', owner);
    await t.app.jobs.drain();
    await verifyAddress(owner.email);
    const accountsBefore = (await t.database.db.select({ id: users.id }).from(users)).length;
    const mailsBefore = (await t.database.db.select({ id: outboundEmails.id }).from(outboundEmails)).length;
    const requests = async (email: string) =>
      (await t.database.db.select().from(signUpRequests).where(eq(signUpRequests.email, email))).length;

    const fresh = signUpBody();
    const taken = { ...signUpBody(), email: owner.email };
    for (const body of [fresh, taken]) {
      expect((await post('/auth/signup', body)).statusCode).toBe(201);
      expect(await requests(body.email), body.email).toBe(1);
    }
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(accountsBefore);
    expect((await t.database.db.select({ id: outboundEmails.id }).from(outboundEmails)).length).toBe(mailsBefore);

    // The jobs then make the new account and tell the owner; each request is gone with its job.
    expect(await t.app.jobs.drain([SIGN_UP_QUEUE])).toBe(2);
    expect(await requests(fresh.email)).toBe(0);
    expect(await requests(owner.email)).toBe(0);
    expect((await userRow(fresh.email)).name).toBe(fresh.name);
    const toOwner = (await deliveredMail(t.app, 500)).filter((m) => m.to === owner.email).map((m) => m.subject);
    expect(toOwner[0]).toBe('Someone tried to create a SevaDocs account with your email');
  });

  it('a sign-up job that runs again makes nothing twice (pg-boss is at-least-once)', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    const [request] = await t.database.db.select().from(signUpRequests).where(eq(signUpRequests.email, body.email));
    const job = { requestId: request?.id ?? 0 };
    await t.app.services.auth.runSignUpJob(job);
    await t.app.services.auth.runSignUpJob(job);
    await t.app.jobs.drain();
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
    const mails = (await deliveredMail(t.app, 500)).filter((m) => m.to === body.email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email for SevaDocs']);
  });

  it('validates every field with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', M.fieldRequired],
      [{ name: '   ' }, 'name', M.nameBlank],
      [{ name: 'Al' }, 'name', M.nameTooShort],
      [{ name: 'A'.repeat(201) }, 'name', M.nameTooLong],
      [{ name: 'R2 D2' }, 'name', M.nameAlphabetic],
      [{ email: 'not-an-email' }, 'email', M.invalidEmail],
      [{ email: '' }, 'email', M.fieldRequired],
      [{ phone: '+1-123' }, 'phone', M.invalidPhone],
      [{ phone: '1-4155550123' }, 'phone', M.invalidCountryCode],
      [{ phoneCountry: 'Canada' }, 'phoneCountry', M.invalidCountryCode],
      [{ phone: '+91-9876543210', phoneCountry: 'CA' }, 'phoneCountry', M.invalidCountryCode],
      [{ password: '' }, 'password', M.fieldRequired],
    ];
    for (const [override, field, message] of cases) {
      const res = await post('/auth/signup', signUpBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(override)).toBe(message);
    }
    const weak = await post('/auth/signup', signUpBody({ password: 'weakpass' }));
    expect(weak.json().errors.password).toBe(
      'Password must meet the strength requirements:\n- one uppercase\n- one digit\n- one special character',
    );
  });

  it("refuses the honeypot with the spec's bot message and creates nothing", async () => {
    const body = signUpBody({ website: 'https://spam.example' });
    const res = await post('/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Registration failed, you must be a bot');
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('links a valid referral code and refuses an unknown one', async () => {
    const referrer = await createSignedInUser(t.app);
    const code = (await userRow(referrer.email)).referralCode;
    const friend = signUpBody({ referredBy: ` ${code.toLowerCase()} ` });
    expect((await post('/auth/signup', friend)).statusCode).toBe(201);
    expect((await userRow(friend.email)).referredByUserId).toBe(referrer.id);

    const stranger = signUpBody({ referredBy: 'NOSUCHCODE' });
    const res = await post('/auth/signup', stranger);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid referral code',
      errors: { referredBy: 'Invalid referral code' },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
  });

  it('gives every user a different referral code', async () => {
    const rows = await t.database.db.select({ code: users.referralCode }).from(users);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });
});

describe('the account journey: sign-up → mailbox → verify → sign-in → profile → sign-out', () => {
  it('works end to end through the dev mailbox', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    await t.app.jobs.drain([SIGN_UP_QUEUE]);

    const beforeVerify = await post('/auth/signin', { email: body.email, password: PASSWORD });
    expect(beforeVerify.statusCode).toBe(403);
    expect(beforeVerify.json().message).toBe(
      'Please check your email for verification. Kindly check in SPAM folder if not received in Inbox.',
    );

    // The dev mailbox API shows the link too, once the queue has delivered it.
    await t.runJobs();
    const mailbox = (await t.app.inject({ url: '/api/v1/dev/mailbox' })).json().data.results;
    const mail = mailbox.find((m: { to: string }) => m.to === body.email);
    const token = new URL(mail.links[0]).searchParams.get('token');

    // A fresh link signs in too (verify-return.test.ts); this journey goes on with the password.
    const verified = await post('/auth/email/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      isSuccess: true,
      message: A.emailVerifiedSignedIn,
      data: { signedIn: true, returnTo: null },
    });

    const signin = await post('/auth/signin', { email: ` ${body.email.toUpperCase()} `, password: PASSWORD });
    expect(signin.statusCode).toBe(200);
    const session = signin.json().data as string;
    expect(signin.json()).toEqual({
      isSuccess: true,
      statusCode: 200,
      message: 'Signed in successfully',
      data: session,
    });
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = signin.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: session, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 });
    // The site is https, so the cookie is Secure even outside production.
    expect(cookie?.secure).toBe(true);

    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(session) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ email: body.email, name: 'Priya Sharma', emailVerified: true });

    const signout = await post('/auth/signout', {}, bearer(session));
    expect(signout.json()).toMatchObject({ isSuccess: true, statusCode: 200, message: 'Signed out' });
    const cleared = signout.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cleared?.value).toBe('');
    const after = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(session) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please sign in to continue.');
  });

  it('stores only the hash of the session token, with 120-minute expiry', async () => {
    const user = await createSignedInUser(t.app);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(row?.userId).toBe(user.id);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(120 * 60 * 1000);
  });

  it('opens a new session on every sign-in', async () => {
    const user = await createSignedInUser(t.app);
    const second = await signIn(t.app, user.email, user.password);
    expect(second).not.toBe(user.token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const token of [user.token, second]) {
      expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(token) })).statusCode).toBe(200);
    }
  });
});

describe('POST /auth/signin', () => {
  it('answers an unknown e-mail and a wrong password identically (no enumeration)', async () => {
    const user = await createSignedInUser(t.app);
    const unknown = await post('/auth/signin', { email: uniqueEmail('nobody'), password: PASSWORD });
    const wrong = await post('/auth/signin', { email: user.email, password: 'Wr0ng!Pass' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        isSuccess: false,
        statusCode: 401,
        message: 'Invalid email or password',
        data: null,
      });
      expect(res.cookies).toEqual([]);
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('tells an unverified account so only once the password checked out', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    await t.app.jobs.drain([SIGN_UP_QUEUE]);
    const wrong = await post('/auth/signin', { email: body.email, password: 'Wr0ng!Pass' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/auth/signin', { email: body.email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ isSuccess: false, statusCode: 403, message: M.unverifiedEmail, data: null });
  });

  it('validates with the sign-in messages', async () => {
    const empty = await post('/auth/signin', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const bad = await post('/auth/signin', { email: 'nope', password: 'x' });
    expect(bad.json().errors.email).toBe('Invalid email format');
  });
});

describe('POST /auth/email/send (resend verification)', () => {
  it('answers the same for unknown, verified and unverified accounts, mailing only the unverified', async () => {
    const verified = await createSignedInUser(t.app);
    const pending = signUpBody();
    await post('/auth/signup', pending);
    const firstToken = await tokenFromMail(t.app, pending.email, '/verify-email');
    const before = (await deliveredMail(t.app, 500)).length;

    for (const email of [uniqueEmail('ghost'), verified.email, pending.email]) {
      const res = await post('/auth/email/send', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        isSuccess: true,
        statusCode: 200,
        message: 'Verification email sent successfully!',
        data: null,
      });
    }
    const outbox = await deliveredMail(t.app, 500);
    expect(outbox.length - before).toBe(1);
    expect(outbox[0]?.to).toBe(pending.email);

    // The earlier link keeps working until it expires (docs/decisions/0042); the new one, used
    // after it, says the address is verified rather than 'invalid or has expired'.
    const newToken = await tokenFromMail(t.app, pending.email, '/verify-email');
    expect(newToken).not.toBe(firstToken);
    const first = await post('/auth/email/verify', { token: firstToken });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(A.emailVerifiedSignedIn);
    const second = await post('/auth/email/verify', { token: newToken });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(A.emailAlreadyVerified);
  });

  it("needs an e-mail: 'Please provide an email address.'", async () => {
    for (const payload of [{ email: '' }, {}]) {
      const res = await post('/auth/email/send', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please provide an email address.');
    }
  });
});

describe('POST /auth/email/verify', () => {
  it('greets a SevaPhotos sign-up as SevaPhotos', async () => {
    const body = signUpBody();
    await post('/auth/signup', body, { 'x-platform': 'sevaphotos' });
    const { id } = await userRow(body.email);
    const token = await tokenFromMail(t.app, body.email, '/verify-email');
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    const welcome = await t.database.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(welcome.map((n) => n.remark)).toEqual(['Welcome to SevaPhotos! Your email is verified.']);
  });

  it('is single-use, greets the user with a notification and refuses bad tokens', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    const { id } = await userRow(body.email);
    const token = await tokenFromMail(t.app, body.email, '/verify-email');
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    expect((await userRow(body.email)).emailVerifiedAt).toBeInstanceOf(Date);

    const welcome = await t.database.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ remark: 'Welcome to SevaDocs! Your email is verified.', orderId: null });

    // The same link again: already verified, sign in (and no second welcome).
    const again = await post('/auth/email/verify', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      isSuccess: true,
      statusCode: 200,
      message: 'Your email is already verified. You can sign in now.',
      data: null,
    });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(1);

    // A link never issued stays generic: nothing to learn from guessing.
    for (const bad of ['x'.repeat(43), 'short', '']) {
      const res = await post('/auth/email/verify', { token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This verification link is invalid or has expired.');
    }
  });

  it("keeps the sign-ups' password hashes on their links only until the address is verified", async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    // A resend before verifying: a second link, with the account's credentials.
    await post('/auth/email/send', { email: body.email });
    await t.runJobs();
    const { id } = await userRow(body.email);
    const links = () =>
      t.database.db
        .select({ credentials: verificationTokens.credentials })
        .from(verificationTokens)
        .where(and(eq(verificationTokens.userId, id), eq(verificationTokens.purpose, 'verify-email')));
    expect((await links()).filter((l) => l.credentials?.passwordHash)).toHaveLength(2);
    const token = await tokenFromMail(t.app, body.email, '/verify-email');
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    expect(await links()).toEqual([{ credentials: null }, { credentials: null }]);
    // The link still answers "already verified", and the password the sign-up chose still signs in.
    expect((await post('/auth/email/verify', { token })).json().message).toBe(
      'Your email is already verified. You can sign in now.',
    );
    expect(await signIn(t.app, body.email, body.password as string)).toBeTruthy();
  });

  it('says verified for the links of an address that a password reset verified', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    const link = await tokenFromMail(t.app, body.email, '/verify-email');
    await post('/auth/reset-password/request', { email: body.email });
    const reset = await tokenFromMail(t.app, body.email, '/create-password');
    expect((await post('/auth/reset-password', { token: reset, password: 'N3w!Password' })).statusCode).toBe(200);
    // A reset is a change of password too: the owner is told, once.
    const told = (await deliveredMail(t.app)).filter(
      (m) => m.to === body.email && m.subject === 'Your SevaDocs password was changed',
    );
    expect(told).toHaveLength(1);
    const res = await post('/auth/email/verify', { token: link });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(A.emailAlreadyVerified);
  });

  it('refuses an expired link', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    const { id } = await userRow(body.email);
    const token = await tokenFromMail(t.app, body.email, '/verify-email');
    await t.database.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.userId, id));
    const res = await post('/auth/email/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(A.invalidVerificationLink);
  });
});

describe('resend and reset for known and unknown addresses', () => {
  /** Median of `tries` timings of `request`, alternating known and unknown so load hits both alike. */
  async function medians(path: string, known: string, tries: number) {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < tries; i += 1) {
      for (const who of i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const email = who === 'known' ? known : uniqueEmail('ghost');
        const started = process.hrtime.bigint();
        const res = await post(path, { email });
        times[who].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.statusCode).toBe(200);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  it('take as long whether or not the address has an account (ratio of medians over 100 tries each)', async () => {
    const verified = await createSignedInUser(t.app);
    const pending = signUpBody();
    await post('/auth/signup', pending);
    for (const [path, known] of [
      ['/auth/reset-password/request', verified.email],
      ['/auth/email/send', pending.email],
    ] as const) {
      const { known: k, unknown: u } = await medians(path, known, 100);
      const ratio = k / u;
      // Doing the token and e-mail work only for known addresses made the ratio about 2.7.
      expect(ratio, `${path}: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeGreaterThan(0.6);
      expect(ratio, `${path}: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms`).toBeLessThan(1.67);
    }
    // The jobs the requests left behind write their e-mails now, before the next test reads mail.
    await t.runJobs();
    // 400 requests: seconds on a quiet machine, far more on a loaded one (the ratio holds either way).
  }, 90_000);

  it('send one e-mail per request even when the job that writes it runs twice', async () => {
    const user = await createSignedInUser(t.app);
    // The reset e-mails (each reset then tells the owner their password changed, a mail of its own).
    const sent = async () =>
      (await deliveredMail(t.app, 500)).filter(
        (m) => m.to === user.email && m.subject === 'Reset your SevaDocs password',
      ).length;
    const before = await sent();
    const job = { kind: 'reset-password', email: user.email } as const;
    await t.app.services.auth.runAccountMailJob('job-1', job);
    const token = await tokenFromMail(t.app, user.email, '/create-password');
    // pg-boss is at-least-once: the same job again writes no second e-mail and keeps the link.
    await t.app.services.auth.runAccountMailJob('job-1', job);
    expect((await sent()) - before).toBe(1);
    expect((await post('/auth/reset-password', { token, password: 'N3w!Password' })).statusCode).toBe(200);

    // Two runs of one job at the same moment (a stalled attempt retried while it still runs, each
    // in a batch of its own): one e-mail, and its link is the one that works.
    await Promise.all([1, 2].map(() => t.app.services.auth.runAccountMailJob('job-2', job)));
    expect((await sent()) - before).toBe(2);
    const again = await tokenFromMail(t.app, user.email, '/create-password');
    expect((await post('/auth/reset-password', { token: again, password: 'N3w!Password2' })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists and mails a 1-hour link', async () => {
    const user = await createSignedInUser(t.app);
    const message = 'If an account exists for this email, we have sent a link to reset your password.';
    const before = (await deliveredMail(t.app, 500)).length;
    for (const email of [uniqueEmail('ghost'), user.email]) {
      const res = await post('/auth/reset-password/request', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isSuccess: true, statusCode: 200, message, data: null });
    }
    const outbox = await deliveredMail(t.app, 500);
    expect(outbox.length - before).toBe(1);
    expect(outbox[0]).toMatchObject({ to: user.email, subject: 'Reset your SevaDocs password' });
    expect(outbox[0]?.links[0]).toMatch(/^https:\/\/sevadocs\.test\/create-password\?token=[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(verificationTokens)
      .where(and(eq(verificationTokens.userId, user.id), eq(verificationTokens.purpose, 'reset-password')));
    expect(row?.usedAt).toBeNull();
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);
  });

  it('speaks the brand the account was signed up on: a SevaPhotos customer never had a SevaDocs account', async () => {
    const user = await createSignedInUser(t.app);
    await t.database.db.update(users).set({ platform: 'sevaphotos' }).where(eq(users.id, user.id));
    expect((await post('/auth/reset-password/request', { email: user.email })).statusCode).toBe(200);
    const [reset] = (await deliveredMail(t.app, 500)).filter((m) => m.to === user.email && /password/.test(m.subject));
    expect(reset?.subject).toBe('Reset your SevaPhotos password');
    expect(reset?.text).toContain('your SevaPhotos account');
    expect(reset?.text).toContain('— SevaPhotos');
    expect(reset?.text).not.toContain('SevaDocs');

    // Someone signs up with the address: its owner hears of it in the account's brand too.
    expect((await post('/auth/signup', signUpBody({ email: user.email }))).statusCode).toBe(201);
    await t.app.jobs.drain();
    const [exists] = (await deliveredMail(t.app, 500)).filter(
      (m) => m.to === user.email && /tried to create/.test(m.subject),
    );
    expect(exists?.subject).toBe('Someone tried to create a SevaPhotos account with your email');
  });

  it('sets the new password, consumes the link and ends every session', async () => {
    const user = await createSignedInUser(t.app);
    const other = await signIn(t.app, user.email, user.password);
    await post('/auth/reset-password/request', { email: user.email });
    const token = await tokenFromMail(t.app, user.email, '/create-password');

    const weak = await post('/auth/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^Password must meet the strength requirements:/);

    const res = await post('/auth/reset-password', { token, password: 'N3w!Password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(A.passwordReset);
    for (const session of [user.token, other]) {
      expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(session) })).statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const again = await post('/auth/reset-password', { token, password: 'An0ther!Pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired.');
    expect((await post('/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/signin', { email: user.email, password: 'N3w!Password' })).statusCode).toBe(200);
  });

  it('a newer reset link replaces the older one; an expired one fails', async () => {
    const user = await createSignedInUser(t.app);
    await post('/auth/reset-password/request', { email: user.email });
    const first = await tokenFromMail(t.app, user.email, '/create-password');
    await post('/auth/reset-password/request', { email: user.email });
    const second = await tokenFromMail(t.app, user.email, '/create-password');
    expect(second).not.toBe(first);
    expect((await post('/auth/reset-password', { token: first, password: 'N3w!Password' })).statusCode).toBe(400);
    await t.database.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationTokens.tokenHash, hashToken(second)));
    expect((await post('/auth/reset-password', { token: second, password: 'N3w!Password' })).statusCode).toBe(400);
  });

  it('verifies the e-mail of an account that resets before verifying', async () => {
    const body = signUpBody();
    await post('/auth/signup', body);
    await post('/auth/reset-password/request', { email: body.email });
    const token = await tokenFromMail(t.app, body.email, '/create-password');
    expect((await post('/auth/reset-password', { token, password: 'N3w!Password' })).statusCode).toBe(200);
    expect((await post('/auth/signin', { email: body.email, password: 'N3w!Password' })).statusCode).toBe(200);
  });

  it('validates the request e-mail', async () => {
    const res = await post('/auth/reset-password/request', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email is required');
  });
});

describe('POST /auth/validate-referral', () => {
  it('answers 200 for an existing code, 404 otherwise and 400 when empty', async () => {
    const user = await createSignedInUser(t.app);
    const code = (await userRow(user.email)).referralCode;
    const valid = await post('/auth/validate-referral', { referralCode: code.toLowerCase() });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ isSuccess: true, statusCode: 200, data: { referralCode: code } });

    const unknown = await post('/auth/validate-referral', { referralCode: 'ZZZZ9999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ isSuccess: false, statusCode: 404, message: 'Invalid referral code' });

    for (const payload of [{ referralCode: '' }, { referralCode: '   ' }, {}]) {
      const empty = await post('/auth/validate-referral', payload);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Referral code is empty');
    }
  });
});

describe('POST /auth/signout', () => {
  it('is harmless without a session', async () => {
    const res = await post('/auth/signout', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Signed out');
  });
});
