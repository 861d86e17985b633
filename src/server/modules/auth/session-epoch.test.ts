import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { UsersService } from '../users/service.ts';
import { createAuthService } from './service.ts';
import { createSignedInUser, PASSWORD, signIn, tokenFromMail } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'N3w!Passw0rd';

/**
 * A sign-in with the old password that races a password reset (its password check reads the
 * account just before the reset lands, its session is written just after) must not leave a
 * working session: the reset ends every session of the account, including that one.
 */
describe('a sign-in racing a password reset', () => {
  it('gets a session that is already over once the reset completes', async () => {
    const { app } = t;
    const { email, token: before } = await createSignedInUser(app);
    await app.services.auth.requestPasswordReset(email);
    const resetToken = await tokenFromMail(app, email, '/create-password');

    // The reset lands between the sign-in's read of the account and its session insert.
    const users = app.services.users;
    const racingUsers: UsersService = {
      ...users,
      async findAccountByEmail(address) {
        const account = await users.findAccountByEmail(address);
        expect((await app.services.auth.resetPassword(resetToken, NEW_PASSWORD))?.email).toBe(email);
        return account;
      },
    };
    const racing = createAuthService(app.database.db, {
      users: racingUsers,
      notifications: app.services.notifications,
      mail: app.mail,
      jobs: app.jobs,
      siteUrl: app.env.siteUrl,
    });
    const raced = await racing.signIn(email, PASSWORD);
    expect(raced.ok, 'the old password matched the account as it was read').toBe(true);
    if (!raced.ok) return;

    expect(await app.services.auth.resolveSession(raced.token)).toBeNull();
    expect(await app.services.auth.resolveSession(before)).toBeNull();
    const pages = await app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${raced.token}` },
    });
    expect(pages.statusCode).toBe(401);

    // The new password works as usual.
    const after = await signIn(app, email, NEW_PASSWORD);
    expect(await app.services.auth.resolveSession(after)).not.toBeNull();
  });
});

describe('changing the password', () => {
  it('keeps the session that changed it and ends every other, old or opened meanwhile', async () => {
    const { app } = t;
    const { email, id, token: current } = await createSignedInUser(app);
    const other = await signIn(app, email, PASSWORD);
    const session = await app.services.auth.resolveSession(current);
    expect(session).not.toBeNull();
    const result = await app.services.auth.changePassword(id, PASSWORD, NEW_PASSWORD, session?.session.id ?? 0);
    expect(result).toEqual({ ok: true, deviceCookie: expect.any(String) });
    expect(await app.services.auth.resolveSession(current)).not.toBeNull();
    expect(await app.services.auth.resolveSession(other)).toBeNull();
  });
});
