import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which process is running which job (job-claims.ts, docs/decisions/0089-prompt-jobs.md): a row
 * while the handler runs, deleted when it settles. A process that replaces a killed one on the
 * same machine finds the rows of dead processes there and runs those jobs at once, instead of
 * leaving them to pg-boss until the claim's heartbeat goes stale and its retry delay passes.
 */
export const jobClaims = pgTable('job_claims', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  data: jsonb('data').$type<object>().notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
