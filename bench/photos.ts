// The photo compliance engine's figures (issue 12, decision 0062), apart from `npm run bench`
// (which loads the HTTP server): run `node bench/photos.ts` with Node 24 (`npx node bench/photos.ts`
// where the machine's own Node is older). Prints, for one ~1000 px photo of a real face:
//   - sharp alone: decode, resize to 600 × 600, JPEG — the floor of any photo pipeline;
//   - the whole pipeline (analysePhoto: decode, detection, measures, fit), one at a time;
//   - the pipeline's work around detection (analyseWith a detector that answers at once with the
//     faces found before) against sharp alone — the aim is ≥ 80 % of sharp's throughput;
//   - detection time per photo (the worker's round trip, one at a time);
//   - peak RSS and the main thread's worst event-loop delay with four photos in flight.
// BENCH_PHOTOS sets how many photos each measurement runs (default 20).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { PHOTO_SIZES } from '../src/domain/photos/sizes.ts';
import { detectInWorker } from '../src/server/modules/photos/compliance/detection-queue.ts';
import { analysePhoto, analyseWith, stopFaceDetection } from '../src/server/modules/photos/compliance/engine.ts';
import { faceOn } from '../src/server/modules/photos/compliance/test-images.ts';

const runs = Number(process.env.BENCH_PHOTOS ?? 20);
const size = PHOTO_SIZES['us-2x2'];
const photo = await sharp(await faceOn('brunette'))
  .resize(1000, 1000, { fit: 'inside' })
  .jpeg({ quality: 90 })
  .toBuffer();
const { width, height } = await sharp(photo).metadata();

async function timeEach(label: string, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up (and, for detection, model loading)
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) await work();
  const perPhoto = (performance.now() - started) / runs;
  console.log(
    `${label.padEnd(38)} ${perPhoto.toFixed(0).padStart(5)} ms/photo  ${(1000 / perPhoto).toFixed(1).padStart(6)} photos/s`,
  );
  return perPhoto;
}

console.log(
  `Photo: ${width} × ${height} px, ${(photo.length / 1000).toFixed(0)} KB JPEG → ${size.id}; ${runs} photos each\n`,
);
const sharpAlone = await timeEach('sharp alone (resize + JPEG)', () =>
  sharp(photo).resize(size.widthPx, size.heightPx).jpeg({ quality: 90 }).toBuffer(),
);
const raw = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
const detection = await timeEach('detection (worker round trip)', () =>
  detectInWorker(Uint8Array.prototype.slice.call(raw.data), raw.info.width, raw.info.height),
);
const pipeline = await timeEach('whole pipeline (analysePhoto)', () => analysePhoto(photo, size));
const faces = await detectInWorker(Uint8Array.prototype.slice.call(raw.data), raw.info.width, raw.info.height);
const rest = await timeEach('pipeline around detection', () => analyseWith(async () => faces, photo, size));
console.log(
  `\nAround detection: ${((sharpAlone / rest) * 100).toFixed(0)} % of sharp alone's throughput; ` +
    `detection is ${((detection / pipeline) * 100).toFixed(0)} % of the pipeline's time`,
);

// Four in flight, as four customers uploading at once would be.
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
for (let round = 0; round < Math.max(1, Math.floor(runs / 4)); round += 1) {
  await Promise.all(Array.from({ length: 4 }, () => analysePhoto(photo, size)));
}
const elapsed = performance.now() - started;
delay.disable();
clearInterval(sampler);
const done = Math.max(1, Math.floor(runs / 4)) * 4;
console.log(
  `\nFour in flight: ${((done * 1000) / elapsed).toFixed(1)} photos/s, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB, ` +
    `worst event-loop delay ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`,
);
await stopFaceDetection();
