/**
 * Results of reads whose rows change rarely (the catalog snapshot; the home page's offers,
 * banners and partner services), kept per key for `ttlMs` so a page render does not query for them every time.
 * - Concurrent misses of one key share one load.
 * - Once an entry is older than `ttlMs`, readers still get it while a new load runs in the
 *   background, so a reload does not hold up the requests in flight.
 * - A failed load is not kept.
 * - At most `maxEntries` keys are kept; the oldest goes first.
 * The service that owns the rows calls `clear()` after changing them.
 */
export function createReadCache({
  ttlMs,
  maxEntries = 100,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  // Bumped by clear(), so a reload that started before it cannot put old rows back.
  let generation = 0;
  const store = (key: string, entry: { at: number; value: Promise<unknown> }) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.value as Promise<T>;
      const value = load();
      const fresh = { at: now(), value };
      if (entry) {
        // Stale: answer with what we have; the new rows replace it once they are in.
        const started = generation;
        value.then(
          () => {
            if (started === generation) store(key, fresh);
          },
          (error: unknown) => console.error(`Could not reload ${key}`, error),
        );
        entry.at = now();
        return entry.value as Promise<T>;
      }
      store(key, fresh);
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },

    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}
