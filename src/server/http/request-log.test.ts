import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedInUser, tokenFromMail } from '../modules/auth/testing.ts';
import { ENQUIRY_WITH_PASSPORT_NUMBER } from '../modules/contact/testing.ts';
import { createStaffUser } from '../modules/users/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

interface LogLine {
  msg: string;
  req?: Record<string, unknown>;
}

const logged: LogLine[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    { logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } },
  );
});
afterAll(() => t.close());

describe('the request log', () => {
  it('keeps the path of a link with a token, never the token', async () => {
    const customer = await createSignedInUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password/request',
      payload: { email: customer.email },
    });
    const token = await tokenFromMail(t.app, customer.email, '/create-password');
    logged.length = 0;
    await t.app.inject({ method: 'GET', url: `/create-password?token=${token}` });
    const incoming = logged.find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toEqual(expect.objectContaining({ method: 'GET', path: '/create-password' }));
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it("keeps a staff search's path, not whom it searched for", async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    logged.length = 0;
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?q=meera.iyer%40example.com',
      headers: bearer(admin.token),
    });
    expect(search.statusCode).toBe(200);
    expect(logged.find((line) => line.msg === 'incoming request')?.req).toEqual(
      expect.objectContaining({ path: '/api/v1/admin/users' }),
    );
    expect(JSON.stringify(logged)).not.toMatch(/meera/i);
  });

  it("writes a failed query's SQL, never the customer's data bound to it", async () => {
    // Every new enquiry is refused by the database, as a deadlock or a failover would refuse it.
    await t.database.executeSql('alter table contact_enquiries add constraint refuse_all check (false) not valid');
    logged.length = 0;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact/user-info',
        payload: ENQUIRY_WITH_PASSPORT_NUMBER,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.executeSql('alter table contact_enquiries drop constraint refuse_all');
    }
    const failure = logged.find((line) => line.msg === 'request failed') as { err?: Record<string, unknown> };
    expect(failure.err).toMatchObject({ query: expect.stringMatching(/^insert into "contact_enquiries"/) });
    expect(JSON.stringify(logged)).not.toMatch(/Z1234567|meera/i);
  });
});
