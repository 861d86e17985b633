import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { formatFeeDate } from '../../../domain/catalog/fee-schedule.ts';
import { ERASED_TEXT, DATA_RIGHTS_MESSAGES as M } from '../../../domain/data-rights/schemas.ts';
import { IDLE_LOGOUT_MS } from '../../../domain/limits/constants.ts';
import { readZip } from '../../lib/zip.ts';
import { ERASED_SUBJECT, NOT_SENT_ERASED } from '../../mail/outbox.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import type { S3Storage } from '../../storage/s3.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { matchS3rverBucketPaths, startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { pdfWithPages } from '../../test/upload-fixtures.ts';
import { orderNotes } from '../admin-orders/tables.ts';
import { applicationDocuments, applicationMembers } from '../applications/tables.ts';
import { apiCall, requiredItems, startApplication } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { sessions } from '../auth/tables.ts';
import { bearer, createSignedInUser, PASSWORD, signUpBody } from '../auth/testing.ts';
import { contactEnquiries } from '../contact/tables.ts';
import { campaignLeads } from '../marketing/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { paymentAttempts } from '../orders/ledger-tables.ts';
import { orderStatusHistory, orders } from '../orders/tables.ts';
import { payWithSandbox } from '../payments/testing.ts';
import { photoOrderItems, photoOrderPhotos } from '../photos/tables.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { refundRequests } from '../refunds/tables.ts';
import { requestRefund } from '../refunds/testing.ts';
import { users } from '../users/tables.ts';
import { createStaffUser } from '../users/testing.ts';
import { deletionRequests } from './tables.ts';

type Customer = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let face: Buffer;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  face = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#d9c2a8' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

/** A paid application with one uploaded document, then completed by staff (set directly: the steps are others' tests). */
async function completedApplication(app: TestApp, customer: Customer) {
  const order = await startApplication(app.app, customer.token);
  await payWithSandbox(app, customer.token, order.displayId);
  const memberId = order.members[0]?.id ?? 0;
  const [item] = await requiredItems(app.app, customer.token, order.displayId, memberId);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/v1/application/order/${order.displayId}/members/${memberId}/documents/${item?.id}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
    payload: multipart([filePart('my passport.pdf', await pdfWithPages(), 'application/pdf')]),
  });
  expect(res.statusCode).toBe(201);
  await app.database.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, order.id));
  const [doc] = await app.database.db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.orderId, order.id));
  return { ...order, storageKey: doc?.storageKey ?? '' };
}

/** An unpaid photo order with one checked photo (its upload and fitted file in storage). */
async function photoOrder(app: TestApp, customer: Customer) {
  const created = await apiCall(app.app, 'POST', '/photo-orders', customer.token, { idempotencyKey: randomUUID() });
  const order = created.json().data as { id: number; displayId: string };
  const item = await apiCall(app.app, 'POST', `/photo-orders/${order.displayId}/items`, customer.token, {
    photoSize: 'oci-photo',
  });
  const itemId = item.json().data.items.at(-1).id as number;
  const uploaded = await app.app.inject({
    method: 'POST',
    url: `/api/v1/photo-orders/${order.displayId}/items/${itemId}/photos`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
    // A name a phone's share sheet might give a JPEG: the archive names the file by what it holds.
    payload: multipart([filePart('IMG_0042.PNG', face, 'image/png')]),
  });
  expect(uploaded.statusCode).toBe(201);
  await app.runJobs();
  const photos = await app.database.db
    .select({ storageKey: photoOrderPhotos.storageKey, fittedKey: photoOrderPhotos.fittedKey })
    .from(photoOrderPhotos)
    .where(eq(photoOrderPhotos.itemId, itemId));
  return { ...order, keys: photos.flatMap((p) => [p.storageKey, p.fittedKey ?? '']).filter(Boolean) };
}

/** Names whose photo the order's item is, as the customer does on the order's first step. */
async function nameItem(app: TestApp, customer: Customer, order: { id: number; displayId: string }, name: string) {
  const [item] = await app.database.db.select().from(photoOrderItems).where(eq(photoOrderItems.orderId, order.id));
  const res = await apiCall(app.app, 'PATCH', `/photo-orders/${order.displayId}/items/${item?.id}`, customer.token, {
    personName: name,
  });
  expect(res.statusCode, res.body).toBe(200);
  return item?.id ?? 0;
}

/** A staff member's desk call on the order. */
const desk = (app: TestApp, staff: { token: string }, displayId: string, path: string, payload: object) =>
  app.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${displayId}${path}`,
    headers: bearer(staff.token),
    payload,
  });

/** An enquiry through the contact form, signed in as `customer`. */
async function contactEnquiry(app: TestApp, customer: Customer, message: string) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/contact/user-info',
    payload: {
      name: 'Signed In Sender',
      email: customer.email,
      phone: '+1 (415) 555-0123',
      enquiryType: 'existing-client',
      topic: 'indian-consular-application',
      message,
    },
    headers: bearer(customer.token),
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.reference as string;
}

const exportOf = (app: TestApp, token: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/users/data-export', headers: bearer(token) });

function archiveOf(res: { rawPayload: Buffer }) {
  const entries = readZip(res.rawPayload);
  const data = JSON.parse(entries.get('sevadocs-data.json')?.toString('utf8') ?? '{}');
  // Every byte of the archive as text: another customer's id or address must appear nowhere in it.
  const everything = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}`).join('\n');
  return { entries, data, everything };
}

