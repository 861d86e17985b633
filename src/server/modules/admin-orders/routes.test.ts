import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_DESK_MESSAGES as M } from '../../../domain/admin/orders.ts';
import { ADMIN_REFUND_MESSAGES, DESK_REFUND_MESSAGES } from '../../../domain/admin/refunds.ts';
import { APPLICATION_MESSAGES } from '../../../domain/applications/application.ts';
import { COMPLETION_TEXT, neededItem } from '../../../domain/applications/completion.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_REQUEST_MESSAGES } from '../../../domain/applications/documents.ts';
import { MEMBER_FORM_MESSAGES } from '../../../domain/applications/member-form.ts';
import {
  OTHER_DOCUMENT_MESSAGES,
  DOCUMENT_REQUEST_WITHDRAWAL as WITHDRAWAL,
} from '../../../domain/applications/other-documents.ts';
import { refundedNote } from '../../../domain/orders/order-summary.ts';
import { STATUS_MESSAGES } from '../../../domain/orders/status.ts';
import { STATUS_DESCRIPTIONS } from '../../../domain/orders/status-descriptions.ts';
import { fittedVersionOf } from '../../../domain/photos/orders.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { PORTAL_PDF_MESSAGES, UPLOAD_MESSAGES } from '../../../domain/uploads/messages.ts';
import { PORTAL_PDF_LIMITS } from '../../../domain/uploads/portal-pdf.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { grainyJpeg, handmadePdf, pdfOfSize, pdfWithPages, scannedPdf, smallPng } from '../../test/upload-fixtures.ts';
import { applicationDocumentRequests, applicationDocuments, packageForms } from '../applications/tables.ts';
import {
  ADULT,
  afterAutosaveWindow,
  apiCall,
  completeOciAnswers,
  eVisaOrder,
  MINOR,
  moveOrderTo,
  requiredItems,
  seededPackage,
  startApplication,
  uploadItems,
} from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser, uniqueEmail } from '../auth/testing.ts';
import { coupons } from '../checkout/tables.ts';
import { eraseOwnAccount } from '../data-rights/testing.ts';
import { notifications } from '../notifications/tables.ts';
import { paymentRefunds } from '../orders/ledger-tables.ts';
import { orderStatusHistory } from '../orders/tables.ts';
import { sandboxRefunds } from '../payments/tables.ts';
import { payWithSandbox, recordedStrayCharge } from '../payments/testing.ts';
import { photoOrderPhotos } from '../photos/tables.ts';
import { fakeAnalyse, testFace } from '../photos/testing.ts';
import { refundRequests } from '../refunds/tables.ts';
import { requestRefund } from '../refunds/testing.ts';
import { users } from '../users/tables.ts';
import { createStaffUser } from '../users/testing.ts';
import { REQUEST_ANSWERED_TEXT } from './request-answered.ts';

let t: TestApp;
let staff: { token: string; email: string; id: number };
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  staff = await createStaffUser(t.app, t.database.db, 'staff');
});
afterAll(() => t.close());

/** A customer with a paid New OCI Card application (Order pending: every document counts as in for the test). */
async function paidApplication(name = 'Meera Iyer') {
  const customer = await createSignedInUser(t.app, { name, email: uniqueEmail('meera') });
  const order = await startApplication(t.app, customer.token);
  await moveOrderTo(t.app, order.id, 'Forms incomplete');
  return { customer, order };
}

async function photoOrder(token: string) {
  const res = await apiCall(t.app, 'POST', '/photo-orders', token, { idempotencyKey: randomUUID() });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; displayId: string };
}

const asStaff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  apiCall(t.app, method, url, staff.token, payload);

const auditEntries = (displayId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, displayId), eq(auditLog.action, action)));

async function sendDocument(token: string | null, ref: string, query = '', file?: ReturnType<typeof filePart>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${ref}/documents${query}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...(token ? bearer(token) : {}) },
    payload: multipart([file ?? filePart('receipt.png', await smallPng(), 'image/png')]),
  });
}

