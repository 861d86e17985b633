import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_PAGES, DOCUMENT_PAGE_MESSAGES as PG } from '../../../domain/applications/document-pages.ts';
import { DOCUMENT_MESSAGES as D } from '../../../domain/applications/documents.ts';
import { unsupportedTypeMessage } from '../../../domain/uploads/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart, type Part } from '../../test/multipart.ts';
import { grainyJpeg, pdfWithPages } from '../../test/upload-fixtures.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { fakeAnalyse } from '../photos/testing.ts';
import { pdfFileName } from './documents-service.ts';
import { applicationDocuments } from './tables.ts';
import { moveOrderTo, startApplication } from './testing.ts';

let t: TestApp;
let page: Buffer;
beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: fakeAnalyse });
  // A phone's photo of a page: portrait, a few hundred KB.
  page = await sharp({
    create: {
      width: 900,
      height: 1200,
      channels: 3,
      background: '#e9e4d8',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
});
afterAll(() => t.close());

const itemPath = (ref: string, memberId: number, itemId: string) =>
  `/api/v1/application/order/${ref}/members/${memberId}/documents/${itemId}`;

function send(token: string | null, url: string, parts: Part[]) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...(token ? bearer(token) : {}) },
    payload: multipart(parts),
  });
}
const photo = (name: string) => [filePart(name, page, 'image/jpeg')];

async function customerWithOrder() {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token);
  const memberId = order.members[0]?.id ?? 0;
  const passport = itemPath(order.displayId, memberId, 'foreign-passport');
  return { user, order, memberId, passport, pages: `${passport}/pages` };
}

const liveRows = (orderId: number) =>
  t.database.db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.orderId, orderId), isNull(applicationDocuments.deletedAt)));
const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));
const storedPath = (key: string | null | undefined) => join(t.app.env.dataDir, 'files', key ?? '');

async function storedBytes(key: string): Promise<Buffer> {
  const stored = await t.app.storage.get(key);
  return Buffer.concat(await (stored?.stream ?? Readable.from([])).toArray());
}

