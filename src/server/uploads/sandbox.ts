import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createTurns } from '../lib/turns.ts';

export interface SandboxLimits {
  /** The worker is terminated after this long, whatever it is doing. */
  timeoutMs: number;
  /** V8 heap cap of the worker; past it the worker dies instead of the server. */
  maxHeapMb: number;
}

/** The sandboxed job ran past its time limit and was terminated. */
export class SandboxTimeoutError extends Error {
  constructor() {
    super('The sandboxed job ran out of time');
    this.name = 'SandboxTimeoutError';
  }
}

/** The worker died without an answer: out of memory, or an error it did not catch. */
export class SandboxCrashError extends Error {
  constructor(cause: unknown) {
    super('The sandboxed job crashed', { cause });
    this.name = 'SandboxCrashError';
  }
}

/**
 * Node's on-disk compile cache for the sandbox's workers: each one loads pdf-lib or libheif again,
 * and with V8's compiled code kept between them a PDF check costs ~220 ms of CPU instead of ~300
 * (decision 0129). Only these threads: the server's main thread compiles once and lives long.
 * Kept beside the installed packages, which the same user owns and trusts, never in a shared /tmp
 * where another user could plant compiled code; a folder that cannot be written means no cache.
 */
export const SANDBOX_COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/node-compile-cache', import.meta.url),
);

/** At most this many sandboxed jobs at once in this process (the machines have 2 cores). */
const inTurn = createTurns(2);

/**
 * Runs `script` (a worker module) on `input` in a fresh worker thread with a heap cap and a
 * deadline, and resolves with the first message it posts. Parsing untrusted files there means a
 * hostile one (a PDF bomb, a HEIC that decodes forever) costs one worker, never the server's event
 * loop or memory. `transfer` hands buffers over without copying them.
 */
export async function runSandboxed<T>(
  script: URL,
  input: unknown,
  { timeoutMs, maxHeapMb }: SandboxLimits,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  return inTurn(
    () =>
      new Promise<T>((resolve, reject) => {
        const worker = new Worker(script, {
          workerData: input,
          transferList: transfer,
          // A cache the environment names already wins.
          env: { NODE_COMPILE_CACHE: SANDBOX_COMPILE_CACHE_DIR, ...process.env },
          resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
          stdout: true,
          stderr: true,
        });
        let settled = false;
        const settle = (action: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          action();
          void worker.terminate();
        };
        const timer = setTimeout(() => settle(() => reject(new SandboxTimeoutError())), timeoutMs);
        worker.once('message', (message: T) => settle(() => resolve(message)));
        worker.once('error', (error) => settle(() => reject(new SandboxCrashError(error))));
        worker.once('exit', (code) => settle(() => reject(new SandboxCrashError(new Error(`exit code ${code}`)))));
      }),
  );
}
