// Reading the text of a passport's machine-readable zone, offline: sharp prepares the bottom of
// the bio page, tesseract.js (Tesseract's LSTM engine in WebAssembly) reads it in its own worker
// thread, with the English model from the @tesseract.js-data/eng package — never fetched at run
// time (decision 0095).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { createTurns } from '../lib/turns.ts';

const require = createRequire(import.meta.url);

/**
 * The LSTM-only model (`4.0.0_best_int`, 2.7 MB gzipped): the zone is printed in OCR-B, which the
 * LSTM reads well, and the legacy engine's larger model would buy nothing. A local path, so
 * tesseract.js reads the file instead of fetching from its CDN; `cacheMethod: 'none'` keeps it
 * from writing a copy of the model into the working directory.
 */
const MODEL_DIR = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** The zone is the bottom of the bio page: a photo of the page keeps it in its lowest third. */
const BAND_SHARE = 0.35;
/**
 * The band is scaled to this width (up or down): 44 characters across ~90 % of it are ~25 px wide,
 * the size Tesseract reads best. Measured on rendered pages of 900–2400 px (decision
 * 0095): 9 of 9 zones read at 1000–1400 px, 6 of 9 at 2000 px.
 */
const BAND_WIDTH_PX = 1200;
const MARGIN_PX = 40;
/**
 * A reading that runs this long is stuck (a normal one is ~1 s, the first ~0.6 s more to load
 * the model): the worker is replaced.
 */
const READ_TIMEOUT_MS = 30_000;
/** Pages waiting beyond the one being read; past it the customer is asked to try again shortly. */
const MAX_WAITING = 8;
/**
 * A worker with nothing to do this long is stopped: Tesseract's WebAssembly memory (~60 MB with
 * the model) only grows, and stopping the thread is the one way to give it back (decision 0093).
 */
export const OCR_IDLE_STOP_MS = 30_000;

/** OCR could not run (busy, timed out, crashed): a server fault, not the photo's. */
export class OcrUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrUnavailableError';
  }
}

/**
 * The bottom band of the page, ready for Tesseract: upright (EXIF), greyscale, stretched to the
 * full range, scaled to a width Tesseract reads well, with a white margin. No black-and-white
 * threshold: Tesseract binarises itself (Otsu, locally), and a fixed one lost readings in the
 * measurements (8 of 9 at 128, 6 of 9 at 100).
 */
export async function prepareZoneImage(image: Buffer): Promise<Buffer> {
  const upright = await sharp(image, { failOn: 'none' }).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const band = Math.max(1, Math.round(height * BAND_SHARE));
  return (
    sharp(upright.data)
      .extract({ left: 0, top: height - band, width, height: band })
      .greyscale()
      .normalise()
      .resize({ width: BAND_WIDTH_PX })
      // A white margin: Tesseract drops characters that touch the image's edge (a tight photo's last check digit).
      .extend({ top: MARGIN_PX, bottom: MARGIN_PX, left: MARGIN_PX, right: MARGIN_PX, background: '#ffffff' })
      .png()
      .toBuffer()
  );
}

let worker: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let waiting = 0;
/** One page at a time: a reading holds the whole core for ~1 s, and one model in memory is enough. */
const turn = createTurns(1);

async function startWorker(): Promise<Worker> {
  const started = await createWorker(
    'eng',
    1, // OEM.LSTM_ONLY
    { langPath: MODEL_DIR, cacheMethod: 'none', gzip: true },
    // Dictionaries correct towards English words; the zone has none.
    { load_system_dawg: '0', load_freq_dawg: '0' },
  );
  await started.setParameters({ tessedit_char_whitelist: WHITELIST, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  return started;
}

function stop(): Promise<void> {
  clearTimeout(idleTimer);
  const running = worker;
  worker = null;
  return running
    ? running
        .then((w) => w.terminate())
        .then(
          () => undefined,
          () => undefined,
        )
    : Promise.resolve();
}

function stopWhenIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (waiting === 0) void stop();
  }, OCR_IDLE_STOP_MS).unref();
}

async function recognise(zone: Buffer): Promise<string> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const current = worker;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrUnavailableError('Reading the passport took too long')), READ_TIMEOUT_MS);
  });
  try {
    const recognised = current.then((w) => w.recognize(zone));
    // After a timeout nobody awaits it: its rejection, when the worker is stopped, must not go unhandled.
    recognised.catch(() => {});
    const result = await Promise.race([recognised, timeout]);
    return result.data.text;
  } catch (error) {
    // A stuck or broken worker is not reused: the next page gets a fresh one.
    if (worker === current) await stop();
    throw error instanceof OcrUnavailableError
      ? error
      : new OcrUnavailableError('Passport OCR failed', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The text OCR reads in the bottom of a passport's bio page (an image sharp decodes: JPEG or PNG,
 * already re-encoded by the upload). Pages take turns; a full queue rejects with
 * OcrUnavailableError rather than holding more images in memory.
 */
export async function readZoneText(image: Buffer): Promise<string> {
  if (waiting >= MAX_WAITING + 1) throw new OcrUnavailableError('Too many passports are waiting to be read');
  waiting += 1;
  try {
    return await turn(async () => recognise(await prepareZoneImage(image)));
  } finally {
    waiting -= 1;
    if (waiting === 0) stopWhenIdle();
  }
}

/** Whether an OCR worker is running (tests). */
export function ocrWorkerRunning(): boolean {
  return worker !== null;
}

/** Stops the worker (graceful shutdown, end of a test file). The next page starts a new one. */
export function stopPassportOcr(): Promise<void> {
  return stop();
}
