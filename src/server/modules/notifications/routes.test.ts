import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (token: string, query = '') =>
  t.app.inject({ url: `/api/v1/users/notification${query}`, headers: bearer(token) });
const remove = (token: string, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/users/notification/${id}`, headers: bearer(token) });

describe('GET /users/notification', () => {
  it('lists the welcome notification and what modules send through notify(), newest first', async () => {
    const user = await createSignedInUser(t.app);
    await t.app.services.notifications.notify(user.id, {
      orderId: 'DOC-000042',
      orderIdDb: 42,
      orderStatus: 'In review',
      remark: 'We are checking your documents',
      documentStatus: 'Received',
    });
    const res = await list(user.token, '?page=1&limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200, data: { totalCount: 2, unreadCount: 2 } });
    expect(body.data.notifications).toEqual([
      {
        id: expect.any(Number),
        orderId: 'DOC-000042',
        orderId_DB: 42,
        orderStatus: 'In review',
        remark: 'We are checking your documents',
        documentStatus: 'Received',
        createdAt: expect.any(String),
        isRead: false,
      },
      expect.objectContaining({
        orderId: null,
        orderId_DB: null,
        orderStatus: null,
        remark: 'Welcome to SevaDocs! Your email is verified.',
        documentStatus: null,
      }),
    ]);
  });

  it('pages with totalCount of all', async () => {
    const user = await createSignedInUser(t.app);
    for (let i = 1; i <= 3; i++) await t.app.services.notifications.notify(user.id, { remark: `Note ${i}` });
    const page = (await list(user.token, '?page=2&limit=2')).json().data;
    expect(page.totalCount).toBe(4);
    expect(page.notifications.map((n: { remark: string }) => n.remark)).toEqual([
      'Note 1',
      'Welcome to SevaDocs! Your email is verified.',
    ]);
  });

  it('marks every notification read without deleting any', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/notification/read',
      headers: bearer(user.token),
    });
    expect(res.json()).toMatchObject({ isSuccess: true, data: { unreadCount: 0 } });
    const after = (await list(user.token)).json().data;
    expect(after).toMatchObject({ totalCount: 1, unreadCount: 0 });
    expect(after.notifications[0].isRead).toBe(true);
  });

  it('marks read only what the panel listed: one made after the list stays unread', async () => {
    const user = await createSignedInUser(t.app);
    const [shown] = (await list(user.token)).json().data.notifications;
    await t.app.services.notifications.notify(user.id, { orderId: 'DOC-000043', orderStatus: 'In review' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/notification/read',
      headers: bearer(user.token),
      payload: { upTo: shown.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { unreadCount: 1 } });
    const after = (await list(user.token)).json().data;
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n: { isRead: boolean }) => n.isRead)).toEqual([false, true]);
  });
});

describe('DELETE /users/notification/{id}', () => {
  it("deletes the owner's notification", async () => {
    const user = await createSignedInUser(t.app);
    const [welcome] = (await list(user.token)).json().data.notifications;
    const res = await remove(user.token, welcome.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, statusCode: 200, message: 'Notification deleted', data: null });
    expect((await list(user.token)).json().data).toMatchObject({ notifications: [], totalCount: 0, unreadCount: 0 });
    expect((await remove(user.token, welcome.id)).statusCode).toBe(404);
  });

  it("never reads or deletes another user's notification: 404 exactly like an unknown id", async () => {
    const owner = await createSignedInUser(t.app);
    const intruder = await createSignedInUser(t.app);
    const [mine] = (await list(owner.token)).json().data.notifications;

    const theirs = (await list(intruder.token)).json().data.notifications;
    expect(theirs.map((n: { id: number }) => n.id)).not.toContain(mine.id);

    const foreign = await remove(intruder.token, mine.id);
    const unknown = await remove(intruder.token, 2_000_000_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      isSuccess: false,
      statusCode: 404,
      message: 'Notification not found',
      data: null,
    });
    expect(unknown.body).toBe(foreign.body);
    expect((await list(owner.token)).json().data.totalCount).toBe(1);
  });

  it('answers the call as SPEC.md §7’s helper makes it: JSON Content-Type and Accept, no body', async () => {
    const user = await createSignedInUser(t.app);
    const [welcome] = (await list(user.token)).json().data.notifications;
    const asTheSpecHelper = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/notification/${id}`,
        headers: { ...bearer(user.token), 'content-type': 'application/json', accept: 'application/json' },
      });
    const unknown = await asTheSpecHelper(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Notification not found');
    const own = await asTheSpecHelper(welcome.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe('Notification deleted');

    // An empty body is no body; a malformed one is still refused.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/notification/read',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"upTo":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON');
  });

  it('answers malformed ids with 400', async () => {
    const user = await createSignedInUser(t.app);
    for (const bad of ['abc', '0', '1e3', '99999999999']) expect((await remove(user.token, bad)).statusCode).toBe(400);
  });
});
