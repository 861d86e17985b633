// The before/after example of the /photos landing page (docs/decisions/0064-sevaphotos-landing.md).
//
//   node scripts/photos/make-landing-examples.ts
//
// Writes public/photos/example-before.jpg (a phone-style 3:4 frame, shown at 480 × 640) and
// public/photos/example-after.jpg (the fitted US passport photo at its exact 600 × 600 px), and
// src/web/features/photos/landing/example-figures.ts with the after file's measured figures.
//
// The person is a drawing, not a photo: the face samples shipped with @vladmandic/face-api are
// group party photos of real people with no model release, on busy backgrounds that our own
// checks would refuse. A drawing lets the example show exactly what the service does — crop
// and scale around the head to the size's rules — without promising a result on someone's face.
// Only sharp is used: the "after" is a crop and a resize of the "before", nothing retouched.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PHOTO_SIZES } from '../../src/domain/photos/sizes.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIZE = PHOTO_SIZES['us-2x2'];

// The frame as a phone takes it (3:4), rendered large so the crop needs no upscaling.
const FRAME = { width: 1200, height: 1600 };
// The drawn head: its centre, half-width, and crown (top of the hair) to chin.
const HEAD = { cx: 700, faceCy: 660, rx: 125, ry: 160, crown: 480 };
const CHIN = HEAD.faceCy + HEAD.ry;
const EYES_Y = 648;

