// The photo compliance engine's figures (issue 12, decision 0062), part of `npm run bench` and
// runnable alone (`npx node bench/photos.ts`: Node 24). For one ~1000 px photo of a real face:
//   - sharp alone: decode, resize to 600 × 600, JPEG — the floor of any photo pipeline;
//   - the whole pipeline (analysePhoto: decode, detection, measures, fit), one at a time;
//   - the pipeline's work around detection (analyseWith a detector that answers at once with the
//     faces found before) against sharp alone — the aim is ≥ 80 % of sharp's throughput. The two
//     run in turns (one photo each, in alternating order), so the machine's load — shared with
//     other work — weighs on both alike; their CPU time per photo (both threads and libuv's, from
//     process.cpuUsage) is reported beside the wall clock, which sets the aim;
//   - the same on a phone-sized photo (4000 px), which the engine reads twice with JPEG
//     shrink-on-load rather than decoding whole (decision 0084): what customers upload;
//   - detection time per photo (the worker's round trip, one at a time) — the aim is ≤ 0.5 s;
//   - peak RSS and the main thread's worst event-loop delay with four photos in flight.
// BENCH_PHOTOS sets how many photos each measurement runs (default 20).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { PHOTO_SIZES } from '../src/domain/photos/sizes.ts';
import { detectInWorker } from '../src/server/modules/photos/compliance/detection-queue.ts';
import { analysePhoto, analyseWith, stopFaceDetection } from '../src/server/modules/photos/compliance/engine.ts';
import { faceOn } from '../src/server/modules/photos/compliance/test-images.ts';

/** The aims: the work around detection at ≥ 80 % of sharp alone's throughput, detection ≤ 0.5 s. */
export const PHOTO_AIMS = { aroundDetectionShareOfSharp: 0.8, detectionMs: 500 } as const;

export interface PhotoFigures {
  photo: { widthPx: number; heightPx: number; bytes: number; sizeId: string };
  runs: number;
  /** Milliseconds per photo, one at a time. */
  msPerPhoto: { sharpAlone: number; detection: number; pipeline: number; aroundDetection: number };
  /** CPU milliseconds per photo (all threads), measured in the same turns as the wall clock. */
  cpuMsPerPhoto: { sharpAlone: number; aroundDetection: number };
  /** The same two on a phone-sized photo (4000 px longest side), wall milliseconds per photo. */
  phoneSized: { widthPx: number; heightPx: number; sharpAloneMs: number; aroundDetectionMs: number };
  /** sharp alone's time over the work around detection's: 1 = as fast as sharp alone. */
  aroundDetectionShareOfSharp: number;
  fourInFlight: { photosPerSecond: number; peakRssMb: number; worstLoopDelayMs: number; p99LoopDelayMs: number };
  aims: { aroundDetection: boolean; detection: boolean };
}

async function timeEach(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up (and, for detection, model loading)
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) await work();
  return (performance.now() - started) / runs;
}

interface Timed {
  wallMs: number;
  cpuMs: number;
}

/**
 * Wall and CPU time per run of `a` and of `b`, run in turns (a b, b a, a b, …) after a warm-up of
 * each: load that comes and goes on a shared machine falls on both alike.
 */
