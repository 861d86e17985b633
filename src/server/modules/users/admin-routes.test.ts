import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '../../../domain/admin/users.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { SIGN_UP_QUEUE } from '../auth/service.ts';
import { bearer, createSignedInUser, PASSWORD, signUpBody, tokenFromMail, uniqueEmail } from '../auth/testing.ts';
import { createStaffUser, expectRoleGuard } from './testing.ts';

const OWNER = uniqueEmail('owner');
/** An ADMIN_EMAILS address whose account is signed up but not verified: anyone could have signed it up. */
const UNCLAIMED_ADMIN = uniqueEmail('unclaimed-admin');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: `${OWNER},${UNCLAIMED_ADMIN}` });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject(
    payload === undefined
      ? { method, url: `/api/v1${url}`, headers }
      : { method, url: `/api/v1${url}`, headers, payload: payload as Record<string, unknown> },
  );

const auditOf = async (adminToken: string, userId: number) =>
  (await call('GET', `/admin/audit-log?subjectType=user&subjectId=${userId}`, bearer(adminToken))).json().data.results;

describe('the users section is for admins only', () => {
  const endpoints: [Method, string, unknown][] = [
    ['GET', '/admin/users', undefined],
    ['GET', '/admin/users/1', undefined],
    ['PATCH', '/admin/users/1/role', { role: 'staff' }],
    ['PATCH', '/admin/users/1/disabled', { disabled: true }],
    ['POST', '/users/verify-user', { userId: 1 }],
  ];
  it.each(endpoints)('%s %s answers a visitor 401, a customer and staff 403', async (method, url, payload) => {
    await expectRoleGuard(t.app, t.database.db, 'admin', (headers) => call(method, url, headers, payload));
  });
});