describe('the back office order endpoints', () => {
  it('answer a visitor 401 and a customer 403, every one of them', async () => {
    const { customer, order } = await paidApplication();
    const ref = order.displayId;
    const calls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/admin/orders'],
      ['GET', `/admin/orders/${ref}`],
      ['POST', `/admin/orders/${ref}/status`, { status: 'Cancelled' }],
      ['POST', `/admin/orders/${ref}/notes`, { body: 'note' }],
      ['POST', `/admin/orders/${ref}/messages`, { body: 'Your appointment is on Monday' }],
      ['POST', `/admin/orders/${ref}/document-requests`, { memberId: 1, itemId: 'photo', note: 'Blurry' }],
      ['POST', `/admin/orders/${ref}/document-requests/1/withdraw`],
      ['GET', `/admin/orders/${ref}/documents/1/download`],
      ['GET', `/admin/orders/${ref}/documents/1/preview`],
      ['GET', `/admin/orders/${ref}/documents/1/portal-pdf`],
      ['GET', `/admin/orders/${ref}/members/1/print-pack`],
      [
        'POST',
        `/admin/orders/${ref}/refunds`,
        { amountCents: 100, reason: 'Goodwill refund', idempotencyKey: randomUUID() },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const visitor = await apiCall(t.app, method, url, null, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const refused = await apiCall(t.app, method, url, customer.token, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('You do not have access to this page.');
    }
    expect((await sendDocument(null, ref)).statusCode).toBe(401);
    expect((await sendDocument(customer.token, ref)).statusCode).toBe(403);
    // Nothing changed.
    expect((await asStaff('GET', `/admin/orders/${ref}`)).json().data).toMatchObject({
      status: 'Forms incomplete',
      notes: [],
    });
  });
});

describe('GET /admin/orders', () => {
  it('lists every customer’s orders, filtered by status, service and dates, searched by id, e-mail and name', async () => {
    const { customer, order } = await paidApplication('Zubin Queuetest');
    const photo = await photoOrder(customer.token);
    const list = async (query: string) => {
      const res = await asStaff('GET', `/admin/orders?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.results as { displayId: string }[]).map((r) => r.displayId);
    };

    const byName = await asStaff('GET', '/admin/orders?q=zubin%20queuetest');
    expect(byName.json().data.totalCount).toBe(2);
    expect(byName.json().data.results).toEqual([
      expect.objectContaining({
        displayId: photo.displayId,
        kind: 'photo',
        status: 'Payment pending',
        service: 'SevaPhotos',
        customer: { id: expect.any(Number), name: 'Zubin Queuetest', email: customer.email },
        sla: expect.objectContaining({ state: 'waiting', dueAt: null }),
      }),
      expect.objectContaining({ displayId: order.displayId, kind: 'service', service: 'OCI Card' }),
    ]);
    expect(await list(`q=${order.displayId}`)).toEqual([order.displayId]);
    expect(await list(`q=${encodeURIComponent(customer.email.toUpperCase())}`)).toEqual([
      photo.displayId,
      order.displayId,
    ]);
    expect(await list(`q=zubin&service=photos`)).toEqual([photo.displayId]);
    expect(await list(`q=zubin&service=oci-card`)).toEqual([order.displayId]);
    expect(await list(`q=zubin&service=renunciation`)).toEqual([]);
    expect(await list(`q=zubin&status=forms%20incomplete`)).toEqual([order.displayId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`q=zubin&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await list(`q=zubin&to=2000-01-01`)).toEqual([]);
    expect(await list(`q=zubin&sort=displayId&dir=asc`)).toEqual(
      [order.displayId, photo.displayId].sort((a, b) => a.localeCompare(b)),
    );
    // One page at a time.
    const paged = await asStaff('GET', '/admin/orders?q=zubin&limit=1&page=2');
    expect(paged.json().data).toMatchObject({ totalCount: 2, page: 2, limit: 1 });
    expect(paged.json().data.results).toHaveLength(1);
    // A search's total comes with its rows; past the last page it is still counted, and no match is 0.
    const pastTheEnd = await asStaff('GET', '/admin/orders?q=zubin&limit=1&page=3');
    expect(pastTheEnd.json().data).toMatchObject({ results: [], totalCount: 2, page: 3 });
    const none = await asStaff('GET', '/admin/orders?q=nobody-by-this-name');
    expect(none.json().data).toMatchObject({ results: [], totalCount: 0 });
    expect((await asStaff('GET', '/admin/orders?status=Lost')).statusCode).toBe(400);
  });

  it('finds an application by a family member’s name, not only the customer’s', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Farah Parentsearch', email: uniqueEmail('family') });
    const child = { ...MINOR, fullName: 'Kiaan Membersearch' };
    const order = await startApplication(t.app, customer.token, { members: [ADULT, child] });
    const found = async (q: string) =>
      (
        (await asStaff('GET', `/admin/orders?q=${encodeURIComponent(q)}`)).json().data.results as {
          displayId: string;
        }[]
      ).map((r) => r.displayId);
    expect(await found('kiaan membersearch')).toEqual([order.displayId]);
    expect(await found('MEMBERSEARCH')).toEqual([order.displayId]);
    // LIKE's own characters are only text: "%" does not match every order.
    expect(await found('Kiaan%search')).toEqual([]);
  });

  it('finds a name with an apostrophe typed as a phone types it (curly)', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Farah Apostrophe', email: uniqueEmail('apostrophe') });
    const spouse = { ...ADULT, fullName: "Rohan O'Brienapos", relationship: 'Spouse' };
    const order = await startApplication(t.app, customer.token, { members: [ADULT, spouse] });
    const found = async (q: string) =>
      (
        (await asStaff('GET', `/admin/orders?q=${encodeURIComponent(q)}`)).json().data.results as {
          displayId: string;
        }[]
      ).map((r) => r.displayId);
    expect(await found("o'brienapos")).toEqual([order.displayId]);
    expect(await found('O\u2019Brienapos')).toEqual([order.displayId]);
  });

  it('runs the SLA clock from the payment against the package’s published processing time, and flags overdue', async () => {
    const { order } = await paidApplication('Kiran Slatest');
    const row = async () => (await asStaff('GET', '/admin/orders?q=kiran%20slatest')).json().data.results[0];
    const running = await row();
    // New OCI Card from the USA: 'Usually 6–10 weeks …' → 70 days.
    expect(running.sla).toMatchObject({ state: 'running', days: 70 });
    expect(running.sla.basis).toContain('10 weeks');
    expect(Date.parse(running.sla.dueAt) - Date.parse(running.sla.startedAt)).toBe(70 * DAY_MS);

    // Paid 71 days ago.
    await t.database.db
      .update(orderStatusHistory)
      .set({ changedAt: new Date(Date.now() - 71 * DAY_MS) })
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.fromStatus, 'Payment pending')));
    expect((await row()).sla.state).toBe('overdue');
    await moveOrderTo(t.app, order.id, 'Cancelled', 'staff');
    expect((await row()).sla.state).toBe('stopped');
  });

  it('says what was refunded of each order: approved in part or in full, on its way, not asked or rejected', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Tara Refundlist', email: uniqueEmail('tara') });
    const other = await createSignedInUser(t.app, { name: 'Omar Refundlist', email: uniqueEmail('omar') });
    /** The customer's order, paid, with a refund request of `cents` (all of it by default). */
    const requested = async (who: { token: string; email: string }, cents?: number) => {
      const order = await startApplication(t.app, who.token);
      await payWithSandbox(t, who.token, order.displayId);
      const amountCents = cents ?? order.price.totalCents;
      const request = await requestRefund(t, who.email, order.displayId, (amountCents / 100).toFixed(2));
      return { order, request, amountCents };
    };
    const decide = async ({ request, amountCents }: Awaited<ReturnType<typeof requested>>, reject = false) =>
      reject
        ? asStaff('POST', `/admin/refunds/${request.id}/reject`, { reason: 'Outside the refund window, sorry.' })
        : asStaff('POST', `/admin/refunds/${request.id}/approve`, { amountCents });

    const partly = await requested(customer, 1250);
    expect((await decide(partly)).statusCode).toBe(200);
    const whole = await requested(customer);
    expect((await decide(whole)).statusCode).toBe(200);
    const rejected = await requested(customer, 1250);
    expect((await decide(rejected, true)).statusCode).toBe(200);
    const waiting = await requested(customer, 1250);
    // Approved, but the provider's answer never came clearly: not refunded until it says so, as the
    // order page counts it.
    const sandbox = t.app.services.sandbox?.provider;
    if (!sandbox) throw new Error('the sandbox is not configured');
    const unclear = vi
      .spyOn(sandbox, 'refund')
      .mockRejectedValueOnce(Object.assign(new Error('provider answered 503'), { statusCode: 503 }));
    const onItsWay = await requested(customer, 900);
    try {
      expect((await decide(onItsWay)).statusCode).toBe(502);
    } finally {
      unclear.mockRestore();
    }
    const theirs = await requested(other);
    expect((await decide(theirs)).statusCode).toBe(200);

    const refunded = async (query: string) => {
      const res = await asStaff('GET', `/admin/orders?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data.results as { displayId: string; refundedCents: number }[];
      return Object.fromEntries(rows.map((r) => [r.displayId, r.refundedCents]));
    };
    const expected = {
      [partly.order.displayId]: 1250,
      [whole.order.displayId]: whole.order.price.totalCents,
      [rejected.order.displayId]: 0,
      [waiting.order.displayId]: 0,
      [onItsWay.order.displayId]: 0,
      [theirs.order.displayId]: theirs.order.price.totalCents,
    };
    // A search reads the page another way (decision 0077): both say the same.
    expect(await refunded('q=refundlist')).toEqual(expected);
    expect(await refunded('sort=createdAt&dir=desc')).toMatchObject(expected);
  });
});

describe('GET /admin/orders/:ref', () => {
  it('shows a service order with its customer, members, answers, checklist, documents and next statuses', async () => {
    const { customer, order } = await paidApplication('Anita Detail');
    const res = await asStaff('GET', `/admin/orders/${order.displayId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      displayId: order.displayId,
      kind: 'service',
      status: 'Forms incomplete',
      customer: { name: 'Anita Detail', email: customer.email },
      // Staff may take it into review (what is missing came another way); Refunded follows a refund
      // of the whole payment on the refunds desk, not a choice here.
      nextStatuses: ['In review', 'Cancelled'],
      photo: null,
    });
    expect(data.service.order.members).toHaveLength(1);
    expect(data.service.answers).toEqual([{ memberId: order.members[0]?.id, answers: {}, reviewed: false }]);
    expect(data.service.definition).toMatchObject({ version: expect.any(Number) });
    expect(data.service.checklist.members[0].items.length).toBeGreaterThan(0);
    expect(data.service.documents).toEqual([]);
    expect((await asStaff('GET', '/admin/orders/DOC-1')).statusCode).toBe(404);
    // The order's number names it too, like the customer's {orderRef}.
    expect((await asStaff('GET', `/admin/orders/${order.id}`)).json().data.displayId).toBe(order.displayId);
    expect((await asStaff('GET', '/admin/orders/ABC-1')).statusCode).toBe(400);
  });

  it('lets staff download a photo order’s photos: as uploaded, fitted and the print sheet', async () => {
    const customer = await createSignedInUser(t.app);
    const photo = await photoOrder(customer.token);
    const item = await apiCall(t.app, 'POST', `/photo-orders/${photo.displayId}/items`, customer.token, {
      photoSize: 'oci-photo',
    });
    const itemId = item.json().data.items[0].id as number;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/photo-orders/${photo.displayId}/items/${itemId}/photos`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
      payload: multipart([filePart('me.jpg', await testFace(), 'image/jpeg')]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoId = uploaded.json().data.id as number;
    await t.runJobs();
    // Paid: the print sheet is what the order sells (listed to anyone only once paid).
    await payWithSandbox(t, customer.token, photo.displayId);

    const base = `/admin/orders/${photo.displayId}/items/${itemId}/photos/${photoId}`;
    for (const which of ['original', 'fitted', 'print-sheet']) {
      expect((await apiCall(t.app, 'GET', `${base}/${which}`, null)).statusCode).toBe(401);
      expect((await apiCall(t.app, 'GET', `${base}/${which}`, customer.token)).statusCode).toBe(403);
      const file = await asStaff('GET', `${base}/${which}`);
      expect(file.statusCode, `${which}: ${file.body}`).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    }
    const detail = await asStaff('GET', `/admin/orders/${photo.displayId}`);
    const shown = detail.json().data.photo.items[0].photos[0];
    expect(shown).toMatchObject({ id: photoId, state: 'done' });
    // The links the detail gives staff are theirs to follow (the customer's would answer 404).
    for (const link of [shown.url, shown.links.original, shown.links.fitted, shown.links.printSheet]) {
      expect((await asStaff('GET', String(link).replace('/api/v1', ''))).statusCode, link).toBe(200);
    }
    // The fitted link names the image's version as the customer's does, so it changes when theirs does.
    const links = async () => ({
      staff: (await asStaff('GET', `/admin/orders/${photo.displayId}`)).json().data.photo.items[0].photos[0].links
        .fitted as string,
      customer: (await apiCall(t.app, 'GET', `/photo-orders/${photo.displayId}`, customer.token)).json().data.items[0]
        .photos[0].links.fitted as string,
    });
    const first = await links();
    expect(first.staff).toMatch(new RegExp(`^/api/v1${base}/fitted\\?v=[\\w-]+$`));
    expect(fittedVersionOf(first.staff)).toBe(fittedVersionOf(first.customer));
    expect((await apiCall(t.app, 'GET', first.staff.replace('/api/v1', ''), customer.token)).statusCode).toBe(403);
    // A new fitting (a check run again) is another file: both links change, to the same version.
    const row = eq(photoOrderPhotos.id, photoId);
    const [stored] = await t.database.db.select().from(photoOrderPhotos).where(row);
    await t.database.db.update(photoOrderPhotos).set({ fittedKey: stored?.storageKey }).where(row);
    const second = await links();
    expect(second.staff).not.toBe(first.staff);
    expect(fittedVersionOf(second.staff)).toBe(fittedVersionOf(second.customer));
    expect((await asStaff('GET', second.staff.replace('/api/v1', ''))).statusCode).toBe(200);
    expect(
      (await asStaff('GET', `/admin/orders/${photo.displayId}/items/${itemId}/photos/999999/original`)).statusCode,
    ).toBe(404);
  });

  it('shows a photo order with its items', async () => {
    const customer = await createSignedInUser(t.app);
    const photo = await photoOrder(customer.token);
    const res = await asStaff('GET', `/admin/orders/${photo.displayId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'photo', service: null, photo: { displayId: photo.displayId } });
  });

  it('shows a paid application whose package has no form: its members, no definition and no answers', async () => {
    // A package without a form is a valid state (decision 0051): only its documents are needed.
    const { pkg } = await seededPackage(t.app, 'oci-card', 'lost-or-damaged-oci');
    await t.database.db.delete(packageForms).where(eq(packageForms.packageId, pkg.id));
    const customer = await createSignedInUser(t.app, { name: 'Devika Noform', email: uniqueEmail('noform') });
    const order = await startApplication(t.app, customer.token, { packageId: pkg.id });
    await payWithSandbox(t, customer.token, order.displayId);

    const res = await asStaff('GET', `/admin/orders/${order.displayId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.service.definition).toBeNull();
    expect(data.service.order.members).toHaveLength(1);
    expect(data.service.answers).toEqual([{ memberId: order.members[0]?.id, answers: {}, reviewed: false }]);
    expect(data.service.checklist.members[0].items.length).toBeGreaterThan(0);
  });
});

describe('POST /admin/orders/:ref/status', () => {
  it('never sends a photo order to Forms incomplete (it has no forms to wait for), nor offers it', async () => {
    const customer = await createSignedInUser(t.app);
    const photo = await photoOrder(customer.token);
    await moveOrderTo(t.app, photo.id, 'Order pending');
    await moveOrderTo(t.app, photo.id, 'In review', 'staff');
    expect((await asStaff('GET', `/admin/orders/${photo.displayId}`)).json().data.nextStatuses).not.toContain(
      'Forms incomplete',
    );
    const res = await asStaff('POST', `/admin/orders/${photo.displayId}/status`, { status: 'Forms incomplete' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STATUS_MESSAGES.notAllowed('In review', 'Forms incomplete'));
  });

  it('takes an application sent back to the customer back into review', async () => {
    const { order } = await paidApplication();
    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    // Sent back with nothing said, the customer would read "change what they asked for" and no ask.
    for (const remark of [undefined, '   ']) {
      const silent = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
        status: 'Forms incomplete',
        ...(remark === undefined ? {} : { remark }),
      });
      expect(silent.statusCode, silent.body).toBe(400);
      expect(silent.json()).toMatchObject({
        message: STATUS_MESSAGES.sendBackNeedsRemark,
        errors: { remark: STATUS_MESSAGES.sendBackNeedsRemark },
      });
    }
    expect(STATUS_MESSAGES.sendBackNeedsRemark).toBe(
      'Say what the customer should change: your remark is all they read of it, in their notification and e-mail.',
    );
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.status).toBe('In review');
    const back = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
      status: 'Forms incomplete',
      remark: 'Please sign page 2 of the PoA again.',
    });
    expect(back.statusCode, back.body).toBe(200);
    // The e-mail says what the order page says (sent back, their words next), not "still missing".
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.subject, `%${order.displayId} is now Forms incomplete%`));
    expect(mail?.text).toContain(`${COMPLETION_TEXT.sentBack}\n\nPlease sign page 2 of the PoA again.\n\n`);
    expect(mail?.text).not.toContain(STATUS_DESCRIPTIONS['Forms incomplete']);
    expect(mail?.text).not.toContain('Remark:');
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.nextStatuses).toContain('In review');
    const again = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
      status: 'In review',
      remark: 'The signed page came by e-mail.',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('moves the order as staff with a remark: timeline, notification, e-mail and audit entry together', async () => {
    const { customer, order } = await paidApplication();
    await moveOrderTo(t.app, order.id, 'Order pending');
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
      status: 'In review',
      remark: 'Checking your passport scan',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fromStatus: 'Order pending', status: 'In review', by: 'staff' });

    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data.timeline.at(-1)).toMatchObject({
      status: 'In review',
      remark: 'Checking your passport scan',
    });
    const notes = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=10', customer.token);
    expect(JSON.stringify(notes.json().data)).toContain('Checking your passport scan');
    const mails = await t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.subject, `%${order.displayId} is now In review%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(customer.email);
    expect(await auditEntries(order.displayId, 'order.status')).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorEmail: staff.email,
        subjectType: 'order',
        before: { status: 'Order pending' },
        after: { status: 'In review', remark: 'Checking your passport scan' },
      }),
    ]);
  });

  it('tells the second of two staff members acting on one order that it changed meanwhile, and keeps the first change', async () => {
    const { customer, order } = await paidApplication();
    await moveOrderTo(t.app, order.id, 'Order pending');
    // Both saw Order pending; both moves are allowed from there, and Cancelled from In review too.
    const [review, cancel] = await Promise.all([
      asStaff('POST', `/admin/orders/${order.displayId}/status`, { status: 'In review', fromStatus: 'Order pending' }),
      asStaff('POST', `/admin/orders/${order.displayId}/status`, { status: 'Cancelled', fromStatus: 'Order pending' }),
    ]);
    expect([review.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const refused = review.statusCode === 409 ? review : cancel;
    expect(refused.json().message).toBe(STATUS_MESSAGES.changedConcurrently);
    expect(await auditEntries(order.displayId, 'order.status')).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.subject, `%${order.displayId}%`));
    expect(mails.filter((m) => m.to === customer.email && m.purpose === 'order-status')).toHaveLength(1);
    // Told what it is now, the same staff member decides again from there.
    const now = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.status;
    const again = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
      status: 'Cancelled',
      fromStatus: now,
    });
    expect(again.statusCode, again.body).toBe(now === 'Cancelled' ? 409 : 200);
  });

  it('refuses a move the transition table does not give staff, and records nothing', async () => {
    const { order } = await paidApplication();
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/status`, { status: 'Approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order cannot be moved from Forms incomplete to Approved.');
    expect(await auditEntries(order.displayId, 'order.status')).toEqual([]);
    const tooLong = await asStaff('POST', `/admin/orders/${order.displayId}/status`, {
      status: 'Cancelled',
      remark: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses Refunded while the payment has not gone back, for a paid order and one cancelled before paying: no money moved', async () => {
    const { customer, order } = await paidApplication();
    const paid = await asStaff('POST', `/admin/orders/${order.displayId}/status`, { status: 'Refunded' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(STATUS_MESSAGES.notRefunded);

    const unpaid = await startApplication(t.app, customer.token);
    await apiCall(t.app, 'POST', `/application/order/${unpaid.displayId}/cancel`, customer.token, {});
    const cancelled = await asStaff('POST', `/admin/orders/${unpaid.displayId}/status`, { status: 'Refunded' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(STATUS_MESSAGES.notRefunded);
    expect((await asStaff('GET', `/admin/orders/${unpaid.displayId}`)).json().data.nextStatuses).toEqual([]);

    for (const { id, displayId } of [order, unpaid]) {
      expect(await auditEntries(displayId, 'order.status')).toEqual([]);
      const moves = await t.database.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'Refunded')));
      expect(moves).toEqual([]);
    }
    const told = await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, customer.email));
    expect(told.filter((m) => m.subject.includes('Refunded'))).toEqual([]);
  });
});

describe('POST /admin/orders/:ref/notes', () => {
  it('keeps an internal note for staff, audited, that no customer answer or page shows', async () => {
    const { customer, order } = await paidApplication();
    const secret = `Internal only ${randomUUID()}`;
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/notes`, { body: secret });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ body: secret, authorEmail: staff.email });
    const detail = await asStaff('GET', `/admin/orders/${order.displayId}`);
    expect(detail.json().data.notes).toEqual([expect.objectContaining({ body: secret })]);
    expect(await auditEntries(order.displayId, 'order.note')).toHaveLength(1);
    expect((await asStaff('POST', `/admin/orders/${order.displayId}/notes`, { body: '  ' })).statusCode).toBe(400);

    // Every customer read of the order (the customer's order page and dashboard render from these).
    const ref = order.displayId;
    const memberId = order.members[0]?.id;
    for (const url of [
      `/application/order/${ref}`,
      `/application/order/${ref}/members`,
      `/application/order/${ref}/form`,
      `/application/order/${ref}/members/${memberId}/form`,
      `/application/order/${ref}/checklist`,
      `/application/order/${ref}/documents`,
      '/users/orders',
      '/users/dashboard',
      '/users/notification?page=1&limit=100',
    ]) {
      const answer = await apiCall(t.app, 'GET', url, customer.token);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).not.toContain(secret);
    }
  });
});

