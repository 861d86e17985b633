import { hostname } from 'node:os';
import { and, eq, gt, inArray, lt, lte, not, notExists, sql } from 'drizzle-orm';
import { boolean, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { processAlive } from '../lib/process-alive.ts';
import { jobClaims } from './claims-tables.ts';

/** pg-boss's schema: its tables live beside Drizzle's (queue.ts). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss's job table, the columns read here only. Not in the schema drizzle-kit migrates: pg-boss
 * owns and migrates it.
 */
const bossJobs = pgSchema(JOBS_SCHEMA).table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  data: jsonb('data').$type<object>(),
  startedOn: timestamp('started_on', { withTimezone: true }),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull(),
  blocked: boolean('blocked').notNull(),
});

/** What a drain sees in one look (see `drainLook`). */
export interface DrainLook {
  /** A worker is being handed a job on the queues: fetched, its handler not started yet. */
  handingOver: boolean;
  /** The queues holding a job that is due now. */
  due: ReadonlySet<string>;
}

/**
 * How long a live process may take from fetching a job to recording its claim (one insert) before a
 * starting process takes the job as its fetcher's orphan. Generous: a wrong guess only runs an
 * idempotent handler twice.
 */
export const UNCLAIMED_GRACE_MS = 5_000;

/** A job a dead process was running when it died: its queue, id and data. */
export interface OrphanedJob {
  id: string;
  queue: string;
  data: object;
}

/**
 * The claims of this process's running jobs (decision 0089). pg-boss knows a job is active, not
 * who runs it, so a job whose process is killed stays claimed until its heartbeat goes stale and
 * its retry delay passes (minutes for a payment event). With the claim recorded here, the process
 * that replaces it on this machine (the same service restarted) runs it at once. Handlers are
 * idempotent (jobs are at least once), so pg-boss's own retry later finds the work done.
 */
export interface JobClaimsOptions {
  /** This machine's name, which claims are recorded under. */
  host?: string;
  /** When this process started: jobs fetched before it and unclaimed had another fetcher. */
  startedAt?: Date;
  /** UNCLAIMED_GRACE_MS unless a test shortens it. */
  unclaimedGraceMs?: number;
}

export function createJobClaims(
  db: Database,
  {
    host = hostname(),
    startedAt = new Date(Date.now() - process.uptime() * 1000),
    unclaimedGraceMs = UNCLAIMED_GRACE_MS,
  }: JobClaimsOptions = {},
) {
  return {
    unclaimedGraceMs,

    async record(job: { id: string; data: object }, queue: string): Promise<void> {
      await db
        .insert(jobClaims)
        .values({ jobId: job.id, queue, data: job.data, host, pid: process.pid })
        .onConflictDoUpdate({ target: jobClaims.jobId, set: { pid: process.pid, host, claimedAt: new Date() } });
    },

    async release(jobId: string): Promise<void> {
      await db.delete(jobClaims).where(eq(jobClaims.jobId, jobId));
    },

    /**
     * One statement for each turn of a drain (queue.ts): whether a worker is being handed a job on
     * `queues` now (pg-boss has fetched it in the last `withinSeconds` and the handler has not
     * claimed it yet: drain() waits for it as for a running one), and which queues hold a job that
     * is due. Asked apart, these were two round trips a turn, and a turn is the most frequent
     * statement pair of the test suites (decision 0091).
     */
    async drainLook(queues: readonly string[], withinSeconds: number): Promise<DrainLook> {
      if (queues.length === 0) return { handingOver: false, due: new Set() };
      const handedOver = db
        .select({ one: sql`1` })
        .from(bossJobs)
        .where(
          and(unclaimedActive(queues), gt(bossJobs.startedOn, sql`now() - make_interval(secs => ${withinSeconds})`)),
        );
      // pg-boss orders its job states (created < retry < active < completed…): below `active` a job waits.
      const dueQueues = db
        .selectDistinct({ name: bossJobs.name })
        .from(bossJobs)
        .where(
          and(
            inArray(bossJobs.name, [...queues]),
            lt(bossJobs.state, 'active'),
            not(bossJobs.blocked),
            lte(bossJobs.startAfter, sql`${sql.identifier(JOBS_SCHEMA)}.job_now()`),
          ),
        );
      // Both drivers (PGlite, node-postgres) answer with `rows`; Drizzle types the result per driver.
      const { rows } = (await db.execute(
        sql`select exists (${handedOver}) as "handingOver", array(${dueQueues}) as due`,
      )) as { rows: { handingOver: boolean; due: string[] }[] };
      const [row] = rows;
      return { handingOver: row?.handingOver === true, due: new Set(row?.due ?? []) };
    },

    /** The jobs on `queues` whose process died running them: to run now, not minutes later. */
    async takeOrphans(queues: readonly string[]): Promise<OrphanedJob[]> {
      if (queues.length === 0) return [];
      return [...(await takeDeadClaims(queues)), ...(await unclaimedBeforeStart(queues))];
    },
  };

  /**
   * Takes the claims of this machine's dead processes: a process that is gone, or this process's
   * own id held before it started (a container that restarts reuses its ids). Claims of live
   * processes, and of other machines (whose processes cannot be asked), stay.
   */
  async function takeDeadClaims(queues: readonly string[]): Promise<OrphanedJob[]> {
    const rows = await db
      .select()
      .from(jobClaims)
      .where(and(eq(jobClaims.host, host), inArray(jobClaims.queue, [...queues])));
    const orphans = rows.filter((row) =>
      row.pid === process.pid ? row.claimedAt < startedAt : !processAlive(row.pid),
    );
    if (orphans.length === 0) return [];
    const taken = await db
      .delete(jobClaims)
      .where(
        inArray(
          jobClaims.jobId,
          orphans.map((row) => row.jobId),
        ),
      )
      .returning();
    return taken.map((row) => ({ id: row.jobId, queue: row.queue, data: row.data }));
  }

  /**
   * Jobs pg-boss holds active that nobody claims, fetched before this process started: their
   * fetcher died between pg-boss's fetch and its claim insert (two round trips apart), so no claim
   * names them. Left alone they wait for a stale heartbeat and a retry delay (a minute or more for
   * a payment event: CI stop 39's crash suite). Not taken, so a process starting beside this one
   * may run one too; handlers are idempotent.
   */
  async function unclaimedBeforeStart(queues: readonly string[]): Promise<OrphanedJob[]> {
    const before = new Date(Math.min(startedAt.getTime(), Date.now() - unclaimedGraceMs));
    const rows = await db
      .select({ id: bossJobs.id, queue: bossJobs.name, data: bossJobs.data })
      .from(bossJobs)
      .where(and(unclaimedActive(queues), lt(bossJobs.startedOn, before)));
    return rows.map((row) => ({ id: row.id, queue: row.queue, data: row.data ?? {} }));
  }

  /** pg-boss's active jobs on `queues` that no claim names: fetched, and not (or no longer) run by a handler. */
  function unclaimedActive(queues: readonly string[]) {
    const claimed = db.select({ one: sql`1` }).from(jobClaims).where(eq(jobClaims.jobId, bossJobs.id));
    return and(inArray(bossJobs.name, [...queues]), eq(bossJobs.state, 'active'), notExists(claimed));
  }
}
export type JobClaims = ReturnType<typeof createJobClaims>;