describe('adding a page to a document (decision 0196)', () => {
  it('makes a photo and the next page one PDF of both, kept in place of the photo, and adds a third', async () => {
    const { user, order, passport, pages } = await customerWithOrder();
    expect((await send(user.token, passport, photo('bio page.jpg'))).statusCode).toBe(201);
    const [first] = await liveRows(order.id);

    const added = await send(user.token, pages, photo('signature page.jpg'));
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 201, message: PG.added });
    expect(body.data.document).toMatchObject({ name: 'bio page.pdf', type: 'application/pdf', pages: 2 });
    const item = body.data.checklist.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect(item).toMatchObject({ uploaded: true, documents: [{ name: 'bio page.pdf', pages: 2 }] });

    const [row] = await liveRows(order.id);
    expect(row).toMatchObject({ itemId: 'foreign-passport', pages: 2, contentType: 'application/pdf' });
    const pdf = await PDFDocument.load(await storedBytes(row?.storageKey ?? ''));
    expect(pdf.getPageCount()).toBe(2);
    // The title a PDF viewer shows is the document's name, not the first photo's.
    expect(pdf.getTitle()).toBe('bio page.pdf');
    // The photo it was made from is gone from storage: one file for the item.
    expect(await storedFiles()).not.toContain(storedPath(first?.storageKey));
    expect(await storedFiles()).toContain(storedPath(row?.storageKey));

    const third = await send(user.token, pages, photo('translation.jpg'));
    expect(third.statusCode).toBe(201);
    expect(third.json().data.document).toMatchObject({ name: 'bio page.pdf', pages: 3 });
    const [latest] = await liveRows(order.id);
    expect((await PDFDocument.load(await storedBytes(latest?.storageKey ?? ''))).getPageCount()).toBe(3);
  });

  it("does not open the customer's own PDF, a fitted photo, a document at its last page, or an item with no file", async () => {
    const { user, order, memberId, passport, pages } = await customerWithOrder();
    const none = await send(user.token, pages, photo('page.jpg'));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ isSuccess: false, message: PG.noFirstPage });

    expect(
      (await send(user.token, passport, [filePart('scan.pdf', await pdfWithPages(2), 'application/pdf')])).statusCode,
    ).toBe(201);
    const before = await storedFiles();
    const ownPdf = await send(user.token, pages, photo('page.jpg'));
    expect(ownPdf.statusCode).toBe(409);
    expect(ownPdf.json().message).toBe(PG.notThisFile);
    expect(await storedFiles()).toEqual(before);

    const photoItem = itemPath(order.displayId, memberId, 'photo');
    expect((await send(user.token, photoItem, photo('me.jpg'))).statusCode).toBe(201);
    const fitted = await send(user.token, `${photoItem}/pages`, photo('me again.jpg'));
    expect(fitted.statusCode).toBe(409);
    expect(fitted.json().message).toBe(PG.notThisFile);

    const proof = itemPath(order.displayId, memberId, 'address-proof');
    expect((await send(user.token, proof, photo('bill.jpg'))).statusCode).toBe(201);
    await t.database.db
      .update(applicationDocuments)
      .set({ pages: DOCUMENT_MAX_PAGES, contentType: 'application/pdf' })
      .where(and(eq(applicationDocuments.itemId, 'address-proof'), eq(applicationDocuments.orderId, order.id)));
    const full = await send(user.token, `${proof}/pages`, photo('page 11.jpg'));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(PG.tooMany);
  });

  it('refuses a page that would take the document past the item’s size, and keeps the file as it was', async () => {
    const { user, order, passport, pages } = await customerWithOrder();
    expect((await send(user.token, passport, photo('bio.jpg'))).statusCode).toBe(201);
    // A file of pages already near the 10 MB an item takes: two large grainy photos, as pdf-lib keeps them.
    const heavy = await PDFDocument.create();
    for (const width of [3200, 3200]) {
      const jpeg = await grainyJpeg(width, 70);
      const image = await heavy.embedJpg(jpeg);
      heavy.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0 });
    }
    const bytes = Buffer.from(await heavy.save());
    const stored = await t.app.storage.put(Readable.from([bytes]), { contentType: 'application/pdf' });
    await t.database.db
      .update(applicationDocuments)
      .set({ storageKey: stored.key, contentType: 'application/pdf', pages: 2, sizeBytes: stored.size })
      .where(and(eq(applicationDocuments.orderId, order.id), eq(applicationDocuments.itemId, 'foreign-passport')));
    const filesBefore = await storedFiles();

    const refused = await send(user.token, pages, photo('page 3.jpg'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(PG.tooLarge(10));
    const [row] = await liveRows(order.id);
    expect(row).toMatchObject({ storageKey: stored.key, pages: 2 });
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('takes photos only as pages, and only from the order’s owner while documents may change', async () => {
    const { user, order, passport, pages } = await customerWithOrder();
    expect((await send(user.token, passport, photo('bio.jpg'))).statusCode).toBe(201);

    const pdfPage = await send(user.token, pages, [filePart('page.pdf', await pdfWithPages(1), 'application/pdf')]);
    expect(pdfPage.statusCode).toBe(415);
    expect(pdfPage.json().message).toBe(unsupportedTypeMessage(['jpeg', 'png', 'heic']));

    const stranger = await createSignedInUser(t.app);
    expect((await send(stranger.token, pages, photo('page.jpg'))).statusCode).toBe(404);
    expect((await send(null, pages, photo('page.jpg'))).statusCode).toBe(401);

    await moveOrderTo(t.app, order.id, 'Order pending');
    const locked = await send(user.token, pages, photo('page.jpg'));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(D.locked);
    const [row] = await liveRows(order.id);
    expect(row).toMatchObject({ contentType: 'image/jpeg', pages: null });
  });

  it('two pages sent at once end in one file that holds every page that was answered 201, and no file left behind', async () => {
    const { user, order, passport, pages } = await customerWithOrder();
    expect((await send(user.token, passport, photo('bio.jpg'))).statusCode).toBe(201);
    const filesBefore = (await storedFiles()).length;
    const answers = await Promise.all([
      send(user.token, pages, photo('a.jpg')),
      send(user.token, pages, photo('b.jpg')),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // Either both were added in turn, or the second found the first's change and was told to look again.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(PG.changedMeanwhile);
    }
    const live = await liveRows(order.id);
    expect(live).toHaveLength(1);
    const added = statuses.filter((s) => s === 201).length;
    expect(live[0]?.pages).toBe(1 + added);
    expect((await PDFDocument.load(await storedBytes(live[0]?.storageKey ?? ''))).getPageCount()).toBe(1 + added);
    // The live file is the only one of this order's left in storage.
    const mine = (
      await t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.orderId, order.id))
    )
      .map((r) => r.storageKey)
      .filter(Boolean);
    expect(mine).toEqual([live[0]?.storageKey]);
    expect(await storedFiles()).toContain(storedPath(live[0]?.storageKey));
    // The photo's place taken by the one PDF: a refused page's PDF is not left in storage.
    expect(await storedFiles()).toHaveLength(filesBefore);
  });
});

