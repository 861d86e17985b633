/** What readiness depends on: the process can take a request only when each of them answers. */
export const READINESS_CHECKS = ['database', 'storage', 'queue'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheck, 'up' | 'down'>;
  /** The checks that failed, in READINESS_CHECKS' order. */
  failed: ReadinessCheck[];
}

export interface ReadinessOptions {
  /** Each resolves when its dependency answers, and rejects (or outlasts `timeoutMs`) when it does not. */
  probes: Record<ReadinessCheck, () => Promise<void>>;
  /** A dependency that hangs is down: a load balancer's probe must get its answer in time. */
  timeoutMs?: number;
  /** An answer is reused this long: probes from several balancers, or a flood of them, cost one check. */
  reuseMs?: number;
  onFailure?: (check: ReadinessCheck, error: unknown) => void;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs the readiness probes side by side; an answer serves everyone who asks within `reuseMs` of it. */
export function createReadiness({
  probes,
  timeoutMs = 3_000,
  reuseMs = 1_000,
  onFailure = () => {},
}: ReadinessOptions): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  let settled: { at: number; answer: Readiness } | null = null;

  async function run(): Promise<Readiness> {
    const results = await Promise.all(
      READINESS_CHECKS.map((check) =>
        within(probes[check](), timeoutMs).then(
          () => true,
          (error: unknown) => {
            onFailure(check, error);
            return false;
          },
        ),
      ),
    );
    const failed = READINESS_CHECKS.filter((_, i) => !results[i]);
    const checks = Object.fromEntries(
      READINESS_CHECKS.map((check) => [check, failed.includes(check) ? 'down' : 'up']),
    ) as Readiness['checks'];
    return { ready: failed.length === 0, checks, failed };
  }

  return async () => {
    if (settled && Date.now() - settled.at < reuseMs) return settled.answer;
    // Whoever asks while a check runs waits for that one.
    running ??= run()
      .then((answer) => {
        settled = { at: Date.now(), answer };
        return answer;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}
