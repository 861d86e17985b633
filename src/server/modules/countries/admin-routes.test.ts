import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countries = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ url: `/api/v1/admin/countries${query}`, headers });

describe('GET /api/v1/admin/countries (SPEC.md §7)', () => {
  it('answers a visitor 401, a customer 403, staff 403', async () => {
    expect((await countries()).statusCode).toBe(401);
    const customer = await createSignedInUser(t.app);
    const refused = await countries(bearer(customer.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have access to this page.');
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    expect((await countries(bearer(staff.token))).statusCode).toBe(403);
  });

  it('gives an admin name, code and isoCode, India, United States and Canada first, and narrows by q', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const res = await countries(bearer(admin.token));
    expect(res.statusCode).toBe(200);
    const { results, totalCount } = res.json().data;
    expect(results.slice(0, 3)).toEqual([
      { name: 'India', code: '+91', isoCode: 'IN' },
      { name: 'United States', code: '+1', isoCode: 'US' },
      { name: 'Canada', code: '+1', isoCode: 'CA' },
    ]);
    expect(totalCount).toBeGreaterThan(200);
    const byName = (await countries(bearer(admin.token), '?q=kingdom')).json().data.results;
    expect(byName.map((c: { isoCode: string }) => c.isoCode)).toEqual(['GB']);
    const byDial = (await countries(bearer(admin.token), '?q=%2B44')).json().data.results;
    expect(byDial.map((c: { isoCode: string }) => c.isoCode)).toContain('GB');
    const byIso = (await countries(bearer(admin.token), '?q=ca')).json().data.results;
    expect(byIso[0].isoCode).toBe('CA');
  });
});