const deletion = (app: TestApp, token: string, payload: object) =>
  app.app.inject({ method: 'POST', url: '/api/v1/users/data-deletion', headers: bearer(token), payload });

/** The outbox's rows still addressed to `email`, in any casing. */
const mailRowsTo = (app: TestApp, email: string) =>
  app.database.db.select().from(outboundEmails).where(sql`lower(${outboundEmails.to}) = ${email.toLowerCase()}`);

/** The dev mailbox's copies to `email`, once the e-mails queued so far were delivered. */
const mailboxOf = async (app: TestApp, email: string) =>
  (await deliveredMail(app.app, 1000)).filter((m) => m.to.toLowerCase() === email.toLowerCase());

const ERASED_SUBJECT_OF_DOCS = 'Your SevaDocs account has been deleted';

const auditActions = async (app: TestApp, userId: number) =>
  (
    await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(userId)))
  ).map((row) => row.action);

describe('data rights: the export', () => {
  let ana: Customer;
  let ben: Customer;
  let anaOrder: Awaited<ReturnType<typeof completedApplication>>;
  let benOrder: Awaited<ReturnType<typeof photoOrder>>;
  let anaEnquiry: string;
  beforeAll(async () => {
    ana = await createSignedInUser(t.app, { name: 'Ana Export' });
    ben = await createSignedInUser(t.app, { name: 'Ben Other' });
    anaOrder = await completedApplication(t, ana);
    benOrder = await photoOrder(t, ben);
    anaEnquiry = await contactEnquiry(t, ana, 'Ana asks about her OCI card, passport Z1234567.');
    await contactEnquiry(t, ben, 'Ben asks about his photos, passport Y7654321.');
  });

  it("holds the customer's account, consents, orders, answers, documents, payments and notifications as a ZIP", async () => {
    const res = await exportOf(t, ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sevadocs-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { entries, data } = archiveOf(res);
    expect(entries.has('README.txt')).toBe(true);
    expect(data.account).toMatchObject({ id: ana.id, email: ana.email, name: 'Ana Export' });
    expect(data.consents[0].consent).toBe('Privacy Policy and Terms of Use');
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({ orderId: anaOrder.displayId, status: 'Completed', email: ana.email });
    expect(order.application.members[0].fullName).toBe('Priya Sharma');
    expect(order.payments.attempts[0]).toMatchObject({ provider: 'sandbox', status: 'succeeded' });
    expect(order.timeline.length).toBeGreaterThan(0);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.referralRewards).toEqual([]);
    expect(data.enquiries).toEqual([
      expect.objectContaining({ reference: anaEnquiry, message: 'Ana asks about her OCI card, passport Z1234567.' }),
    ]);
    // The e-mails we sent her (the verification link's first), and the sessions she has open.
    expect(data.emails[0]).toMatchObject({ purpose: 'verify-email', status: 'sent', queuedAt: expect.any(String) });
    expect(data.emails.map((m: { subject: string }) => m.subject)).toContain(
      `Payment received for your order ${anaOrder.displayId}`,
    );
    expect(data.sessions).toEqual([
      expect.objectContaining({ openedAt: expect.any(String), browser: 'lightMyRequest', ipAddress: '127.0.0.1' }),
    ]);
    const [doc] = order.application.documents;
    expect(doc.fileInArchive).toBe(`files/${anaOrder.displayId}/${doc.id}-my passport.pdf`);
    const stored = await t.app.storage.get(anaOrder.storageKey);
    const bytes = stored ? Buffer.concat(await stored.stream.toArray()) : Buffer.alloc(0);
    expect(entries.get(doc.fileInArchive)?.equals(bytes)).toBe(true);
  });

  it('holds the words our team sent the customer: messages on an order (not internal notes), a refund’s decision, a photo’s second look', async () => {
    const cleo = await createSignedInUser(t.app, { name: 'Cleo Words' });
    const application = await completedApplication(t, cleo);
    const photos = await photoOrder(t, cleo);
    await nameItem(t, cleo, photos, 'Asha');
    await t.database.db
      .update(photoOrderPhotos)
      .set({
        secondLook: 'rejected',
        secondLookCause: 'asked',
        secondLookRequestedAt: new Date(),
        secondLookReason: 'Glasses reflect the flash.',
      })
      .where(sql`${photoOrderPhotos.storageKey} = ${photos.keys[0]}`);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    for (const [path, body] of [
      ['/messages', 'Your appointment is on Monday at 10.'],
      ['/notes', 'Internal: she called twice.'],
    ] as const) {
      const res = await desk(t, staff, application.displayId, path, { body });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refund = await requestRefund(t, cleo.email, application.displayId, '1.00');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund.id}/reject`,
      headers: bearer(staff.token),
      payload: { reason: 'The consulate already has your application.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const partly = await requestRefund(t, cleo.email, application.displayId, '2.00');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${partly.id}/approve`,
      headers: bearer(staff.token),
      payload: { amountCents: 100, partialReason: 'The consulate kept its fee for the appointment.' },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const { data, everything } = archiveOf(await exportOf(t, cleo.token));
    const orderOf = (displayId: string) => data.orders.find((o: { orderId: string }) => o.orderId === displayId);
    const service = orderOf(application.displayId);
    expect(service.messages).toEqual([{ sentAt: expect.any(String), body: 'Your appointment is on Monday at 10.' }]);
    expect(everything).not.toContain('Internal: she called twice.');
    expect(service.refundRequests).toEqual([
      expect.objectContaining({
        reference: refund.reference,
        status: 'Rejected',
        approvedCents: null,
        rejectionReason: 'The consulate already has your application.',
        partialReason: null,
        startedBy: 'customer',
      }),
      expect.objectContaining({
        reference: partly.reference,
        status: 'Refunded',
        amountCents: 200,
        approvedCents: 100,
        partialReason: 'The consulate kept its fee for the appointment.',
        startedBy: 'customer',
      }),
    ]);
    const photo = orderOf(photos.displayId).photoOrder;
    expect(photo.items).toEqual([expect.objectContaining({ personName: 'Asha' })]);
    expect(photo.photos).toEqual([
      expect.objectContaining({ secondLook: 'rejected', secondLookReason: 'Glasses reflect the flash.' }),
    ]);
  });

  it('lists the sessions still open, not one past its idle limit that the daily prune has not reached yet', async () => {
    const idleSince = new Date(Date.now() - IDLE_LOGOUT_MS - 60_000);
    await t.database.db.insert(sessions).values({
      tokenHash: `stale-${randomUUID()}`,
      userId: ben.id,
      createdAt: idleSince,
      lastSeenAt: idleSince,
      expiresAt: new Date(Date.now() + 86_400_000),
      userAgent: 'Old Phone',
      ip: '203.0.113.9',
    });
    const { data } = archiveOf(await exportOf(t, ben.token));
    expect(data.sessions).toEqual([expect.objectContaining({ browser: 'lightMyRequest', ipAddress: '127.0.0.1' })]);
  });

  it("holds nothing of another customer's: orders, files, payments, notifications", async () => {
    const anas = archiveOf(await exportOf(t, ana.token));
    const bens = archiveOf(await exportOf(t, ben.token));
    expect(anas.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([anaOrder.displayId]);
    expect(bens.data.orders.map((o: { orderId: string }) => o.orderId)).toEqual([benOrder.displayId]);
    expect(anas.everything).not.toContain(benOrder.displayId);
    expect(anas.everything).not.toContain(ben.email);
    expect(anas.everything).not.toContain('Ben Other');
    expect([...anas.entries.keys()].some((name) => name.startsWith('photos/'))).toBe(false);
    expect(bens.everything).not.toContain(anaOrder.displayId);
    expect(bens.everything).not.toContain(ana.email);
    expect(bens.everything).not.toContain('Priya Sharma');
    const photoEntries = [...bens.entries.keys()].filter((name) => name.startsWith('photos/'));
    expect(photoEntries).toHaveLength(2);
    for (const name of photoEntries) expect(name).toMatch(/IMG_0042\.jpg$/);
    expect([...bens.entries.keys()].some((name) => name.startsWith('files/'))).toBe(false);
    expect(bens.data.orders[0].payments.attempts).toEqual([]);
    const anaNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(anas.data.notifications.map((n: { id: number }) => n.id).sort()).toEqual(anaNotes.map((n) => n.id).sort());
  });

  it('is audited, answers a visitor 401, and is throttled per customer', async () => {
    expect(await auditActions(t, ana.id)).toContain('data-rights.export');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/users/data-export' });
    expect(visitor.statusCode).toBe(401);
    const carl = await createSignedInUser(t.app);
    for (let i = 0; i < 3; i += 1) expect((await exportOf(t, carl.token)).statusCode).toBe(200);
    const limited = await exportOf(t, carl.token);
    expect(limited.statusCode).toBe(429);
    // Another customer is not held back by Carl's limit.
    expect((await exportOf(t, (await createSignedInUser(t.app)).token)).statusCode).toBe(200);
  });
});

describe('data rights: deletion', () => {
  it('asks for the password and the confirmation', async () => {
    const dora = await createSignedInUser(t.app);
    const wrong = await deletion(t, dora.token, { password: 'not-it', confirm: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.passwordIncorrect);
    const unconfirmed = await deletion(t, dora.token, { password: dora.password });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe(M.confirmRequired);
    for (const payload of [{ confirm: true }, { password: '', confirm: true }]) {
      const missing = await deletion(t, dora.token, payload);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(AUTH_MESSAGES.passwordRequired);
    }
    expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(dora.token) })).statusCode).toBe(200);
  });

  it('cannot be blocked by a stranger who signs up at the account’s erased placeholder first', async () => {
    const victor = await createSignedInUser(t.app, { name: 'Victor Squatted' });
    // The placeholder is guessable from the account's id; signing up there is refused.
    const squat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signUpBody({ email: `erased-${victor.id}@erased.invalid` }),
    });
    expect(squat.statusCode).toBe(400);
    expect(squat.json().errors.email).toBe(AUTH_MESSAGES.invalidEmail);
    const res = await deletion(t, victor.token, { password: victor.password, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.erased);
  });

  it('erases an account with no open order: files gone from storage, payments kept without personal fields, signed out', async () => {
    const eve = await createSignedInUser(t.app, { name: 'Eve Erased' });
    const order = await completedApplication(t, eve);
    expect(await t.app.storage.exists(order.storageKey)).toBe(true);
    // What she left elsewhere: an enquiry sent signed in, one sent from her address signed out
    // (upper case), a campaign lead, and the e-mails we sent her.
    await contactEnquiry(t, eve, 'Eve asks about her renewal, passport X1112223.');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/user-info',
      payload: {
        name: 'Eve',
        email: eve.email.toUpperCase(),
        phone: '+1 (415) 555-0199',
        enquiryType: 'new-application',
        topic: 'indian-consular-application',
        message: 'Eve again, signed out, about her mother’s visa.',
      },
      remoteAddress: '10.8.0.1',
    });
    const lead = await t.app.services.marketing.submitLead(
      {
        campaign: 'indian-tourist-visa',
        name: 'Eve',
        email: eve.email,
        phone: '604 555 0142',
        travelDate: null,
        message: null,
      },
      { ip: '10.8.0.2' },
    );
    expect(lead.ok).toBe(true);
    await deliveredMail(t.app);
    expect((await mailRowsTo(t, eve.email)).length).toBeGreaterThan(0);

    const res = await deletion(t, eve.token, { password: eve.password, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.erased);
    expect(res.json().data.state).toBe('erased');

    expect(await t.app.storage.exists(order.storageKey)).toBe(false);
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, eve.id));
    expect(user).toMatchObject({ name: 'Erased customer', email: `erased-${eve.id}@erased.invalid`, phone: '' });
    expect(user?.disabledAt).not.toBeNull();
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      displayId: order.displayId,
      status: 'Completed',
      email: `erased-${eve.id}@erased.invalid`,
    });
    expect(kept?.totalCents).toBeGreaterThan(0);
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'succeeded',
      cardFingerprint: null,
      redirectUrl: null,
      checkout: null,
    });
    expect(attempts[0]?.providerPaymentId).toBeTruthy();
    expect(await db.select().from(applicationMembers).where(eq(applicationMembers.orderId, order.id))).toEqual([]);
    expect(await db.select().from(applicationDocuments).where(eq(applicationDocuments.orderId, order.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, eve.id))).toEqual([]);
    const everywhere = sql`lower(email) = ${eve.email.toLowerCase()}`;
    expect(await db.select().from(contactEnquiries).where(everywhere)).toEqual([]);
    expect(await db.select().from(contactEnquiries).where(eq(contactEnquiries.userId, eve.id))).toEqual([]);
    expect(await db.select().from(campaignLeads).where(everywhere)).toEqual([]);
    // The e-mails we sent her are kept as a record of delivery, to nobody. The one saying that her
    // account is deleted is the only one still to her address, and the only copy in the mailbox:
    // erased at once, she is not told first that the request waits.
    const delivered = await db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.to, `erased-${eve.id}@erased.invalid`));
    expect(delivered.length).toBeGreaterThan(0);
    for (const mail of delivered) expect(mail).toMatchObject({ subject: ERASED_SUBJECT, text: null, html: null });
    expect((await mailboxOf(t, eve.email)).map((m) => m.subject)).toEqual([ERASED_SUBJECT_OF_DOCS]);
    expect(await mailRowsTo(t, eve.email)).toEqual([
      expect.objectContaining({ purpose: 'data-rights-erased', status: 'sent', text: null, html: null }),
    ]);
    expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(eve.token) })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: eve.email, password: eve.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(await auditActions(t, eve.id)).toEqual(
      expect.arrayContaining(['data-rights.deletion-request', 'data-rights.erase']),
    );
    // The entries she made herself keep her account's id and what was done, not her address.
    const hers = await db.select().from(auditLog).where(eq(auditLog.actorId, eve.id));
    expect(hers.map((row) => row.action)).toEqual(
      expect.arrayContaining(['data-rights.deletion-request', 'data-rights.erase']),
    );
    for (const row of hers) expect(row.actorEmail).toBe(`erased-${eve.id}@erased.invalid`);
    expect(
      await db.select().from(auditLog).where(sql`lower(${auditLog.actorEmail}) = ${eve.email.toLowerCase()}`),
    ).toEqual([]);
  });

  it('gives up the e-mails still to be sent to the customer: none but the word of the erasure reaches the address', async () => {
    const lena = await createSignedInUser(t.app, { name: 'Lena Pending Mail' });
    const order = await completedApplication(t, lena);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    // Queued, its delivery not run yet (the test app runs jobs when asked).
    const message = await desk(t, staff, order.displayId, '/messages', { body: 'Lena, your card is ready.' });
    expect(message.statusCode, message.body).toBe(201);
    expect((await deletion(t, lena.token, { password: lena.password, confirm: true })).statusCode).toBe(200);

    // None but the one saying that her account is deleted, queued after the others were given up.
    expect((await mailboxOf(t, lena.email)).map((m) => m.subject)).toEqual([ERASED_SUBJECT_OF_DOCS]);
    expect((await mailRowsTo(t, lena.email)).map((m) => m.purpose)).toEqual(['data-rights-erased']);
    const db = t.database.db;
    const [given] = await db
      .select()
      .from(outboundEmails)
      .where(
        and(eq(outboundEmails.to, `erased-${lena.id}@erased.invalid`), eq(outboundEmails.purpose, 'order-message')),
      );
    expect(given).toMatchObject({ status: 'failed', subject: ERASED_SUBJECT, text: null, lastError: NOT_SENT_ERASED });
  });

  it('forgets whose photo each item was; the item stays as the order’s line', async () => {
    const mia = await createSignedInUser(t.app);
    const order = await photoOrder(t, mia);
    const itemId = await nameItem(t, mia, order, 'Asha Mia');
    expect((await deletion(t, mia.token, { password: mia.password, confirm: true })).statusCode).toBe(200);
    const [item] = await t.database.db.select().from(photoOrderItems).where(eq(photoOrderItems.id, itemId));
    expect(item).toMatchObject({ orderId: order.id, sizeId: 'oci-photo', personName: null });
  });

  it("keeps a staff member's address on what they did to others' records when they erase their own account", async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const customer = await createSignedInUser(t.app);
    const role = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${customer.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'staff' },
    });
    expect(role.statusCode, role.body).toBe(200);
    const erased = await deletion(t, admin.token, { password: PASSWORD, confirm: true });
    expect(erased.json().data.state).toBe('erased');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    // Accountability: who changed a customer's role stays on the record (decision 0119).
    expect(entries.find((e) => e.action === 'user.role')).toMatchObject({
      subjectId: String(customer.id),
      actorEmail: admin.email,
    });
    // Their own account's entries (the request, the erasure) are theirs to have forgotten.
    const own = entries.filter((e) => e.subjectType === 'user' && e.subjectId === String(admin.id));
    expect(own.map((e) => e.action)).toEqual(expect.arrayContaining(['data-rights.erase']));
    for (const entry of own) expect(entry.actorEmail).toBe(`erased-${admin.id}@erased.invalid`);
  });

  it('erases once when the request is sent several times at once (a double click): each answer is the erasure, or the sign-in that ended with it', async () => {
    // Ten accounts, three requests each: on PostgreSQL a request arriving while another erased
    // the account once added a request of its own and erased it again (5-7 of 20 accounts).
    // A duplicate that checks the password after the erasure is answered with the erasure; one
    // whose session is looked up after it finds the session ended with the account (401, as any
    // request of an ended session: seen once on a loaded PostgreSQL, CI run 44c).
    // The ten accounts' clicks all at once: more contention than one account at a time, and the
    // erasures' database rewrites overlap instead of adding up.
    const accounts: Customer[] = [];
    for (let i = 0; i < 10; i++) accounts.push(await createSignedInUser(t.app));
    const answered = await Promise.all(
      accounts.map((hal) =>
        Promise.all([1, 2, 3].map(() => deletion(t, hal.token, { password: hal.password, confirm: true }))),
      ),
    );
    for (const [i, answers] of answered.entries()) {
      for (const answer of answers) {
        if (answer.statusCode === 401) continue;
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data.state).toBe('erased');
      }
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      expect((await auditActions(t, accounts[i]?.id ?? 0)).filter((a) => a === 'data-rights.erase')).toHaveLength(1);
      // Told once that the account is deleted, and never that the request waits.
      expect((await mailboxOf(t, accounts[i]?.email ?? '')).map((m) => m.subject)).toEqual([ERASED_SUBJECT_OF_DOCS]);
    }
  });

  it("answers a duplicate that checks the password after the account was erased with the erasure, not 'incorrect'", async () => {
    const ivy = await createSignedInUser(t.app);
    const first = await deletion(t, ivy.token, { password: ivy.password, confirm: true });
    expect(first.json().data.state).toBe('erased');
    // The second click's session was looked up before the erasure; its password check runs after.
    const late = await t.app.services.dataRights.requestDeletion({ id: ivy.id, email: ivy.email }, ivy.password);
    expect(late).toEqual({ ok: true, value: expect.objectContaining({ state: 'erased' }) });
    expect((await auditActions(t, ivy.id)).filter((a) => a === 'data-rights.erase')).toHaveLength(1);
  });

  it('answers that the account is erased when the clean-up after it fails, and logs why for the operator', async () => {
    const database = await createTestDatabase();
    const logged: { msg: string; err?: { message: string } }[] = [];
    const failing = await buildTestApp(
      {},
      {
        database: { ...database, scrubDeadRows: () => Promise.reject(new Error('No space left on device')) },
        logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
      },
    );
    try {
      const kim = await createSignedInUser(failing.app);
      const answer = await deletion(failing, kim.token, { password: kim.password, confirm: true });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.state).toBe('erased');
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'the database clean-up after an erasure failed: old row copies may stay until the next',
          err: expect.objectContaining({ message: 'No space left on device' }),
        }),
      );
    } finally {
      await failing.close();
      await database.close();
    }
  });

  it('cancels the orders not paid yet with the request, then erases at once', async () => {
    const ivy = await createSignedInUser(t.app, { name: 'Ivy Unpaid' });
    const order = await photoOrder(t, ivy);
    const res = await deletion(t, ivy.token, { password: ivy.password, confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.erased);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Cancelled');
    const history = await t.app.services.orders.timeline(order.id);
    expect(history.at(-1)).toMatchObject({ status: 'Cancelled', by: 'system', remark: M.cancelledWithDeletion });
    for (const key of order.keys) expect(await t.app.storage.exists(key)).toBe(false);
  });

  it('waits for a refund still to be decided on a finished order: the request is recorded, the refund’s reason and address stay for staff, who find it linked from the queue until it is paid out', async () => {
    const kiran = await createSignedInUser(t.app, { name: 'Kiran Refund' });
    const order = await completedApplication(t, kiran);
    const refund = await requestRefund(t, kiran.email, order.displayId, '1.00');
    const res = await deletion(t, kiran.token, { password: kiran.password, confirm: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(M.pending);
    expect(res.json().data.openOrders).toEqual([{ orderId: order.displayId, kind: 'service', status: 'Completed' }]);
    const [kept] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    expect(kept).toMatchObject({ email: kiran.email, reason: expect.stringContaining('cancelled the trip') });

    // Staff's queue links the refund request to settle, by the id its page has, until it is paid out.
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const waitingFor = async () => {
      const queue = await t.app.inject({
        url: '/api/v1/admin/data-rights/deletion-requests',
        headers: bearer(staff.token),
      });
      expect(queue.statusCode, queue.body).toBe(200);
      const entry = queue.json().data.results.find((r: { userId: number }) => r.userId === kiran.id);
      return { orders: entry.openOrders, refunds: entry.openRefundRequests };
    };
    const held = {
      orders: [{ orderId: order.displayId, kind: 'service', status: 'Completed' }],
      refunds: [{ id: refund.id, reference: refund.reference, orderId: order.displayId }],
    };
    expect(await waitingFor()).toEqual(held);
    // Approved, its payout still to be made (the steps are others' tests): it still holds the erasure.
    await t.database.db.update(refundRequests).set({ status: 'Approved' }).where(eq(refundRequests.id, refund.id));
    expect(await waitingFor()).toEqual(held);
    await t.database.db.update(refundRequests).set({ status: 'Refunded' }).where(eq(refundRequests.id, refund.id));
    expect(await waitingFor()).toEqual({ orders: [], refunds: [] });
  });

  it('records the request of a customer with an open order; staff see it due in one month and erase it once the order has finished', async () => {
    const finn = await createSignedInUser(t.app, { name: 'Finn Pending' });
    const order = await photoOrder(t, finn);
    // Paid and being worked on (the steps are others' tests): the request waits for it. Not for
    // the basket he never paid for, which the erasure cancels.
    await t.database.db.update(orders).set({ status: 'In review' }).where(eq(orders.id, order.id));
    const basket = await photoOrder(t, finn);
    const res = await deletion(t, finn.token, { password: finn.password, confirm: true });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(M.pending);
    expect(res.json().data.openOrders).toEqual([{ orderId: order.displayId, kind: 'photo', status: 'In review' }]);
    // Asking again answers the same request.
    const again = await deletion(t, finn.token, { password: finn.password, confirm: true });
    expect(again.json().data.requestedAt).toBe(res.json().data.requestedAt);
    // He is told once that it waits, and for what (GDPR art. 12(3)).
    const told = (await mailboxOf(t, finn.email)).filter((m) => m.subject !== 'Verify your email for SevaDocs');
    expect(told.map((m) => m.subject)).toEqual(['We have your request to delete your SevaDocs account']);
    expect(told[0]?.text).toContain(`Waiting for: ${order.displayId} · In review`);
    expect(told[0]?.text).toContain(
      `Orders not paid yet are cancelled when we delete your account: ${basket.displayId}.`,
    );
    expect(told[0]?.text).toContain('We keep the record of each order and of its payments and refunds');
    const status = await t.app.inject({ url: '/api/v1/users/data-rights', headers: bearer(finn.token) });
    expect(status.json().data.deletion).toMatchObject({ state: 'pending' });
    for (const key of order.keys) expect(await t.app.storage.exists(key)).toBe(true);

    const customer = await t.app.inject({
      url: '/api/v1/admin/data-rights/deletion-requests',
      headers: bearer(finn.token),
    });
    expect(customer.statusCode).toBe(403);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const queue = await t.app.inject({
      url: '/api/v1/admin/data-rights/deletion-requests',
      headers: bearer(staff.token),
    });
    expect(queue.statusCode).toBe(200);
    const entry = queue.json().data.results.find((r: { userId: number }) => r.userId === finn.id);
    expect(entry).toMatchObject({ customerName: 'Finn Pending', customerEmail: finn.email, state: 'pending' });
    const requested = new Date(entry.requestedAt);
    const due = new Date(entry.dueAt);
    expect(due.getUTCMonth()).toBe((requested.getUTCMonth() + 1) % 12);

    const erase = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/data-rights/deletion-requests/${id}/erase`,
        headers: bearer(staff.token),
      });
    const refused = await erase(entry.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.stillOpenOrders);
    expect((await erase(2_000_000)).statusCode).toBe(404);

    await t.database.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, order.id));
    const done = await erase(entry.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(M.erasedByStaff);
    const [unpaid] = await t.database.db.select().from(orders).where(eq(orders.id, basket.id));
    expect(unpaid?.status).toBe('Cancelled');
    for (const key of order.keys) expect(await t.app.storage.exists(key)).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(finn.token) })).statusCode).toBe(401);
    expect((await erase(entry.id)).statusCode).toBe(409);
    // Told once, at the address the account had, that it is deleted, with the basket cancelled; the
    // e-mail that the request waited is kept as a record, to nobody (its mailbox copy is gone).
    const [goodbye, ...more] = await mailboxOf(t, finn.email);
    expect(more).toEqual([]);
    expect(goodbye?.subject).toBe(ERASED_SUBJECT_OF_DOCS);
    expect(goodbye?.text).toContain(`Orders not paid yet were cancelled with your account: ${basket.displayId}.`);
    const [sent, ...others] = await mailRowsTo(t, finn.email);
    expect(others).toEqual([]);
    expect(sent).toMatchObject({ purpose: 'data-rights-erased', status: 'sent', text: null });
    const [waited] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(
        and(
          eq(outboundEmails.to, `erased-${finn.id}@erased.invalid`),
          eq(outboundEmails.purpose, 'data-rights-request'),
        ),
      );
    expect(waited).toMatchObject({ status: 'sent', subject: ERASED_SUBJECT });
    // A delivery job run again sends it no second time.
    await t.app.mail.deliver(sent?.id ?? 0);
    expect(await mailboxOf(t, finn.email)).toHaveLength(1);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'data-rights.erase'));
    expect(row).toBeDefined();
    const erasures = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(finn.id)));
    expect(erasures.find((r) => r.action === 'data-rights.erase')?.actorId).toBe(staff.id);
  });
});

describe('data rights: keeping the account after all', () => {
  it('holds payments while the request waits; withdrawn, it leaves the queue, staff cannot erase it, and the order is paid', async () => {
    const gia = await createSignedInUser(t.app, { name: 'Gia Changed' });
    const open = await photoOrder(t, gia);
    await t.database.db.update(orders).set({ status: 'In review' }).where(eq(orders.id, open.id));
    const unpaid = await startApplication(t.app, gia.token);
    const res = await deletion(t, gia.token, { password: gia.password, confirm: true });
    expect(res.statusCode).toBe(202);

    // Its unpaid orders go with the account: none is paid meanwhile (a walk paid one).
    const pay = () => apiCall(t.app, 'POST', `/application/order/${unpaid.displayId}/payment`, gia.token, {});
    const held = await pay();
    expect(held.statusCode).toBe(409);
    const on = new Date(res.json().data.requestedAt).toISOString().slice(0, 10);
    expect(held.json().message).toBe(
      `You asked us on ${formatFeeDate(on)} to delete your account, and its unpaid orders are cancelled with it. To pay for this order, keep your account first: on your profile, under “Your data”.`,
    );
    expect(held.json().message).toBe(M.paymentHeld(formatFeeDate(on)));
    expect(await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, unpaid.id))).toEqual(
      [],
    );

    // She keeps the account: withdrawn, audited, gone from staff's queue.
    const withdraw = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/users/data-deletion/withdraw', headers: bearer(gia.token) });
    const kept = await withdraw();
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ message: M.withdrawn, data: { deletion: null } });
    expect(M.withdrawn).toBe('Your account stays: we will not delete it. You can ask again at any time.');
    const status = await t.app.inject({ url: '/api/v1/users/data-rights', headers: bearer(gia.token) });
    expect(status.json().data.deletion).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data-rights.deletion-withdrawn'), eq(auditLog.subjectId, String(gia.id))));
    expect(entry?.after).toEqual({ state: 'withdrawn' });
    const again = await withdraw();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nothingToWithdraw);

    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const queue = await t.app.inject({
      url: '/api/v1/admin/data-rights/deletion-requests',
      headers: bearer(staff.token),
    });
    const listed = queue.json().data.results as { id: number; userId: number }[];
    expect(listed.some((r) => r.userId === gia.id)).toBe(false);
    const [request] = await t.database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, gia.id));
    expect(request?.state).toBe('withdrawn');
    await t.database.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, open.id));
    const erase = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/data-rights/deletion-requests/${request?.id}/erase`,
      headers: bearer(staff.token),
    });
    expect(erase.statusCode).toBe(409);
    expect(erase.json().message).toBe(M.requestWithdrawn);

    expect((await pay()).statusCode).toBe(200);
  });
});

