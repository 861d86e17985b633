import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '../../../domain/auth/messages.ts';
import { USER_MESSAGES as U } from '../../../domain/users/messages.ts';
import { deliveredMailTo } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { sessions } from '../auth/tables.ts';
import { bearer, createSignedInUser, signIn } from '../auth/testing.ts';
import { addresses, users } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('every /users route needs a session', () => {
  it.each([
    ['GET', '/users/profile'],
    ['PATCH', '/users/profile'],
    ['POST', '/users/check-password'],
    ['POST', '/users/update-password'],
    ['GET', '/users/addresses'],
    ['POST', '/users/addresses'],
    ['PUT', '/users/addresses/1'],
    ['DELETE', '/users/addresses/1'],
    ['POST', '/users/addresses/1/default'],
    ['GET', '/users/orders'],
    ['GET', '/users/dashboard'],
    ['GET', '/users/notification'],
    ['POST', '/users/notification/read'],
    ['DELETE', '/users/notification/1'],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const needsBody = ['PATCH', 'POST', 'PUT'].includes(method);
    const valid: Record<string, object> = {
      '/users/profile': { name: 'Someone Else' },
      '/users/check-password': { password: 'x' },
      '/users/update-password': { currentPassword: 'x', newPassword: 'N3w!Password' },
      '/users/addresses': address(),
      '/users/addresses/1': address(),
    };
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(needsBody ? { payload: valid[url] ?? {} } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, message: 'Please sign in to continue.' });
  });
});

