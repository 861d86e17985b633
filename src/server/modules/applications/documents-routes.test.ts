import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES as A } from '../../../domain/applications/application.ts';
import { DOCUMENT_MESSAGES as D } from '../../../domain/applications/documents.ts';
import { MEMBER_MESSAGES as M, type MemberInput } from '../../../domain/applications/members.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { UPLOAD_MESSAGES, unsupportedTypeMessage } from '../../../domain/uploads/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart, type Part } from '../../test/multipart.ts';
import { pdfWithPages, smallPng } from '../../test/upload-fixtures.ts';
import { bearer, createSignedInUser, signIn } from '../auth/testing.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { applicationDocumentRequests, applicationDocuments, applicationMembers } from './tables.ts';
import { ADULT, afterAutosaveWindow, MINOR, moveOrderTo, seededPackage, startApplication } from './testing.ts';

let t: TestApp;
let pdf: Buffer;
let png: Buffer;
beforeAll(async () => {
  // Photos and signatures are fitted by the SevaPhotos engine: documents-photo-fitting.test.ts runs
  // the real one; here a stand-in fits any image, so these tests are about documents.
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  [pdf, png] = await Promise.all([pdfWithPages(), smallPng()]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(token ? { headers: bearer(token) } : {}) });

const orderPath = (ref: string) => `/application/order/${ref}`;
const itemPath = (ref: string, memberId: number, itemId: string) =>
  `${orderPath(ref)}/members/${memberId}/documents/${itemId}`;

function upload(token: string | null, url: string, parts: Part[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...(token ? bearer(token) : {}) },
    payload: multipart(parts),
  });
}
const pdfFile = (name = 'passport.pdf') => [filePart(name, pdf, 'application/pdf')];
const pngFile = (name = 'photo.png') => [filePart(name, png, 'image/png')];

/** The stored files: what the app's file storage holds on disk. */
const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));
const rowsOf = (orderId: number) =>
  t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.orderId, orderId));
const liveRowsOf = (orderId: number) =>
  t.database.db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.orderId, orderId), isNull(applicationDocuments.deletedAt)));
const storedPath = (key: string) => join(t.app.env.dataDir, 'files', key);

async function bytesOf(key: string): Promise<Buffer> {
  const stored = await t.app.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored?.stream ?? Readable.from([])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function customerWithOrder(members = [ADULT]) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, { members });
  return { user, order, memberId: order.members[0]?.id ?? 0 };
}

let staff: { id: number } | null = null;
const moveTo = (orderId: number, to: OrderStatus, actor?: 'system' | 'staff') => moveOrderTo(t.app, orderId, to, actor);
async function staffUser() {
  staff ??= await createSignedInUser(t.app);
  return staff;
}

/** A file put in storage as the back office's upload would (acceptUpload's answer). */
async function storedUpload(data: Buffer, displayName: string) {
  const stored = await t.app.storage.put(Readable.from([data]), { contentType: 'application/pdf' });
  return { storageKey: stored.key, displayName, type: stored.contentType, size: stored.size, sha256: stored.sha256 };
}

describe('the checklist', () => {
  it("lists each member's items from the package, the member's kind and age, required or optional, none ticked", async () => {
    const toddler: MemberInput = {
      fullName: 'Anaya Sharma',
      dateOfBirth: `${new Date().getUTCFullYear() - 2}-01-15`,
      relationship: 'Child',
    };
    const { user, order } = await customerWithOrder([ADULT, MINOR, toddler]);
    const res = await call('GET', `${orderPath(order.displayId)}/checklist`, user.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200, message: 'Checklist loaded' });
    expect(body.data).toMatchObject({ canChangeDocuments: true, complete: false });
    const [adult, minor, little] = body.data.members;
    expect(adult).toMatchObject({ memberId: order.members[0]?.id, fullName: ADULT.fullName, kind: 'Adult' });
    expect(minor).toMatchObject({ memberId: order.members[1]?.id, kind: 'Minor', complete: false, otherDocuments: [] });
    const ids = (m: { items: { id: string }[] }) => m.items.map((i) => i.id);
    expect(ids(adult)).toContain('signature');
    // A child of 5 or older signs; one under 5 gives a thumb impression (from the date of birth).
    expect(ids(minor)).toContain('signature');
    expect(ids(minor)).not.toContain('thumb-impression');
    expect(ids(little)).toContain('thumb-impression');
    expect(ids(little)).not.toContain('signature');
    expect(ids(minor)).toContain('parent-passport-1');
    // A child's own items are named after the child.
    const label = (m: { items: { id: string; label: string }[] }, id: string) =>
      m.items.find((i) => i.id === id)?.label;
    expect(label(minor, 'signature')).toBe('Aarav’s signature');
    expect(label(little, 'photo')).toBe('Anaya’s photo');
    // Prepared by us: in the print pack once paid, and not due before (this order is not paid).
    expect(minor.items.find((i: { id: string }) => i.id === 'parental-authorization-form')).toMatchObject({
      required: false,
      preparedByUs: true,
    });
    expect(adult.items.find((i: { id: string }) => i.id === 'foreign-passport')).toEqual({
      id: 'foreign-passport',
      label: 'Current foreign passport',
      hint: 'The bio page and the signature page.',
      required: true,
      accept: { types: ['jpeg', 'png', 'heic', 'pdf'], maxBytes: 10 * 1024 * 1024 },
      uploaded: false,
      documents: [],
    });
    // Optional while the form has not asked whether the member was an Indian citizen.
    expect(adult.items.find((i: { id: string }) => i.id === 'renunciation-certificate')).toMatchObject({
      required: false,
      hint: 'Needed only if you were ever an Indian citizen.',
    });

    const one = await call(
      'GET',
      `${orderPath(order.displayId)}/members/${order.members[1]?.id}/checklist`,
      user.token,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(minor);
  });
});

