import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { ADULT, apiCall, MINOR, moveOrderTo, sendBackApplication, startApplication } from './testing.ts';

/** Issue 30 §4: the dashboard's "Continue your application" rows, naming the members. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FAMILY = [
  ADULT,
  { fullName: 'Raj Sharma', dateOfBirth: '1983-02-01', relationship: 'Spouse' },
  { ...MINOR, fullName: 'Anaya Sharma' },
];

describe('GET /users/dashboard openApplications', () => {
  it('lists the applications to pay or to finish, newest first, with their members; not the others', async () => {
    const user = await createSignedInUser(t.app);
    const done = await startApplication(t.app, user.token);
    await moveOrderTo(t.app, done.id, 'Order pending');
    const paid = await startApplication(t.app, user.token, { members: [ADULT] });
    await moveOrderTo(t.app, paid.id, 'Forms incomplete');
    const unpaid = await startApplication(t.app, user.token, { members: FAMILY });

    const dashboard = (await apiCall(t.app, 'GET', '/users/dashboard', user.token)).json().data;
    expect(dashboard.openApplications).toEqual([
      {
        displayId: unpaid.displayId,
        title: expect.any(String),
        status: 'Payment pending',
        memberNames: ['Priya Sharma', 'Raj Sharma', 'Anaya Sharma'],
        sentBack: false,
      },
      {
        displayId: paid.displayId,
        title: expect.any(String),
        status: 'Forms incomplete',
        memberNames: ['Priya Sharma'],
        sentBack: false,
      },
    ]);
  });

  it('says when our team sent an application back, so it continues on the order page and not the forms', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token);
    await sendBackApplication(t.app, order.id);
    const dashboard = (await apiCall(t.app, 'GET', '/users/dashboard', user.token)).json().data;
    expect(dashboard.openApplications).toEqual([
      expect.objectContaining({ displayId: order.displayId, status: 'Forms incomplete', sentBack: true }),
    ]);
  });

  it('is empty for a customer with nothing open, and shows nobody else’s', async () => {
    const other = await createSignedInUser(t.app);
    await startApplication(t.app, other.token);
    const user = await createSignedInUser(t.app);
    const dashboard = (await apiCall(t.app, 'GET', '/users/dashboard', user.token)).json().data;
    expect(dashboard.openApplications).toEqual([]);
  });
});
