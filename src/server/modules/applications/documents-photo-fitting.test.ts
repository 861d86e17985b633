import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_FIXES } from '../../../domain/photos/compliance.ts';
import { PHOTO_SIZES } from '../../../domain/photos/sizes.ts';
import { IMAGE_UPLOAD_TYPES, MEGABYTE, PHOTO_MAX_BYTES } from '../../../domain/uploads/file-types.ts';
import { fileTooLargeMessage, mislabelledFileMessage } from '../../../domain/uploads/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, filesUnder, MULTIPART_CONTENT_TYPE, multipart, type Part } from '../../test/multipart.ts';
import { pdfWithPages, TINY_HEIC } from '../../test/upload-fixtures.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { loadFaceModel, phonePhoto, plain, stopFaceDetection } from '../photos/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { ADULT, apiCall, moveOrderTo, startApplication } from './testing.ts';

// The application's photo, signature and thumb impression slots with the real SevaPhotos engine
// (face model included): what a phone sends is kept fitted to the OCI portal's size (issue 30).

let t: TestApp;
/** Made once for the file: a 4000 × 3000 JPEG over 3 MB, as a phone sends. */
let phone: Buffer;
beforeAll(async () => {
  // The face model loads in the set-up's time (~1 s, far more on a loaded machine), not the first test's.
  [t, phone] = await Promise.all([buildTestApp(), phonePhoto(), loadFaceModel()]);
});
afterAll(async () => {
  await t.close();
  await stopFaceDetection();
});

const storedFiles = () => filesUnder(join(t.app.env.dataDir, 'files'));

function upload(token: string, url: string, parts: Part[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart(parts),
  });
}

async function bytesOf(key: string): Promise<Buffer> {
  const stored = await t.app.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored?.stream ?? Readable.from([])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A customer's new OCI order with one adult, and the upload path of one of its checklist items. */
async function ociSlot(itemId: string) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, { members: [ADULT] });
  const url = `/application/order/${order.displayId}/members/${order.members[0]?.id}/documents/${itemId}`;
  return { token: user.token, url, ref: order.displayId };
}

/** The one file an upload added to storage, with its pixels. */
async function addedFile(before: string[]) {
  const added = (await storedFiles()).filter((f) => !before.includes(f));
  expect(added).toHaveLength(1);
  const key = added[0]?.slice(join(t.app.env.dataDir, 'files').length + 1) ?? '';
  const bytes = await bytesOf(key);
  const { format, width, height, exif } = await sharp(bytes).metadata();
  return { bytes, format, width, height, exif };
}