describe('what our team prepares', () => {
  it('is not missing before payment, when it cannot be had, and is due once the order is paid', async () => {
    const { user, order } = await customerWithOrder([MINOR]);
    const formOf = async () =>
      (await call('GET', `${orderPath(order.displayId)}/checklist`, user.token))
        .json()
        .data.members[0].items.find((i: { id: string }) => i.id === 'parental-authorization-form');
    const view = async () => (await call('GET', orderPath(order.displayId), user.token)).json().data;
    expect(await formOf()).toMatchObject({ required: false, preparedByUs: true });
    expect((await formOf()).printPack).toBeUndefined();
    expect((await view()).missing).not.toContain('Aarav’s Parental Authorization Form');
    // Checkout names it before payment: an order with nothing missing still waits for it once paid.
    expect((await view()).preparedAfterPayment).toEqual(['Aarav’s Parental Authorization Form']);

    await moveOrderTo(t.app, order.id, 'Forms incomplete');
    // Paid: the item says where to print it from, the member's own print pack.
    const memberId = (await view()).members[0].id;
    expect(await formOf()).toMatchObject({
      required: true,
      preparedByUs: true,
      printPack: `/api/v1/application/order/${order.displayId}/members/${memberId}/print-pack`,
    });
    // The desk's copy of the checklist links staff's own print pack route, as its files.
    const staff = await createStaffUser(t.app, t.database.db, 'admin');
    const desk = await call('GET', `/admin/orders/${order.displayId}`, staff.token);
    const deskItem = desk
      .json()
      .data.service.checklist.members[0].items.find((i: { id: string }) => i.id === 'parental-authorization-form');
    expect(deskItem.printPack).toBe(`/api/v1/admin/orders/${order.displayId}/members/${memberId}/print-pack`);
    expect((await view()).missing).toContain('Aarav’s Parental Authorization Form');
    expect((await view()).preparedAfterPayment).toEqual([]);
  });

  it('names nothing to come for an adult, whose checklist has nothing our team prepares', async () => {
    const { user, order } = await customerWithOrder();
    const view = (await call('GET', orderPath(order.displayId), user.token)).json().data;
    expect(view.preparedAfterPayment).toEqual([]);
  });
});

