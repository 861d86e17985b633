/** Work run in turn: `behind` work waits until no other work waits (a visitor's photo check behind customers'). */
export interface Turns {
  <T>(work: () => Promise<T>, options?: { behind?: boolean }): Promise<T>;
  /** How many pieces of `behind` work wait for a turn. */
  waitingBehind(): number;
}

/**
 * At most `max` pieces of work at once; the rest wait their turn in order of arrival, work asked
 * `behind` after all the rest. What bounds the memory of work that holds large buffers while it
 * runs (decoded photos, sandboxed parsers).
 */
export function createTurns(max: number): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  const behind: (() => void)[] = [];
  const take = async <T>(work: () => Promise<T>, options: { behind?: boolean } = {}): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => (options.behind ? behind : waiting).push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      (waiting.shift() ?? behind.shift())?.();
    }
  };
  return Object.assign(take, { waitingBehind: () => behind.length });
}
