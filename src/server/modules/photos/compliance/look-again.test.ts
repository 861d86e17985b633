import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_FIXES } from '../../../../domain/photos/compliance.ts';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { detectInWorker } from './detection-queue.ts';
import { FACE_MIN_CONFIDENCE, faceApi, LOOK_AGAIN_FLOOR } from './detector.ts';
import { analysePhoto, stopFaceDetection } from './engine.ts';
import { faceOn, plain, type SampleFace, WALL } from './test-images.ts';

// The detector looks again, in tiles, at a photo whose whole nearly showed a face (detector.ts,
// tiles.ts). Each case first reads the photo as the first look does, here in the test's own
// process: the whole photo at 512 px scores the faces under the bar, and the engine said "no face".
beforeAll(() => Promise.all([detectInWorker(new Uint8Array(64 * 64 * 3), 64, 64), faceApi()]), 60_000);
afterAll(() => stopFaceDetection());

const us = PHOTO_SIZES['us-2x2'];

const checkOf = (result: Awaited<ReturnType<typeof analysePhoto>>, rule: string) =>
  result.report.checks.find((c) => c.rule === rule);

/** What the first look scores in the photo: the engine's ≤ 1000 px copy, read whole at 512 px. */
async function firstLookScores(photo: Buffer): Promise<number[]> {
  const faceapi = await faceApi();
  const copy = await sharp(photo).resize(1000, 1000, { fit: 'inside' }).toBuffer();
  const { data, info } = await sharp(copy)
    .resize(512, 512, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = faceapi.tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: LOOK_AGAIN_FLOOR });
  const found = await faceapi.nets.ssdMobilenetv1.locateFaces(input as never, options).finally(() => input.dispose());
  return found.map((detection) => detection.score);
}

/** Faces the first look scores under the bar, but over the floor that has the detector look again. */
async function expectNearlyFound(photo: Buffer, faces: number) {
  const scores = await firstLookScores(photo);
  expect(scores).toHaveLength(faces);
  for (const score of scores) {
    expect(score).toBeLessThan(FACE_MIN_CONFIDENCE);
    expect(score).toBeGreaterThanOrEqual(LOOK_AGAIN_FLOOR);
  }
}

/** Two sample faces side by side, each on its own wall: 3192 × 1750 for two brunettes. */
async function sideBySide(left: SampleFace, right: SampleFace) {
  const [a, b] = await Promise.all([faceOn(left), faceOn(right)]);
  const [{ width }, { width: extra }] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  return sharp(a)
    .extend({ right: extra, background: WALL })
    .composite([{ input: b, left: width, top: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('analysePhoto on faces the whole photo scores under the bar (reviews r68c S4, r68a)', () => {
  it.each([
    ['brunette', 'brunette'],
    ['blonde', 'brunette'],
  ] as [SampleFace, SampleFace][])('counts a %s and a %s side by side in a wide photo as 2 faces', async (a, b) => {
    const pair = await sideBySide(a, b);
    await expectNearlyFound(pair, 2);
    const result = await analysePhoto(pair, us);
    expect(checkOf(result, 'one-face')).toMatchObject({
      passed: false,
      measured: '2 faces',
      fix: PHOTO_FIXES.manyFaces,
    });
    expect(result.fitted).toBeNull();
  });

  it('finds and measures one face small in a wide photo (the brunette on a 3192 × 1750 wall)', async () => {
    const wide = await faceOn('brunette', await plain(3192, 1750));
    await expectNearlyFound(wide, 1);
    const result = await analysePhoto(wide, us);
    expect(checkOf(result, 'one-face')).toMatchObject({ passed: true, measured: '1 face' });
    expect(checkOf(result, 'head-height')).toMatchObject({ passed: true, measured: 'Head 60 % of the height' });
    expect(result.report.checks.filter((c) => !c.passed)).toEqual([]);
    expect(result.fitted).not.toBeNull();
  });

  it.each([
    ['brunette', 2.6],
    ['blonde', 2.6],
  ] as [SampleFace, number][])(
    'accepts a clear %s face at %d× in a 3000 × 4000 phone photo, read again at the same bar',
    async (face, scale) => {
      const photo = await faceOn(face, await plain(3000, 4000), scale);
      await expectNearlyFound(photo, 1);
      const result = await analysePhoto(photo, us);
      expect(checkOf(result, 'one-face')).toMatchObject({ passed: true, measured: '1 face' });
      expect(result.report.checks.filter((c) => !c.passed)).toEqual([]);
    },
  );

  it('still finds no face on a blank wide wall, which it does not look at again', async () => {
    const wall = await plain(3192, 1750);
    expect(await firstLookScores(wall)).toEqual([]);
    const result = await analysePhoto(wall, us);
    expect(checkOf(result, 'one-face')).toMatchObject({ measured: 'No face found', fix: PHOTO_FIXES.noFace });
    expect(result.fitted).toBeNull();
  });
});