describe('the checklist follows the answers', () => {
  it('requires the renunciation certificate once the member says they were an Indian citizen, and drops it otherwise', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const renunciation = async () =>
      (await call('GET', `${orderPath(order.displayId)}/members/${memberId}/checklist`, user.token))
        .json()
        .data.items.find((i: { id: string }) => i.id === 'renunciation-certificate');
    // Each answer from its own session: autosave's allowance is per session.
    const answer = async (eligibility: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1${orderPath(order.displayId)}/members/${memberId}/form`,
        headers: bearer(await signIn(t.app, user.email, user.password)),
        payload: { currentStep: 2, answers: { eligibility } },
      });
    expect((await answer('former-citizen')).statusCode).toBe(200);
    expect(await renunciation()).toMatchObject({ required: true });
    expect((await answer('descendant')).statusCode).toBe(200);
    expect(await renunciation()).toBeUndefined();
  });
});

describe('uploading to a checklist item', () => {
  it('stores the file, ticks the item and answers the member’s checklist', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const res = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ isSuccess: true, statusCode: 201, message: 'Document uploaded' });
    const { document, checklist } = res.json().data;
    expect(document).toEqual({
      id: expect.any(Number),
      memberId,
      itemId: 'foreign-passport',
      direction: 'from-customer',
      name: 'passport.pdf',
      type: 'application/pdf',
      size: pdf.length,
      uploadedBy: 'customer',
      uploadedAt: expect.any(String),
      links: {
        download: `/api/v1/application/order/${order.displayId}/documents/${document.id}/download`,
        preview: `/api/v1/application/order/${order.displayId}/documents/${document.id}/preview`,
      },
    });
    const item = checklist.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect(item).toMatchObject({ uploaded: true, documents: [document] });

    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ uploadedBy: 'customer', uploadedByUserId: user.id, deletedAt: null });
    expect((await bytesOf(row?.storageKey ?? '')).equals(pdf)).toBe(true);
    expect(await storedFiles()).toEqual([storedPath(row?.storageKey ?? '')]);
  });

  it('keeps a fitted photo’s checks with the document: the checklist and the documents list show them after a reload', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const res = await upload(user.token, itemPath(order.displayId, memberId, 'photo'), pngFile());
    expect(res.statusCode, res.body).toBe(201);
    const { document, report } = res.json().data;
    expect(report).toMatchObject({ sizeId: 'oci-photo' });
    expect(document.report).toEqual(report);

    const checklist = await call('GET', `${orderPath(order.displayId)}/members/${memberId}/checklist`, user.token);
    const photo = checklist.json().data.items.find((i: { id: string }) => i.id === 'photo');
    expect(photo.documents[0].report).toEqual(report);
    const listed = (await call('GET', `${orderPath(order.displayId)}/documents`, user.token)).json().data.results;
    expect(listed.find((d: { id: number }) => d.id === document.id).report).toEqual(report);
    // A file that is not fitted has no checks.
    const passport = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    expect(passport.json().data.document).not.toHaveProperty('report');
  });

  const EVISA_US = { citizenship: 'US', destination: 'IN' };
  it('an upload question of the form files to the item its key names: the e-Visa’s passport page is its answer too', async () => {
    const { pkg } = await seededPackage(t.app, 'indian-visa', 'e-tourist-30-days', EVISA_US);
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id, choices: EVISA_US });
    const memberId = order.members[0]?.id ?? 0;
    // The form asks `passportBioPage`, the checklist lists `passport-bio-page` (checklistItemOfUpload).
    const res = await upload(user.token, itemPath(order.displayId, memberId, 'passport-bio-page'), pdfFile());
    expect(res.statusCode, res.body).toBe(201);
    const { document } = res.json().data;
    const [member] = await t.database.db.select().from(applicationMembers).where(eq(applicationMembers.id, memberId));
    expect(member?.answers).toMatchObject({
      passportBioPage: { documentId: String(document.id), name: 'passport.pdf', type: 'application/pdf' },
    });
  });

  it('an item a PDF-only question of the form asks takes only a PDF, from the order page too', async () => {
    const { pkg } = await seededPackage(t.app, 'visa-application-centre-support', 'consular-appointment-file-check');
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { packageId: pkg.id });
    const memberId = order.members[0]?.id ?? 0;
    // The form's `governmentForm` takes a PDF only; the checklist's `government-form` says so (its picker and hint).
    const checklist = await call('GET', `${orderPath(order.displayId)}/members/${memberId}/checklist`, user.token);
    const item = checklist.json().data.items.find((i: { id: string }) => i.id === 'government-form');
    expect(item.accept.types).toEqual(['pdf']);

    const before = await storedFiles();
    const image = await upload(user.token, itemPath(order.displayId, memberId, 'government-form'), pngFile('form.png'));
    const refusal = unsupportedTypeMessage(['pdf']);
    expect(image.statusCode).toBe(415);
    expect(image.json()).toMatchObject({ isSuccess: false, message: refusal, errors: { file: refusal } });
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(order.id)).toEqual([]);

    const res = await upload(user.token, itemPath(order.displayId, memberId, 'government-form'), pdfFile('form.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    const [member] = await t.database.db.select().from(applicationMembers).where(eq(applicationMembers.id, memberId));
    expect(member?.answers).toMatchObject({ governmentForm: { documentId: String(res.json().data.document.id) } });
  });

  it('shows a long file name truncated to 500 characters with an ellipsis (SPEC.md §5)', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const res = await upload(
      user.token,
      itemPath(order.displayId, memberId, 'address-proof'),
      pdfFile(`${'a'.repeat(600)}.pdf`),
    );
    expect(res.json().data.document.name).toBe(`${'a'.repeat(500)}…`);
  });

  it('replaces the item’s file: the new one is kept, the old one is removed from storage', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const url = itemPath(order.displayId, memberId, 'photo');
    const first = await upload(user.token, url, pngFile('first.png'));
    expect(first.statusCode).toBe(201);
    const second = await upload(user.token, url, pngFile('second.png'));
    expect(second.statusCode).toBe(201);
    expect(second.json().message).toBe('Document replaced');
    const item = second.json().data.checklist.items.find((i: { id: string }) => i.id === 'photo');
    expect(item.documents.map((d: { name: string }) => d.name)).toEqual(['second.png']);

    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(2);
    const [old, current] = rows.sort((a, b) => a.id - b.id);
    // The old row stays as a record of what was replaced, without its file.
    expect(old).toMatchObject({ displayName: 'first.png', storageKey: null, deletedAt: expect.any(Date) });
    expect(current).toMatchObject({ displayName: 'second.png', deletedAt: null });
    expect(await storedFiles()).toContain(storedPath(current?.storageKey ?? ''));
    expect(
      (await storedFiles()).filter((f) => rows.some((r) => r.storageKey && f.endsWith(r.storageKey))),
    ).toHaveLength(1);
  });

  it('an item our team asked for again is not ticked until a new file answers the request', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const path = itemPath(order.displayId, memberId, 'foreign-passport');
    const first = (await upload(user.token, path, pdfFile())).json().data.document;
    await t.database.db.insert(applicationDocumentRequests).values({
      orderId: order.id,
      memberId,
      itemId: 'foreign-passport',
      note: 'The signature page is cut off',
      createdAt: new Date(Date.parse(first.uploadedAt) + 1),
    });
    const item = async () => {
      const checklist = (
        await call('GET', `${orderPath(order.displayId)}/members/${memberId}/checklist`, user.token)
      ).json().data;
      return checklist.items.find((i: { id: string }) => i.id === 'foreign-passport');
    };
    expect(await item()).toMatchObject({
      uploaded: false,
      requested: { note: 'The signature page is cut off' },
      documents: [{ id: first.id }],
    });

    await upload(user.token, path, pdfFile('signed.pdf'));
    const answered = await item();
    expect(answered.uploaded).toBe(true);
    expect(answered.requested).toBeUndefined();
  });

  it('two uploads to one item at the same time end with exactly one file', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const before = await storedFiles();
    const url = itemPath(order.displayId, memberId, 'signature');
    const answers = await Promise.all([
      upload(user.token, url, pngFile('a.png')),
      upload(user.token, url, pngFile('b.png')),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const live = await liveRowsOf(order.id);
    expect(live).toHaveLength(1);
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toEqual([storedPath(live[0]?.storageKey ?? '')]);
  });

  it('ticks the order page’s to-do off member by member', async () => {
    const { user, order, memberId } = await customerWithOrder([ADULT, MINOR]);
    const page = async () => (await call('GET', orderPath(order.displayId), user.token)).json().data;
    const initial = await page();
    expect(initial.actions.canChangeDocuments).toBe(true);
    expect(initial.toDo.missingDocuments).toHaveLength(2);
    const adultMissing = initial.toDo.missingDocuments[0];
    expect(adultMissing).toMatchObject({ memberId, fullName: ADULT.fullName });
    expect(adultMissing.items.map((i: { id: string }) => i.id)).toEqual([
      'foreign-passport',
      'indian-origin-proof',
      'address-proof',
      'photo',
      'signature',
    ]);
    expect(adultMissing.items[0]).toEqual({ id: 'foreign-passport', label: 'Current foreign passport' });

    for (const { id } of adultMissing.items as { id: string }[]) {
      const file = id === 'photo' || id === 'signature' ? pngFile() : pdfFile();
      expect((await upload(user.token, itemPath(order.displayId, memberId, id), file)).statusCode).toBe(201);
    }
    const after = await page();
    expect(after.toDo.missingDocuments.map((m: { memberId: number }) => m.memberId)).toEqual([order.members[1]?.id]);
    const checklist = (await call('GET', `${orderPath(order.displayId)}/checklist`, user.token)).json().data;
    expect(checklist.members.map((m: { complete: boolean }) => m.complete)).toEqual([true, false]);
    expect(checklist.complete).toBe(false);
    // Uploading changes no status: the payment (checkout) and the form engine move the order on.
    expect(after.status).toBe('Payment pending');
  });

  it('is open after payment while documents are missing (Forms incomplete)', async () => {
    const { user, order, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Forms incomplete');
    const res = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    expect(res.statusCode).toBe(201);
  });
});

describe('a document outside the checklist our team asked for (decision 0186)', () => {
  const otherId = 'other-5e1f00d2';
  const askFor = (orderId: number, memberId: number) =>
    t.database.db.insert(applicationDocumentRequests).values({
      orderId,
      memberId,
      itemId: otherId,
      itemLabel: 'Surrender certificate of the old Indian passport',
      note: 'The consulate needs it before the OCI',
    });

  it('takes an upload, a copy and a deletion at its member’s slot; another member’s or order’s is an unknown item', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const [priya, aarav] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const second = await startApplication(t.app, user.token);
    await askFor(order.id, priya);
    const before = await storedFiles();

    // Another member of the order, and the same customer's other order: the item is not theirs.
    for (const [ref, memberId] of [
      [order.displayId, aarav],
      [second.displayId, second.members[0]?.id ?? 0],
    ] as const) {
      const refused = await upload(user.token, itemPath(ref, memberId, otherId), pdfFile());
      expect(refused.statusCode, `${ref} ${memberId}`).toBe(404);
      expect(refused.json().message).toBe(D.itemNotFound);
    }
    expect(await storedFiles()).toEqual(before);

    const res = await upload(user.token, itemPath(order.displayId, priya, otherId), pdfFile('surrender.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    const { document, checklist } = res.json().data;
    expect(document).toMatchObject({ memberId: priya, itemId: otherId, name: 'surrender.pdf' });
    expect(checklist.items.at(-1)).toMatchObject({
      id: otherId,
      label: 'Surrender certificate of the old Indian passport',
      required: true,
      uploaded: true,
      documents: [{ id: document.id }],
    });
    expect(checklist.otherDocuments).toEqual([]);
    // Its file is for no item of Aarav's: copying it there is refused as an unknown item, before the file.
    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/v1${itemPath(order.displayId, aarav, otherId)}/copy`,
      headers: bearer(user.token),
      payload: { documentId: document.id },
    });
    expect(copied.statusCode).toBe(404);
    expect(copied.json().message).toBe(D.itemNotFound);

    const removed = await call('DELETE', `${orderPath(order.displayId)}/documents/${document.id}`, user.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.items.at(-1)).toMatchObject({ id: otherId, required: true, uploaded: false });
  });

  it('is no item of the member’s once our team withdrew every request for it (decision 0188)', async () => {
    const { user, order, memberId } = await customerWithOrder();
    await moveTo(order.id, 'Forms incomplete');
    const ids = async () =>
      (await call('GET', `${orderPath(order.displayId)}/members/${memberId}/checklist`, user.token))
        .json()
        .data.items.map((i: { id: string }) => i.id);
    await askFor(order.id, memberId);
    await askFor(order.id, memberId);
    const [first, second] = await t.database.db
      .select()
      .from(applicationDocumentRequests)
      .where(eq(applicationDocumentRequests.orderId, order.id))
      .orderBy(applicationDocumentRequests.id);
    const withdrawn = (id: number) =>
      t.database.db
        .update(applicationDocumentRequests)
        .set({ withdrawnAt: new Date() })
        .where(eq(applicationDocumentRequests.id, id));
    // One of its two requests withdrawn: the other still asks for it.
    await withdrawn(first?.id ?? 0);
    expect(await ids()).toContain(otherId);
    await withdrawn(second?.id ?? 0);
    expect(await ids()).not.toContain(otherId);
    const view = (await call('GET', orderPath(order.displayId), user.token)).json().data;
    expect(view.missing.join(' ')).not.toContain('Surrender certificate');
    const refused = await upload(user.token, itemPath(order.displayId, memberId, otherId), pdfFile());
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(D.itemNotFound);
  });
});

