import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  createMemoryRateLimitStore,
  type RateLimitCount,
  type RateLimitStore,
  type RateLimitWindowKind,
} from './rate-limit-store.ts';
import { rateLimitCounters as t } from './rate-limit-tables.ts';

export interface PostgresRateLimitStoreOptions {
  db: Database;
  now?: () => number;
  /** How often (at most) this process deletes expired rows, in ms; the sweep rides on a hit. */
  sweepIntervalMs?: number;
  /** Rows deleted per sweep at most, so a sweep stays a short statement. */
  sweepBatch?: number;
  /** Told about a failed sweep (the hit it rode on has already been answered). */
  onSweepError?: (error: unknown) => void;
}

export interface PostgresRateLimitStore extends RateLimitStore {
  /** Deletes up to `sweepBatch` rows that expired by now; answers how many. */
  removeExpired(): Promise<number>;
}

/**
 * The counters in PostgreSQL (table `rate_limit_counters`), shared by every process on the
 * database: what RATE_LIMIT_STORE=postgres selects (docs/decisions/0071). Same semantics as the
 * in-memory store. Every hit is one `INSERT … ON CONFLICT DO UPDATE … RETURNING`: PostgreSQL
 * locks the key's row for the statement, so concurrent hits on one key, from any process, each
 * see their own count and none is lost. Expired rows are deleted in small batches, at most once
 * a minute per process, through the index on `expires_at`.
 */
export function createPostgresRateLimitStore({
  db,
  now = Date.now,
  sweepIntervalMs = 60_000,
  sweepBatch = 1_000,
  onSweepError = () => {},
}: PostgresRateLimitStoreOptions): PostgresRateLimitStore {
  let lastSweep = now();

  async function removeExpired(): Promise<number> {
    const expired = db.select({ key: t.key }).from(t).where(lte(t.expiresAt, now())).limit(sweepBatch);
    const removed = await db.delete(t).where(inArray(t.key, expired)).returning({ key: t.key });
    return removed.length;
  }

  function sweepWhenDue(at: number) {
    if (at - lastSweep < sweepIntervalMs) return;
    lastSweep = at;
    removeExpired().catch(onSweepError);
  }

  async function hitFixed(key: string, windowMs: number, at: number): Promise<RateLimitCount> {
    // The key's window is still open: count in it; otherwise (none, closed, or a rolling key) open one.
    const open = sql`(${t.kind} = 'fixed' AND ${t.resetAt} > ${at})`;
    const [row] = await db
      .insert(t)
      .values({ key, kind: 'fixed', count: 1, resetAt: at + windowMs, times: [], expiresAt: at + windowMs })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          kind: 'fixed',
          count: sql`CASE WHEN ${open} THEN ${t.count} + 1 ELSE 1 END`,
          resetAt: sql`CASE WHEN ${open} THEN ${t.resetAt} ELSE excluded.reset_at END`,
          times: sql`'{}'::bigint[]`,
          expiresAt: sql`CASE WHEN ${open} THEN ${t.resetAt} ELSE excluded.reset_at END`,
        },
      })
      .returning({ count: t.count, resetAt: t.resetAt });
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { count: row.count, resetAt: row.resetAt };
  }

  async function hitRolling(key: string, windowMs: number, at: number): Promise<RateLimitCount> {
    // The key's events still in the window (none when it was a fixed key), oldest first.
    const kept = sql`ARRAY(SELECT e FROM unnest(CASE WHEN ${t.kind} = 'rolling' THEN ${t.times} ELSE '{}'::bigint[] END) AS e WHERE e > ${at - windowMs}::bigint ORDER BY e)`;
    const [row] = await db
      .insert(t)
      .values({ key, kind: 'rolling', count: 1, resetAt: at + windowMs, times: [at], expiresAt: at + windowMs })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          kind: 'rolling',
          times: sql`array_append(${kept}, ${at}::bigint)`,
          count: sql`cardinality(${kept}) + 1`,
          resetAt: sql`COALESCE((${kept})[1], ${at}::bigint) + ${windowMs}::bigint`,
          expiresAt: sql`excluded.expires_at`,
        },
      })
      .returning({ count: t.count, resetAt: t.resetAt });
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { count: row.count, resetAt: row.resetAt };
  }

  return {
    async hit(key, windowMs, kind: RateLimitWindowKind = 'fixed') {
      const at = now();
      const counted = kind === 'fixed' ? await hitFixed(key, windowMs, at) : await hitRolling(key, windowMs, at);
      sweepWhenDue(at);
      return counted;
    },

    async peek(key, windowMs, kind: RateLimitWindowKind = 'fixed') {
      const at = now();
      const [row] = await db
        .select({ kind: t.kind, count: t.count, resetAt: t.resetAt, times: t.times })
        .from(t)
        .where(eq(t.key, key));
      if (!row || row.kind !== kind) return { count: 0, resetAt: at };
      if (kind === 'fixed')
        return row.resetAt > at ? { count: row.count, resetAt: row.resetAt } : { count: 0, resetAt: at };
      const times = row.times.map(Number).filter((time) => time > at - windowMs);
      const oldest = times[0];
      return oldest === undefined ? { count: 0, resetAt: at } : { count: times.length, resetAt: oldest + windowMs };
    },

    async reset(key) {
      await db.delete(t).where(eq(t.key, key));
    },

    removeExpired,
  };
}

/**
 * The app's store from RATE_LIMIT_STORE: `memory` counts in this process; `postgres` in the
 * database every server shares, the default whenever DATABASE_URL is set. Counting in memory on
 * a shared database is allowed (one process alone on it) but said at boot, never silent.
 */
export function createRateLimitStore(
  env: { RATE_LIMIT_STORE: 'memory' | 'postgres'; DATABASE_URL?: string | undefined },
  db: Database,
  log: { error(details: object, message: string): void; warn(message: string): void },
): RateLimitStore {
  if (env.RATE_LIMIT_STORE === 'memory') {
    if (env.DATABASE_URL)
      log.warn(
        'RATE_LIMIT_STORE=memory on a PostgreSQL database: each process counts apart; unset it (or set postgres) when more than one process serves the site',
      );
    return createMemoryRateLimitStore();
  }
  return createPostgresRateLimitStore({
    db,
    onSweepError: (error) => log.error({ err: error }, 'could not delete expired rate-limit counters'),
  });
}
