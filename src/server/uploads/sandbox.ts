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