describe('refused uploads leave nothing on disk and no row', () => {
  const expectNothingKept = async (orderId: number, before: string[]) => {
    expect(await storedFiles()).toEqual(before);
    expect(await filesUnder(join(t.app.env.dataDir, 'upload-scratch'))).toEqual([]);
    expect(await rowsOf(orderId)).toEqual([]);
  };

  it.each([
    [
      'an executable named .jpg',
      'foreign-passport',
      () => [filePart('passport.jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]), 'image/jpeg')],
      415,
      'This file is named as a JPEG but is not really one: it may be a saved web page or a renamed file. Please save or export it again as a JPEG, PNG, HEIC or PDF file.',
    ],
    [
      'a PDF for a photo',
      'photo',
      () => pdfFile('photo.pdf'),
      415,
      'This file type is not accepted here. Please upload a JPEG, PNG or HEIC file.',
    ],
    ['an empty file', 'foreign-passport', () => [filePart('empty.pdf', '')], 400, UPLOAD_MESSAGES.empty],
    [
      'no file at all',
      'foreign-passport',
      () => [{ name: 'note', data: 'hello' }],
      400,
      'Please choose a file to upload.',
    ],
  ])('%s', async (_label, itemId, parts, status, message) => {
    const { user, order, memberId } = await customerWithOrder();
    const before = await storedFiles();
    const res = await upload(user.token, itemPath(order.displayId, memberId, itemId), parts());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: status, message, errors: { file: message } });
    await expectNothingKept(order.id, before);
  });

  it('an item that is not on the member’s checklist, or not an item id', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const before = await storedFiles();
    // An adult signs: the thumb impression is a minor's item.
    const notListed = await upload(user.token, itemPath(order.displayId, memberId, 'thumb-impression'), pngFile());
    expect(notListed.statusCode).toBe(404);
    expect(notListed.json().message).toBe('This document is not on this member’s checklist.');
    const bad = await upload(user.token, itemPath(order.displayId, memberId, 'Foreign_Passport'), pdfFile());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a document from the checklist');
    await expectNothingKept(order.id, before);
  });

  it('once the order is in staff’s hands: uploads and deletions are a 409', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const kept = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    const documentId = kept.json().data.document.id;
    await moveTo(order.id, 'Order pending');
    const before = await storedFiles();
    const rowsBefore = await rowsOf(order.id);

    const res = await upload(user.token, itemPath(order.displayId, memberId, 'address-proof'), pdfFile());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Documents can no longer be changed for this application. Please contact us if something needs correcting.',
    );
    const removal = await call('DELETE', `${orderPath(order.displayId)}/documents/${documentId}`, user.token);
    expect(removal.statusCode).toBe(409);
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(order.id)).toEqual(rowsBefore);

    const page = (await call('GET', orderPath(order.displayId), user.token)).json().data;
    expect(page.actions.canChangeDocuments).toBe(false);
    expect(page.toDo.missingDocuments).toEqual([]);
    const checklist = (await call('GET', `${orderPath(order.displayId)}/checklist`, user.token)).json().data;
    expect(checklist.canChangeDocuments).toBe(false);
    // The customer still reads what was sent.
    const download = await call('GET', `${orderPath(order.displayId)}/documents/${documentId}/download`, user.token);
    expect(download.statusCode).toBe(200);

    // Staff send the application back for a correction: open again.
    await moveTo(order.id, 'In review', 'staff');
    await moveTo(order.id, 'Forms incomplete', 'staff');
    const reopened = await upload(user.token, itemPath(order.displayId, memberId, 'address-proof'), pdfFile());
    expect(reopened.statusCode).toBe(201);
  });
});