describe('profile', () => {
  it('returns the profile fields', async () => {
    const user = await createSignedInUser(t.app, { name: 'Arjun  Mehta' });
    const res = await call('GET', '/users/profile', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: user.id,
      name: 'Arjun Mehta',
      email: user.email,
      phone: '+1-4155550123',
      phoneCountry: 'US',
      ageGroup: null,
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      role: 'customer',
      emailVerified: true,
      isDashboardVisible: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('changes name, phone and age group, with the shared rules', async () => {
    const user = await createSignedInUser(t.app);
    const res = await call('PATCH', '/users/profile', user.token, {
      name: ' Meera Iyer ',
      phone: '+91-9876543210',
      ageGroup: '26-40',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { name: 'Meera Iyer', phone: '+91-9876543210', ageGroup: '26-40' },
    });
    const cleared = await call('PATCH', '/users/profile', user.token, { ageGroup: null });
    expect(cleared.json().data).toMatchObject({ name: 'Meera Iyer', ageGroup: null });

    for (const [body, field, message] of [
      [{ name: 'Al' }, 'name', M.nameTooShort],
      [{ name: '' }, 'name', M.nameRequired],
      [{ phone: '+1-12' }, 'phone', M.invalidPhone],
      [{ ageGroup: '99+' }, 'ageGroup', U.invalidAgeGroup],
    ] as const) {
      const bad = await call('PATCH', '/users/profile', user.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[field]).toBe(message);
    }
    const empty = await call('PATCH', '/users/profile', user.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(U.nothingToUpdate);
    // The e-mail is not changeable here.
    await call('PATCH', '/users/profile', user.token, { name: 'Meera Iyer', email: 'x@example.com' });
    expect((await call('GET', '/users/profile', user.token)).json().data.email).toBe(user.email);
  });
});

describe("the phone's country (issue 17 point 8: a Canadian phone stays Canadian)", () => {
  const profile = async (token: string) => (await call('GET', '/users/profile', token)).json().data;

  it('keeps the country picked at sign-up, even where the digits alone would say the United States', async () => {
    const user = await createSignedInUser(t.app, { phone: '+1-5555550123', phoneCountry: 'CA' });
    expect(await profile(user.token)).toMatchObject({ phone: '+1-5555550123', phoneCountry: 'CA' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phoneCountry).toBe('CA');
  });

  it('derives it from the number when only the number arrives: +1 416 is Canada', async () => {
    const user = await createSignedInUser(t.app, { phone: '+1-4165550123' });
    expect(await profile(user.token)).toMatchObject({ phone: '+1-4165550123', phoneCountry: 'CA' });
  });

  it('reads rows from before the country was kept with the country of their number', async () => {
    const user = await createSignedInUser(t.app, { phone: '+1-6135550199', phoneCountry: 'CA' });
    await t.database.db.update(users).set({ phoneCountry: null }).where(eq(users.id, user.id));
    expect(await profile(user.token)).toMatchObject({ phoneCountry: 'CA' });
  });

  it('changes with the phone on the General tab; a country the number cannot be from is refused', async () => {
    const user = await createSignedInUser(t.app);
    expect(await profile(user.token)).toMatchObject({ phoneCountry: 'US' });
    const picked = await call('PATCH', '/users/profile', user.token, { phone: '+1-5555550123', phoneCountry: 'CA' });
    expect(picked.json().data).toMatchObject({ phone: '+1-5555550123', phoneCountry: 'CA' });
    const derived = await call('PATCH', '/users/profile', user.token, { phone: '+91-9876543210' });
    expect(derived.json().data).toMatchObject({ phone: '+91-9876543210', phoneCountry: 'IN' });
    const renamed = await call('PATCH', '/users/profile', user.token, { name: 'Meera Iyer' });
    expect(renamed.json().data).toMatchObject({ phone: '+91-9876543210', phoneCountry: 'IN' });

    const wrong = await call('PATCH', '/users/profile', user.token, { phone: '+91-9876543210', phoneCountry: 'CA' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ phoneCountry: M.invalidCountryCode });
    const alone = await call('PATCH', '/users/profile', user.token, { phoneCountry: 'CA' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors.phone).toBe(M.fieldRequired);
    expect(await profile(user.token)).toMatchObject({ phone: '+91-9876543210', phoneCountry: 'IN' });
  });

  it("keeps an address's phone country: picked, derived, none without a phone, refused when wrong", async () => {
    const user = await createSignedInUser(t.app);
    const post = async (override: Record<string, unknown>) =>
      call(
        'POST',
        '/users/addresses',
        user.token,
        address({ country: 'CA', state: 'ON', postalCode: 'M5V 3L9', ...override }),
      );
    expect((await post({ phone: '+1-5555550123', phoneCountry: 'CA' })).json().data).toMatchObject({
      phone: '+1-5555550123',
      phoneCountry: 'CA',
    });
    expect((await post({ phone: '+1-4165550123' })).json().data.phoneCountry).toBe('CA');
    expect((await post({ phone: '', phoneCountry: 'CA' })).json().data).toMatchObject({
      phone: null,
      phoneCountry: null,
    });
    const wrong = await post({ phone: '+91-9876543210', phoneCountry: 'CA' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ phoneCountry: M.invalidCountryCode });

    const [first] = (await call('GET', '/users/addresses', user.token)).json().data.results;
    const moved = await call('PUT', `/users/addresses/${first.id}`, user.token, address({ phone: '+1-4155550123' }));
    expect(moved.json().data).toMatchObject({ phone: '+1-4155550123', phoneCountry: 'US' });
    await t.database.db.update(addresses).set({ phoneCountry: null }).where(eq(addresses.id, first.id));
    const old = (await call('GET', '/users/addresses', user.token)).json().data.results;
    expect(old.find((a: { id: number }) => a.id === first.id)).toMatchObject({ phoneCountry: 'US' });
  });
});

describe('password', () => {
  it('checks the current password', async () => {
    const user = await createSignedInUser(t.app);
    const right = await call('POST', '/users/check-password', user.token, { password: user.password });
    expect(right.statusCode).toBe(200);
    const wrong = await call('POST', '/users/check-password', user.token, { password: 'Wr0ng!Pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
  });

  it('changes it, keeps this session and ends every other one', async () => {
    const user = await createSignedInUser(t.app);
    const other = await signIn(t.app, user.email, user.password);
    const res = await call('POST', '/users/update-password', user.token, {
      currentPassword: user.password,
      newPassword: 'N3w!Password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password updated successfully');
    expect((await call('GET', '/users/profile', user.token)).statusCode).toBe(200);
    expect((await call('GET', '/users/profile', other)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    await signIn(t.app, user.email, 'N3w!Password');
    // The owner hears of it at their address, with a way back if it was not them; a refused change sends nothing.
    const told = (await deliveredMailTo(t.app, user.email)).filter(
      (m) => m.subject === 'Your SevaDocs password was changed',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      'The password of your SevaDocs account was just changed, and every other device signed in to it was signed out.',
    );
    expect(told[0]?.text).toContain(`It was not me: reset my password: ${t.app.env.siteUrl}/forgot-password`);
  });

  it('refuses a wrong current password, a weak or unchanged new one', async () => {
    const user = await createSignedInUser(t.app);
    const wrong = await call('POST', '/users/update-password', user.token, {
      currentPassword: 'Wr0ng!Pass',
      newPassword: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const weak = await call('POST', '/users/update-password', user.token, {
      currentPassword: user.password,
      newPassword: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toMatch(/^Password must meet the strength requirements:\n- one uppercase/);
    const same = await call('POST', '/users/update-password', user.token, {
      currentPassword: user.password,
      newPassword: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(U.samePassword);
    await signIn(t.app, user.email, user.password);
  });
});

function address(overrides: Record<string, unknown> = {}) {
  return {
    type: 'home',
    fullName: 'Priya Sharma',
    addressLine: '500 Market St, Apt 4',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
    country: 'US',
    phone: '+1-4155550123',
    additionalInfo: 'Ring twice',
    ...overrides,
  };
}

describe('address book', () => {
  it('makes the first address the default and keeps exactly one default', async () => {
    const user = await createSignedInUser(t.app);
    const first = await call('POST', '/users/addresses', user.token, address());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Address saved',
      data: { isDefault: true, state: 'CA', country: 'US' },
    });
    const second = await call(
      'POST',
      '/users/addresses',
      user.token,
      address({ city: 'Toronto', state: 'on', postalCode: 'm5v3l9', country: 'CA', phone: '' }),
    );
    expect(second.json().data).toMatchObject({ isDefault: false, state: 'ON', postalCode: 'M5V 3L9', phone: null });
    const third = await call(
      'POST',
      '/users/addresses',
      user.token,
      address({ isDefault: true, postalCode: '10001-1234' }),
    );
    expect(third.json().data.isDefault).toBe(true);

    const list = (await call('GET', '/users/addresses', user.token)).json().data;
    expect(list.totalCount).toBe(3);
    expect(list.results.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: number }) => a.id)).toEqual([
      third.json().data.id,
    ]);
    expect(list.results[0].id).toBe(third.json().data.id);

    const moved = await call('POST', `/users/addresses/${second.json().data.id}/default`, user.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Default address updated', data: { isDefault: true } });

    // Deleting the default passes it to the oldest remaining address.
    const deleted = await call('DELETE', `/users/addresses/${second.json().data.id}`, user.token);
    expect(deleted.json()).toMatchObject({ isSuccess: true, message: 'Address deleted' });
    const after = (await call('GET', '/users/addresses', user.token)).json().data.results;
    expect(after.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [first.json().data.id, true],
      [third.json().data.id, false],
    ]);
  });

  it('replaces an address; isDefault false does not leave the book without a default', async () => {
    const user = await createSignedInUser(t.app);
    const { id } = (await call('POST', '/users/addresses', user.token, address())).json().data;
    const res = await call(
      'PUT',
      `/users/addresses/${id}`,
      user.token,
      address({ addressLine: '1 Infinite Loop', city: 'Cupertino', postalCode: '95014', isDefault: false }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Address updated',
      data: { id, addressLine: '1 Infinite Loop', city: 'Cupertino', isDefault: true },
    });
  });

  it('validates state against country and the postal code format', async () => {
    const user = await createSignedInUser(t.app);
    for (const [override, field, message] of [
      [{ state: 'ON' }, 'state', U.stateInvalid],
      [{ country: 'CA', state: 'CA', postalCode: 'K1A 0B1' }, 'state', U.stateInvalid],
      [{ postalCode: '9410' }, 'postalCode', U.zipInvalid],
      [{ postalCode: '94105-12' }, 'postalCode', U.zipInvalid],
      [{ country: 'CA', state: 'ON', postalCode: '94105' }, 'postalCode', U.canadianPostalInvalid],
      [{ country: 'CA', state: 'ON', postalCode: 'D1A 1A1' }, 'postalCode', U.canadianPostalInvalid],
      [{ country: 'IN' }, 'country', U.countryInvalid],
      [{ addressLine: '  ' }, 'addressLine', U.addressLineRequired],
      [{ city: '' }, 'city', U.cityRequired],
      [{ phone: '+1-12' }, 'phone', M.invalidPhone],
      [{ type: 'castle' }, 'type', U.addressTypeInvalid],
      [{ fullName: 'X' }, 'fullName', M.nameTooShort],
    ] as const) {
      const res = await call('POST', '/users/addresses', user.token, address(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(override)).toBe(message);
    }
    expect((await call('GET', '/users/addresses', user.token)).json().data.totalCount).toBe(0);
  });

  it('keeps at most 20 addresses', async () => {
    const user = await createSignedInUser(t.app);
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/users/addresses', user.token, address())).statusCode).toBe(201);
    }
    const res = await call('POST', '/users/addresses', user.token, address());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(U.tooManyAddresses);
  });

  it("never shows, changes or deletes another user's address", async () => {
    const owner = await createSignedInUser(t.app);
    const intruder = await createSignedInUser(t.app);
    const { id } = (await call('POST', '/users/addresses', owner.token, address())).json().data;
    await call('POST', '/users/addresses', intruder.token, address({ city: 'Oakland', postalCode: '94607' }));

    expect(
      (await call('GET', '/users/addresses', intruder.token)).json().data.results.map((a: { id: number }) => a.id),
    ).not.toContain(id);
    for (const [method, url, body] of [
      ['PUT', `/users/addresses/${id}`, address({ city: 'Hacked' })],
      ['DELETE', `/users/addresses/${id}`, undefined],
      ['POST', `/users/addresses/${id}/default`, undefined],
    ] as const) {
      const res = await call(method, url, intruder.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Address not found');
    }
    const unknown = await call('DELETE', '/users/addresses/2147483647', intruder.token);
    expect(unknown.statusCode).toBe(404);
    const mine = (await call('GET', '/users/addresses', owner.token)).json().data.results;
    expect(mine).toEqual([expect.objectContaining({ id, city: 'San Francisco', isDefault: true })]);
  });

  it('answers malformed ids with 400', async () => {
    const user = await createSignedInUser(t.app);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call('DELETE', `/users/addresses/${bad}`, user.token);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
