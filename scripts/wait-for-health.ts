// Waiting for a server a script or test has just started (`npm start` in a test, the end-to-end
// suite's server, the bench's, the cluster's processes and nginx) to answer its health check.

const HEALTH_PATH = '/api/v1/health';

/** The longest one check may take. */
const CHECK_TIMEOUT_MS = 2000;

export interface HealthWait {
  /** Why the server can no longer answer (its process ended: the exit code or signal), or null while it runs. */
  ended(): string | number | null;
  timeoutMs: number;
  /** The pause between two checks. */
  intervalMs?: number;
}

/**
 * Resolves once GET `base`/api/v1/health answers 200. Rejects as soon as the server's process has
 * ended, or when `timeoutMs` has passed, saying what the last check got.
 */
export async function waitForHealth(base: string, { ended, timeoutMs, intervalMs = 200 }: HealthWait): Promise<void> {
  const url = `${base}${HEALTH_PATH}`;
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    const end = ended();
    if (end !== null) throw new Error(`the server ended (${end}) before GET ${url} answered 200`);
    try {
      // A server that accepts the connection but never answers must not hold the wait for long.
      const response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (response.status === 200) {
        await response.body?.cancel();
        return;
      }
      lastProblem = `HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      lastProblem = String(error);
    }
    if (Date.now() >= deadline) {
      throw new Error(`GET ${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${lastProblem})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** What `HealthWait.ended` reads for a child process: its exit code or signal once it has ended. */
export function processEnd(child: {
  exitCode: number | null;
  signalCode: NodeJS.Signals | null;
}): string | number | null {
  return child.exitCode ?? child.signalCode;
}