describe('using another member’s file again (issue 30)', () => {
  const copy = (token: string, ref: string, memberId: number, itemId: string, documentId: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${itemPath(ref, memberId, itemId)}/copy`,
      headers: bearer(token),
      payload: { documentId },
    });

  it('gives the child a copy of a parent’s passport, which stays when the parent’s is replaced or deleted', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const [parent, child] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const uploaded = await upload(user.token, itemPath(order.displayId, parent, 'foreign-passport'), pdfFile());
    const source = uploaded.json().data.document;

    const res = await copy(user.token, order.displayId, child, 'parent-passport-1', source.id);
    expect(res.statusCode, res.body).toBe(201);
    const { document, checklist } = res.json().data;
    expect(document).toMatchObject({ memberId: child, itemId: 'parent-passport-1', name: 'passport.pdf' });
    expect(document.id).not.toBe(source.id);
    expect(checklist.items.find((i: { id: string }) => i.id === 'parent-passport-1')).toMatchObject({ uploaded: true });
    const rows = await liveRowsOf(order.id);
    const copied = rows.find((r) => r.id === document.id);
    expect(copied?.storageKey).not.toBe(rows.find((r) => r.id === source.id)?.storageKey);
    expect((await bytesOf(copied?.storageKey ?? '')).equals(pdf)).toBe(true);

    // The parent replaces, then deletes, their passport: the child's copy is untouched.
    await upload(user.token, itemPath(order.displayId, parent, 'foreign-passport'), pdfFile('new.pdf'));
    const latest = (await liveRowsOf(order.id)).find((r) => r.memberId === parent);
    expect((await call('DELETE', `${orderPath(order.displayId)}/documents/${latest?.id}`, user.token)).statusCode).toBe(
      200,
    );
    expect((await bytesOf(copied?.storageKey ?? '')).equals(pdf)).toBe(true);
    const open = await call('GET', `${orderPath(order.displayId)}/documents/${document.id}/download`, user.token);
    expect(open.statusCode).toBe(200);
  });

  it('gives a second child the parents’ passport uploaded for the first, never a child of other parents', async () => {
    const sister: MemberInput = { ...MINOR, fullName: 'Anaya Sharma', dateOfBirth: '2018-03-02' };
    // The account holder's young brother: his parents are hers, not the children's.
    const brother: MemberInput = { fullName: 'Rohan Sharma', dateOfBirth: '2010-06-01', relationship: 'Sibling' };
    const { user, order } = await customerWithOrder([ADULT, MINOR, sister, brother]);
    const [, first, second, uncle] = order.members.map((m: { id: number }) => m.id) as number[];
    const source = (
      await upload(user.token, itemPath(order.displayId, first ?? 0, 'parent-passport-1'), pdfFile())
    ).json().data.document;

    // Refused as a file not offered: the item is on his checklist too.
    const refused = await copy(user.token, order.displayId, uncle ?? 0, 'parent-passport-1', source.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(D.notFound);
    const res = await copy(user.token, order.displayId, second ?? 0, 'parent-passport-1', source.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.document).toMatchObject({ memberId: second, itemId: 'parent-passport-1' });
  });

  it('gives a child whose mother signs alone a copy of her passport, as the answers name the signer', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const [parent, child] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const save = (memberId: number, answers: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1${orderPath(order.displayId)}/members/${memberId}/form`,
        headers: bearer(user.token),
        payload: { currentStep: 1, answers },
      });
    expect((await save(parent, { sex: 'female' })).statusCode).toBe(200);
    const source = (await upload(user.token, itemPath(order.displayId, parent, 'foreign-passport'), pdfFile())).json()
      .data.document;
    // The father signs: the mother's passport is not his.
    expect((await save(child, { parentsSituation: 'widowed', livingParent: 'father' })).statusCode).toBe(200);
    expect((await copy(user.token, order.displayId, child, 'signing-parent-passport', source.id)).statusCode).toBe(404);
    await afterAutosaveWindow();
    expect((await save(child, { parentsSituation: 'widowed', livingParent: 'mother' })).statusCode).toBe(200);
    const res = await copy(user.token, order.displayId, child, 'signing-parent-passport', source.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.document).toMatchObject({ memberId: child, itemId: 'signing-parent-passport' });
  });

  it('carries a proof of address’s code with it: the same document is not asked again for each member', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const [parent, child] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const source = (await upload(user.token, itemPath(order.displayId, parent, 'address-proof'), pdfFile())).json().data
      .document;
    const coded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1${itemPath(order.displayId, parent, 'address-proof')}/postal-code`,
      headers: bearer(user.token),
      payload: { country: 'US', postalCode: '93277' },
    });
    expect(coded.statusCode, coded.body).toBe(200);
    const res = await copy(user.token, order.displayId, child, 'address-proof', source.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.document.proofAddress).toMatchObject({
      country: 'US',
      postalCode: '93277',
      mission: { mission: { city: 'San Francisco' } },
    });
  });

  it('gives the code to every member using the same proof, also when it was copied before the code was given', async () => {
    const sister: MemberInput = { ...MINOR, fullName: 'Anaya Sharma', dateOfBirth: '2018-03-02' };
    const { user, order } = await customerWithOrder([ADULT, MINOR, sister]);
    const [parent, child, other] = order.members.map((m: { id: number }) => m.id) as [number, number, number];
    const source = (await upload(user.token, itemPath(order.displayId, parent, 'address-proof'), pdfFile())).json().data
      .document;
    expect((await copy(user.token, order.displayId, child, 'address-proof', source.id)).statusCode).toBe(201);
    // Another proof, another file: its own code.
    const own = [filePart('lease.pdf', await pdfWithPages(2), 'application/pdf')];
    expect((await upload(user.token, itemPath(order.displayId, other, 'address-proof'), own)).statusCode).toBe(201);

    const coded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1${itemPath(order.displayId, child, 'address-proof')}/postal-code`,
      headers: bearer(user.token),
      payload: { country: 'US', postalCode: '93277' },
    });
    expect(coded.statusCode, coded.body).toBe(200);
    const codes = (await liveRowsOf(order.id)).map((r) => [r.memberId, r.proofAddress?.postalCode ?? null]);
    expect(codes.sort()).toEqual(
      [
        [parent, '93277'],
        [child, '93277'],
        [other, null],
      ].sort(),
    );
  });

  it('refuses, as not found, a file not offered for the item, of another order, or of another customer', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const [parent, child] = order.members.map((m: { id: number }) => m.id) as [number, number];
    const source = (await upload(user.token, itemPath(order.displayId, parent, 'foreign-passport'), pdfFile())).json()
      .data.document;
    // The child's own passport is not the parent's.
    expect((await copy(user.token, order.displayId, child, 'foreign-passport', source.id)).statusCode).toBe(404);
    // A second order of the same customer cannot reach the first one's files.
    const second = await startApplication(t.app, user.token, { members: [ADULT, MINOR] });
    const secondChild = second.members[1]?.id ?? 0;
    const across = await copy(user.token, second.displayId, secondChild, 'parent-passport-1', source.id);
    expect(across.statusCode).toBe(404);
    // Another customer: the order itself is not found.
    const stranger = await createSignedInUser(t.app);
    const foreign = await copy(stranger.token, order.displayId, child, 'parent-passport-1', source.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(A.orderNotFound);
    expect((await copy(user.token, order.displayId, child, 'parent-passport-1', 'x')).statusCode).toBe(400);
    expect((await liveRowsOf(order.id)).length).toBe(1);
  });
});

