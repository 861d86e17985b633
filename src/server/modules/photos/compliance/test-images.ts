// Test images for the engine: real faces cut from @vladmandic/face-api's demo photos (read from
// node_modules, never downloaded) and images generated with sharp. Used by engine.test.ts and
// bench/photos.ts.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** An off-white wall, the background a customer is asked for. */
export const WALL = { r: 242, g: 241, b: 238 };

/**
 * Level, frontal faces in the group photos (1920 px wide), found by the engine's detector. Each
 * region is the head and shoulders cut tight at the sides and top (no neighbour, little of the
 * photo's own busy room), so the background around it is whatever the test puts there.
 */
const FACES = {
  blonde: { sample: 'sample3.jpg', region: { left: 525, top: 225, width: 325, height: 595 } },
  brunette: { sample: 'sample6.jpg', region: { left: 1120, top: 250, width: 298, height: 525 } },
} as const;
export type SampleFace = keyof typeof FACES;
/**
 * The group photos' faces are small; doubled, every size's crop but one has enough pixels. The
 * brunette's for the Indian passport (her head at 80–85 % of 810 px) is 773 px tall at this
 * scale, and the engine rightly says the photo has too few pixels for it.
 */
const SCALE = 2;

/**
 * One real face, head and shoulders, enlarged `scale` times (doubled by default), centred on
 * `background` (a plain wall by default).
 */
export async function faceOn(face: SampleFace, background?: Buffer, scale = SCALE): Promise<Buffer> {
  const { sample, region } = FACES[face];
  const width = Math.round(region.width * scale);
  const height = Math.round(region.height * scale);
  const head = await sharp(join(demo, sample)).extract(region).resize(width, height).toBuffer();
  const canvas = background ?? (await plain(width + 1000, height + 700));
  const meta = await sharp(canvas).metadata();
  return sharp(canvas)
    .composite([
      { input: head, left: Math.round((meta.width - width) / 2), top: Math.round((meta.height - height) / 2) },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The sample face on its wall, the whole photo turned `degrees` clockwise, as by a camera held
 * crooked; the corners the turn opens are the same wall.
 */
export async function tilted(face: SampleFace, degrees: number): Promise<Buffer> {
  return sharp(await faceOn(face))
    .rotate(degrees, { background: WALL })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The sample face (level, or turned `degrees`) with the photo cut `room` px left of its middle:
 * the face near the left edge, as when the customer stood to one side of the frame.
 */
export async function nearLeftEdge(face: SampleFace, room: number, degrees = 0): Promise<Buffer> {
  const photo = degrees === 0 ? await faceOn(face) : await tilted(face, degrees);
  const { width, height } = await sharp(photo).metadata();
  const left = Math.round(width / 2 - room);
  return sharp(photo)
    .extract({ left, top: 0, width: width - left, height })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * What a phone sends: a 12-megapixel (4000 × 3000) JPEG of over 3 MB, one real face on a wall
 * with the sensor's grain (the grain is what makes a phone's JPEG big; a plain wall would
 * compress to a few hundred KB). About a second and a half to make.
 */
export async function phonePhoto(face: SampleFace = 'blonde'): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const grain = randomBytes(width * height * 3);
  for (let i = 0; i < grain.length; i += 1) grain[i] = 222 + ((grain[i] ?? 0) & 31);
  const wall = await sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return faceOn(face, wall);
}

/** A dark, busy background: bookshelf-like stripes of dark colours. */
export function busyBackground(width: number, height: number): Promise<Buffer> {
  const colours = ['#1d2a3a', '#5a3b22', '#0f0f12', '#6b6f2a', '#3d1730', '#2b4d3f'];
  const stripes = Array.from({ length: Math.ceil(width / 24) }, (_, i) => {
    const h = height * (0.55 + ((i * 37) % 45) / 100);
    return `<rect x="${i * 24}" y="${height - h}" width="20" height="${h}" fill="${colours[i % colours.length]}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#24201c"/>${stripes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A plain image of one colour. */
export function plain(width: number, height: number, background = WALL): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A handwritten-looking signature: dark strokes on white paper, with a wide empty margin. */
export function signature(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="100%" height="100%" fill="#fbfbf8"/>
    <g fill="none" stroke="#18204a" stroke-width="7" stroke-linecap="round" stroke-linejoin="round">
      <path d="M420 520 C 450 380, 520 360, 520 470 S 560 600, 610 470 S 690 380, 700 500 S 760 560, 800 460"/>
      <path d="M820 500 C 860 420, 900 420, 910 480 S 960 560, 1000 470 L 1040 420 C 1060 520, 1100 540, 1180 450"/>
      <path d="M400 580 C 600 560, 900 575, 1200 540"/>
    </g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A young child's thumb impression as a phone photographs it: a 4000 × 3000 JPEG of white paper
 * with one inked thumb (ridges in dark blue, about 520 × 680 px) in the middle.
 */
export function thumbImpression(): Promise<Buffer> {
  const ridges = Array.from(
    { length: 16 },
    (_, i) => `<ellipse cx="2000" cy="1500" rx="${260 - i * 16}" ry="${340 - i * 20}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <rect width="100%" height="100%" fill="#fbfbf8"/>
    <g fill="none" stroke="#1c2450" stroke-width="9">${ridges}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
