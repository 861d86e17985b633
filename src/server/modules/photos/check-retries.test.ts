import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M } from '../../../domain/photos/orders.ts';
import { JOBS_SCHEMA } from '../../jobs/queue.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import type { AnalysePhoto } from './analyser.ts';
import { FaceDetectionError } from './compliance/detection-queue.ts';
import { PHOTO_CHECK_GAVE_UP_QUEUE, PHOTO_CHECK_QUEUE } from './service.ts';
import { photoOrderPhotos } from './tables.ts';
import { fakeAnalyse, testFace } from './testing.ts';

let t: TestApp;
let face: Buffer;
/** How many of the next checks the engine fails as a busy, timed-out or crashed engine does. */
let faults = 0;
const analyse: AnalysePhoto = async (image, size) => {
  if (faults > 0) {
    faults -= 1;
    throw new FaceDetectionError('The face detection worker crashed');
  }
  return fakeAnalyse(image, size);
};

beforeAll(async () => {
  t = await buildTestApp({}, { photoAnalyser: analyse });
  face = await testFace();
});
afterAll(() => t.close());

/** A customer's photo order with one item and one uploaded photo, its check queued; `again` sends the same file. */
async function uploadedPhoto() {
  const user = await createSignedInUser(t.app);
  const created = await apiCall(t.app, 'POST', '/photo-orders', user.token, { idempotencyKey: randomUUID() });
  const order = created.json().data as { displayId: string };
  const added = await apiCall(t.app, 'POST', `/photo-orders/${order.displayId}/items`, user.token, {
    photoSize: 'us-2x2',
  });
  const item = added.json().data.items[0] as { id: number };
  const send = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/photo-orders/${order.displayId}/items/${item.id}/photos`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(user.token) },
      payload: multipart([filePart('face.jpg', face, 'image/jpeg')]),
    });
  const uploaded = await send();
  expect(uploaded.statusCode).toBe(201);
  return { photoId: (uploaded.json().data as { id: number }).id, again: send };
}

const photoOf = async (id: number) =>
  (await t.database.db.select().from(photoOrderPhotos).where(eq(photoOrderPhotos.id, id)))[0];

/** The clock passes a retry's delay: the check's jobs waiting for one are due now. */
async function retriesDue() {
  await t.database.executeSql(
    `update ${JOBS_SCHEMA}.job set start_after = now() - interval '1 second'
      where name in ($1, $2) and state in ('created', 'retry')`,
    [PHOTO_CHECK_QUEUE, PHOTO_CHECK_GAVE_UP_QUEUE],
  );
}

describe('a photo check the engine could not run', () => {
  it('is tried again: an engine that was busy or crashed says nothing about the photo', async () => {
    const { photoId } = await uploadedPhoto();
    faults = 2;
    await t.runJobs();
    expect((await photoOf(photoId))?.state).toBe('pending');
    await retriesDue();
    await t.runJobs();
    expect((await photoOf(photoId))?.state).toBe('pending');
    await retriesDue();
    await t.runJobs();
    expect((await photoOf(photoId))?.state).toBe('done');
  });

  it('after its last attempt, marks the photo failed rather than leaving it checking for ever', async () => {
    const { photoId } = await uploadedPhoto();
    faults = 3;
    await t.runJobs();
    for (let i = 0; i < 2; i++) {
      await retriesDue();
      await t.runJobs();
    }
    expect(await photoOf(photoId)).toMatchObject({ state: 'failed', error: M.photoFailed });
  });

  it('the same file sent again after its check failed ("Please upload it again") is checked again', async () => {
    const { photoId, again } = await uploadedPhoto();
    faults = 3;
    await t.runJobs();
    for (let i = 0; i < 2; i++) {
      await retriesDue();
      await t.runJobs();
    }
    expect((await photoOf(photoId))?.state).toBe('failed');
    const resent = await again();
    expect(resent.statusCode).toBe(201);
    const fresh = resent.json().data as { id: number; state: string };
    expect(fresh).toMatchObject({ state: 'pending' });
    expect(fresh.id).not.toBe(photoId);
    await t.runJobs();
    expect((await photoOf(fresh.id))?.state).toBe('done');
    // A file still being checked, or checked, is the photo it already is (an answer lost on a phone's line).
    expect((await again()).json().data).toMatchObject({ id: fresh.id, state: 'done' });
  });

  it('a check that ran out of attempts outside the engine (storage, the database) is marked failed by its give-up job', async () => {
    const { photoId } = await uploadedPhoto();
    await t.app.jobs.send(PHOTO_CHECK_GAVE_UP_QUEUE, { photoId });
    await t.app.jobs.drain([PHOTO_CHECK_GAVE_UP_QUEUE]);
    expect(await photoOf(photoId)).toMatchObject({ state: 'failed', error: M.photoFailed });
    // A photo already checked is left as it is.
    const { photoId: checked } = await uploadedPhoto();
    await t.app.jobs.drain([PHOTO_CHECK_QUEUE]);
    await t.app.jobs.send(PHOTO_CHECK_GAVE_UP_QUEUE, { photoId: checked });
    await t.app.jobs.drain([PHOTO_CHECK_GAVE_UP_QUEUE]);
    expect((await photoOf(checked))?.state).toBe('done');
  });
});