describe('deleting a document', () => {
  it('unticks the item and removes the file from storage', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const before = await storedFiles();
    const uploaded = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    const { id } = uploaded.json().data.document;
    const res = await call('DELETE', `${orderPath(order.displayId)}/documents/${id}`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: 'Document removed' });
    const item = res.json().data.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect(item).toMatchObject({ uploaded: false, documents: [] });
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(order.id)).toEqual([
      expect.objectContaining({ storageKey: null, deletedAt: expect.any(Date) }),
    ]);

    const again = await call('DELETE', `${orderPath(order.displayId)}/documents/${id}`, user.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('We could not find this document.');
    const gone = await call('GET', `${orderPath(order.displayId)}/documents/${id}/download`, user.token);
    expect(gone.statusCode).toBe(404);
  });

  it('removing a member removes their files', async () => {
    const { user, order } = await customerWithOrder([ADULT, MINOR]);
    const minorId = order.members[1]?.id ?? 0;
    const before = await storedFiles();
    await upload(user.token, itemPath(order.displayId, minorId, 'birth-certificate'), pdfFile());
    expect(await storedFiles()).toHaveLength(before.length + 1);
    const res = await call('DELETE', `${orderPath(order.displayId)}/members/${minorId}`, user.token);
    expect(res.statusCode).toBe(200);
    expect(await storedFiles()).toEqual(before);
    expect(await liveRowsOf(order.id)).toEqual([]);
    expect(await rowsOf(order.id)).toEqual([expect.objectContaining({ memberId: null, storageKey: null })]);
  });

  it('finishes at start-up a removal a crash cut short', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const before = await storedFiles();
    await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    // The row was marked deleted and committed, then the process died before removing the file.
    await t.database.db
      .update(applicationDocuments)
      .set({ deletedAt: new Date() })
      .where(eq(applicationDocuments.orderId, order.id));
    expect(await storedFiles()).toHaveLength(before.length + 1);
    expect(await t.app.services.documents.removeLeftoverFiles()).toBe(1);
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(order.id)).toEqual([expect.objectContaining({ storageKey: null })]);
  });
});