function sceneSvg(): string {
  const { cx, faceCy, rx, ry, crown } = HEAD;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME.width}" height="${FRAME.height}" viewBox="0 0 ${FRAME.width} ${FRAME.height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f4f3ef"/><stop offset="1" stop-color="#e9e7e1"/>
    </linearGradient>
    <linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f5d8a"/><stop offset="1" stop-color="#234a70"/>
    </linearGradient>
  </defs>
  <rect width="${FRAME.width}" height="${FRAME.height}" fill="url(#wall)"/>
  <!-- What the crop leaves out: a door frame, a light switch, a shelf. -->
  <rect x="0" y="0" width="120" height="${FRAME.height}" fill="#b98b5e"/>
  <rect x="120" y="0" width="26" height="${FRAME.height}" fill="#a67a50"/>
  <rect x="1040" y="700" width="70" height="110" rx="10" fill="#fbfaf7" stroke="#d3d0c8" stroke-width="4"/>
  <rect x="1066" y="730" width="18" height="50" rx="4" fill="#e2dfd8"/>
  <rect x="150" y="1180" width="260" height="24" fill="#8f6a47"/>
  <rect x="190" y="1080" width="70" height="100" rx="12" fill="#6f9c6a"/>
  <!-- Shoulders and neck. -->
  <path d="M ${cx - 330} ${FRAME.height} C ${cx - 330} 1010 ${cx - 220} 925 ${cx - 70} 895 L ${cx + 70} 895 C ${cx + 220} 925 ${cx + 330} 1010 ${cx + 330} ${FRAME.height} Z" fill="url(#shirt)"/>
  <path d="M ${cx - 60} 800 L ${cx - 62} 900 Q ${cx} 945 ${cx + 62} 900 L ${cx + 60} 800 Z" fill="#b07a55"/>
  <!-- Head: ears, face, hair. -->
  <ellipse cx="${cx - rx + 4}" cy="${EYES_Y + 20}" rx="24" ry="42" fill="#b9835d"/>
  <ellipse cx="${cx + rx - 4}" cy="${EYES_Y + 20}" rx="24" ry="42" fill="#b9835d"/>
  <ellipse cx="${cx}" cy="${faceCy}" rx="${rx}" ry="${ry}" fill="#c48d66"/>
  <path d="M ${cx - rx - 6} ${faceCy - 10} C ${cx - rx - 20} ${crown + 40} ${cx - 60} ${crown} ${cx} ${crown} C ${cx + 60} ${crown} ${cx + rx + 20} ${crown + 40} ${cx + rx + 6} ${faceCy - 10} C ${cx + rx - 10} ${faceCy - 90} ${cx + 40} ${faceCy - 120} ${cx - 10} ${faceCy - 105} C ${cx - 60} ${faceCy - 95} ${cx - rx + 6} ${faceCy - 80} ${cx - rx - 6} ${faceCy - 10} Z" fill="#231a15"/>
  <!-- Eyes, brows, nose, mouth: a neutral expression, eyes open. -->
  <ellipse cx="${cx - 48}" cy="${EYES_Y}" rx="18" ry="10" fill="#fff"/>
  <ellipse cx="${cx + 48}" cy="${EYES_Y}" rx="18" ry="10" fill="#fff"/>
  <circle cx="${cx - 48}" cy="${EYES_Y}" r="8" fill="#2b1d14"/>
  <circle cx="${cx + 48}" cy="${EYES_Y}" r="8" fill="#2b1d14"/>
  <path d="M ${cx - 74} ${EYES_Y - 26} Q ${cx - 48} ${EYES_Y - 38} ${cx - 22} ${EYES_Y - 28}" stroke="#2b1d14" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M ${cx + 22} ${EYES_Y - 28} Q ${cx + 48} ${EYES_Y - 38} ${cx + 74} ${EYES_Y - 26}" stroke="#2b1d14" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M ${cx} ${EYES_Y + 10} L ${cx - 12} ${EYES_Y + 62} Q ${cx} ${EYES_Y + 70} ${cx + 12} ${EYES_Y + 62}" stroke="#9a6646" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M ${cx - 36} ${EYES_Y + 108} Q ${cx} ${EYES_Y + 116} ${cx + 36} ${EYES_Y + 108}" stroke="#8a4b3a" stroke-width="7" fill="none" stroke-linecap="round"/>
</svg>`;
}

const mid = ([min, max]: readonly [number, number]) => (min + max) / 2;

/** The crop the fit makes: the size's ratio, the head at the middle of its range, the eyes too. */
function fitCrop() {
  if (!SIZE.headHeight || !SIZE.eyeLine) throw new Error(`${SIZE.id} is not a photo size`);
  const headPx = CHIN - HEAD.crown;
  const height = Math.round(headPx / mid(SIZE.headHeight));
  const width = Math.round((height * SIZE.widthPx) / SIZE.heightPx);
  const top = Math.round(EYES_Y - height * (1 - mid(SIZE.eyeLine)));
  const left = Math.round(HEAD.cx - width / 2);
  if (left < 0 || top < 0 || left + width > FRAME.width || top + height > FRAME.height) {
    throw new Error('the crop leaves the frame');
  }
  return { left, top, width, height, headPx };
}

async function main() {
  const frame = await sharp(Buffer.from(sceneSvg())).jpeg({ quality: 92 }).toBuffer();
  const crop = fitCrop();

  const before = await sharp(frame).resize(480, 640).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  const after = await sharp(frame)
    .extract(crop)
    .resize(SIZE.widthPx, SIZE.heightPx)
    .toColourspace('srgb')
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  if (after.length > SIZE.maxBytes) throw new Error(`after is ${after.length} bytes, over the size's limit`);

  const out = join(ROOT, 'public', 'photos');
  writeFileSync(join(out, 'example-before.jpg'), before);
  writeFileSync(join(out, 'example-after.jpg'), after);

  const headPercent = Math.round((crop.headPx / crop.height) * 100);
  writeFileSync(
    join(ROOT, 'src', 'web', 'features', 'photos', 'landing', 'example-figures.ts'),
    `// Written by scripts/photos/make-landing-examples.ts; example-figures.test.ts checks the files.
export const EXAMPLE_FIGURES = {
  sizeId: '${SIZE.id}',
  documentType: '${SIZE.documentType}',
  before: { path: '/photos/example-before.jpg', widthPx: 480, heightPx: 640, bytes: ${before.length} },
  after: { path: '/photos/example-after.jpg', widthPx: ${SIZE.widthPx}, heightPx: ${SIZE.heightPx}, bytes: ${after.length}, headPercent: ${headPercent} },
} as const;
`,
  );
  console.log(`before ${before.length} B, after ${after.length} B, crop`, crop, `head ${headPercent} %`);
}

await main();
