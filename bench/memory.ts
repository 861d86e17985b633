// The embedded default's memory in `npm run bench` (issue 29 §1, decision 0093-memory): the
// server process's resident memory as `ps` reports it (RSS), idle 20 s after it is ready and at its
// peak during a mixed load of page renders and API reads with four photo checks in flight.
// Environment: BENCH_MIXED_SECONDS (the least time the mixed load runs, 20).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { faceOn } from '../src/server/modules/photos/compliance/test-images.ts';
import { WASM_BASELINE_ONLY_FLAG } from '../src/server/process-settings.ts';
import { settings } from './load.ts';
import { API_HEADERS, PAGE_HEADERS, type ScenarioContext } from './scenarios.ts';

/** Issue 29: a small business's 1 GB server holds the embedded default with room to spare. */
export const MEMORY_TARGETS = { idleMb: 300, mixedLoadMb: 450 } as const;
/** The measure: idle this long after start (here: after the first healthy answer). */
const IDLE_AFTER_MS = 20_000;
const PHOTOS = 4;
/** A phone's photo: 4000 × 3000 px, what customers upload (the engine's costliest ordinary input). */
const PHOTO_SIDE_PX = 4000;
const CHECKS_TIMEOUT_MS = 180_000;

export interface MemoryFigures extends IdleFigures {
  mixedLoad: {
    /** Highest RSS sampled (every 200 ms) while the load ran and the photos were checked. */
    peakMb: number;
    /** RSS a few seconds after the load stopped. */
    afterMb: number;
    seconds: number;
    requests: number;
    requestsPerSecond: number;
    non2xx: number;
    /** Seconds from the four uploads to the last check's answer. */
    photoChecksSeconds: number;
    photoStates: string[];
  } | null;
  targets: typeof MEMORY_TARGETS;
  passed: { idle: boolean; mixedLoad: boolean };
}

const run = promisify(execFile);

/** The bench's server starts on a database the bench made and seeded first: a restart, not a first start (no initdb). */
export interface StartUpFigures {
  /** The process's highest RSS so far (the kernel's VmHWM), read with the idle figure. */
  peakMb: number;
  /** Whether it ran WebAssembly on the baseline compiler only (a machine under 2 GB, decision 0144). */
  wasmBaselineOnly: boolean;
}

async function readStartUp(pid: number): Promise<StartUpFigures> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb) || kb <= 0) throw new Error(`no VmHWM for process ${pid}`);
  const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  return { peakMb: kb / 1024, wasmBaselineOnly: commandLine.includes(WASM_BASELINE_ONLY_FLAG) };
}

/** The resident set size of process `pid` in MB, as `ps` reports it (kB). */
export async function rssMb(pid: number): Promise<number> {
  const { stdout } = await run('ps', ['-o', 'rss=', '-p', String(pid)]);
  const kb = Number(stdout.trim());
  if (!Number.isFinite(kb) || kb <= 0) throw new Error(`ps gave no RSS for process ${pid}`);
  return kb / 1024;
}

/** The memory a server holds once started and left alone, before any load. */
export interface IdleFigures {
  /** RSS IDLE_AFTER_MS after the server answered its first health check. */
  idleMb: number;
  startUp: StartUpFigures;
}

/** Waits until the server has been ready IDLE_AFTER_MS, then reads its RSS and its start-up peak. */
export async function measureIdle(pid: number, readyAt: number): Promise<IdleFigures> {
  const wait = readyAt + IDLE_AFTER_MS - performance.now();
  if (wait > 0) await sleep(wait);
  return { idleMb: await rssMb(pid), startUp: await readStartUp(pid) };
}

/** Samples the process's RSS every 200 ms until stopped; resolves with the highest. */
function samplePeak(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid).catch(() => 0));
      await sleep(200);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

interface PhotoOrderBody {
  data: { displayId: string; items: { id: number; photos?: { id: number; state: string }[] }[] };
}

/** A signed-in customer's photo order with one item, four phone-sized photos uploaded at once. */
async function uploadPhotos(context: ScenarioContext): Promise<{ orderRef: string }> {
  const created = (await context.sendJson(
    'POST',
    '/api/v1/photo-orders',
    { idempotencyKey: randomUUID(), currency: 'USD' },
    context.sessionCookie,
  )) as PhotoOrderBody;
  const orderRef = created.data.displayId;
  const withItem = (await context.sendJson(
    'POST',
    `/api/v1/photo-orders/${orderRef}/items`,
    { photoSize: 'us-2x2' },
    context.sessionCookie,
  )) as PhotoOrderBody;
  const itemId = withItem.data.items[0]?.id;
  if (!itemId) throw new Error('the bench photo order has no item');
  const face = await faceOn('brunette');
  await Promise.all(
    Array.from({ length: PHOTOS }, async (_, i) => {
      // Four different files: the same file sent again to an item is the photo it already is.
      const photo = await sharp(face)
        .resize(PHOTO_SIDE_PX, PHOTO_SIDE_PX, { fit: 'inside' })
        .jpeg({ quality: 90 - i })
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `bench-${i}.jpg`);
      const response = await fetch(
        new URL(`/api/v1/photo-orders/${orderRef}/items/${itemId}/photos`, context.baseUrl),
        {
          method: 'POST',
          headers: { accept: 'application/json', origin: context.baseUrl, cookie: context.sessionCookie },
          body: form,
        },
      );
      if (response.status !== 201)
        throw new Error(`photo upload answered ${response.status}: ${await response.text()}`);
      await response.body?.cancel();
    }),
  );
  return { orderRef };
}

