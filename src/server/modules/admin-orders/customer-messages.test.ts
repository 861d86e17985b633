import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { apiCall, moveOrderTo, startApplication } from '../applications/testing.ts';
import { createSignedInUser, uniqueEmail } from '../auth/testing.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
let staff: { token: string };
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

const customer = () => createSignedInUser(t.app, { name: 'Meera Iyer', email: uniqueEmail('messages') });

/** What the order desk keeps: a message sent to the customer, or an internal note. */
async function fromDesk(ref: string, kind: 'messages' | 'notes', body: string) {
  const res = await apiCall(t.app, 'POST', `/admin/orders/${ref}/${kind}`, staff.token, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { createdAt: string };
}

/**
 * Staff write to the customer, then keep an internal note, then write again; then the order's
 * page (`url`) as its customer reads it, and as another customer does.
 */
async function expectMessagesOnPage(ref: string, url: string, owner: { token: string }) {
  const first = `Your appointment is on 10 December at 9:30.\nBring the original passports. ${randomUUID()}`;
  const secret = `Internal only: customer sounded unsure ${randomUUID()}`;
  const second = `The consulate confirmed your slot ${randomUUID()}`;
  const sentFirst = await fromDesk(ref, 'messages', first);
  await fromDesk(ref, 'notes', secret);
  const sentSecond = await fromDesk(ref, 'messages', second);

  const page = await apiCall(t.app, 'GET', url, owner.token);
  expect(page.statusCode, page.body).toBe(200);
  // Newest first, with when each was sent and its words as written; nothing of who on staff wrote it.
  expect(page.json().data.messages).toEqual([
    { sentAt: sentSecond.createdAt, body: second },
    { sentAt: sentFirst.createdAt, body: first },
  ]);
  expect(page.body).not.toContain(secret);

  const stranger = await customer();
  const theirs = await apiCall(t.app, 'GET', url, stranger.token);
  expect(theirs.statusCode).toBe(404);
  expect(theirs.body).not.toContain(first);
  expect(theirs.body).not.toContain(second);
}

describe("staff's messages on the customer's order page", () => {
  it('a service order lists what staff sent, newest first, never an internal note, to its customer only', async () => {
    const owner = await customer();
    const order = await startApplication(t.app, owner.token);
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const ref = order.displayId;
    await expectMessagesOnPage(ref, `/application/order/${ref}`, owner);
  });

  it('a photo order lists them alike', async () => {
    const owner = await customer();
    const started = await apiCall(t.app, 'POST', '/photo-orders', owner.token, { idempotencyKey: randomUUID() });
    expect(started.statusCode, started.body).toBe(201);
    const ref = started.json().data.displayId as string;
    await expectMessagesOnPage(ref, `/photo-orders/${ref}`, owner);
  });

  it('an order staff never wrote about has none', async () => {
    const owner = await customer();
    const order = await startApplication(t.app, owner.token);
    await apiCall(t.app, 'POST', `/admin/orders/${order.displayId}/notes`, staff.token, { body: 'Called them' });
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, owner.token);
    expect(page.json().data.messages).toEqual([]);
  });
});
