import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { EVEN_BACKGROUND, evenBackground } from './background.ts';
import { backgroundCheck } from './checks.ts';
import { detectInWorker } from './detection-queue.ts';
import { analyseWith, type Detect, stopFaceDetection } from './engine.ts';
import { type FaceGeometry, faceGeometry, planCrop } from './geometry.ts';
import { backgroundStats, type RgbImage } from './measures.ts';
import { faceOn } from './test-images.ts';

afterAll(() => stopFaceDetection());

const WIDTH = 800;
const HEIGHT = 1000;

/**
 * A drawn person: hair, face and a shirt from the neck to the bottom edge, 800 × 1000. The face's
 * geometry is written down as the engine would measure it (jaw 290–510, eyebrows at 340, chin at 560).
 */
const PERSON = `
  <ellipse cx="400" cy="350" rx="135" ry="190" fill="#3b2a1e"/>
  <polygon points="340,540 460,540 690,700 720,1000 80,1000 110,700" fill="#2f5f9e"/>
  <ellipse cx="400" cy="420" rx="110" ry="140" fill="#d9a77f"/>`;
const FACE: FaceGeometry = {
  box: { left: 290, top: 300, width: 220, height: 260 },
  eyes: [
    { x: 355, y: 400 },
    { x: 445, y: 400 },
  ],
  eyeMid: { x: 400, y: 400 },
  chin: { x: 400, y: 560 },
  crown: { x: 400, y: 164 },
  headHeight: 396,
  rollDegrees: 0,
  face: { left: 290, top: 340, width: 220, height: 220 },
  head: { left: 257, top: 164, width: 286, height: 396 },
};

const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`);

async function rgb(input: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** 255 where the drawn person covers the pixel entirely (its anti-aliased outline is neither). */
async function personCoverage(): Promise<Uint8Array> {
  const { data } = await sharp(svg(PERSON)).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

const BACKGROUNDS = {
  gradient: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3a5f8a"/><stop offset="0.5" stop-color="#9c6b3f"/><stop offset="1" stop-color="#c9a25b"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
  busy: `<rect width="100%" height="100%" fill="#24201c"/>${Array.from(
    { length: 34 },
    (_, i) =>
      `<rect x="${i * 24}" y="${(i * 37) % 400}" width="20" height="${HEIGHT}" fill="${['#1d2a3a', '#5a3b22', '#6b6f2a', '#3d1730', '#2b4d3f', '#8a8f95'][i % 6]}"/>`,
  ).join('')}`,
};

describe('evenBackground on a drawn person', () => {
  const light = PHOTO_SIZES['oci-photo'];

  it.each(Object.keys(BACKGROUNDS) as (keyof typeof BACKGROUNDS)[])(
    'on a %s background: every pixel of the person unchanged, the background plain and light',
    async (name) => {
      const image = await rgb(
        await sharp(svg(BACKGROUNDS[name] + PERSON))
          .png()
          .toBuffer(),
      );
      const coverage = await personCoverage();
      const crop = planCrop(FACE, light, image);
      expect(backgroundCheck(light, backgroundStats(image, crop, FACE)).passed).toBe(false);

      const even = evenBackground(image, FACE, EVEN_BACKGROUND[light.background]);

      let changedPersonPixels = 0;
      let plainBackgroundPixels = 0;
      let backgroundPixels = 0;
      const { r, g, b } = EVEN_BACKGROUND.light;
      for (let p = 0; p < WIDTH * HEIGHT; p += 1) {
        const i = p * 3;
        const same = [0, 1, 2].every((k) => even.data[i + k] === image.data[i + k]);
        if (coverage[p] === 255) {
          if (!same) changedPersonPixels += 1;
        } else if (coverage[p] === 0) {
          backgroundPixels += 1;
          if (even.data[i] === r && even.data[i + 1] === g && even.data[i + 2] === b) plainBackgroundPixels += 1;
        }
      }
      expect(changedPersonPixels).toBe(0);
      // All but the feathered rim along the outline.
      expect(plainBackgroundPixels / backgroundPixels).toBeGreaterThan(0.97);
      expect(backgroundCheck(light, backgroundStats(even, crop, FACE))).toMatchObject({ passed: true, fix: null });
    },
  );
});

/** A wall lit from the left: light by the window, grey by the far side, as phone photos at home are. */
function sideLitWall(): Promise<Buffer> {
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1800">
      <defs><linearGradient id="w"><stop offset="0" stop-color="#e8e4dc"/><stop offset="1" stop-color="#6f6c66"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#w)"/></svg>`),
  )
    .png()
    .toBuffer();
}

/**
 * The worker's answer for the one photo these tests use, found once: the same photo's faces are
 * the same each time, and ten detections would take most of a loaded machine's 20 s.
 */
function detectOnce(): Detect {
  let found: ReturnType<Detect> | undefined;
  return (rgb, width, height) => {
    found ??= detectInWorker(rgb, width, height);
    return found;
  };
}

describe('Background Change in analysePhoto', () => {
  const detect = detectOnce();
  /** The first test loads the face model (1–3 s) and each runs the engine on a 1600 × 1800 photo: on a loaded 2-core machine, past 20 s. */
  const SLOW = { timeout: 60_000 };
  let photo: Buffer;
  beforeAll(async () => {
    photo = await faceOn('brunette', await sideLitWall());
  });

  it(
    "evens the uneven wall behind the sample face for a size that allows it, and leaves the face's pixels",
    SLOW,
    async () => {
      const { data, info } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
      const faces = await detect(new Uint8Array(data), info.width, info.height);
      expect(faces).toHaveLength(1);
      const face = faceGeometry(faces[0] as (typeof faces)[number], 1);
      const image = { data, width: info.width, height: info.height };
      const even = evenBackground(image, face, EVEN_BACKGROUND.light);
      const { left, top, width, height } = face.head;
      for (let y = Math.ceil(top); y < top + height; y += 1) {
        const row = (y * info.width + Math.ceil(left)) * 3;
        const end = (y * info.width + Math.floor(left + width)) * 3;
        expect(even.data.subarray(row, end).equals(data.subarray(row, end))).toBe(true);
      }

      const size = PHOTO_SIZES['in-evisa'];
      const as = await analyseWith(detect, photo, size);
      const changed = await analyseWith(detect, photo, size, { backgroundChange: true });
      const rule = (result: typeof as) => result.report.checks.find((c) => c.rule === 'background');
      expect(rule(as)?.passed).toBe(false);
      expect(rule(changed)).toMatchObject({ passed: true, fix: null });
      expect(changed.report.checks.filter((c) => c.rule !== 'background')).toEqual(
        as.report.checks.filter((c) => c.rule !== 'background'),
      );
    },
  );

  it('never changes the background for a size that does not allow it', SLOW, async () => {
    for (const size of Object.values(PHOTO_SIZES).filter((s) => !s.backgroundChangeAllowed)) {
      const as = await analyseWith(detect, photo, size);
      const asked = await analyseWith(detect, photo, size, { backgroundChange: true });
      expect(asked.fitted?.equals(as.fitted ?? Buffer.alloc(0))).toBe(true);
      expect(asked.report).toEqual(as.report);
    }
  });
});
