// The photo engine's verdicts on a calibration set, before and after a change (issue 31 §2:
// the auto-straighten, re-centring and the blurred-photo reason; decision 0111-photo-fit-straighten-blur-verdict).
//
//   node scripts/photo-calibration.ts [--before <commit>] [--size us-2x2]
//
// The set is made from the engine's own test images (test-images.ts: two real faces on a wall),
// turned, moved to the edge, blurred or put on a busy background. "Before" is the engine of
// <commit> (default: the merge base with main), its src/ unpacked from git into .tmp/ and run in
// this process with this branch's detector, so both judge the same faces; "after" is this
// checkout. Prints a Markdown table (the rules each failed, the roll as taken, the headline of
// each verdict after) and the time a check takes: the whole check (detection included) and the
// work around detection, median over the set.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { type ComplianceReport, PHOTO_NOT_MEASURED } from '../src/domain/photos/compliance.ts';
import { PHOTO_SIZES, type PhotoSizeId } from '../src/domain/photos/sizes.ts';
import { photoVerdict } from '../src/domain/photos/verdict.ts';
import { detectInWorker } from '../src/server/modules/photos/compliance/detection-queue.ts';
import { analyseWith, type Detect, stopFaceDetection } from '../src/server/modules/photos/compliance/engine.ts';
import type { RawFace } from '../src/server/modules/photos/compliance/faces.ts';
import { faceGeometry } from '../src/server/modules/photos/compliance/geometry.ts';
import {
  busyBackground,
  faceOn,
  nearLeftEdge,
  plain,
  tilted,
} from '../src/server/modules/photos/compliance/test-images.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { before: { type: 'string' }, size: { type: 'string', default: 'us-2x2' } } });
const size = PHOTO_SIZES[values.size as PhotoSizeId];
if (size?.kind !== 'photo') throw new Error(`not a photo size: ${values.size}`);

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const before = git('rev-parse', '--short', values.before ?? git('merge-base', 'HEAD', 'main'));
const beforeDir = join(ROOT, '.tmp', `calibration-${before}`);
mkdirSync(beforeDir, { recursive: true });
// Under the checkout, so its imports of packages resolve to this node_modules.
execFileSync('sh', ['-c', `git archive ${before} src | tar -x -C ${beforeDir}`], { cwd: ROOT });
const old = (await import(pathToFileURL(join(beforeDir, 'src/server/modules/photos/compliance/engine.ts')).href)) as {
  analyseWith: typeof analyseWith;
};

const blur = async (photo: Promise<Buffer>, sigma: number) =>
  sharp(await photo)
    .blur(sigma)
    .jpeg({ quality: 92 })
    .toBuffer();
const photos: [string, () => Promise<Buffer>][] = [
  ['brunette, level', () => faceOn('brunette')],
  ['blonde, level', () => faceOn('blonde')],
  ...[2, 4, 6, 8].map((d): [string, () => Promise<Buffer>] => [`brunette, turned ${d}°`, () => tilted('brunette', d)]),
  ...[-3, -6].map((d): [string, () => Promise<Buffer>] => [`blonde, turned ${d}°`, () => tilted('blonde', d)]),
  ['brunette, turned 10°', () => tilted('brunette', 10)],
  ['blonde, turned 12°', () => tilted('blonde', 12)],
  // The ideal crop of the brunette for us-2x2 reaches ~480 px left of her eyes.
  ['brunette, 460 px from the left edge', () => nearLeftEdge('brunette', 460)],
  ['brunette, 360 px from the left edge', () => nearLeftEdge('brunette', 360)],
  ['brunette, 520 px from the edge, turned 6°', () => nearLeftEdge('brunette', 520, 6)],
  ['brunette, 600 px from the edge, turned 6°', () => nearLeftEdge('brunette', 600, 6)],
  ['brunette, blurred (σ 4)', () => blur(faceOn('brunette'), 4)],
  ['brunette, blurred (σ 12)', () => blur(faceOn('brunette'), 12)],
  ['blonde, blurred (σ 12)', () => blur(faceOn('blonde'), 12)],
  ['blonde, busy background', async () => faceOn('blonde', await busyBackground(1600, 1800))],
  ['a plain wall', () => plain(800, 1000)],
];

/** The rules failed, the tilt with its figure; those not measured (no face) counted, not listed. */
function failed(report: ComplianceReport): string {
  const rules = report.checks.filter((c) => !c.passed);
  const measured = rules.filter((c) => c.measured !== PHOTO_NOT_MEASURED);
  const names = measured.map((c) => (c.rule === 'tilt' ? `tilt (${c.measured.replace('Tilted ', '')})` : c.rule));
  const unmeasured = rules.length - measured.length;
  return [...names, ...(unmeasured > 0 ? [`${unmeasured} not measured`] : [])].join(', ') || 'none';
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

await detectInWorker(new Uint8Array(64 * 64 * 3), 64, 64); // load the models first
const rows: string[] = [];
const times = {
  before: [] as number[],
  after: [] as number[],
  aroundBefore: [] as number[],
  aroundAfter: [] as number[],
};
for (const [name, make] of photos) {
  const photo = await make();
  // The faces once, for the roll as taken and for timing the work around detection alone.
  let faces: RawFace[] = [];
  const recording: Detect = async (...args) => {
    faces = await detectInWorker(...args);
    return faces;
  };
  const known: Detect = async () => faces;
  // Alternate which engine goes first, so the machine's load falls on both alike.
  const runBefore = () => timed(() => old.analyseWith(recording, photo, size));
  const runAfter = () => timed(() => analyseWith(recording, photo, size));
  let beforeRun: Awaited<ReturnType<typeof runBefore>>;
  let afterRun: Awaited<ReturnType<typeof runAfter>>;
  if (rows.length % 2 === 1) {
    afterRun = await runAfter();
    beforeRun = await runBefore();
  } else {
    beforeRun = await runBefore();
    afterRun = await runAfter();
  }
  const [b, bMs] = beforeRun;
  const [a, aMs] = afterRun;
  times.before.push(bMs);
  times.after.push(aMs);
  times.aroundBefore.push((await timed(() => old.analyseWith(known, photo, size)))[1]);
  times.aroundAfter.push((await timed(() => analyseWith(known, photo, size)))[1]);
  const [face] = faces;
  const roll = faces.length === 1 && face ? `${faceGeometry(face, 1).rollDegrees.toFixed(1)}°` : '—';
  const verdict = photoVerdict(a.report);
  const headline = verdict.reason ? verdict.reason.problem : verdict.headline;
  rows.push(`| ${name} | ${roll} | ${failed(b.report)} | ${failed(a.report)} | ${headline} |`);
}
await stopFaceDetection();

console.log(
  `Calibration set, ${size.id}: before = ${before}, after = this checkout (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', 'src').length > 0 ? ' + changes' : ''})\n`,
);
console.log('| Photo | Roll as taken | Rules failed before | Rules failed after | Reason after |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
const ms = (x: number) => `${Math.round(x)} ms`;
console.log(
  `\nOne check, median of ${photos.length}: before ${ms(median(times.before))}, after ${ms(median(times.after))}` +
    ` (around detection: before ${ms(median(times.aroundBefore))}, after ${ms(median(times.aroundAfter))})`,
);
