import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { startApplication } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
let admin: { token: string; id: number; email: string };
let customerToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await buildTestApp();
});
// Its own hook (and time limit): three sign-ups hash three passwords, slow on a loaded machine.
beforeAll(async () => {
  admin = await createStaffUser(t.app, t.database.db, 'admin');
  customerToken = (await createSignedInUser(t.app)).token;
  staffToken = (await createStaffUser(t.app, t.database.db, 'staff')).token;
});
afterAll(() => t.close());

const asAdmin = () => bearer(admin.token);
let seq = 0;
async function create(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/coupons',
    headers: asAdmin(),
    payload: {
      code: `admin${seq}x${Date.now() % 100000}`,
      description: 'Ten dollars off our fee',
      discountType: 'flat',
      value: 1000,
      platform: 'sevadocs',
      ...overrides,
    },
  });
  return res;
}
const patch = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/coupons/${id}`, headers: asAdmin(), payload });
async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.subjectType} = 'coupon' and ${auditLog.subjectId} = ${String(id)}`)
    .orderBy(auditLog.id);
}
/** A customer's application with the coupon applied (one use, held while unpaid). */
async function redeem(code: string) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/application/order/${order.displayId}/coupon`,
    headers: bearer(user.token),
    payload: { code },
  });
  return res;
}

describe('who may use the coupons API', () => {
  it.each([
    ['GET', '/api/v1/admin/coupons'],
    ['GET', '/api/v1/admin/coupons/1'],
    ['POST', '/api/v1/admin/coupons'],
    ['PATCH', '/api/v1/admin/coupons/1'],
  ] as const)('%s %s: a visitor 401, a customer 403, staff 403', async (method, url) => {
    const payload = method === 'GET' ? {} : { payload: { isActive: false } };
    const call = (headers: Record<string, string> = {}) => t.app.inject({ method, url, headers, ...payload });
    expect((await call()).statusCode).toBe(401);
    const customer = await call(bearer(customerToken));
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('You do not have access to this page.');
    expect((await call(bearer(staffToken))).statusCode).toBe(403);
  });
});

describe('creating coupons', () => {
  it('stores the code upper-case, audits it, and lists it with no uses', async () => {
    const res = await create({ code: 'welcome-fall', usageLimit: 5, endsAt: '2030-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(201);
    const coupon = res.json().data;
    expect(coupon).toMatchObject({
      code: 'WELCOME-FALL',
      usageLimit: 5,
      perCustomerLimit: null,
      endsAt: '2030-01-01T00:00:00.000Z',
      isActive: true,
      uses: 0,
      redemptions: 0,
    });
    const [entry] = await auditOf(coupon.id);
    expect(entry).toMatchObject({ action: 'coupon.create', actorId: admin.id, before: null });
    expect(entry?.after).toMatchObject({ code: 'WELCOME-FALL', value: 1000 });

    const list = await t.app.inject({ url: '/api/v1/admin/coupons?q=welcome', headers: asAdmin() });
    expect(list.json().data.results.map((c: { code: string }) => c.code)).toEqual(['WELCOME-FALL']);
    const taken = await create({ code: 'Welcome-Fall' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.code).toBe('A coupon with this code already exists.');
  });

  it.each([
    [{ code: 'a b' }, 'code', 'Use 3 to 40 letters, digits, hyphens or underscores.'],
    [{ discountType: 'percentage', value: 150 }, 'value', 'A percentage must be from 1 to 100.'],
    [{ value: 0 }, 'value', 'A flat discount must be at least 1 cent.'],
    [{ value: 10.5 }, 'value', 'Value must be in whole cents'],
    [
      { startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
      'The end must be after the start.',
    ],
    [{ usageLimit: 0 }, 'usageLimit', 'Usage limit must be 1 or more'],
    [{ endsAt: 'tomorrow' }, 'endsAt', 'End must be a date and time'],
  ])('refuses %j with the field named', async (overrides, field, message) => {
    const res = await create(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('editing coupons without breaking redemption accounting', () => {
  it('counts uses, keeps the limit at or above them, fixes the discount once used, and disables', async () => {
    const coupon = (await create({ usageLimit: 3 })).json().data;
    expect((await redeem(coupon.code)).statusCode).toBe(200);
    expect((await redeem(coupon.code)).statusCode).toBe(200);

    const listed = (await t.app.inject({ url: `/api/v1/admin/coupons/${coupon.id}`, headers: asAdmin() })).json().data;
    expect(listed).toMatchObject({ uses: 2, redemptions: 2 });

    const below = await patch(coupon.id, { usageLimit: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors.usageLimit).toBe('This coupon has 2 uses so far: the limit cannot be lower.');
    const value = await patch(coupon.id, { value: 2000 });
    expect(value.statusCode).toBe(409);
    expect(value.json().errors.value).toMatch(/cannot change/);

    const limit = await patch(coupon.id, { usageLimit: 2, endsAt: '2031-06-30T23:59:59.000Z' });
    expect(limit.statusCode).toBe(200);
    expect(limit.json().data).toMatchObject({ usageLimit: 2, uses: 2 });
    // The limit is reached: checkout refuses a third use as before.
    expect((await redeem(coupon.code)).json().message).toBe(
      'This coupon has already been used the maximum number of times.',
    );

    const disabled = await patch(coupon.id, { isActive: false });
    expect(disabled.json().data.isActive).toBe(false);
    expect((await redeem(coupon.code)).json().message).toBe(
      'This coupon code is not valid. Please check it and try again.',
    );

    const entries = await auditOf(coupon.id);
    expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update']);
    expect(entries[1]).toMatchObject({
      before: { usageLimit: 3, endsAt: null },
      after: { usageLimit: 2, endsAt: '2031-06-30T23:59:59.000Z' },
    });
    expect(entries[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
  });

  it('lets the discount change while the coupon is unused, checked as it would become', async () => {
    const coupon = (await create()).json().data;
    const pct = await patch(coupon.id, { discountType: 'percentage' });
    expect(pct.statusCode).toBe(400);
    expect(pct.json().errors.value).toBe('A percentage must be from 1 to 100.');
    const ok = await patch(coupon.id, { discountType: 'percentage', value: 15 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ discountType: 'percentage', value: 15 });
    const same = await patch(coupon.id, { value: 15 });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(coupon.id)).toHaveLength(2);
    expect((await patch(coupon.id, {})).json().message).toBe('Nothing to change: send at least one field.');
    expect((await patch(999999, { isActive: false })).statusCode).toBe(404);
  });
});