describe('POST /admin/orders/:ref/messages', () => {
  it('tells the customer something without a status change: notification, e-mail, kept on the desk as sent, audited', async () => {
    const { customer, order } = await paidApplication();
    const body = 'Your VFS appointment is on 10 December at 9:30.\nBring the original passports.';
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/messages`, { body: `  ${body}  ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: M.messageSent,
      data: { body, toCustomer: true, authorEmail: staff.email },
    });
    const noteId = res.json().data.id as number;

    // The customer reads it in their notifications and by e-mail, with the link to the order.
    const theirs = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=100', customer.token);
    expect(theirs.json().data.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ orderId: order.displayId, remark: body })]),
    );
    const [mail] = await mailsWith(`order-message:${noteId}`);
    expect(mail).toMatchObject({ to: customer.email, purpose: 'order-message' });
    expect(mail?.text).toContain('Bring the original passports.');
    expect(mail?.text).toContain(`${t.app.env.siteUrl}/service-order?orderId=${order.displayId}`);

    // The status stays; the desk lists it among the notes, marked as sent; the audit log has it.
    const detail = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(detail.status).toBe('Forms incomplete');
    expect(detail.notes).toEqual([expect.objectContaining({ id: noteId, body, toCustomer: true })]);
    expect(await auditEntries(order.displayId, 'order.message')).toEqual([
      expect.objectContaining({ after: { noteId } }),
    ]);

    // An internal note stays internal.
    await asStaff('POST', `/admin/orders/${order.displayId}/notes`, { body: 'Called them' });
    const notes = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.notes;
    expect(notes.map((n: { toCustomer: boolean }) => n.toCustomer)).toEqual([true, false]);
  });

  it('refuses an empty or overlong message and an unknown order, sending nothing', async () => {
    const { customer, order } = await paidApplication();
    const empty = await asStaff('POST', `/admin/orders/${order.displayId}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.messageRequired);
    const long = await asStaff('POST', `/admin/orders/${order.displayId}/messages`, { body: 'x'.repeat(2001) });
    expect(long.json().message).toBe(M.messageTooLong);
    expect((await asStaff('POST', '/admin/orders/DOC-99999999/messages', { body: 'Hello' })).statusCode).toBe(404);
    const theirs = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=100', customer.token);
    expect(theirs.json().data.notifications.map((n: { remark: string | null }) => n.remark)).not.toContain('Hello');
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.notes).toEqual([]);
  });
});

describe('POST /admin/orders/:ref/documents (SPEC.md §7 /admin-order/documents/)', () => {
  it('sends a checked file back to the customer, audited, shown among the documents from our team', async () => {
    const { customer, order } = await paidApplication();
    const res = await sendDocument(staff.token, order.displayId);
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json().data;
    expect(document).toMatchObject({ direction: 'to-customer', uploadedBy: 'staff', name: 'receipt.png' });

    const theirs = await apiCall(
      t.app,
      'GET',
      `/application/order/${order.displayId}/documents?direction=to-customer`,
      customer.token,
    );
    expect(theirs.json().data.results).toEqual([expect.objectContaining({ id: document.id })]);
    expect(await auditEntries(order.displayId, 'order.document')).toEqual([
      expect.objectContaining({ after: { documentId: document.id, name: 'receipt.png', memberId: null } }),
    ]);

    const download = await asStaff('GET', `/admin/orders/${order.displayId}/documents/${document.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['cache-control']).toContain('no-store');
    expect((await asStaff('GET', `/admin/orders/${order.displayId}/documents/999999/download`)).statusCode).toBe(404);
    // The detail's document links are the desk's, which staff may follow.
    const detail = await asStaff('GET', `/admin/orders/${order.displayId}`);
    const listed = detail.json().data.service.documents.find((d: { id: number }) => d.id === document.id);
    for (const link of [listed.links.download, listed.links.preview]) {
      expect((await asStaff('GET', String(link).replace('/api/v1', ''))).statusCode, link).toBe(200);
    }

    const forMember = await sendDocument(staff.token, order.displayId, `?memberId=${order.members[0]?.id}`);
    expect(forMember.json().data.memberId).toBe(order.members[0]?.id);
    expect((await sendDocument(staff.token, order.displayId, '?memberId=999999')).statusCode).toBe(404);
  });

  it('shows staff a PDF sandboxed, downloads it as an attachment, and refuses one that carries a script (issue 29)', async () => {
    const { order } = await paidApplication();
    const pdf = handmadePdf();
    const sent = await sendDocument(staff.token, order.displayId, '', filePart('letter.pdf', pdf, 'application/pdf'));
    expect(sent.statusCode, sent.body).toBe(201);
    const base = `/admin/orders/${order.displayId}/documents/${sent.json().data.id}`;
    // What is stored is the PDF as checked, written again (decision 0092, session 38): one page, as sent.
    const served: Buffer[] = [];
    for (const [action, disposition] of [
      ['preview', 'inline'],
      ['download', 'attachment'],
    ] as const) {
      const res = await asStaff('GET', `${base}/${action}`);
      expect(res.statusCode, action).toBe(200);
      served.push(res.rawPayload);
      expect((await PDFDocument.load(res.rawPayload)).getPageCount(), action).toBe(1);
      expect(res.headers['content-disposition'], action).toMatch(new RegExp(`^${disposition}; filename="letter.pdf"`));
      expect(res.headers['x-content-type-options'], action).toBe('nosniff');
      expect(res.headers['content-security-policy'], action).toMatch(/(^|; )sandbox(;|$)/);
    }

    expect(served[0]?.equals(served[1] ?? Buffer.alloc(0))).toBe(true);

    const scripted = handmadePdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' });
    const refused = await sendDocument(
      staff.token,
      order.displayId,
      '',
      filePart('letter.pdf', scripted, 'application/pdf'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.pdfActiveContent);
  });

  it('refuses a photo order and a disguised file', async () => {
    const customer = await createSignedInUser(t.app);
    const photo = await photoOrder(customer.token);
    expect((await sendDocument(staff.token, photo.displayId)).statusCode).toBe(409);
    const { order } = await paidApplication();
    const disguised = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.displayId}/documents`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(staff.token) },
      payload: multipart([filePart('receipt.pdf', Buffer.from('MZ not a pdf at all'), 'application/pdf')]),
    });
    expect(disguised.statusCode).toBe(415);
    expect(await auditEntries(order.displayId, 'order.document')).toEqual([]);
  });

  it('tells the customer in their notifications as in the e-mail, with the link to the order', async () => {
    const { customer, order } = await paidApplication();
    const sent = await sendDocument(staff.token, order.displayId);
    expect(sent.statusCode, sent.body).toBe(201);
    const remark = 'Our team sent you a document: receipt.png is ready for you on your order page.';
    const theirs = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=100', customer.token);
    const told = theirs.json().data.notifications.filter((n: { remark: string | null }) => n.remark === remark);
    expect(told).toEqual([
      expect.objectContaining({ orderId: order.displayId, orderId_DB: order.id, orderStatus: 'Forms incomplete' }),
    ]);
    const [mail] = await mailsWith(`order-document-sent:${sent.json().data.id}`);
    expect(mail?.text).toContain('receipt.png is ready for you on your order page.');
  });

  it('gives an erased customer’s account no notification of a document sent to their order afterwards', async () => {
    const { customer, order } = await paidApplication();
    await moveOrderTo(t.app, order.id, 'Cancelled', 'staff');
    await eraseOwnAccount(t.app, customer);
    expect((await sendDocument(staff.token, order.displayId)).statusCode).toBe(201);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, customer.id))).toEqual([]);
  });
});

describe('a message to an erased customer', () => {
  it('is refused: nothing would reach anyone, so no notification, e-mail or note is kept', async () => {
    const { customer, order } = await paidApplication();
    await moveOrderTo(t.app, order.id, 'Cancelled', 'staff');
    await eraseOwnAccount(t.app, customer);
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/messages`, { body: 'Your refund went out' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The customer’s account was erased: no message or e-mail reaches them any more.');
    expect(res.json().message).toBe(M.customerErased);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, customer.id))).toEqual([]);
    const detail = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(detail.notes.filter((n: { toCustomer: boolean }) => n.toCustomer)).toEqual([]);
  });
});

