/**
 * The one signal that public content (the catalog: services, packages, prices, add-on prices,
 * steps, timelines, FAQs) changed, so everything derived from it is dropped at once: the catalog's
 * in-memory snapshot (and with it the cached API bodies keyed by it) and the rendered page cache
 * (decision 0070).
 *
 * A write calls `changed()` once its transaction has committed. Caches `subscribe` when they are
 * built. Today the signal stays in this process; making it cross-process (PostgreSQL
 * LISTEN/NOTIFY) means `changed()` sends a NOTIFY and each process's listener calls the
 * subscribers, without touching the writers or the caches.
 */
export function createContentChanges() {
  const listeners: (() => void)[] = [];
  return {
    subscribe(listener: () => void): () => void {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
      };
    },

    /** Public content changed: every subscribed cache drops what it holds. */
    changed(): void {
      for (const listener of [...listeners]) listener();
    },
  };
}
export type ContentChanges = ReturnType<typeof createContentChanges>;
