import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser, uniqueEmail } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';

const OWNER = uniqueEmail('owner');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: `someone@else.example, ${OWNER.toUpperCase()}` });
});
afterAll(() => t.close());

const auditLog = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ url: `/api/v1/admin/audit-log${query}`, headers });

describe('the audit log', () => {
  it('answers a visitor 401, a customer and staff 403, an admin 200', async () => {
    const visitor = await auditLog();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in to continue.');
    const customer = await createSignedInUser(t.app);
    const refused = await auditLog(bearer(customer.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      isSuccess: false,
      statusCode: 403,
      message: 'You do not have access to this page.',
      data: null,
    });
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    expect((await auditLog(bearer(staff.token))).statusCode).toBe(403);
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    expect((await auditLog(bearer(admin.token))).statusCode).toBe(200);
  });

  it('makes the verified account named in ADMIN_EMAILS an admin, and shows it on the session', async () => {
    const owner = await createSignedInUser(t.app, { email: OWNER });
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(owner.token) });
    expect(profile.json().data.role).toBe('admin');
    expect((await auditLog(bearer(owner.token))).statusCode).toBe(200);
  });

  it('keeps entries written in a transaction that commits, and none from one that rolls back', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const actor = { id: admin.id, email: admin.email };
    const { audit } = t.app.services;
    await t.database.db.transaction((tx) =>
      audit.record(tx, {
        actor,
        action: 'user.role',
        subject: { type: 'user', id: 42 },
        before: { role: 'customer' },
        after: { role: 'staff' },
      }),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit.record(tx, { actor, action: 'user.role', subject: { type: 'user', id: 43 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const res = await auditLog(bearer(admin.token), '?subjectType=user&subjectId=42');
    expect(res.json().data.results).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        action: 'user.role',
        subjectType: 'user',
        subjectId: '42',
        before: { role: 'customer' },
        after: { role: 'staff' },
      }),
    ]);
    const other = await auditLog(bearer(admin.token), '?subjectType=user&subjectId=43');
    expect(other.json().data.totalCount).toBe(0);
  });
});