/** Polls the order until no photo is pending; the photos' states. */
async function photoChecksDone(context: ScenarioContext, orderRef: string): Promise<string[]> {
  const deadline = Date.now() + CHECKS_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(new URL(`/api/v1/photo-orders/${orderRef}`, context.baseUrl), {
      headers: { accept: 'application/json', cookie: context.sessionCookie },
    });
    const order = (await response.json()) as PhotoOrderBody;
    const states = order.data.items.flatMap((item) => (item.photos ?? []).map((p) => p.state));
    if (states.length === PHOTOS && !states.includes('pending')) return states;
    if (Date.now() > deadline) throw new Error(`photo checks still pending after ${CHECKS_TIMEOUT_MS / 1000} s`);
    await sleep(500);
  }
}

/**
 * The mixed load: the uncached home and service pages, the signed-in dashboard and a catalog read
 * in turn on BENCH_CONNECTIONS connections, while one customer uploads four phone-sized photos
 * and their checks run; at least BENCH_MIXED_SECONDS, and until every check has answered.
 */
export async function measureMixedLoad(pid: number, context: ScenarioContext): Promise<MemoryFigures['mixedLoad']> {
  const minSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
  const pages = [
    { path: '/', headers: PAGE_HEADERS, unique: true },
    { path: '/indian-visa/e-tourist-30-days/us-in', headers: PAGE_HEADERS, unique: true },
    { path: '/dashboard', headers: { ...PAGE_HEADERS, cookie: context.sessionCookie }, unique: false },
    { path: '/api/v1/services', headers: API_HEADERS, unique: false },
  ];
  let next = 0;
  const peak = samplePeak(pid);
  const started = performance.now();
  const load = autocannon({
    url: context.baseUrl,
    connections: settings.connections,
    duration: minSeconds,
    requests: [
      {
        setupRequest: (request) => {
          const page = pages[next % pages.length] as (typeof pages)[number];
          next += 1;
          const path = page.unique ? `${page.path}?nocache=${next}` : page.path;
          return { ...request, method: 'GET', path, headers: { ...request.headers, ...page.headers } };
        },
      },
    ],
  });
  // Let the load settle in before the photos arrive, as on a busy afternoon.
  await sleep(2000);
  const uploaded = performance.now();
  const { orderRef } = await uploadPhotos(context);
  const photoStates = await photoChecksDone(context, orderRef);
  const photoChecksSeconds = (performance.now() - uploaded) / 1000;
  const result = await load;
  const seconds = (performance.now() - started) / 1000;
  const peakMb = await peak.stop();
  await sleep(3000);
  return {
    peakMb,
    afterMb: await rssMb(pid),
    seconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.mean,
    non2xx: result.non2xx,
    photoChecksSeconds,
    photoStates,
  };
}

export function memoryFigures({ idleMb, startUp }: IdleFigures, mixedLoad: MemoryFigures['mixedLoad']): MemoryFigures {
  return {
    idleMb,
    startUp,
    mixedLoad,
    targets: MEMORY_TARGETS,
    passed: {
      idle: idleMb <= MEMORY_TARGETS.idleMb,
      mixedLoad: mixedLoad !== null && mixedLoad.peakMb <= MEMORY_TARGETS.mixedLoadMb,
    },
  };
}

export function memoryFailures(figures: MemoryFigures): string[] {
  const failures: string[] = [];
  if (!figures.passed.idle)
    failures.push(`memory: ${figures.idleMb.toFixed(0)} MB RSS idle, over the ${MEMORY_TARGETS.idleMb} MB target`);
  const mixed = figures.mixedLoad;
  if (mixed && !figures.passed.mixedLoad) {
    failures.push(
      `memory: ${mixed.peakMb.toFixed(0)} MB peak RSS under the mixed load, over the ${MEMORY_TARGETS.mixedLoadMb} MB target`,
    );
  }
  if (mixed && mixed.non2xx > 0) failures.push(`memory: ${mixed.non2xx} non-2xx answers under the mixed load`);
  return failures;
}

export function formatMemory(f: MemoryFigures): string {
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const lines = [
    'Memory of the server process (ps RSS):',
    `  idle, 20 s after ready          ${f.idleMb.toFixed(0).padStart(5)} MB  (target ≤ ${f.targets.idleMb} MB: ${verdict(f.passed.idle)})`,
    `  start-up peak (a restart)       ${f.startUp.peakMb.toFixed(0).padStart(5)} MB  (WebAssembly ${f.startUp.wasmBaselineOnly ? 'on the baseline compiler only, as under 2 GB' : 'optimised, as on 2 GB or more; BENCH_SERVER_FLAGS=--liftoff-only for a smaller machine'})`,
  ];
  const mixed = f.mixedLoad;
  if (mixed) {
    lines.push(
      `  peak, mixed load + ${PHOTOS} photo checks ${mixed.peakMb.toFixed(0).padStart(5)} MB  (target ≤ ${f.targets.mixedLoadMb} MB: ${verdict(f.passed.mixedLoad)})`,
      `  after the load                  ${mixed.afterMb.toFixed(0).padStart(5)} MB`,
      `  the load: ${mixed.seconds.toFixed(0)} s, ${Math.round(mixed.requestsPerSecond)} req/s (pages, dashboard, catalog), ${mixed.non2xx} non-2xx; ${PHOTOS} checks (${mixed.photoStates.join(', ')}) answered in ${mixed.photoChecksSeconds.toFixed(1)} s`,
    );
  }
  return lines.join('\n');
}