describe('the order’s documents and the documents our team sends back', () => {
  it('lists both, serves both, and keeps staff documents from being deleted', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const uploaded = (
      await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile())
    ).json().data.document;
    const receiptBytes = await pdfWithPages(2);
    const added = await t.app.services.documents.addStaffDocument(
      order.id,
      await storedUpload(receiptBytes, 'VFS receipt.pdf'),
      (await staffUser()).id,
    );
    if (!added.ok) throw new Error(added.message);
    const receipt = added.value;
    expect(receipt).toMatchObject({
      memberId: null,
      itemId: null,
      direction: 'to-customer',
      name: 'VFS receipt.pdf',
      uploadedBy: 'staff',
    });

    const all = await call('GET', `${orderPath(order.displayId)}/documents`, user.token);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ message: 'Documents loaded' });
    expect(all.json().data).toEqual({ results: [uploaded, receipt], totalCount: 2, page: 1, limit: 100 });
    const returned = await call('GET', `${orderPath(order.displayId)}/documents?direction=to-customer`, user.token);
    expect(returned.json().data.results).toEqual([receipt]);
    const mine = await call('GET', `${orderPath(order.displayId)}/documents?direction=from-customer`, user.token);
    expect(mine.json().data.results).toEqual([uploaded]);
    const bad = await call('GET', `${orderPath(order.displayId)}/documents?direction=sideways`, user.token);
    expect(bad.statusCode).toBe(400);

    const download = await call('GET', receipt.links.download.replace('/api/v1', ''), user.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(receiptBytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="VFS receipt.pdf"; filename*=UTF-8''VFS%20receipt.pdf`,
    );
    const preview = await call('GET', uploaded.links.preview.replace('/api/v1', ''), user.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(pdf)).toBe(true);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="passport.pdf"/);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    // Shown sandboxed, like every file we serve, PDFs included (issue 29).
    expect(preview.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);

    const removal = await call('DELETE', `${orderPath(order.displayId)}/documents/${receipt.id}`, user.token);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe('Documents our team sent you cannot be deleted.');
  });

  it('staff may send documents in any status, for a member of the order only', async () => {
    const { order, memberId } = await customerWithOrder();
    const other = await customerWithOrder();
    await moveTo(order.id, 'Order pending');
    await moveTo(order.id, 'In review', 'staff');
    const staffId = (await staffUser()).id;
    const before = await storedFiles();

    const forMember = await t.app.services.documents.addStaffDocument(
      order.id,
      await storedUpload(pdf, 'letter.pdf'),
      staffId,
      { memberId },
    );
    expect(forMember).toMatchObject({ ok: true, value: { memberId, direction: 'to-customer' } });

    const wrongMember = await t.app.services.documents.addStaffDocument(
      order.id,
      await storedUpload(pdf, 'letter.pdf'),
      staffId,
      { memberId: other.memberId },
    );
    expect(wrongMember).toMatchObject({ ok: false, status: 404, message: M.notFound });
    const unknownOrder = await t.app.services.documents.addStaffDocument(
      2_000_000_000,
      await storedUpload(pdf, 'letter.pdf'),
      staffId,
    );
    expect(unknownOrder).toMatchObject({ ok: false, status: 404, message: A.orderNotFound });
    // Only the recorded document's file is kept.
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });
});

describe('ownership', () => {
  it('another customer gets 404 on every document route, a signed-out visitor 401', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const intruder = await createSignedInUser(t.app);
    const documentId = (
      await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile())
    ).json().data.document.id;
    const before = await storedFiles();
    const refs = [order.displayId, String(order.id)];
    for (const ref of refs) {
      const reads: [Method, string][] = [
        ['GET', `${orderPath(ref)}/checklist`],
        ['GET', `${orderPath(ref)}/members/${memberId}/checklist`],
        ['GET', `${orderPath(ref)}/documents`],
        ['GET', `${orderPath(ref)}/documents/${documentId}/download`],
        ['GET', `${orderPath(ref)}/documents/${documentId}/preview`],
        ['DELETE', `${orderPath(ref)}/documents/${documentId}`],
      ];
      for (const [method, url] of reads) {
        const res = await call(method, url, intruder.token);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message, `${method} ${url}`).toBe('We could not find this order.');
        expect((await call(method, url, null)).statusCode, `${method} ${url} signed out`).toBe(401);
      }
      const intruding = await upload(intruder.token, itemPath(ref, memberId, 'address-proof'), pdfFile());
      expect(intruding.statusCode).toBe(404);
      expect(intruding.json().message).toBe(A.orderNotFound);
      expect((await upload(null, itemPath(ref, memberId, 'address-proof'), pdfFile())).statusCode).toBe(401);
    }
    // An unknown order reads the same.
    expect((await call('GET', `${orderPath('DOC-10000001')}/checklist`, intruder.token)).json().message).toBe(
      A.orderNotFound,
    );
    expect(await storedFiles()).toEqual(before);
    expect(await liveRowsOf(order.id)).toHaveLength(1);
  });

  it('a member or a document of another order is a 404, even of the same customer', async () => {
    const { user, order } = await customerWithOrder();
    const second = await startApplication(t.app, user.token, { members: [MINOR] });
    const otherMember = second.members[0]?.id ?? 0;
    const theirDocument = (
      await upload(user.token, itemPath(second.displayId, otherMember, 'birth-certificate'), pdfFile())
    ).json().data.document.id;
    const before = await storedFiles();

    const checklist = await call('GET', `${orderPath(order.displayId)}/members/${otherMember}/checklist`, user.token);
    expect(checklist.statusCode).toBe(404);
    expect(checklist.json().message).toBe('Member not found');
    const uploadTo = await upload(user.token, itemPath(order.displayId, otherMember, 'birth-certificate'), pdfFile());
    expect(uploadTo.statusCode).toBe(404);
    expect(uploadTo.json().message).toBe(M.notFound);
    for (const [method, suffix] of [
      ['GET', '/download'],
      ['GET', '/preview'],
      ['DELETE', ''],
    ] as const) {
      const res = await call(method, `${orderPath(order.displayId)}/documents/${theirDocument}${suffix}`, user.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(D.notFound);
    }
    expect(await storedFiles()).toEqual(before);
  });
});

/** A phone's photo of a passport page: 4000×3000 and over 5 MB of JPEG (grain does not compress). */
async function phoneJpeg(): Promise<Buffer> {
  const pixels = randomBytes(4000 * 3000 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 96 + ((pixels[i] ?? 0) & 0x3f);
  return sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('thumbnails', () => {
  it("answers a phone photo's thumbnail small, to its owner only, kept privately by the browser", async () => {
    const { user, order, memberId } = await customerWithOrder();
    const intruder = await createSignedInUser(t.app);
    const photo = await phoneJpeg();
    expect(photo.length).toBeGreaterThan(5_000_000);
    const uploaded = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), [
      filePart('passport.jpg', photo, 'image/jpeg'),
    ]);
    expect(uploaded.statusCode).toBe(201);
    const preview = uploaded.json().data.document.links.preview.replace('/api/v1', '');
    const thumbnail = `${preview}?size=thumb`;

    // The preview (the customer's "View") stays the whole file, never cached.
    const full = await call('GET', preview, user.token);
    expect(full.rawPayload.length).toBeGreaterThan(4_000_000);
    expect(full.headers['cache-control']).toBe('private, no-store');

    const small = await call('GET', thumbnail, user.token);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(small.rawPayload.length).toBeLessThan(30_000);
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    const made = await sharp(small.rawPayload).metadata();
    expect(made).toMatchObject({ format: 'jpeg', width: 240, height: 180 });
    expect(made.exif).toBeUndefined();
    // Still a file that runs nothing, shown in place.
    expect(small.headers['x-content-type-options']).toBe('nosniff');
    expect(small.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(small.headers['content-disposition']).toMatch(/^inline; filename="passport.jpg"/);
    // Kept by no browser (a passport's thumbnail must not stay in a shared computer's cache): the
    // server keeps the ones made lately, so a revisit is not made again.
    expect(small.headers['cache-control']).toBe('private, no-store');
    expect(small.headers.etag).toBeUndefined();
    const revisit = await call('GET', thumbnail, user.token);
    expect(revisit.rawPayload.equals(small.rawPayload)).toBe(true);

    // Another customer gets what the preview answers them, though the thumbnail was made lately.
    const theirs = await call('GET', thumbnail, intruder.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(A.orderNotFound);
    const theirPreview = await call('GET', preview, intruder.token);
    expect(theirPreview.statusCode).toBe(404);
    expect(theirPreview.json().message).toBe(A.orderNotFound);
    expect((await call('GET', thumbnail, null)).statusCode).toBe(401);
    const unknownSize = await call('GET', `${preview}?size=huge`, user.token);
    expect(unknownSize.statusCode).toBe(400);
  });

  it('answers a PDF whole, as its preview does (a PDF is never rendered)', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const uploaded = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    const preview = uploaded.json().data.document.links.preview.replace('/api/v1', '');
    const res = await call('GET', `${preview}?size=thumb`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('limits', () => {
  it('uploads are rate-limited per customer: 100 in 10 minutes, refused ones included, then 429', async () => {
    const { user, order, memberId } = await customerWithOrder();
    const other = await customerWithOrder();
    // Cheap requests: a checklist item that does not exist is refused before any file is read.
    const url = itemPath(order.displayId, memberId, 'no-such-item');
    for (let i = 0; i < 100; i++) expect((await upload(user.token, url, [])).statusCode).toBe(404);
    const limited = await upload(user.token, itemPath(order.displayId, memberId, 'foreign-passport'), pdfFile());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccess: false, statusCode: 429 });
    expect(await rowsOf(order.id)).toEqual([]);
    const others = await upload(other.user.token, itemPath(other.order.displayId, other.memberId, 'photo'), pngFile());
    expect(others.statusCode).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('lists the document operations, the upload as a multipart form', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, unknown> } }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes('documents'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const base = '/api/v1/application/order/{orderRef}';
    expect(operations.sort()).toEqual([
      `DELETE ${base}/documents/{documentId}`,
      `DELETE ${base}/documents/{documentId}/pages/{page}`,
      `GET ${base}/checklist`,
      `GET ${base}/documents`,
      `GET ${base}/documents/{documentId}/download`,
      `GET ${base}/documents/{documentId}/preview`,
      `GET ${base}/members/{memberId}/checklist`,
      `POST ${base}/members/{memberId}/documents/{itemId}`,
      `POST ${base}/members/{memberId}/documents/{itemId}/copy`,
      `POST ${base}/members/{memberId}/documents/{itemId}/pages`,
      `PUT ${base}/members/{memberId}/documents/address-proof/postal-code`,
    ]);
    for (const upload of ['', '/pages']) {
      const operation = doc.paths[`${base}/members/{memberId}/documents/{itemId}${upload}`]?.post;
      expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    }
  });
});