describe("data rights: what staff wrote about an erased customer's orders", () => {
  it('keeps the notes, messages, status changes and refund decisions as records, without their words, in the desk and the audit log', async () => {
    const gita = await createSignedInUser(t.app, { name: 'Gita Notes' });
    const order = await photoOrder(t, gita);
    await payWithSandbox(t, gita.token, order.displayId);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const refund = await requestRefund(t, gita.email, order.displayId, '1.00');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund.id}/reject`,
      headers: bearer(staff.token),
      payload: { reason: 'Gita already has passport K1234567 back.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.database.db.update(orders).set({ status: 'In review' }).where(eq(orders.id, order.id));
    const words = 'Gita called: passport K1234567, her mother Asha signs';
    for (const [path, payload] of [
      ['/notes', { body: words }],
      ['/messages', { body: words }],
      ['/status', { status: 'Submitted', remark: words }],
    ] as const) {
      const res = await desk(t, staff, order.displayId, path, payload);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
    }
    await t.database.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, order.id));
    const erased = await deletion(t, gita.token, { password: gita.password, confirm: true });
    expect(erased.json().data.state).toBe('erased');

    const detail = await t.app.inject({ url: `/api/v1/admin/orders/${order.displayId}`, headers: bearer(staff.token) });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('K1234567');
    const notes = await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(notes.map((n) => [n.toCustomer, n.authorEmail, n.body])).toEqual([
      [false, staff.email, ERASED_TEXT],
      [true, staff.email, ERASED_TEXT],
    ]);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.find((h) => h.toStatus === 'Submitted')).toMatchObject({ changedBy: 'staff', remark: ERASED_TEXT });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, order.displayId)));
    expect(entries.find((e) => e.action === 'order.status')).toMatchObject({
      actorEmail: staff.email,
      after: { status: 'Submitted', remark: ERASED_TEXT },
    });
    expect(JSON.stringify(entries)).not.toContain('K1234567');
    const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, refund.id));
    expect(request).toMatchObject({ status: 'Rejected', reason: ERASED_TEXT, rejectionReason: ERASED_TEXT });
    const decision = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'refund-request'), eq(auditLog.subjectId, String(refund.id))));
    expect(decision).toMatchObject([
      { action: 'refund.reject', after: { status: 'Rejected', rejectionReason: ERASED_TEXT } },
    ]);
  });
});

describe('data rights: erased again after a restore', () => {
  it('erases an account the register lists whatever its orders, with a pending request or none; once; never one it does not hold', async () => {
    // Gus asked and waits on an open order; Hana never asked in this (older) copy of the shop.
    const gus = await createSignedInUser(t.app, { name: 'Gus Waiting' });
    const gusOrder = await photoOrder(t, gus);
    await t.database.db.update(orders).set({ status: 'In review' }).where(eq(orders.id, gusOrder.id));
    expect((await deletion(t, gus.token, { password: gus.password, confirm: true })).statusCode).toBe(202);
    const hana = await createSignedInUser(t.app, { name: 'Hana Later' });
    const hanaOrder = await photoOrder(t, hana);
    const register = [
      { userId: gus.id, erasedAt: '2026-11-20T10:00:00.000Z' },
      { userId: hana.id, erasedAt: '2026-11-21T10:00:00.000Z' },
      { userId: 2_000_000, erasedAt: '2026-11-21T11:00:00.000Z' },
    ];
    expect(await t.app.services.dataRights.eraseAgain(register)).toBe(2);
    for (const customer of [gus, hana]) {
      expect((await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(customer.token) })).statusCode).toBe(
        401,
      );
    }
    for (const key of [...gusOrder.keys, ...hanaOrder.keys]) expect(await t.app.storage.exists(key)).toBe(false);
    // The archive's open order is history; its unpaid one goes as the first erasure took it.
    const states = await t.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [gusOrder.id, hanaOrder.id]));
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [gusOrder.id]: 'In review',
      [hanaOrder.id]: 'Cancelled',
    });
    expect((await t.app.services.orders.timeline(hanaOrder.id)).at(-1)).toMatchObject({
      status: 'Cancelled',
      remark: M.cancelledWithDeletion,
    });
    const [hanaAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data-rights.erase'), eq(auditLog.subjectId, String(hana.id))));
    expect(hanaAudit).toMatchObject({
      actorId: hana.id,
      after: expect.objectContaining({ erasedAgainAfterRestore: true, firstErasedAt: '2026-11-21T10:00:00.000Z' }),
    });
    expect(await t.app.services.dataRights.eraseAgain(register)).toBe(0);
    // They were told at the first erasure: erasing again tells no one, and leaves no e-mail to them.
    for (const customer of [gus, hana]) {
      expect(await mailboxOf(t, customer.email)).toEqual([]);
      expect(await mailRowsTo(t, customer.email)).toEqual([]);
    }
  });
});

describe('data rights: erasure on S3 storage', () => {
  let s3: TestS3Server;
  let t3: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    t3 = await buildTestApp(s3.env, { photoAnalyser: fakeAnalyse });
    matchS3rverBucketPaths((t3.app.storage as S3Storage).client);
  });
  afterAll(async () => {
    await t3.close();
    await s3.close();
  });

  it("removes the customer's photos and documents from the bucket", async () => {
    const gia = await createSignedInUser(t3.app);
    const application = await completedApplication(t3, gia);
    const photos = await photoOrder(t3, gia);
    await t3.app.services.orders.changeOrderStatus(photos.id, 'Cancelled', {
      by: { actor: 'customer', userId: gia.id },
    });
    const keys = [application.storageKey, ...photos.keys];
    for (const key of keys) expect(await t3.app.storage.exists(key)).toBe(true);
    const res = await deletion(t3, gia.token, { password: gia.password, confirm: true });
    expect(res.statusCode).toBe(200);
    for (const key of keys) expect(await t3.app.storage.exists(key)).toBe(false);
  });
});
