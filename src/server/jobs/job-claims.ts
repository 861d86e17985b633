import { hostname } from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { processAlive } from '../lib/process-alive.ts';
import { jobClaims } from './claims-tables.ts';

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
export function createJobClaims(db: Database, host = hostname()) {
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  return {
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
     * Takes the claims of this machine's dead processes on `queues`: a process that is gone, or
     * this process's own id held before it started (a container that restarts reuses its ids).
     * Claims of live processes, and of other machines (whose processes cannot be asked), stay.
     */
    async takeOrphans(queues: readonly string[]): Promise<OrphanedJob[]> {
      if (queues.length === 0) return [];
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
    },
  };
}
export type JobClaims = ReturnType<typeof createJobClaims>;