describe('an application photo is fitted to the portal’s size, not refused', () => {
  it('a 4000 × 3000 phone JPEG over 3 MB is kept as the 600 × 600 OCI JPEG under the cap, with the checks', async () => {
    expect(phone.length).toBeGreaterThan(3 * MEGABYTE);
    const { width, height } = await sharp(phone).metadata();
    expect([width, height]).toEqual([4000, 3000]);
    const { token, url } = await ociSlot('photo');
    const before = await storedFiles();

    const res = await upload(token, `${url}`, [filePart('IMG_2041.jpg', phone, 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(201);
    const { document, report } = res.json().data;
    const size = PHOTO_SIZES['oci-photo'];
    expect(report).toMatchObject({
      sizeId: 'oci-photo',
      fitted: { widthPx: 600, heightPx: 600, bytes: document.size },
    });
    expect(report.checks.find((c: { rule: string }) => c.rule === 'one-face')).toMatchObject({ passed: true });
    expect(report.checks.map((c: { rule: string }) => c.rule)).toContain('centred');
    expect(document).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
    expect(document.size).toBeLessThanOrEqual(size.maxBytes);

    // Only the fitted JPEG is kept: the customer's 3 MB original is not in storage.
    const stored = await addedFile(before);
    expect(stored).toMatchObject({ format: 'jpeg', width: 600, height: 600, exif: undefined });
    expect(stored.bytes.length).toBe(document.size);
    // A 12-megapixel re-encode and the fit: ~3 s alone, several times that on a loaded machine.
  }, 60_000);

  it('an iPhone HEIC signature is kept as the 600 × 200 (3 : 1) OCI JPEG, and named as worth replacing', async () => {
    const { token, url, ref } = await ociSlot('signature');
    const before = await storedFiles();
    const res = await upload(token, url, [filePart('IMG_0007.HEIC', TINY_HEIC, 'image/heic')]);
    expect(res.statusCode, res.body).toBe(201);
    const { document, report } = res.json().data;
    expect(report).toMatchObject({ sizeId: 'oci-signature', fitted: { widthPx: 600, heightPx: 200 } });
    // 64 × 48 pixels are too few for the portal: the check says so, and the fitted file is still kept.
    // Its strokes (a red and a blue half) are ink enough: what fails is the pixels.
    expect(report.checks).toEqual([
      expect.objectContaining({ rule: 'signature', passed: true }),
      expect.objectContaining({ rule: 'resolution', passed: false }),
    ]);
    expect(document).toMatchObject({ type: 'image/jpeg' });
    expect(document.size).toBeLessThanOrEqual(PHOTO_SIZES['oci-signature'].maxBytes);
    expect(await addedFile(before)).toMatchObject({ format: 'jpeg', width: 600, height: 200 });
    // The order page and checkout name it with what is wrong; it holds nothing back.
    const view = (await apiCall(t.app, 'GET', `/application/order/${ref}`, token)).json().data;
    expect(view.toDo.photosToRedo).toEqual([
      {
        memberId: expect.any(Number),
        itemId: 'signature',
        label: 'Priya’s signature',
        problem: 'The signature has too few pixels.',
        // The OCI form's own step for the photo and signature: "Replace …" opens it.
        step: 7,
        documentId: document.id,
        sameFile: false,
      },
    ]);
    expect(view.missing).not.toContainEqual(expect.stringContaining('signature'));
    // Still named once the order is with our team (Order pending), for the order page to say they check it;
    // no longer once they have moved it on.
    await moveOrderTo(t.app, view.id, 'Order pending');
    const waiting = (await apiCall(t.app, 'GET', `/application/order/${ref}`, token)).json().data;
    expect(waiting.toDo.photosToRedo).toEqual(view.toDo.photosToRedo);
    await moveOrderTo(t.app, view.id, 'In review', 'staff');
    const inReview = (await apiCall(t.app, 'GET', `/application/order/${ref}`, token)).json().data;
    expect(inReview.toDo.photosToRedo).toEqual([]);
  });

  it('a 3-year-old’s blank thumb impression is checked as a thumb impression, never as a signature', async () => {
    const toddler = {
      fullName: 'Anaya Sharma',
      dateOfBirth: `${new Date().getUTCFullYear() - 3}-01-15`,
      relationship: 'Child',
    };
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { members: [ADULT, toddler] });
    const member = order.members[1]?.id;
    const url = `/application/order/${order.displayId}/members/${member}/documents/thumb-impression`;
    const res = await upload(user.token, url, [filePart('IMG_0042.jpg', await plain(4000, 3000), 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(201);
    const { report } = res.json().data;
    expect(report).toMatchObject({ sizeId: 'oci-signature', passed: false, fitted: { widthPx: 600, heightPx: 200 } });
    expect(report.checks).toEqual([
      expect.objectContaining({ rule: 'thumb-impression', passed: false, fix: PHOTO_FIXES.noThumbImpression }),
      // The upload's own 4000 × 3000 px, not the 11700 × 3900 px canvas padded around it to 3 : 1.
      expect.objectContaining({
        rule: 'resolution',
        passed: true,
        measured: 'Thumb impression 4000 × 3000 px (the whole upload)',
      }),
    ]);
    expect(JSON.stringify(report.checks)).not.toMatch(/\bsign/i);
    // As a photo that fails a check: kept, and named with what is wrong, in a thumb impression's words.
    const view = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token)).json().data;
    expect(view.toDo.photosToRedo).toEqual([
      {
        memberId: member,
        itemId: 'thumb-impression',
        label: 'Anaya’s thumb impression',
        problem: 'The upload is not a thumb impression in ink.',
        // No form step asks for it: the child's Documents step, after the answer steps.
        step: 9,
        documentId: res.json().data.document.id,
        sameFile: false,
      },
    ]);
  }, 60_000);
});

describe('refused photos leave nothing stored', () => {
  it.each([
    [
      'a PDF named .jpg, by its bytes',
      async () => [filePart('photo.jpg', await pdfWithPages(), 'image/jpeg')],
      415,
      mislabelledFileMessage('jpeg', IMAGE_UPLOAD_TYPES),
    ],
    [
      'a file over 15 MB, with the limit in the message',
      async () => [
        filePart('huge.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(PHOTO_MAX_BYTES)])),
      ],
      413,
      fileTooLargeMessage(PHOTO_MAX_BYTES),
    ],
    [
      'a photo with no face, with what to do',
      async () => [filePart('wall.jpg', await plain(1200, 1200), 'image/jpeg')],
      422,
      PHOTO_FIXES.noFace,
    ],
  ])('%s', async (_label, parts, status, message) => {
    const { token, url } = await ociSlot('photo');
    const before = await storedFiles();
    const res = await upload(token, url, await parts());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ isSuccess: false, message, errors: { file: message } });
    expect(await storedFiles()).toEqual(before);
    expect(await filesUnder(join(t.app.env.dataDir, 'upload-scratch'))).toEqual([]);
  });

  it('names a signature sent again for a second member as the first’s, to the customer and on the desk', async () => {
    const user = await createSignedInUser(t.app);
    const spouse = { fullName: 'Rahul Sharma', dateOfBirth: '1983-02-20', relationship: 'Spouse' };
    const order = await startApplication(t.app, user.token, { members: [ADULT, spouse] });
    // A signature in ink at the portal's size: it passes every rule, for either member.
    const signature = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="600"><rect width="1800" height="600" fill="white"/><path d="M150 420 C 400 120, 600 520, 850 300 S 1300 180, 1650 380" stroke="#1a237e" stroke-width="22" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const stored: number[] = [];
    for (const member of order.members) {
      const url = `/application/order/${order.displayId}/members/${member.id}/documents/signature`;
      const res = await upload(user.token, url, [filePart('signature.png', signature, 'image/png')]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.report.passed, JSON.stringify(res.json().data.report)).toBe(true);
      stored.push(res.json().data.document.id);
    }
    const second = order.members[1]?.id;
    const expected = [
      {
        memberId: second,
        itemId: 'signature',
        label: 'Rahul’s signature',
        problem:
          'It is the same file as Priya’s signature. Each applicant needs their own: please check it is the right one.',
        step: 7,
        // The second member's own file, named for being the first's.
        documentId: stored[1],
        sameFile: true,
      },
    ];
    const view = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, user.token)).json().data;
    expect(view.toDo.photosToRedo).toEqual(expected);
    const staff = await createStaffUser(t.app, t.database.db, 'staff');
    const desk = (await apiCall(t.app, 'GET', `/admin/orders/${order.displayId}`, staff.token)).json().data;
    expect(desk.service.photosToCheck).toEqual(expected);
  }, 60_000);
});