async function timeInTurns(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[Timed, Timed]> {
  await a();
  await b();
  const totals = [
    { wallMs: 0, cpuMs: 0 },
    { wallMs: 0, cpuMs: 0 },
  ] as const;
  const timeOne = async (work: () => Promise<unknown>, total: Timed) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await work();
    total.wallMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    total.cpuMs += (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs; i += 1) {
    const [first, second] = i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    await timeOne(first === 0 ? a : b, totals[first]);
    await timeOne(second === 0 ? a : b, totals[second]);
  }
  const perRun = (t: Timed) => ({ wallMs: t.wallMs / runs, cpuMs: t.cpuMs / runs });
  return [perRun(totals[0]), perRun(totals[1])];
}

export async function measurePhotos(runs = Number(process.env.BENCH_PHOTOS ?? 20)): Promise<PhotoFigures> {
  const size = PHOTO_SIZES['us-2x2'];
  const photo = await sharp(await faceOn('brunette'))
    .resize(1000, 1000, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const raw = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => Uint8Array.prototype.slice.call(raw.data);
  try {
    const detection = await timeEach(runs, () => detectInWorker(pixels(), raw.info.width, raw.info.height));
    const pipeline = await timeEach(runs, () => analysePhoto(photo, size));
    const faces = await detectInWorker(pixels(), raw.info.width, raw.info.height);
    const [sharpTimed, aroundTimed] = await timeInTurns(
      runs,
      () => sharp(photo).resize(size.widthPx, size.heightPx).jpeg({ quality: 90 }).toBuffer(),
      () => analyseWith(async () => faces, photo, size),
    );
    const sharpAlone = sharpTimed.wallMs;

    const phone = await sharp(await faceOn('brunette'))
      .resize(4000, 4000, { fit: 'inside' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const phoneMeta = await sharp(phone).metadata();
    // The faces the engine's own first read finds, answered at once like the 1000 px photo's.
    let phoneFaces: Awaited<ReturnType<typeof detectInWorker>> | undefined;
    await analyseWith(
      async (rgb, width, height) => {
        phoneFaces = await detectInWorker(Uint8Array.prototype.slice.call(rgb), width, height);
        return phoneFaces;
      },
      phone,
      size,
    );
    const [phoneSharp, phoneAround] = await timeInTurns(
      runs,
      () => sharp(phone).resize(size.widthPx, size.heightPx).jpeg({ quality: 90 }).toBuffer(),
      () => analyseWith(async () => phoneFaces ?? [], phone, size),
    );
    const aroundDetection = aroundTimed.wallMs;

    // Four in flight, as four customers uploading at once would be.
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 10);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const rounds = Math.max(1, Math.floor(runs / 4));
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(Array.from({ length: 4 }, () => analysePhoto(photo, size)));
    }
    const elapsed = performance.now() - started;
    delay.disable();
    clearInterval(sampler);

    const share = sharpAlone / aroundDetection;
    return {
      photo: { widthPx: raw.info.width, heightPx: raw.info.height, bytes: photo.length, sizeId: size.id },
      runs,
      msPerPhoto: { sharpAlone, detection, pipeline, aroundDetection },
      cpuMsPerPhoto: { sharpAlone: sharpTimed.cpuMs, aroundDetection: aroundTimed.cpuMs },
      phoneSized: {
        widthPx: phoneMeta.width,
        heightPx: phoneMeta.height,
        sharpAloneMs: phoneSharp.wallMs,
        aroundDetectionMs: phoneAround.wallMs,
      },
      aroundDetectionShareOfSharp: share,
      fourInFlight: {
        photosPerSecond: (rounds * 4 * 1000) / elapsed,
        peakRssMb: peakRss / 2 ** 20,
        worstLoopDelayMs: delay.max / 1e6,
        p99LoopDelayMs: delay.percentile(99) / 1e6,
      },
      aims: {
        aroundDetection: share >= PHOTO_AIMS.aroundDetectionShareOfSharp,
        detection: detection <= PHOTO_AIMS.detectionMs,
      },
    };
  } finally {
    await stopFaceDetection();
  }
}

export function formatPhotoFigures(f: PhotoFigures): string {
  const row = (label: string, ms: number) =>
    `  ${label.padEnd(36)} ${ms.toFixed(0).padStart(5)} ms/photo  ${(1000 / ms).toFixed(1).padStart(6)} photos/s`;
  const met = (ok: boolean) => (ok ? 'aim met' : 'aim NOT met');
  return [
    `Photo pipeline: ${f.photo.widthPx} × ${f.photo.heightPx} px, ${(f.photo.bytes / 1000).toFixed(0)} KB JPEG → ${f.photo.sizeId}; ${f.runs} photos each`,
    row('sharp alone (resize + JPEG)', f.msPerPhoto.sharpAlone),
    row('detection (worker round trip)', f.msPerPhoto.detection),
    row('whole pipeline (analysePhoto)', f.msPerPhoto.pipeline),
    row('pipeline around detection', f.msPerPhoto.aroundDetection),
    `  Around detection: ${(f.aroundDetectionShareOfSharp * 100).toFixed(0)} % of sharp alone's throughput (${met(f.aims.aroundDetection)}: ≥ ${PHOTO_AIMS.aroundDetectionShareOfSharp * 100} %), timed in turns with it`,
    `  CPU per photo, same turns: sharp alone ${f.cpuMsPerPhoto.sharpAlone.toFixed(1)} ms, around detection ${f.cpuMsPerPhoto.aroundDetection.toFixed(1)} ms (${((f.cpuMsPerPhoto.sharpAlone / f.cpuMsPerPhoto.aroundDetection) * 100).toFixed(0)} %)`,
    `  Phone-sized ${f.phoneSized.widthPx} × ${f.phoneSized.heightPx} px photo: sharp alone ${f.phoneSized.sharpAloneMs.toFixed(0)} ms, around detection ${f.phoneSized.aroundDetectionMs.toFixed(0)} ms (${((f.phoneSized.sharpAloneMs / f.phoneSized.aroundDetectionMs) * 100).toFixed(0)} %)`,
    `  Detection: ${f.msPerPhoto.detection.toFixed(0)} ms per photo (${met(f.aims.detection)}: ≤ ${PHOTO_AIMS.detectionMs} ms)`,
    `  Four in flight: ${f.fourInFlight.photosPerSecond.toFixed(1)} photos/s, peak RSS ${f.fourInFlight.peakRssMb.toFixed(0)} MB, worst event-loop delay ${f.fourInFlight.worstLoopDelayMs.toFixed(0)} ms (p99 ${f.fourInFlight.p99LoopDelayMs.toFixed(0)} ms)`,
  ].join('\n');
}

if (import.meta.main) {
  console.log(formatPhotoFigures(await measurePhotos()));
}
