import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { RateLimitWindowKind } from './rate-limit-store.ts';

/**
 * The rate-limit counters shared by every process on one database (RATE_LIMIT_STORE=postgres,
 * rate-limit-store-postgres.ts; docs/decisions/0071). One row per key. Times are epoch
 * milliseconds. A `fixed` key counts `count` events until `reset_at`; a `rolling` key keeps the
 * time of each event still in its window in `times` (oldest first). `expires_at` is when the row
 * stops mattering (the fixed window's end, or the last event's time plus the window): expired
 * rows are deleted in batches through its index.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    kind: text('kind').$type<RateLimitWindowKind>().notNull(),
    count: integer('count').notNull(),
    resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
    times: bigint('times', { mode: 'number' }).array().notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);
