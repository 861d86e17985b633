import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** A key's count and when it next falls (epoch milliseconds). */
export interface RateLimitCount {
  count: number;
  resetAt: number;
}

/**
 * How a key's events expire. `fixed` (every limit of @fastify/rate-limit): the first event after
 * a window closed opens a window of `windowMs`, and all its events expire together at its end.
 * `rolling`: each event expires `windowMs` after it happened.
 */
export type RateLimitWindowKind = 'fixed' | 'rolling';

/**
 * Where every rate-limit counter lives (docs/decisions/0034-rate-limit-store.md): the accounts
 * limits, the per-route limits of the public forms and the refund form's failed look-ups. One
 * instance per app (`app.rateLimitStore`); the in-memory store counts per process, and a store
 * shared by several processes (PostgreSQL) can take its place through `buildApp`'s
 * `rateLimitStore` option without touching the limits. Keys carry their limit's name; a key is
 * always used with the same window kind and length.
 */
export interface RateLimitStore {
  /** Counts one event under `key`; answers the count in its window, this event included. */
  hit(key: string, windowMs: number, kind?: RateLimitWindowKind): Promise<RateLimitCount>;
  /** The count under `key` now, without counting an event (0, resetAt now, when there is none). */
  peek(key: string, windowMs: number, kind?: RateLimitWindowKind): Promise<RateLimitCount>;
  /** Forgets every event under `key`. */
  reset(key: string): Promise<void>;
}

type Entry = { kind: 'fixed'; count: number; resetAt: number } | { kind: 'rolling'; times: number[] };

export interface MemoryRateLimitStoreOptions {
  now?: () => number;
  /**
   * Most keys kept; the least recently counted one goes first (as @fastify/rate-limit's own
   * in-memory store, which kept 5,000 per limit).
   */
  maxKeys?: number;
}

/** The counters in this process's memory: the store every limit uses today. */
export function createMemoryRateLimitStore({
  now = Date.now,
  maxKeys = 50_000,
}: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const entries = new Map<string, Entry>();

  /** The key's live events at `at`, or undefined when they have all expired. */
  function live(key: string, windowMs: number, kind: RateLimitWindowKind, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry || entry.kind !== kind) return undefined;
    if (entry.kind === 'fixed') return entry.resetAt > at ? entry : undefined;
    const times = entry.times.filter((t) => t > at - windowMs);
    return times.length > 0 ? { kind: 'rolling', times } : undefined;
  }

  function counted(entry: Entry | undefined, windowMs: number, at: number): RateLimitCount {
    if (!entry) return { count: 0, resetAt: at };
    if (entry.kind === 'fixed') return { count: entry.count, resetAt: entry.resetAt };
    return { count: entry.times.length, resetAt: (entry.times[0] ?? at) + windowMs };
  }

  return {
    async hit(key, windowMs, kind = 'fixed') {
      const at = now();
      const current = live(key, windowMs, kind, at);
      let next: Entry;
      if (kind === 'fixed') {
        next =
          current?.kind === 'fixed'
            ? { kind, count: current.count + 1, resetAt: current.resetAt }
            : { kind, count: 1, resetAt: at + windowMs };
      } else {
        next = { kind, times: [...(current?.kind === 'rolling' ? current.times : []), at] };
      }
      // Re-inserted last: the map's order is least recently counted first.
      entries.delete(key);
      entries.set(key, next);
      while (entries.size > maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return counted(next, windowMs, at);
    },

    async peek(key, windowMs, kind = 'fixed') {
      const at = now();
      return counted(live(key, windowMs, kind, at), windowMs, at);
    },

    async reset(key) {
      entries.delete(key);
    },
  };
}

type RouteInfo = { method?: string | string[]; url?: string };
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** One limit's view of the store: its keys start with `prefix`. */
class StoreAdapter implements FastifyRateLimitStore {
  readonly #store: RateLimitStore;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(store: RateLimitStore, prefix: string, now: () => number) {
    this.#store = store;
    this.#prefix = prefix;
    this.#now = now;
  }

  #answer(counting: Promise<RateLimitCount>, callback: Callback): void {
    counting.then(
      ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - this.#now()) }),
      (error: Error) => callback(error),
    );
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.#answer(this.#store.hit(this.#prefix + key, timeWindow), callback);
  }

  /** What `{ increment: false }` reads. */
  read(key: string, callback: Callback, timeWindow: number): void {
    this.#answer(this.#store.peek(this.#prefix + key, timeWindow), callback);
  }

  child(options: object): FastifyRateLimitStore {
    const route = (options as { routeInfo?: RouteInfo }).routeInfo;
    if (!route?.url) return new StoreAdapter(this.#store, this.#prefix, this.#now);
    const method = [route.method ?? []].flat().join(',');
    return new StoreAdapter(this.#store, `${this.#prefix}route:${method} ${route.url}|`, this.#now);
  }
}

/**
 * @fastify/rate-limit's `store` option on top of a RateLimitStore, so the limits it runs (the
 * accounts limiters of `app.createRateLimit` and the routes' `config.rateLimit`) count there.
 * Each route's own limit gets the route in its keys, as the plugin's per-route stores kept
 * their counts apart; the accounts limiters put their name in their keys themselves.
 */
export function fastifyRateLimitStore(store: RateLimitStore, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  return class extends StoreAdapter {
    constructor(_options: FastifyRateLimitOptions) {
      super(store, '', now);
    }
  };
}
