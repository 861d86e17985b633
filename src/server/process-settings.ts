// How the server process starts: settings that must be in place before the process begins, so
// `npm start` (scripts/start.mjs) re-executes itself into the server with them, in the same
// process (same pid), and `npm run bench` starts the server the same way (decision 0093-memory).

/**
 * V8: the young generation's semi-spaces at most 16 MB each. Left alone, V8 grew them to 64 MB
 * while the server loaded its modules and under load, ~120 MB of resident memory for objects
 * that live microseconds; 16 MB is what a render's garbage needs (figures in the decision).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/**
 * glibc's allocator, read once when a process starts (harmless elsewhere: musl and macOS ignore
 * them). Large blocks (≥ 128 KB: decoded photos, libvips's and PGlite's buffers) always come from
 * their own mapping and go back to the system when freed, instead of staying in the heap once the
 * threshold has crept up to 32 MB; and two arenas rather than one per thread (libvips and libuv
 * run up to eight), each holding on to what its thread freed.
 */
export const SERVER_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;