describe('taking a page out of a document (decision 0197)', () => {
  /** A landscape photo: its page is A4 landscape, so the PDF shows which pages are left. */
  let wide: Buffer;
  beforeAll(async () => {
    wide = await sharp(page).rotate(90).jpeg({ quality: 85 }).toBuffer();
  });
  const landscape = (name: string) => [filePart(name, wide, 'image/jpeg')];
  const removePage = (token: string | null, ref: string, documentId: number | string, number: number | string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/application/order/${ref}/documents/${documentId}/pages/${number}`,
      headers: token ? bearer(token) : {},
    });
  /** Each page of the stored PDF as P (portrait) or L (landscape), in order. */
  async function orientations(key: string | null | undefined) {
    const pdf = await PDFDocument.load(await storedBytes(key ?? ''));
    return pdf.getPages().map((p) => (p.getWidth() > p.getHeight() ? 'L' : 'P'));
  }
  /** A passport copy of three pages (portrait, landscape, portrait); its live row. */
  async function threePages() {
    const customer = await customerWithOrder();
    const { user, order, passport, pages } = customer;
    expect((await send(user.token, passport, photo('bio.jpg'))).statusCode).toBe(201);
    expect((await send(user.token, pages, landscape('wrong page.jpg'))).statusCode).toBe(201);
    expect((await send(user.token, pages, photo('signature.jpg'))).statusCode).toBe(201);
    const [row] = await liveRows(order.id);
    expect(await orientations(row?.storageKey)).toEqual(['P', 'L', 'P']);
    return { ...customer, row: row as NonNullable<typeof row> };
  }

  it('keeps the other pages in order as a new PDF in its place, smaller, down to one page, which takes pages again', async () => {
    const { user, order, pages, row } = await threePages();
    const removed = await removePage(user.token, order.displayId, row.id, 2);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ isSuccess: true, message: 'Page removed' });
    expect(removed.json().data.document).toMatchObject({ name: 'bio.pdf', type: 'application/pdf', pages: 2 });
    const item = removed.json().data.checklist.items.find((i: { id: string }) => i.id === 'foreign-passport');
    expect(item).toMatchObject({ uploaded: true, documents: [{ pages: 2 }] });

    const [after] = await liveRows(order.id);
    expect(after).toMatchObject({ pages: 2, displayName: 'bio.pdf' });
    expect(await orientations(after?.storageKey)).toEqual(['P', 'P']);
    expect((await PDFDocument.load(await storedBytes(after?.storageKey ?? ''))).getTitle()).toBe('bio.pdf');
    // The removed page's image is not carried in the file.
    expect(after?.sizeBytes).toBeLessThan(row.sizeBytes * 0.75);
    expect(await storedFiles()).not.toContain(storedPath(row.storageKey));

    const toOne = await removePage(user.token, order.displayId, after?.id ?? 0, 1);
    expect(toOne.json().data.document).toMatchObject({ pages: 1 });
    const [one] = await liveRows(order.id);
    const last = await removePage(user.token, order.displayId, one?.id ?? 0, 1);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(PG.onlyPage);

    const again = await send(user.token, pages, landscape('page 2.jpg'));
    expect(again.statusCode).toBe(201);
    const [two] = await liveRows(order.id);
    expect(await orientations(two?.storageKey)).toEqual(['P', 'L']);
  });

  it('refuses a file whose pages were not added here, a page it has not, a bad number, a stranger, and a closed order', async () => {
    const { user, order, passport, row } = await threePages();
    for (const bad of ['0', '41', 'two', '1.5', '01']) {
      const answer = await removePage(user.token, order.displayId, row.id, bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toMatchObject({ page: 'page must be a whole number from 1 to 40' });
    }
    const missing = await removePage(user.token, order.displayId, row.id, 4);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This document has 3 pages. Please choose one of them.');

    const stranger = await createSignedInUser(t.app);
    expect((await removePage(stranger.token, order.displayId, row.id, 1)).statusCode).toBe(404);
    expect((await removePage(null, order.displayId, row.id, 1)).statusCode).toBe(401);

    expect(
      (await send(user.token, passport, [filePart('scan.pdf', await pdfWithPages(3), 'application/pdf')])).statusCode,
    ).toBe(201);
    // The file it was is gone: its number names nothing now.
    expect((await removePage(user.token, order.displayId, row.id, 1)).statusCode).toBe(404);
    const [own] = await liveRows(order.id);
    const ownPdf = await removePage(user.token, order.displayId, own?.id ?? 0, 1);
    expect(ownPdf.statusCode).toBe(409);
    expect(ownPdf.json().message).toBe(PG.notAssembled);
    expect(await liveRows(order.id)).toMatchObject([{ id: own?.id, storageKey: own?.storageKey }]);

    const { user: other, order: closed, passport: otherPassport, pages } = await customerWithOrder();
    expect((await send(other.token, otherPassport, photo('bio.jpg'))).statusCode).toBe(201);
    const photoOnly = await liveRows(closed.id);
    const onPhoto = await removePage(other.token, closed.displayId, photoOnly[0]?.id ?? 0, 1);
    expect(onPhoto.statusCode).toBe(409);
    expect(onPhoto.json().message).toBe(PG.notAssembled);
    expect((await send(other.token, pages, photo('p2.jpg'))).statusCode).toBe(201);
    await moveOrderTo(t.app, closed.id, 'Order pending');
    const [paged] = await liveRows(closed.id);
    const locked = await removePage(other.token, closed.displayId, paged?.id ?? 0, 1);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(D.locked);
    expect(await liveRows(closed.id)).toMatchObject([{ id: paged?.id, pages: 2 }]);
  });

  it('two removals at once leave one file with the pages of those answered 200, and no file behind', async () => {
    const { user, order, row } = await threePages();
    const filesBefore = (await storedFiles()).length;
    const answers = await Promise.all([
      removePage(user.token, order.displayId, row.id, 1),
      removePage(user.token, order.displayId, row.id, 3),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    // The second either found the first's change under the lock (409), or the file it named gone (404).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect([PG.changedMeanwhile, D.notFound]).toContain(refused.json().message);
    }
    const live = await liveRows(order.id);
    expect(live).toHaveLength(1);
    expect(live[0]?.pages).toBe(2);
    expect(await orientations(live[0]?.storageKey)).toHaveLength(2);
    expect(await storedFiles()).toHaveLength(filesBefore);
  });
});

describe('pdfFileName', () => {
  it("names the assembled PDF after the first page's file", () => {
    expect(pdfFileName('IMG_2041.HEIC')).toBe('IMG_2041.pdf');
    expect(pdfFileName('passport bio.jpeg')).toBe('passport bio.pdf');
    expect(pdfFileName('scan')).toBe('scan.pdf');
    expect(pdfFileName('a very long name…')).toBe('a very long name….pdf');
  });
});
