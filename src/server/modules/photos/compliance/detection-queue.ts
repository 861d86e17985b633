// One detection worker per process, started on first use, fed one photo at a time from a short
// queue. Detection is ~0.5 s of CPU on these 2-core machines: on the event loop it would stall
// every request for that long; in a worker the server keeps answering while photos wait their turn.
import { Worker } from 'node:worker_threads';
import type { RawFace } from './faces.ts';

export interface DetectRequest {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
}
/** The worker hands the pixels back with its answer (`rgb`), so their buffer can serve the next photo. */
export type DetectResponse = ({ id: number; ok: true; faces: RawFace[] } | { id: number; ok: false; error: string }) & {
  rgb?: Uint8Array;
};

/** The engine could not run detection (busy, timed out, crashed): a server fault, not the photo's. */
export class FaceDetectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FaceDetectionError';
  }
}

/**
 * Photos waiting beyond the one being detected. At ~0.5 s each, 16 is an 8 s wait; past that the
 * caller (the pg-boss job) is told to retry later rather than piling images up in memory.
 */
const MAX_WAITING = 16;
/** A detection that runs this long is stuck: the worker is replaced. The first includes model loading (~1 s). */
const DETECT_TIMEOUT_MS = 30_000;
/** The models and tfjs's memory take ~130 MB; the cap stops a runaway worker before it takes the server with it. */
const WORKER_HEAP_MB = 512;
/** tfjs's JavaScript makes little garbage: the tensors live in WebAssembly memory. */
const WORKER_YOUNG_GENERATION_MB = 8;
/**
 * A worker with nothing to do this long is stopped: tfjs's WebAssembly memory only grows (~115 MB
 * after the first photos), and stopping is the one way to give it back. The next photo starts a new
 * worker, ~1 s of model loading (decision 0093-memory).
 */
export const DETECTION_IDLE_STOP_MS = 30_000;

interface Job {
  request: DetectRequest;
  resolve: (faces: RawFace[]) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let current: (Job & { timer: NodeJS.Timeout }) | null = null;
const waiting: Job[] = [];
let nextId = 1;

function startWorker(): Worker {
  const started = new Worker(new URL('./detect-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  started.on('message', (response: DetectResponse) => {
    if (response.rgb) reuseDetectionPixels(response.rgb);
    const job = current;
    if (!job || job.request.id !== response.id) return;
    finish(job, response.ok ? null : new FaceDetectionError(`Face detection failed: ${response.error}`), response);
  });
  started.on('error', (error) =>
    fail(started, new FaceDetectionError('The face detection worker crashed', { cause: error })),
  );
  started.on('exit', (code) =>
    fail(started, new FaceDetectionError(`The face detection worker exited (code ${code})`)),
  );
  return started;
}

/** The worker died or was stopped: the photo it held fails, the next one gets a fresh worker. */
function fail(dead: Worker, error: FaceDetectionError) {
  if (worker !== dead) return;
  worker = null;
  const job = current;
  if (job) finish(job, error, null);
}

function finish(job: Job & { timer: NodeJS.Timeout }, error: Error | null, response: DetectResponse | null) {
  clearTimeout(job.timer);
  current = null;
  if (error) job.reject(error);
  else if (response?.ok) job.resolve(response.faces);
  pump();
}

function pump() {
  if (current) return;
  const job = waiting.shift();
  if (!job) {
    // Idle: the worker must not keep a finishing process (a test, a CLI) alive.
    worker?.unref();
    if (worker) stopWhenIdle(worker);
    return;
  }
  clearTimeout(idleTimer);
  worker ??= startWorker();
  worker.ref();
  const running = worker;
  const timer = setTimeout(() => {
    fail(running, new FaceDetectionError('Face detection took too long'));
    void running.terminate();
  }, DETECT_TIMEOUT_MS);
  current = { ...job, timer };
  // The pixels are handed over, not copied: the caller does not use them again; the worker hands
  // them back with its answer, for reuseDetectionPixels.
  running.postMessage(job.request, [job.request.rgb.buffer as ArrayBuffer]);
}

function stopWhenIdle(idle: Worker) {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker !== idle || current) return;
    worker = null;
    void idle.terminate();
  }, DETECTION_IDLE_STOP_MS).unref();
}

/** Whether a detection worker is running (tests). */
export function detectionWorkerRunning(): boolean {
  return worker !== null;
}

/**
 * Every detection input fits in this many bytes: the engine downscales to ≤ 1000 px a side first
 * (engine.ts, DETECTION_MAX_SIDE), 3 bytes a pixel.
 */
export const DETECTION_PIXELS_CAPACITY = 1000 * 1000 * 3;
/** Buffers kept for reuse: one per photo in flight (four customers uploading at once), 12 MB. */
const MAX_POOLED = 4;
const pool: ArrayBuffer[] = [];

/**
 * An array of `length` bytes for detection's input, on a buffer of DETECTION_PIXELS_CAPACITY that
 * an earlier photo used when one is free. A fresh 3 MB buffer a photo cost more than the copy into
 * it (zeroed pages, and the garbage collections the external memory sets off): 6 of the ~30 ms of
 * CPU around detection (decision 0078, §Speed).
 */
export function detectionPixels(length: number): Uint8Array {
  if (length > DETECTION_PIXELS_CAPACITY) return new Uint8Array(length);
  return new Uint8Array(pool.pop() ?? new ArrayBuffer(DETECTION_PIXELS_CAPACITY), 0, length);
}

/**
 * Gives `pixels`' buffer back for the next photo: the engine's after detection, the queue's when
 * the worker hands the pixels back. A buffer transferred away (detached, 0 bytes) or of another
 * size is not kept.
 */
export function reuseDetectionPixels(pixels: Uint8Array): void {
  const { buffer } = pixels;
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength !== DETECTION_PIXELS_CAPACITY) return;
  if (pool.length < MAX_POOLED && !pool.includes(buffer)) pool.push(buffer);
}

/**
 * Faces in tightly packed RGB pixels, found by the detection worker. The buffer is transferred
 * to the worker (it is unusable here afterwards). Rejects with FaceDetectionError when the queue
 * is full or the worker fails; never for a photo without faces (that is an empty list).
 */
export function detectInWorker(rgb: Uint8Array, width: number, height: number): Promise<RawFace[]> {
  if (waiting.length >= MAX_WAITING) {
    return Promise.reject(new FaceDetectionError('Too many photos are waiting for face detection'));
  }
  return new Promise((resolve, reject) => {
    waiting.push({ request: { id: nextId++, rgb, width, height }, resolve, reject });
    pump();
  });
}

/** Stops the worker (graceful shutdown, end of a test file). The next detection starts a new one. */
export async function stopFaceDetection(): Promise<void> {
  clearTimeout(idleTimer);
  for (const job of waiting.splice(0)) job.reject(new FaceDetectionError('Face detection was stopped'));
  const running = worker;
  if (!running) return;
  fail(running, new FaceDetectionError('Face detection was stopped'));
  await running.terminate();
}
