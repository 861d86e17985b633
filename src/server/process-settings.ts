// How the server process starts: settings that must be in place before the process begins, so
// `npm start` (scripts/start.mjs) re-executes itself into the server with them, in the same
// process (same pid), and `npm run bench` starts the server the same way (decision 0093-memory).

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
 * The flags the server starts with. An operator's own `--max-old-space-size` in NODE_OPTIONS (a
 * larger machine, a bigger catalog) is kept: a flag on the command line would override it.
 */
export function serverNodeFlags(nodeOptions = ''): string[] {
  // V8 takes its flags with dashes or underscores.
  return /--max[-_]old[-_]space[-_]size\b/.test(nodeOptions)
    ? [SEMI_SPACE_FLAG]
    : [SEMI_SPACE_FLAG, SERVER_HEAP_LIMIT_FLAG];
}

/**
 * glibc's allocator, read once when a process starts (harmless elsewhere: musl and macOS ignore
 * them). Large blocks (≥ 128 KB: decoded photos, libvips's and PGlite's buffers) always come from
 * their own mapping and go back to the system when freed, instead of staying in the heap once the
 * threshold has crept up to 32 MB; and two arenas rather than one per thread (libvips and libuv
 * run up to eight), each holding on to what its thread freed.
 */
export const SERVER_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