describe('POST /admin/orders/:ref/document-requests', () => {
  it('sends an order in review back with the request: the customer’s checklist shows it with the note until they upload', async () => {
    const { customer, order } = await paidApplication();
    const memberId = order.members[0]?.id ?? 0;
    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
      memberId,
      itemId: 'foreign-passport',
      note: 'The signature page is cut off',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ itemLabel: 'Current foreign passport', status: 'Forms incomplete' });

    const checklist = async () =>
      (
        await apiCall(
          t.app,
          'GET',
          `/application/order/${order.displayId}/members/${memberId}/checklist`,
          customer.token,
        )
      )
        .json()
        .data.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect((await checklist()).requested).toEqual({ note: 'The signature page is cut off', at: expect.any(String) });
    // The bell's item has its Document Status line, as a request made from Forms incomplete does (SPEC.md §3).
    const [bell] = (await t.app.services.notifications.list(customer.id, { page: 1, limit: 1 })).notifications;
    expect(bell).toMatchObject({
      orderStatus: 'Forms incomplete',
      remark: expect.stringContaining('The signature page is cut off'),
      documentStatus: 'Requested',
    });
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data).toMatchObject({ status: 'Forms incomplete' });
    expect(page.json().data.timeline.at(-1).remark).toContain('The signature page is cut off');
    expect(await auditEntries(order.displayId, 'order.document-request')).toEqual([
      expect.objectContaining({
        after: {
          memberId,
          itemId: 'foreign-passport',
          note: 'The signature page is cut off',
          status: 'Forms incomplete',
        },
      }),
    ]);

    // The customer's upload after the request answers it.
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/application/order/${order.displayId}/members/${memberId}/documents/foreign-passport`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
      payload: multipart([filePart('passport.png', await smallPng(), 'image/png')]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await checklist()).requested).toBeUndefined();
  });

  it('asks for nothing when the order moved on between the desk’s read and the request (the last upload came in)', async () => {
    const { customer, order } = await paidApplication();
    const memberId = order.members[0]?.id ?? 0;
    const orders = t.app.services.orders;
    const read = orders.findForStaff.bind(orders);
    const racing = vi.spyOn(orders, 'findForStaff').mockImplementationOnce(async (ref) => {
      const found = await read(ref);
      await moveOrderTo(t.app, order.id, 'Order pending');
      return found;
    });
    try {
      const res = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
        memberId,
        itemId: 'photo',
        note: 'Please smile less',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(STATUS_MESSAGES.changedConcurrently);
    } finally {
      racing.mockRestore();
    }
    expect(await auditEntries(order.displayId, 'order.document-request')).toEqual([]);
    const panel = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=10', customer.token);
    expect(JSON.stringify(panel.json().data)).not.toContain('Please smile less');
  });

  it('notifies a customer already completing the order, and refuses other statuses, members and items', async () => {
    const { customer, order } = await paidApplication();
    const memberId = order.members[0]?.id ?? 0;
    const url = `/admin/orders/${order.displayId}/document-requests`;
    const ok = await asStaff('POST', url, { memberId, itemId: 'photo', note: 'Please smile less' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.status).toBe('Forms incomplete');
    const panel = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=10', customer.token);
    expect(JSON.stringify(panel.json().data)).toContain('Please smile less');
    expect(panel.json().data.notifications[0]).toMatchObject({ documentStatus: 'Requested' });

    expect((await asStaff('POST', url, { memberId: 999999, itemId: 'photo', note: 'x' })).statusCode).toBe(404);
    expect((await asStaff('POST', url, { memberId, itemId: 'no-such-item', note: 'x' })).statusCode).toBe(404);
    expect((await asStaff('POST', url, { memberId, itemId: 'photo', note: ' ' })).statusCode).toBe(400);
    await moveOrderTo(t.app, order.id, 'Order pending');
    const refused = await asStaff('POST', url, { memberId, itemId: 'photo', note: 'x' });
    expect(refused.statusCode).toBe(409);
    // A desk page loaded before the order moved on still shows the old status: the answer says the new one.
    expect(refused.json().message).toBe(DOCUMENT_REQUEST_MESSAGES.notOpen('Order pending'));
    expect(refused.json().message).toMatch(/^This order is Order pending now: /);
    expect(await auditEntries(order.displayId, 'order.document-request')).toHaveLength(1);
  });
});

/** A paid application whose one member's form is reviewed and every required document is in (Order pending). */
async function completeApplication(name: string) {
  const customer = await createSignedInUser(t.app, { name, email: uniqueEmail('complete') });
  const order = await startApplication(t.app, customer.token);
  const memberId = order.members[0]?.id ?? 0;
  const ref = order.displayId;
  await moveOrderTo(t.app, order.id, 'Forms incomplete');
  const form = `/application/order/${ref}/members/${memberId}/form`;
  const saved = await apiCall(t.app, 'PUT', form, customer.token, {
    currentStep: 1,
    answers: completeOciAnswers('Adult'),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await apiCall(t.app, 'POST', `${form}/review`, customer.token)).statusCode).toBe(200);
  await uploadItems(t.app, customer.token, ref, memberId, await requiredItems(t.app, customer.token, ref, memberId));
  return { customer, order, memberId, form };
}

const uploadFor = async (token: string, ref: string, memberId: number, itemId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/application/order/${ref}/members/${memberId}/documents/${itemId}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart([filePart('again.png', await smallPng(), 'image/png')]),
  });

const mailsWith = (key: string) =>
  t.database.db
    .select()
    .from(outboundEmails)
    .where(like(outboundEmails.key, `${key}%`));

/**
 * A paid order of `members` whose member at `index` staff ask for their checklist item `itemId`,
 * with `note`: the customer and order, and the request's e-mail to the customer.
 */
async function documentRequested(members: object[] | undefined, index: number, itemId: string, note: string) {
  const customer = await createSignedInUser(t.app);
  const order = await startApplication(t.app, customer.token, members ? { members } : {});
  await moveOrderTo(t.app, order.id, 'Forms incomplete');
  const res = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
    memberId: order.members[index]?.id,
    itemId,
    note,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = (await mailsWith('order-document-request:')).filter((m) => m.to === customer.email);
  return { customer, order, mail };
}

describe('a document request after submission (issue 30 §4)', () => {
  it('asks for a document never sent without “again”', async () => {
    const { order, mail } = await documentRequested(undefined, 0, 'foreign-passport', 'We need your passport');
    expect(mail?.subject).toBe(`Your order ${order.displayId}: please upload Priya Sharma’s current foreign passport`);
  });

  it('names a child once, as their own item does, in the e-mail and the notification', async () => {
    const { customer, order, mail } = await documentRequested(
      [ADULT, MINOR],
      1,
      'foreign-passport',
      'The scan is blurred',
    );
    expect(mail?.subject).toBe(`Your order ${order.displayId}: please upload Aarav Sharma’s current foreign passport`);
    expect(mail?.text).toContain('Our team needs Aarav Sharma’s current foreign passport');
    const notices = await apiCall(t.app, 'GET', '/users/notification?page=1&limit=100', customer.token);
    expect(notices.json().data.notifications.map((n: { remark: string | null }) => n.remark)).toContain(
      'Please upload Aarav Sharma’s current foreign passport: The scan is blurred',
    );
  });

  it('keeps to one set of brackets in the subject when the document’s name carries its own', async () => {
    const { order, mail } = await documentRequested([ADULT, MINOR], 1, 'parent-passport-1', 'The scan is blurred');
    expect(mail?.subject).toBe(
      `Your order ${order.displayId}: please upload the first parent’s passport (for Aarav Sharma)`,
    );
    expect(mail?.subject?.match(/\(/g)).toHaveLength(1);
  });

  it('is e-mailed with a same-origin link to the slot, instead of the status e-mail', async () => {
    const { customer, order, memberId } = await completeApplication('Kavya Rao');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
      memberId,
      itemId: 'photo',
      note: 'Your eyes are closed in this photo',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mails = (await mailsWith('order-document-request:')).filter((m) => m.to === customer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ purpose: 'order-document-request' });
    expect(mail?.subject).toBe(`Your order ${order.displayId}: please upload Priya Sharma’s photo again`);
    const slot = `${t.app.env.siteUrl}/service-order?orderId=${order.displayId}&document=${memberId}-photo`;
    expect(mail?.text).toContain(`Upload it here: ${slot}`);
    expect(mail?.text).toContain('Your eyes are closed in this photo');
    expect(mail?.html).toContain(slot.replaceAll('&', '&amp;'));
    // One e-mail for the request: the move back to Forms incomplete sends no second one.
    const status = await t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.subject, `%${order.displayId} is now Forms incomplete%`));
    expect(status).toEqual([]);
  });

  it('tells only staff who are staff still about an answered request: not a customer, a former or a disabled one', async () => {
    const former = await createStaffUser(t.app, t.database.db, 'staff');
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, former.id));
    const disabled = await createStaffUser(t.app, t.database.db, 'staff');
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    const customer = await createSignedInUser(t.app);
    const contacts = await t.app.services.users.staffEmails([staff.id, former.id, disabled.id, customer.id]);
    expect([...contacts.keys()]).toEqual([staff.id]);
    expect(contacts.get(staff.id)).toBe(staff.email);
  });

  it('the requested documents can be uploaded while answers stay locked; the last one puts the order back with our team', async () => {
    const { customer, order, memberId, form } = await completeApplication('Ishaan Mehta');
    const ref = order.displayId;
    const view = async () => (await apiCall(t.app, 'GET', `/application/order/${ref}`, customer.token)).json().data;
    expect((await view()).status).toBe('Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    const url = `/admin/orders/${ref}/document-requests`;
    for (const [itemId, note] of [
      ['photo', 'The background is not plain'],
      ['foreign-passport', 'The signature page is missing'],
    ]) {
      const requested = await asStaff('POST', url, { memberId, itemId, note });
      expect(requested.statusCode, requested.body).toBe(201);
    }
    expect((await view()).missing).toEqual(['Priya’s current foreign passport', 'Priya’s photo']);

    // The first upload answers its request; the order waits for the second.
    const first = await uploadFor(customer.token, ref, memberId, 'photo');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.checklist.complete).toBe(false);
    expect(await view()).toMatchObject({ status: 'Forms incomplete', missing: ['Priya’s current foreign passport'] });
    const toStaff = async () =>
      (await mailsWith(`desk-request-answered:${order.id}:`)).filter((m) => m.to === staff.email);
    expect(await toStaff()).toEqual([]);

    // The last one (before: 409, the order had gone on after the first).
    const last = await uploadFor(customer.token, ref, memberId, 'foreign-passport');
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().data.checklist.complete).toBe(true);
    expect(await view()).toMatchObject({ status: 'Order pending', missing: [] });
    // Our team had started on it: the customer is told it goes back to them, not that they will start.
    expect((await view()).timeline.at(-1)).toMatchObject({
      status: 'Order pending',
      by: 'system',
      remark: 'Everything our team asked for is in. Our team will pick up your application again.',
    });
    const [told] = (await t.app.services.notifications.list(customer.id, { page: 1, limit: 1 })).notifications;
    expect(told).toMatchObject({ orderStatus: 'Order pending', remark: APPLICATION_MESSAGES.askedForItemsIn });
    // The member of staff who asked hears it, once, with their notes and the desk's link (walk H).
    const [alert, ...more] = await toStaff();
    expect(more).toEqual([]);
    expect(alert?.subject).toBe(REQUEST_ANSWERED_TEXT.subject(ref));
    expect(alert?.subject).toBe(`${ref} is back with our team: the customer sent what you asked for`);
    expect(alert?.text).toContain('You asked: The background is not plain');
    expect(alert?.text).toContain('You asked: The signature page is missing');
    expect(alert?.text).toContain(`${t.app.env.siteUrl}/admin/orders/${ref}`);
    expect(await mailsWith(`desk-request-answered:${order.id}:`)).toHaveLength(1);

    // The answers were never reopened by the requests: once everything is in they are locked again.
    // (A debounce after completeApplication's save, as the form's would be: a fast machine met the
    // 429 first, run 22b.)
    await afterAutosaveWindow();
    const save = await apiCall(t.app, 'PUT', form, customer.token, {
      currentStep: 1,
      answers: completeOciAnswers('Adult'),
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(MEMBER_FORM_MESSAGES.locked);
  });

  it('a document staff send is e-mailed with a link to it on the order page', async () => {
    const { customer, order } = await paidApplication('Rohan Das');
    const sent = await sendDocument(staff.token, order.displayId);
    expect(sent.statusCode, sent.body).toBe(201);
    const documentId = sent.json().data.id as number;
    const [mail] = await mailsWith(`order-document-sent:${documentId}`);
    expect(mail).toMatchObject({ to: customer.email, purpose: 'order-document-sent' });
    expect(mail?.text).toContain(
      `Open it here: ${t.app.env.siteUrl}/service-order?orderId=${order.displayId}&document=sent-${documentId}`,
    );
  });
});

/**
 * A customer's New OCI Card application with the Expedite add-on and a $10 coupon, paid through
 * the sandbox (issue 28 §3: what was paid for reaches staff).
 */
async function paidExpediteOrder(name: string, { expedite = true } = {}) {
  const customer = await createSignedInUser(t.app, { name, email: uniqueEmail('expedite') });
  const order = await startApplication(t.app, customer.token);
  const base = `/application/order/${order.displayId}`;
  if (expedite) {
    const chosen = await apiCall(t.app, 'PUT', `${base}/add-ons`, customer.token, { addOns: [{ addon: 'Expedite' }] });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  const code = `RUSH${randomUUID().slice(0, 8).toUpperCase()}`;
  await t.database.db
    .insert(coupons)
    .values({ code, description: 'Ten off', discountType: 'flat', value: 1000, platform: 'sevadocs' });
  const applied = await apiCall(t.app, 'POST', `${base}/coupon`, customer.token, { code });
  expect(applied.statusCode, applied.body).toBe(200);
  await payWithSandbox(t, customer.token, order.displayId);
  return { customer, order, code, summary: applied.json().data as { totalCents: number } };
}

describe('what was paid for reaches staff (issue 28 §3)', () => {
  it('shows the paid lines, the Expedite flag and an SLA due by the Expedite promise on the desk', async () => {
    const { order, code, summary } = await paidExpediteOrder('Ishaan Rushdesk');
    const res = await asStaff('GET', `/admin/orders/${order.displayId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('Forms incomplete');
    expect(data.expedite).toBe(true);
    expect(data.charged).toMatchObject({ currency: 'USD', totalCents: summary.totalCents, couponDiscountCents: 1000 });
    const lines = data.charged.lines as { id: string; label: string; value: string; subValue?: string }[];
    expect(lines.map((l) => l.id)).toEqual(
      expect.arrayContaining(['package-cost-per-member', 'members', 'service-fee', 'expedite', 'coupon-discount']),
    );
    expect(lines.find((l) => l.id === 'expedite')).toMatchObject({ label: 'Expedite', value: '$62' });
    expect(lines.find((l) => l.id === 'coupon-discount')).toMatchObject({ value: '-$10', subValue: code });
    expect(lines.find((l) => l.id === 'members')).toMatchObject({ value: 'x1' });
    // The Expedite promise (one business day: 2 calendar days, not the package's 70) counts from
    // the last document: paid with documents missing, the order waits for the customer.
    expect(data.sla).toMatchObject({ state: 'customer', days: 2, startedAt: null, dueAt: null });
    expect(data.sla.basis).toContain('Expedite');
    await moveOrderTo(t.app, order.id, 'Order pending');
    const ready = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.sla;
    expect(ready).toMatchObject({ state: 'running', days: 2 });
    const [lastIn] = await t.database.db
      .select({ at: orderStatusHistory.changedAt })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'Order pending')));
    expect(ready.startedAt).toBe(lastIn?.at.toISOString());
    expect(Date.parse(ready.dueAt) - Date.parse(ready.startedAt)).toBe(2 * DAY_MS);
    // Sent back for a document it waits for the customer; taken back by staff straight to In
    // review (the document came by e-mail), it runs from that move.
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    await moveOrderTo(t.app, order.id, 'Forms incomplete', 'staff');
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.sla.state).toBe('customer');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    const takenBack = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.sla;
    const [lastMove] = await t.database.db
      .select({ at: orderStatusHistory.changedAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(desc(orderStatusHistory.changedAt))
      .limit(1);
    expect(takenBack).toMatchObject({ state: 'running', startedAt: lastMove?.at.toISOString() });
    // The payment that charged it.
    expect(data.payments.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        provider: 'sandbox',
        status: 'succeeded',
        amountCents: summary.totalCents,
        currency: 'USD',
        method: 'card',
      }),
    ]);
    expect(data.payments.refunds).toEqual([]);
  });

  it('names the applicants a per-member add-on was bought for, and the whole order’s add-ons', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Meera Photodesk', email: uniqueEmail('addons') });
    const sibling = { ...MINOR, fullName: 'Kabir Sharma', dateOfBirth: '2018-02-14' };
    const order = await startApplication(t.app, customer.token, { members: [ADULT, MINOR, sibling] });
    const [adult, , kabir] = order.members;
    const base = `/application/order/${order.displayId}`;
    const chosen = await apiCall(t.app, 'PUT', `${base}/add-ons`, customer.token, {
      addOns: [{ addon: 'Photo Enhancement', memberIds: [adult?.id, kabir?.id] }, { addon: 'Expedite' }],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // A member removed before payment takes their add-on with them; the others keep theirs.
    expect((await apiCall(t.app, 'DELETE', `${base}/members/${kabir?.id}`, customer.token)).statusCode).toBe(200);
    await payWithSandbox(t, customer.token, order.displayId);

    const data = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(data.service.addOns).toEqual([
      { addon: 'Photo Enhancement', memberIds: [adult?.id] },
      { addon: 'Expedite', memberIds: null },
    ]);
    expect(data.charged.lines.find((l: { id: string }) => l.id === 'photo-enhancer')).toMatchObject({ value: '$10' });

    // An order without add-ons says so with an empty list.
    const plain = await paidExpediteOrder('Meera Plaindesk', { expedite: false });
    const none = (await asStaff('GET', `/admin/orders/${plain.order.displayId}`)).json().data;
    expect(none.service.addOns).toEqual([]);
  });

  it('flags Expedite orders in the queue, with their clock, and filters to them alone', async () => {
    const rushed = await paidExpediteOrder('Tanvi Rushqueue');
    const plain = await paidExpediteOrder('Tanvi Rushqueue', { expedite: false });
    const rows = async (query: string) => {
      const res = await asStaff('GET', `/admin/orders?q=tanvi%20rushqueue&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.results as {
        displayId: string;
        expedite: boolean;
        sla: { days: number; state: string };
      }[];
    };
    const all = await rows('limit=100');
    // The package's clock runs from the payment; Expedite's waits for the customer's last document.
    expect(all.map((r) => [r.displayId, r.expedite, r.sla.days, r.sla.state])).toEqual([
      [plain.order.displayId, false, 70, 'running'],
      [rushed.order.displayId, true, 2, 'customer'],
    ]);
    expect((await rows('expedite=1')).map((r) => r.displayId)).toEqual([rushed.order.displayId]);
    // With the other filters, and as the page's checkbox sends it.
    expect((await rows('expedite=on&service=oci-card')).map((r) => r.displayId)).toEqual([rushed.order.displayId]);
    expect(await rows('expedite=1&service=photos')).toEqual([]);
    const counted = await asStaff('GET', '/admin/orders?q=tanvi%20rushqueue&expedite=1');
    expect(counted.json().data.totalCount).toBe(1);
    expect((await asStaff('GET', '/admin/orders?expedite=maybe')).statusCode).toBe(400);
  });

  it('shows a stray charge and its automatic refund among the desk’s payments', async () => {
    const { order, summary } = await paidExpediteOrder('Rohan Straydesk', { expedite: false });
    // A second payment the order could not take, and the refund the payments module made of it.
    await recordedStrayCharge(t, order.id, summary.totalCents);
    const data = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(data.expedite).toBe(false);
    expect(data.payments.attempts.map((a: { attempt: number; status: string }) => [a.attempt, a.status])).toEqual([
      [1, 'succeeded'],
      [2, 'stray'],
    ]);
    expect(data.payments.refunds).toEqual([
      expect.objectContaining({ attempt: 2, reason: 'stray', status: 'succeeded', amountCents: summary.totalCents }),
    ]);
  });
});

describe('a document outside the checklist (decision 0186)', () => {
  type Item = { id: string; label: string; required: boolean; uploaded: boolean; requested?: { note: string } };
  const itemsOf = async (token: string, ref: string, memberId: number): Promise<Item[]> =>
    (await apiCall(t.app, 'GET', `/application/order/${ref}/members/${memberId}/checklist`, token)).json().data.items;

  it('is asked for one member by name: their checklist lists it, required, with the note; the upload ticks it and answers the request', async () => {
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token, { members: [ADULT, MINOR] });
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const [priya, aarav] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const ref = order.displayId;
    const note = 'The consulate asks for it because your name changed at marriage';
    const res = await asStaff('POST', `/admin/orders/${ref}/document-requests`, {
      memberId: priya,
      otherDocument: { label: '  Marriage certificate ' },
      note,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ itemLabel: 'Marriage certificate', status: 'Forms incomplete' });

    const asked = (await itemsOf(customer.token, ref, priya)).find((i) => i.label === 'Marriage certificate');
    expect(asked).toMatchObject({ required: true, uploaded: false, requested: { note } });
    const itemId = asked?.id ?? '';
    expect(itemId).toMatch(/^other-[0-9a-f]{8}$/);
    expect((await itemsOf(customer.token, ref, aarav)).map((i) => i.label)).not.toContain('Marriage certificate');
    // The order page's list of what is left names it as staff typed it, as the e-mail does (decision
    // 0188 §2: not "Priya’s marriage certificate"); the order cannot go on without it.
    const view = async () => (await apiCall(t.app, 'GET', `/application/order/${ref}`, customer.token)).json().data;
    expect((await view()).missing).toContain('Marriage certificate (for Priya)');
    expect((await view()).missing).not.toContain('Priya’s marriage certificate');

    // E-mailed like any request: staff's name of it verbatim, whose it is, the note, the link to its slot.
    const [mail] = (await mailsWith('order-document-request:')).filter((m) => m.to === customer.email);
    expect(mail?.subject).toBe(`Your order ${ref}: please upload Marriage certificate (for Priya Sharma)`);
    expect(mail?.text).toContain(note);
    expect(mail?.text).toContain(`document=${priya}-${itemId}`);
    expect(await auditEntries(ref, 'order.document-request')).toEqual([
      expect.objectContaining({
        after: { memberId: priya, itemId, itemLabel: 'Marriage certificate', note, status: 'Forms incomplete' },
      }),
    ]);
    // The desk's checklist lists it as the customer's does, and its requests list waits for it.
    const desk = async () => (await asStaff('GET', `/admin/orders/${ref}`)).json().data.service;
    const deskMember = (await desk()).checklist.members.find((m: { memberId: number }) => m.memberId === priya);
    expect(deskMember.items.find((i: Item) => i.id === itemId)).toMatchObject({ label: 'Marriage certificate' });
    expect((await desk()).documentRequests).toEqual([
      expect.objectContaining({ itemId, document: 'Marriage certificate', note, answered: null }),
    ]);

    const upload = await uploadFor(customer.token, ref, priya, itemId);
    expect(upload.statusCode, upload.body).toBe(201);
    const ticked = upload.json().data.checklist.items.find((i: Item) => i.id === itemId);
    expect(ticked).toMatchObject({ label: 'Marriage certificate', uploaded: true });
    expect(ticked.requested).toBeUndefined();
    expect((await view()).missing).not.toContain('Marriage certificate (for Priya)');
    expect((await desk()).documentRequests).toEqual([
      expect.objectContaining({ itemId, answered: { at: expect.any(String), fileName: 'again.png' } }),
    ]);

    // Asked again, it keeps its name and its id, and is "again" now that a file came.
    const again = await asStaff('POST', `/admin/orders/${ref}/document-requests`, {
      memberId: priya,
      itemId,
      note: 'The second page is missing',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.itemLabel).toBe('Marriage certificate');
    const mails = (await mailsWith('order-document-request:')).filter((m) => m.to === customer.email);
    expect(mails.map((m) => m.subject)).toContain(
      `Your order ${ref}: please upload Marriage certificate (for Priya Sharma) again`,
    );
    expect((await itemsOf(customer.token, ref, priya)).filter((i) => i.id === itemId)).toEqual([
      expect.objectContaining({
        uploaded: false,
        requested: expect.objectContaining({ note: 'The second page is missing' }),
      }),
    ]);
  });

  it('is one member’s, of one order: its id on another member or another order answers as an unknown item', async () => {
    const customer = await createSignedInUser(t.app);
    const order = await startApplication(t.app, customer.token, { members: [ADULT, MINOR] });
    const elsewhere = await startApplication(t.app, customer.token);
    for (const id of [order.id, elsewhere.id]) await moveOrderTo(t.app, id, 'Forms incomplete');
    const [priya, aarav] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const res = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
      memberId: priya,
      otherDocument: { label: 'Name-change affidavit' },
      note: 'Sworn before a notary',
    });
    expect(res.statusCode, res.body).toBe(201);
    const itemId = (await itemsOf(customer.token, order.displayId, priya)).find(
      (i) => i.label === 'Name-change affidavit',
    )?.id as string;

    const unknown = await uploadFor(customer.token, order.displayId, aarav, 'other-00000000');
    expect(unknown.statusCode).toBe(404);
    for (const [ref, memberId] of [
      [order.displayId, aarav],
      [elsewhere.displayId, elsewhere.members[0]?.id ?? 0],
    ] as const) {
      const refused = await uploadFor(customer.token, ref, memberId, itemId);
      expect(refused.statusCode, `${ref} ${memberId}`).toBe(404);
      expect(refused.json()).toEqual(unknown.json());
      const asked = await asStaff('POST', `/admin/orders/${ref}/document-requests`, { memberId, itemId, note: 'x' });
      expect(asked.statusCode).toBe(404);
      expect(asked.json().message).toBe(unknown.json().message);
    }
  });

  it('refuses a name too short or with a control character, and a request naming both or neither', async () => {
    const { order } = await paidApplication();
    const memberId = order.members[0]?.id ?? 0;
    const url = `/admin/orders/${order.displayId}/document-requests`;
    const refused = async (body: object, field: string, message: string) => {
      const res = await asStaff('POST', url, { memberId, note: 'Needed by the consulate', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    };
    await refused({ otherDocument: { label: ' ab ' } }, 'otherDocument.label', OTHER_DOCUMENT_MESSAGES.labelTooShort);
    await refused(
      { otherDocument: { label: 'Marriage\ncertificate' } },
      'otherDocument.label',
      OTHER_DOCUMENT_MESSAGES.labelControl,
    );
    await refused(
      { itemId: 'photo', otherDocument: { label: 'Marriage certificate' } },
      'otherDocument',
      OTHER_DOCUMENT_MESSAGES.oneDocument,
    );
    await refused({}, 'itemId', OTHER_DOCUMENT_MESSAGES.oneDocument);
    expect(await auditEntries(order.displayId, 'order.document-request')).toEqual([]);
  });
});

describe('GET /admin/orders/:ref: the document requests', () => {
  it('lists a request as waiting, then answered by the customer’s next upload (its time and file), never by another customer’s', async () => {
    const mine = await paidApplication('Rhea Requested');
    const theirs = await paidApplication('Dev Elsewhere');
    const ref = mine.order.displayId;
    const memberId = mine.order.members[0]?.id ?? 0;
    // A file in before the request is the one staff asked to replace: it answers nothing.
    expect((await uploadFor(mine.customer.token, ref, memberId, 'foreign-passport')).statusCode).toBe(201);
    const note = 'The signature page is cut off';
    for (const { order } of [mine, theirs]) {
      const asked = await asStaff('POST', `/admin/orders/${order.displayId}/document-requests`, {
        memberId: order.members[0]?.id,
        itemId: 'foreign-passport',
        note,
      });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    const requests = async () => (await asStaff('GET', `/admin/orders/${ref}`)).json().data.service.documentRequests;
    const waiting = {
      id: expect.any(Number),
      requestId: expect.any(Number),
      memberId,
      memberName: 'Priya Sharma',
      itemId: 'foreign-passport',
      document: 'Current foreign passport',
      note,
      requestedBy: staff.email,
      requestedAt: expect.any(String),
      answered: null,
      replacesFile: true,
      withdrawn: null,
    };
    expect(await requests()).toEqual([waiting]);

    // The other customer answering their own order's request leaves this one waiting.
    const other = theirs.order;
    expect(
      (await uploadFor(theirs.customer.token, other.displayId, other.members[0]?.id ?? 0, 'foreign-passport'))
        .statusCode,
    ).toBe(201);
    expect(await requests()).toEqual([waiting]);

    const upload = await uploadFor(mine.customer.token, ref, memberId, 'foreign-passport');
    expect(upload.statusCode, upload.body).toBe(201);
    const uploadedAt = upload.json().data.document.uploadedAt;
    const [answered] = await requests();
    // Answered: the file it asked to replace is gone, and there is nothing left to withdraw.
    expect(answered).toEqual({ ...waiting, answered: { at: uploadedAt, fileName: 'again.png' }, replacesFile: false });
    expect(Date.parse(uploadedAt)).toBeGreaterThan(Date.parse(answered.requestedAt));
  });
});

describe('POST /admin/orders/:ref/document-requests/:requestId/withdraw (decision 0188)', () => {
  type Item = { id: string; label: string; documents: { id: number }[] };
  type DeskRequest = { requestId: number; itemId: string; document: string; withdrawn: unknown };
  const itemsOf = async (token: string, ref: string, memberId: number): Promise<Item[]> =>
    (await apiCall(t.app, 'GET', `/application/order/${ref}/members/${memberId}/checklist`, token)).json().data.items;
  const deskRequests = async (ref: string): Promise<DeskRequest[]> =>
    (await asStaff('GET', `/admin/orders/${ref}`)).json().data.service.documentRequests;
  const withdraw = (ref: string, requestId: number | string) =>
    asStaff('POST', `/admin/orders/${ref}/document-requests/${requestId}/withdraw`);
  const ask = async (ref: string, body: object) => {
    const res = await asStaff('POST', `/admin/orders/${ref}/document-requests`, body);
    expect(res.statusCode, res.body).toBe(201);
  };
  const rowsOf = (orderId: number) =>
    t.database.db
      .select()
      .from(applicationDocumentRequests)
      .where(eq(applicationDocumentRequests.orderId, orderId))
      .orderBy(applicationDocumentRequests.id);
  const withdrawalMails = async (to: string) =>
    (await mailsWith('order-document-request-withdrawn:')).filter((m) => m.to === to);
  const words = 'Marriage certificate (for Priya Sharma)';

  it('drops the item from the checklist, the order page and the completeness rule: the order held only by it moves on, and the customer is told', async () => {
    const { customer, order, memberId } = await completeApplication('Anjali Withdrawn');
    const ref = order.displayId;
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    await ask(ref, { memberId, otherDocument: { label: 'Marriage certificate' }, note: 'The consulate asks for it' });
    const view = async () => (await apiCall(t.app, 'GET', `/application/order/${ref}`, customer.token)).json().data;
    expect(await view()).toMatchObject({ status: 'Forms incomplete', missing: ['Marriage certificate (for Priya)'] });
    const [asked] = await deskRequests(ref);
    if (!asked) throw new Error('no request on the desk');
    expect(asked).toMatchObject({ document: 'Marriage certificate', answered: null, withdrawn: null });

    const res = await withdraw(ref, asked.requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: WITHDRAWAL.withdrawn,
      data: { itemLabel: 'Marriage certificate', status: 'Order pending' },
    });

    // Gone from the customer's checklist and their order page; the order went on as a last upload takes it.
    expect((await itemsOf(customer.token, ref, memberId)).map((i) => i.id)).not.toContain(asked.itemId);
    expect(await view()).toMatchObject({ status: 'Order pending', missing: [] });
    expect((await view()).timeline.at(-1)).toMatchObject({
      status: 'Order pending',
      by: 'system',
      remark: APPLICATION_MESSAGES.askedForItemsIn,
    });
    // Its slot is no item of the member's any more.
    const upload = await uploadFor(customer.token, ref, memberId, asked.itemId);
    expect(upload.statusCode).toBe(404);
    expect(upload.json().message).toBe(DOCUMENT_MESSAGES.itemNotFound);

    // Kept, not deleted: the row says when and by whom; the desk lists it as withdrawn.
    expect(await rowsOf(order.id)).toEqual([
      expect.objectContaining({ id: asked.requestId, withdrawnAt: expect.any(Date), withdrawnByUserId: staff.id }),
    ]);
    expect(await deskRequests(ref)).toEqual([{ ...asked, withdrawn: { at: expect.any(String), by: staff.email } }]);
    expect(await auditEntries(ref, 'order.document-request-withdrawn')).toEqual([
      expect.objectContaining({
        actorEmail: staff.email,
        before: { status: 'Forms incomplete' },
        after: {
          requestIds: [asked.requestId],
          memberId,
          itemId: asked.itemId,
          itemLabel: 'Marriage certificate',
          status: 'Order pending',
        },
        words: ['itemLabel'],
      }),
    ]);

    // Told in their panel and by e-mail, with the link to the order page.
    const notices = (await t.app.services.notifications.list(customer.id, { page: 1, limit: 10 })).notifications;
    expect(notices).toContainEqual(
      expect.objectContaining({
        remark: WITHDRAWAL.notice(words),
        documentStatus: WITHDRAWAL.documentStatus,
        orderStatus: 'Order pending',
      }),
    );
    const [mail, ...more] = await withdrawalMails(customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      purpose: 'order-document-request-withdrawn',
      subject: WITHDRAWAL.mailSubject(ref, words),
    });
    expect(mail?.text).toContain(WITHDRAWAL.mailHeading(words));
    expect(mail?.text).toContain(WITHDRAWAL.mailIntro);
    // The order page, as a message from our team links it: the item's slot is gone.
    expect(mail?.text).toContain(
      `${WITHDRAWAL.mailLink}: ${t.app.env.siteUrl}/service-order?orderId=${order.displayId}`,
    );
  });

  it('withdraws every request still standing for the item; the order still waits for the rest, and the item cannot be asked again by its id', async () => {
    const { customer, order } = await paidApplication('Neha Twice');
    const ref = order.displayId;
    const memberId = order.members[0]?.id ?? 0;
    await ask(ref, { memberId, otherDocument: { label: 'Name-change affidavit' }, note: 'Sworn before a notary' });
    const itemId = (await itemsOf(customer.token, ref, memberId)).find((i) => i.label === 'Name-change affidavit')
      ?.id as string;
    await ask(ref, { memberId, itemId, note: 'Both pages, please' });
    const [newer, older] = await deskRequests(ref);
    if (!newer || !older) throw new Error('two requests expected');

    const res = await withdraw(ref, older.requestId);
    expect(res.statusCode, res.body).toBe(200);
    // Other documents are still missing: the order stays where it was.
    expect(res.json().data.status).toBe('Forms incomplete');
    const withdrawn = { at: expect.any(String), by: staff.email };
    expect(await deskRequests(ref)).toEqual([
      { ...newer, withdrawn },
      { ...older, withdrawn },
    ]);
    expect(await auditEntries(ref, 'order.document-request-withdrawn')).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ requestIds: [older.requestId, newer.requestId] }) }),
    ]);
    expect((await itemsOf(customer.token, ref, memberId)).map((i) => i.id)).not.toContain(itemId);
    const view = (await apiCall(t.app, 'GET', `/application/order/${ref}`, customer.token)).json().data;
    expect(view.missing).not.toContain('Name-change affidavit (for Priya)');
    expect(view.missing.length).toBeGreaterThan(0);

    // Asked again by its id (the desk's select no longer offers it): an unknown item. Withdrawn again: refused.
    const again = await asStaff('POST', `/admin/orders/${ref}/document-requests`, { memberId, itemId, note: 'x' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(DOCUMENT_MESSAGES.itemNotFound);
    for (const requestId of [older.requestId, newer.requestId]) {
      const twice = await withdraw(ref, requestId);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(WITHDRAWAL.alreadyWithdrawn);
    }
    // One e-mail: the second try changed nothing.
    expect(await withdrawalMails(customer.email)).toHaveLength(1);
  });

  it('refuses another order’s request, a checklist item’s never sent, one a file answered (it stays) and an order that moved on', async () => {
    const { customer, order } = await paidApplication('Kiran Refused');
    const other = await paidApplication('Dev Elsewhere');
    const ref = order.displayId;
    const memberId = order.members[0]?.id ?? 0;
    await ask(ref, { memberId, otherDocument: { label: 'Marriage certificate' }, note: 'For the new name' });
    await ask(ref, { memberId, itemId: 'photo', note: 'Too dark' });
    const [photo, marriage] = await deskRequests(ref);
    if (!photo || !marriage) throw new Error('two requests expected');

    // Not this order's, or no request at all: 404 alike; not an id: 400.
    for (const [onRef, requestId] of [
      [other.order.displayId, marriage.requestId],
      [ref, 2_000_000_000],
    ] as const) {
      const res = await withdraw(onRef, requestId);
      expect(res.statusCode, `${onRef} ${requestId}`).toBe(404);
      expect(res.json().message).toBe(WITHDRAWAL.notFound);
    }
    expect((await withdraw(ref, 'abc')).statusCode).toBe(400);
    // No photo sent yet: the checklist asks for it whatever the request says.
    const neededAnyway = await withdraw(ref, photo.requestId);
    expect(neededAnyway.statusCode).toBe(409);
    expect(neededAnyway.json().message).toBe(WITHDRAWAL.neededAnyway);

    // A file came for it: the request it answered stays, and so does the file.
    expect((await uploadFor(customer.token, ref, memberId, marriage.itemId)).statusCode).toBe(201);
    const fileIn = await withdraw(ref, marriage.requestId);
    expect(fileIn.statusCode).toBe(409);
    expect(fileIn.json().message).toBe(WITHDRAWAL.fileIn);
    const kept = (await itemsOf(customer.token, ref, memberId)).find((i) => i.id === marriage.itemId);
    expect(kept?.documents).toHaveLength(1);

    // The order moved on (cancelled): nothing to withdraw from.
    await ask(other.order.displayId, {
      memberId: other.order.members[0]?.id,
      otherDocument: { label: 'Surrender certificate' },
      note: 'Of the old Indian passport',
    });
    const [surrender] = await deskRequests(other.order.displayId);
    await moveOrderTo(t.app, other.order.id, 'Cancelled', 'staff');
    const moved = await withdraw(other.order.displayId, surrender?.requestId ?? 0);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(WITHDRAWAL.notOpen('Cancelled'));

    // Nothing of any of them was recorded or sent.
    for (const { displayId, id } of [order, other.order]) {
      expect(await auditEntries(displayId, 'order.document-request-withdrawn')).toEqual([]);
      expect((await rowsOf(id)).every((r) => r.withdrawnAt === null)).toBe(true);
    }
    expect(await withdrawalMails(customer.email)).toEqual([]);
    expect(await withdrawalMails(other.customer.email)).toEqual([]);
  });

  it('withdraws a request for a new file of a document the customer sent: the file stays and counts again (decision 0192)', async () => {
    const { customer, order, memberId } = await completeApplication('Rhea Again');
    const ref = order.displayId;
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    const itemBefore = async (itemId: string) =>
      (await itemsOf(customer.token, ref, memberId)).find((i) => i.id === itemId) as Item & {
        uploaded: boolean;
        requested?: unknown;
      };
    const [bioPage] = (await itemsOf(customer.token, ref, memberId)).filter((i) => i.documents.length > 0);
    if (!bioPage) throw new Error('no item with a file');
    await ask(ref, { memberId, itemId: bioPage.id, note: 'The photo page is blurred' });
    const view = async () => (await apiCall(t.app, 'GET', `/application/order/${ref}`, customer.token)).json().data;
    expect((await view()).status).toBe('Forms incomplete');
    expect(await itemBefore(bioPage.id)).toMatchObject({ uploaded: false, requested: expect.any(Object) });
    const [asked] = await deskRequests(ref);
    if (!asked) throw new Error('no request on the desk');
    expect(asked).toMatchObject({ itemId: bioPage.id, replacesFile: true, answered: null, withdrawn: null });

    const res = await withdraw(ref, asked.requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: WITHDRAWAL.withdrawn,
      data: { itemLabel: bioPage.label, status: 'Order pending' },
    });
    // The item stays, with the file the customer sent, ticked again; the order went on.
    const after = await itemBefore(bioPage.id);
    expect(after).toMatchObject({ uploaded: true, documents: bioPage.documents });
    expect(after.requested).toBeUndefined();
    expect(await view()).toMatchObject({ status: 'Order pending', missing: [] });
    expect(await deskRequests(ref)).toEqual([
      { ...asked, replacesFile: false, withdrawn: { at: expect.any(String), by: staff.email } },
    ]);

    // Told that the file they sent will do, in their panel and by e-mail.
    // The order page's words for the item, the member named in full (`neededItem`, as the request's e-mail).
    const words = neededItem({ fullName: 'Priya Sharma' }, bioPage, (m) => m.fullName);
    expect(words).toMatch(/^Priya Sharma’s /);
    const notices = (await t.app.services.notifications.list(customer.id, { page: 1, limit: 10 })).notifications;
    expect(notices).toContainEqual(
      expect.objectContaining({ remark: WITHDRAWAL.againNotice(words), orderStatus: 'Order pending' }),
    );
    const [mail, ...more] = await withdrawalMails(customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: WITHDRAWAL.againMailSubject(ref, words) });
    expect(mail?.text).toContain(WITHDRAWAL.againMailIntro);
  });

  it('keeps no file sent to an item withdrawn while the file was on its way', async () => {
    const { customer, order } = await paidApplication('Tara Racing');
    const ref = order.displayId;
    const memberId = order.members[0]?.id ?? 0;
    await ask(ref, { memberId, otherDocument: { label: 'Marriage certificate' }, note: 'For the new name' });
    const [asked] = await deskRequests(ref);
    if (!asked) throw new Error('no request');
    const uploads = t.app.uploads;
    const accept = uploads.acceptUpload.bind(uploads);
    const racing = vi.spyOn(uploads, 'acceptUpload').mockImplementationOnce(async (...args) => {
      // The item was checked before the file was read; staff withdraw it meanwhile.
      expect((await withdraw(ref, asked.requestId)).statusCode).toBe(200);
      return accept(...args);
    });
    try {
      const upload = await uploadFor(customer.token, ref, memberId, asked.itemId);
      expect(upload.statusCode, upload.body).toBe(404);
      expect(upload.json().message).toBe(DOCUMENT_MESSAGES.itemNotFound);
    } finally {
      racing.mockRestore();
    }
    const files = await t.database.db
      .select()
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.orderId, order.id), eq(applicationDocuments.itemId, asked.itemId)));
    expect(files).toEqual([]);
  });
});

describe('GET /admin/orders/:ref/documents/:documentId/portal-pdf (decision 0185-portal-pdf)', () => {
  const portalPdf = (ref: string, documentId: number, token: string | null = staff.token) =>
    apiCall(t.app, 'GET', `/admin/orders/${ref}/documents/${documentId}/portal-pdf`, token);

  it('gives staff a photographed passport as a PDF of at most 1000 KB named after it; its customer 403, another order 404', async () => {
    const { customer, order } = await paidApplication();
    const memberId = order.members[0]?.id ?? 0;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/application/order/${order.displayId}/members/${memberId}/documents/foreign-passport`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
      payload: multipart([filePart('passport.jpg', await grainyJpeg(2400), 'image/jpeg')]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const document = upload.json().data.document;
    // Stored over the portal's limit: only a conversion brings it under.
    expect(document.size).toBeGreaterThan(PORTAL_PDF_LIMITS.oci.maxBytes);

    // The desk's link is the route.
    const detail = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    const listed = detail.service.documents.find((d: { id: number }) => d.id === document.id);
    expect(listed.links.portalPdf).toBe(`/api/v1/admin/orders/${order.displayId}/documents/${document.id}/portal-pdf`);

    const res = await portalPdf(order.displayId, document.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeLessThanOrEqual(PORTAL_PDF_LIMITS.oci.maxBytes);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passport\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('no-store');

    const refused = await portalPdf(order.displayId, document.id, customer.token);
    expect(refused.statusCode).toBe(403);
    const other = await paidApplication();
    expect((await portalPdf(other.order.displayId, document.id)).statusCode).toBe(404);
  }, 60_000);

  it('answers a PDF within 1000 KB as it is, and refuses one over it with what to ask the customer', async () => {
    const { order } = await paidApplication();
    const small = await sendDocument(
      staff.token,
      order.displayId,
      '',
      filePart('letter.pdf', await pdfWithPages(), 'application/pdf'),
    );
    expect(small.statusCode, small.body).toBe(201);
    const id = small.json().data.id;
    // A document sent to the customer is not filed: the desk links no Portal PDF of it (walk I).
    const detail = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    expect(detail.service.documents.find((d: { id: number }) => d.id === id).links).not.toHaveProperty('portalPdf');
    const asIs = await portalPdf(order.displayId, id);
    expect(asIs.statusCode, asIs.body).toBe(200);
    expect(asIs.headers['content-disposition']).toMatch(/^attachment; filename="letter\.pdf"/);
    const download = await asStaff('GET', `/admin/orders/${order.displayId}/documents/${id}/download`);
    expect(asIs.rawPayload.equals(download.rawPayload)).toBe(true);

    // A scan saved at full size: a grainy page image embedded as it is.
    const large = await scannedPdf(await grainyJpeg(1600));
    expect(large.length).toBeGreaterThan(PORTAL_PDF_LIMITS.oci.maxBytes);
    const sent = await sendDocument(staff.token, order.displayId, '', filePart('scan.pdf', large, 'application/pdf'));
    expect(sent.statusCode, sent.body).toBe(201);
    const over = await portalPdf(order.displayId, sent.json().data.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(PORTAL_PDF_MESSAGES.oci.pdfOverLimit);
  }, 60_000);

  it('offers none on a power of attorney, which goes on paper: no link, and the route answers 404', async () => {
    const customer = await createSignedInUser(t.app, { name: 'Asha Rao', email: uniqueEmail('asha') });
    const choices = { applyingFrom: 'US' };
    const { pkg } = await seededPackage(t.app, 'power-of-attorney', 'property-power-of-attorney', choices);
    const order = await startApplication(t.app, customer.token, { packageId: pkg.id, choices });
    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    const sent = await sendDocument(staff.token, order.displayId);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id;
    const detail = (await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data;
    const listed = detail.service.documents.find((d: { id: number }) => d.id === id);
    expect(listed.links).toEqual({
      download: `/api/v1/admin/orders/${order.displayId}/documents/${id}/download`,
      preview: `/api/v1/admin/orders/${order.displayId}/documents/${id}/preview`,
    });
    expect((await portalPdf(order.displayId, id)).statusCode).toBe(404);
    // The file itself is staff's as on any order.
    expect((await asStaff('GET', `/admin/orders/${order.displayId}/documents/${id}/download`)).statusCode).toBe(200);
  });

  describe('an e-Visa order’s: what the e-Visa portal takes, 10 KB–300 KB (decision 0189)', () => {
    const E_VISA = PORTAL_PDF_LIMITS.eVisa;
    const expectWithin = (pdf: Buffer) => {
      expect(pdf.length).toBeGreaterThanOrEqual(E_VISA.minBytes);
      expect(pdf.length).toBeLessThanOrEqual(E_VISA.maxBytes);
    };
    async function eVisaApplication() {
      const customer = await createSignedInUser(t.app, { name: 'Ravi Menon', email: uniqueEmail('ravi') });
      return { customer, order: await eVisaOrder(t.app, customer.token, 'Forms incomplete') };
    }

    it('makes a photographed passport bio page a PDF of at most 300 KB, and a tiny image one of at least 10 KB', async () => {
      const { customer, order } = await eVisaApplication();
      const memberId = order.members[0]?.id ?? 0;
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/v1/application/order/${order.displayId}/members/${memberId}/documents/passport-bio-page`,
        headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(customer.token) },
        payload: multipart([filePart('bio-page.jpg', await grainyJpeg(2400), 'image/jpeg')]),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const document = upload.json().data.document;
      expect(document.size).toBeGreaterThan(PORTAL_PDF_LIMITS.oci.maxBytes);

      const res = await portalPdf(order.displayId, document.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bio-page\.pdf"/);
      expectWithin(res.rawPayload);
      expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);

      // A 30 × 30 px picture is a PDF of a couple of KB at its own size: enlarged until 10 KB.
      const sent = await sendDocument(staff.token, order.displayId);
      expect(sent.statusCode, sent.body).toBe(201);
      const tiny = await portalPdf(order.displayId, sent.json().data.id);
      expect(tiny.statusCode, tiny.body).toBe(200);
      expectWithin(tiny.rawPayload);
    }, 60_000);

    it('answers a PDF within 10 KB–300 KB as it is, and refuses one over 300 KB or under 10 KB with the portal’s limits', async () => {
      const { order } = await eVisaApplication();
      const send = async (name: string, pdf: Buffer) => {
        const sent = await sendDocument(staff.token, order.displayId, '', filePart(name, pdf, 'application/pdf'));
        expect(sent.statusCode, sent.body).toBe(201);
        return sent.json().data.id as number;
      };
      const fitting = await scannedPdf(await grainyJpeg(400));
      expectWithin(fitting);
      const id = await send('bio-page.pdf', fitting);
      const asIs = await portalPdf(order.displayId, id);
      expect(asIs.statusCode, asIs.body).toBe(200);
      const stored = async (ref: string, documentId: number) =>
        (await asStaff('GET', `/admin/orders/${ref}/documents/${documentId}/download`)).rawPayload;
      expect(asIs.rawPayload.equals(await stored(order.displayId, id))).toBe(true);
      expectWithin(asIs.rawPayload);

      // Over the e-Visa's 300 KB, within the OCI's 1000 KB: an OCI order's Portal PDF sends it as it is.
      const large = await scannedPdf(await grainyJpeg(1024));
      expect(large.length).toBeGreaterThan(E_VISA.maxBytes);
      expect(large.length).toBeLessThan(PORTAL_PDF_LIMITS.oci.maxBytes);
      const over = await portalPdf(order.displayId, await send('scan.pdf', large));
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit);

      const small = await pdfWithPages();
      expect(small.length).toBeLessThan(E_VISA.minBytes);
      const under = await portalPdf(order.displayId, await send('letter.pdf', small));
      expect(under.statusCode).toBe(409);
      expect(under.json().message).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit);

      const oci = await paidApplication();
      const ociSent = await sendDocument(
        staff.token,
        oci.order.displayId,
        '',
        filePart('scan.pdf', large, 'application/pdf'),
      );
      expect(ociSent.statusCode, ociSent.body).toBe(201);
      const asOci = await portalPdf(oci.order.displayId, ociSent.json().data.id);
      expect(asOci.statusCode, asOci.body).toBe(200);
      expect(asOci.rawPayload.equals(await stored(oci.order.displayId, ociSent.json().data.id))).toBe(true);
    }, 60_000);

    it('sends a stored PDF of 300,000 or 10,240 bytes and refuses 300,001 or 10,239: bytes every reading of the portal’s KB takes', async () => {
      const { order } = await eVisaApplication();
      const ociOrder = (await paidApplication()).order;
      /** The Portal PDF of a stored PDF of exactly `bytes`: true when sent as stored, else the refusal. */
      const answer = async (ref: string, bytes: number) => {
        const pdf = await pdfOfSize(bytes);
        const sent = await sendDocument(staff.token, ref, '', filePart('scan.pdf', pdf, 'application/pdf'));
        expect(sent.statusCode, sent.body).toBe(201);
        const res = await portalPdf(ref, sent.json().data.id);
        return res.statusCode === 200
          ? res.rawPayload.equals(pdf)
          : { status: res.statusCode, message: res.json().message };
      };
      expect(await answer(order.displayId, 300_000)).toBe(true);
      expect(await answer(order.displayId, 300_001)).toEqual({
        status: 409,
        message: PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit,
      });
      expect(await answer(order.displayId, 10_240)).toBe(true);
      expect(await answer(order.displayId, 10_239)).toEqual({
        status: 409,
        message: PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit,
      });
      // The OCI's 1000 KB: 1,000,000 bytes.
      expect(await answer(ociOrder.displayId, 1_000_000)).toBe(true);
      expect(await answer(ociOrder.displayId, 1_000_001)).toEqual({
        status: 409,
        message: PORTAL_PDF_MESSAGES.oci.pdfOverLimit,
      });
    }, 60_000);
  });
});

describe('POST /admin/orders/:ref/refunds: a refund started on the desk (decision 0187)', () => {
  const reason = 'We could not book the consulate appointment you needed.';
  async function paidOrder() {
    const customer = await createSignedInUser(t.app, { name: 'Dev Deskrefund', email: uniqueEmail('dev') });
    const order = await startApplication(t.app, customer.token);
    const paymentId = await payWithSandbox(t, customer.token, order.displayId);
    return { customer, order, paymentId };
  }
  const refundAt = (ref: string, payload: object, token = staff.token) =>
    apiCall(t.app, 'POST', `/admin/orders/${ref}/refunds`, token, payload);
  const sandboxRefundsOf = (paymentId: string) =>
    t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
  const ledgerOf = (orderId: number) =>
    t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
  const requestsOf = (orderId: number) =>
    t.database.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));

  it('refunds through the provider once, into the ledger, on both order lists, audited by name, e-mailed with the reason', async () => {
    const { customer, order, paymentId } = await paidOrder();
    const res = await refundAt(order.displayId, { amountCents: 1234, reason, idempotencyKey: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Refunded $12.34.');
    const refund = res.json().data;
    expect(refund).toMatchObject({
      orderDisplayId: order.displayId,
      origin: 'staff',
      reason,
      amountCents: 1234,
      approvedCents: 1234,
      partialReason: null,
      status: 'Refunded',
    });
    expect((await sandboxRefundsOf(paymentId)).map((r) => r.amountCents)).toEqual([1234]);
    expect((await ledgerOf(order.id)).map((r) => [r.amountCents, r.status])).toEqual([[1234, 'succeeded']]);

    // The desk's list and the customer's say what went back.
    const desk = (await asStaff('GET', `/admin/orders?q=${order.displayId}`)).json().data.results;
    expect(desk.map((r: { refundedCents: number; currency: 'USD' }) => refundedNote(r))).toEqual(['Refunded $12.34']);
    const theirs = (await apiCall(t.app, 'GET', '/users/orders', customer.token)).json().data.results;
    const row = theirs.find((r: { displayId: string }) => r.displayId === order.displayId);
    expect(refundedNote(row)).toBe('Refunded $12.34');

    // Who started it is in the audit log, beside the approval it made.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'refund-request'), eq(auditLog.subjectId, String(refund.id))));
    expect(entries.map((e) => [e.action, e.actorId, e.actorEmail])).toEqual(
      expect.arrayContaining([
        ['refund.desk-start', staff.id, staff.email],
        ['refund.approve', staff.id, staff.email],
      ]),
    );
    expect(entries.find((e) => e.action === 'refund.desk-start')?.after).toMatchObject({ amountCents: 1234, reason });

    // The customer's e-mail is the approval's, with why it was made.
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.key, `refund-decision:${refund.reference}:refunded`));
    expect(mail?.to).toBe(customer.email);
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain('$12.34');
  });

  it('makes one refund of a form sent twice with its key, one after the other or at once', async () => {
    const { order, paymentId } = await paidOrder();
    const payload = { amountCents: 500, reason, idempotencyKey: randomUUID() };
    const first = await refundAt(order.displayId, payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await refundAt(order.displayId, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);

    const both = { amountCents: 700, reason, idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([refundAt(order.displayId, both), refundAt(order.displayId, both)]);
    // One made it; the other answered it (made) or said it is being made: never a second refund.
    expect([a.statusCode, b.statusCode].sort()).toContain(201);
    expect([a.statusCode, b.statusCode].filter((s) => s === 201)).toHaveLength(1);
    expect((await sandboxRefundsOf(paymentId)).map((r) => r.amountCents).sort()).toEqual([500, 700]);
    expect(await ledgerOf(order.id)).toHaveLength(2);
    expect(await requestsOf(order.id)).toHaveLength(2);

    // The key with another amount: refused, nothing refunded.
    const reused = await refundAt(order.displayId, { ...payload, amountCents: 501 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(DESK_REFUND_MESSAGES.keyReused);
    expect(await sandboxRefundsOf(paymentId)).toHaveLength(2);
  });

  it('lets only one of two refunds of all that is left through, at once, and leaves no request for the other', async () => {
    const { order, paymentId } = await paidOrder();
    const whole = order.price.totalCents;
    const [a, b] = await Promise.all([
      refundAt(order.displayId, { amountCents: whole, reason, idempotencyKey: randomUUID() }),
      refundAt(order.displayId, { amountCents: whole, reason, idempotencyKey: randomUUID() }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe(ADMIN_REFUND_MESSAGES.overRemaining({ amountCents: 0, currency: 'USD' }));
    expect((await sandboxRefundsOf(paymentId)).map((r) => r.amountCents)).toEqual([whole]);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect((await requestsOf(order.id)).map((r) => r.status)).toEqual(['Refunded']);
    // The whole payment went back: the order is Refunded.
    expect((await asStaff('GET', `/admin/orders/${order.displayId}`)).json().data.status).toBe('Refunded');
  });

  it('refuses more than is left, an unpaid or cancelled order, a customer, bad input and an unknown order', async () => {
    const { customer, order, paymentId } = await paidOrder();
    const key = () => randomUUID();
    expect((await refundAt(order.displayId, { amountCents: 1000, reason, idempotencyKey: key() })).statusCode).toBe(
      201,
    );
    const left = order.price.totalCents - 1000;
    const over = await refundAt(order.displayId, { amountCents: left + 1, reason, idempotencyKey: key() });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ADMIN_REFUND_MESSAGES.overRemaining({ amountCents: left, currency: 'USD' }));

    const asCustomer = await refundAt(
      order.displayId,
      { amountCents: 100, reason, idempotencyKey: key() },
      customer.token,
    );
    expect(asCustomer.statusCode).toBe(403);
    const noReason = await refundAt(order.displayId, { amountCents: 100, reason: '  ', idempotencyKey: key() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(DESK_REFUND_MESSAGES.reasonRequired);
    expect((await refundAt(order.displayId, { amountCents: 100, reason })).statusCode).toBe(400);
    expect((await refundAt('DOC-999999', { amountCents: 100, reason, idempotencyKey: key() })).statusCode).toBe(404);

    const unpaid = await startApplication(t.app, customer.token);
    const notPaid = await refundAt(unpaid.displayId, { amountCents: 100, reason, idempotencyKey: key() });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(ADMIN_REFUND_MESSAGES.notPaid);

    const cancelled = await paidOrder();
    await asStaff('POST', `/admin/orders/${cancelled.order.displayId}/status`, {
      status: 'Cancelled',
      remark: 'The customer asked us to stop.',
    });
    const refusedCancelled = await refundAt(cancelled.order.displayId, {
      amountCents: 100,
      reason,
      idempotencyKey: key(),
    });
    expect(refusedCancelled.statusCode).toBe(409);
    expect(refusedCancelled.json().message).toBe(DESK_REFUND_MESSAGES.cancelled);

    // Only the first refund was made.
    expect((await sandboxRefundsOf(paymentId)).map((r) => r.amountCents)).toEqual([1000]);
    expect(await sandboxRefundsOf(cancelled.paymentId)).toEqual([]);
  });
});
