/**
 * Work that must run after each caller's own change, where one run serves every caller that
 * asked before it started: a call while a run is in progress waits for the next one (the run in
 * progress may have started before the caller's change), and all the calls that arrive meanwhile
 * share that next run. A burst of N calls costs at most two runs, not N. A failed run rejects its
 * own callers only.
 */
export function sharedNextRun(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const running = run().finally(() => {
      if (current === running) current = null;
    });
    current = running;
    return running;
  };
  return () => {
    if (!current) return start();
    if (!next) {
      next = current
        .catch(() => {})
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
}