describe('listing and reading users', () => {
  it('searches by e-mail or name, pages and sorts on the server', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createSignedInUser(t.app, { name: 'Meera Anand', email: uniqueEmail(`${tag}a`) });
    const b = await createSignedInUser(t.app, { name: 'Rohan Bose', email: uniqueEmail(`${tag}b`) });
    const byEmail = await call('GET', `/admin/users?q=${tag}&sort=email&dir=asc&limit=1`, bearer(admin.token));
    expect(byEmail.statusCode).toBe(200);
    const data = byEmail.json().data;
    expect(data.totalCount).toBe(2);
    expect(data.results).toEqual([expect.objectContaining({ id: a.id, role: 'customer', disabled: false })]);
    const page2 = await call('GET', `/admin/users?q=${tag}&sort=email&dir=asc&limit=1&page=2`, bearer(admin.token));
    expect(page2.json().data.results.map((u: { id: number }) => u.id)).toEqual([b.id]);

    const byName = await call('GET', '/admin/users?q=rohan%20BOSE', bearer(admin.token));
    expect(byName.json().data.results.map((u: { id: number }) => u.id)).toContain(b.id);
    // A LIKE wildcard in the search is a plain character.
    expect((await call('GET', '/admin/users?q=%25', bearer(admin.token))).json().data.totalCount).toBe(0);
  });

  it("shows a user's account and orders, 404 for an unknown id", async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const user = await createSignedInUser(t.app);
    const res = await call('GET', `/admin/users/${user.id}`, bearer(admin.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      user: expect.objectContaining({ id: user.id, email: user.email, emailVerified: true, adminByConfig: false }),
      orders: { results: [], totalCount: 0, page: 1, limit: 20 },
    });
    expect((await call('GET', '/admin/users/999999', bearer(admin.token))).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('lets an admin grant staff and admin, and records each change', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const user = await createSignedInUser(t.app);
    const res = await call('PATCH', `/admin/users/${user.id}/role`, bearer(admin.token), { role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expect.objectContaining({ role: 'staff', storedRole: 'staff' }));
    // The user's session sees the new role at once.
    expect((await call('GET', '/admin/users', bearer(user.token))).statusCode).toBe(403);
    const profile = await call('GET', '/users/profile', bearer(user.token));
    expect(profile.json().data.role).toBe('staff');

    const same = await call('PATCH', `/admin/users/${user.id}/role`, bearer(admin.token), { role: 'staff' });
    expect(same.json().message).toBe('The user already has that role');
    expect(await auditOf(admin.token, user.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.role',
        before: { role: 'customer' },
        after: { role: 'staff' },
      }),
    ]);
  });

  it('refuses an unknown role, a change of one’s own role and of an ADMIN_EMAILS admin', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const bad = await call('PATCH', `/admin/users/${admin.id}/role`, bearer(admin.token), { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Role must be customer, staff or admin');

    const self = await call('PATCH', `/admin/users/${admin.id}/role`, bearer(admin.token), { role: 'customer' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot change your own role.');

    const owner = await createSignedInUser(t.app, { email: OWNER });
    const configured = await call('PATCH', `/admin/users/${owner.id}/role`, bearer(admin.token), { role: 'customer' });
    expect(configured.statusCode).toBe(409);
    expect(configured.json().message).toMatch(/ADMIN_EMAILS/);
    const detail = await call('GET', `/admin/users/${owner.id}`, bearer(admin.token));
    expect(detail.json().data.user).toEqual(
      expect.objectContaining({ role: 'admin', storedRole: 'customer', adminByConfig: true }),
    );
    expect(await auditOf(admin.token, owner.id)).toEqual([]);
    expect((await call('PATCH', '/admin/users/999999/role', bearer(admin.token), { role: 'staff' })).statusCode).toBe(
      404,
    );
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once and refuses sign-in with the password, saying nothing without it', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const user = await createSignedInUser(t.app);
    expect((await call('GET', '/users/profile', bearer(user.token))).statusCode).toBe(200);

    const res = await call('PATCH', `/admin/users/${user.id}/disabled`, bearer(admin.token), { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.disabled).toBe(true);
    expect((await call('GET', '/users/profile', bearer(user.token))).statusCode).toBe(401);

    const signIn = (password: string) => call('POST', '/auth/signin', {}, { email: user.email, password });
    const refused = await signIn(PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account has been disabled. Please contact support if you think this is a mistake.',
    );
    // A wrong password answers as for any account, or none: the state is not given away.
    const wrong = await signIn('Wr0ng!Pass');
    const unknown = await call('POST', '/auth/signin', {}, { email: uniqueEmail('nobody'), password: 'Wr0ng!Pass' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    const enabled = await call('PATCH', `/admin/users/${user.id}/disabled`, bearer(admin.token), { disabled: false });
    expect(enabled.json().data.disabled).toBe(false);
    expect((await signIn(PASSWORD)).statusCode).toBe(200);
    expect((await auditOf(admin.token, user.id)).map((e: { action: string }) => e.action)).toEqual([
      'user.enable',
      'user.disable',
    ]);
  });

  it('refuses to disable one’s own account', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const res = await call('PATCH', `/admin/users/${admin.id}/disabled`, bearer(admin.token), { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot disable your own account.');
    expect((await call('GET', '/users/profile', bearer(admin.token))).statusCode).toBe(200);
  });
});

describe('POST /users/verify-user', () => {
  it('verifies an e-mail by hand, so the user can sign in, and records it once', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const body = signUpBody();
    expect((await call('POST', '/auth/signup', {}, body)).statusCode).toBe(201);
    await t.app.jobs.drain([SIGN_UP_QUEUE]);
    const account = await t.app.services.users.findAccountByEmail(body.email as string);
    if (!account) throw new Error('no account');
    const before = await call('POST', '/auth/signin', {}, { email: body.email, password: PASSWORD });
    expect(before.statusCode).toBe(403);

    const res = await call('POST', '/users/verify-user', bearer(admin.token), { userId: account.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('E-mail marked as verified');
    expect(res.json().data.emailVerified).toBe(true);
    const again = await call('POST', '/users/verify-user', bearer(admin.token), { userId: account.id });
    expect(again.json().message).toBe('The e-mail is already verified');
    expect((await call('POST', '/auth/signin', {}, { email: body.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await auditOf(admin.token, account.id)).toEqual([
      expect.objectContaining({ action: 'user.verify-email', after: { emailVerified: true } }),
    ]);
    expect((await call('POST', '/users/verify-user', bearer(admin.token), { userId: 999999 })).statusCode).toBe(404);
  });

  it('refuses an unverified ADMIN_EMAILS address: only its owner’s link may make it an admin', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    // Whoever signed up with the address (a stranger, maybe) has not shown they read its mail.
    const body = signUpBody({ email: UNCLAIMED_ADMIN });
    expect((await call('POST', '/auth/signup', {}, body)).statusCode).toBe(201);
    await t.app.jobs.drain([SIGN_UP_QUEUE]);
    const account = await t.app.services.users.findAccountByEmail(UNCLAIMED_ADMIN);
    if (!account) throw new Error('no account');

    const res = await call('POST', '/users/verify-user', bearer(admin.token), { userId: account.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_USER_MESSAGES.adminEmailNeedsLink);
    const detail = (await call('GET', `/admin/users/${account.id}`, bearer(admin.token))).json().data.user;
    expect(detail).toEqual(expect.objectContaining({ emailVerified: false, role: 'customer', adminByConfig: false }));
    expect(await auditOf(admin.token, account.id)).toEqual([]);
    expect((await call('POST', '/auth/signin', {}, { email: UNCLAIMED_ADMIN, password: PASSWORD })).statusCode).toBe(
      403,
    );

    // The link from the mailbox still verifies it, and the owner is an admin.
    const token = await tokenFromMail(t.app, UNCLAIMED_ADMIN, '/verify-email');
    expect((await call('POST', '/auth/email/verify', {}, { token })).statusCode).toBe(200);
    const after = (await call('GET', `/admin/users/${account.id}`, bearer(admin.token))).json().data.user;
    expect(after).toEqual(expect.objectContaining({ emailVerified: true, role: 'admin', adminByConfig: true }));
  });
});
