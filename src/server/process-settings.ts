// How the server process starts: settings that must be in place before the process begins, so
// `npm start` (scripts/start.mjs) re-executes itself into the server with them, in the same
// process (same pid), and `npm run bench` starts the server the same way (decision 0093-memory).

import { totalmem } from 'node:os';

/**
 * V8: the young generation's semi-spaces at most 16 MB each. Left alone, V8 grew them to 64 MB
 * while the server loaded its modules and under load, ~120 MB of resident memory for objects
 * that live microseconds; 16 MB is what a render's garbage needs (figures in the decision).
 */
const SEMI_SPACE_FLAG = '--max-semi-space-size=16';

/**
 * V8: the old generation at most 1 GB, the machine the embedded default is sized for. V8 scales
 * how far it lets the heap grow past what is live by this limit: with the default for this
 * machine's memory (~4 GB) it let ~110 MB of live objects grow to ~190 MB under 50 connections of
 * renders before collecting; with 1 GB, ~150 MB. −70 MB at the peak, and no render slower in
 * interleaved bench runs (decision 0130-heap-limit). The live heap is ~110 MB under load.
 */
export const SERVER_HEAP_LIMIT_FLAG = '--max-old-space-size=1024';

/**
 * V8: WebAssembly stays on its baseline compiler (Liftoff) and is never optimised (TurboFan).
 * PGlite's PostgreSQL is one 9 MB WebAssembly module; when its largest hot function (the ~105 KB
 * body that most statements run through) is optimised, V8's compiler holds ~600 MB for the ~3 s it
 * takes, whatever else the process is doing: a restart peaked at ~810 MB and the first start,
 * whose initdb runs beside it, at ~1.15 GB, though the server idles at ~290 MB. V8 has no flag that
 * bounds or skips one function's optimisation (loop unrolling, peeling and inlining off did not
 * shrink it); this one keeps every module on Liftoff, at ~30 % more CPU for a statement and a
 * quarter more for a face detection (decision 0144-wasm-baseline-compiler).
 */
export const WASM_BASELINE_ONLY_FLAG = '--liftoff-only';

/**
 * Below this much memory the transient ~600 MB above does not fit beside the server, so the
 * embedded database runs on the baseline compiler; on a larger machine it has the room, and its
 * statements the speed. The embedded default is sized for 1 GB (README, "Machine size").
 */
export const WASM_OPTIMISING_MIN_MEMORY_BYTES = 2 * 1024 ** 3;

/** What the server's start-up flags depend on. */
export interface ServerMachine {
  /** NODE_OPTIONS as the operator set them. */
  nodeOptions?: string;
  /** The database is PGlite inside the server (DATABASE_URL unset). */
  embeddedDatabase: boolean;
  /** The memory the process may use: the machine's, or its container's limit when lower. */
  memoryBytes: number;
}

/** The machine's memory, or its container's (cgroup) limit when that is lower. */
export function processMemoryBytes(): number {
  const total = totalmem();
  // 0 when no limit is known; a group without a limit reads as about 2^64.
  const limit = process.constrainedMemory();
  return limit > 0 ? Math.min(total, limit) : total;
}

/**
 * The flags the server starts with. An operator's own `--max-old-space-size` in NODE_OPTIONS (a
 * larger machine, a bigger catalog) is kept: a flag on the command line would override it. The
 * embedded database on a machine under 2 GB keeps WebAssembly on the baseline compiler.
 */
export function serverNodeFlags({ nodeOptions = '', embeddedDatabase, memoryBytes }: ServerMachine): string[] {
  const flags = [SEMI_SPACE_FLAG];
  // V8 takes its flags with dashes or underscores.
  if (!/--max[-_]old[-_]space[-_]size\b/.test(nodeOptions)) flags.push(SERVER_HEAP_LIMIT_FLAG);
  if (embeddedDatabase && memoryBytes < WASM_OPTIMISING_MIN_MEMORY_BYTES) flags.push(WASM_BASELINE_ONLY_FLAG);
  return flags;
}

/**
 * glibc's allocator, read once when a process starts (harmless elsewhere: musl and macOS ignore
 * them). Large blocks (≥ 128 KB: decoded photos, libvips's and PGlite's buffers) always come from
 * their own mapping and go back to the system when freed, instead of staying in the heap once the
 * threshold has crept up to 32 MB; and two arenas rather than one per thread (libvips and libuv
 * run up to eight), each holding on to what its thread freed.
 */
export const SERVER_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
