/**
 * At most `max` pieces of work at once; the rest wait their turn in order of arrival. What bounds
 * the memory of work that holds large buffers while it runs (decoded photos, sandboxed parsers).
 */
export function createTurns(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
