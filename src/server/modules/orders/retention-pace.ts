import { setTimeout as sleep } from 'node:timers/promises';

/** Orders looked at per statement and per pass: each order's own work is one short transaction. */
export const RETENTION_BATCH = 100;

/**
 * The sweep's pace: it waits this long after each order's work (and each batch it enrols) before
 * the next, so it handles at most 5 orders a second, 300 a minute. On the embedded database a
 * transaction holds the one connection while requests wait (decision 0085): run back to back, the
 * orders' transactions slowed the shop for as long as the sweep ran. Paced, the database is free
 * most of the time, and an hourly sweep still gets through 18,000 orders.
 */
export const RETENTION_PAUSE_MS = 200;

export interface RetentionFailure {
  orderId: number;
  error: unknown;
}

/** What a step did over its orders: how many it did, what their work counted, which failed. */
export interface StepResult {
  done: number;
  total: number;
  failed: RetentionFailure[];
}

/**
 * Runs `work` on each order `idsAfter` lists, in id order and batches of RETENTION_BATCH (keyset:
 * `idsAfter(afterId)` answers the next batch's ids, so an order another sweep holds is passed by,
 * not waited for or met again), RETENTION_PAUSE_MS apart. `work` answers what it counted, or null
 * when the order was no longer its to do. One order's failure is counted and the next order's
 * turn comes: a single file the storage will not delete must not hold back every other order (it
 * is tried again next sweep). Once `signal` is aborted (the job's time is up, and pg-boss hands
 * the job to another run), it stops before the next order; the rows say where the next sweep
 * carries on.
 */
export async function eachOrderPaced(
  idsAfter: (afterId: number, limit: number) => Promise<number[]>,
  signal: AbortSignal | undefined,
  work: (id: number) => Promise<number | null>,
): Promise<StepResult> {
  const result: StepResult = { done: 0, total: 0, failed: [] };
  let first = true;
  for (let afterId = 0; ; ) {
    const ids = await idsAfter(afterId, RETENTION_BATCH);
    for (const id of ids) {
      if (!first) await sleep(RETENTION_PAUSE_MS);
      if (signal?.aborted) return result;
      first = false;
      try {
        const counted = await work(id);
        if (counted !== null) {
          result.done += 1;
          result.total += counted;
        }
      } catch (error) {
        result.failed.push({ orderId: id, error });
      }
    }
    const last = ids.at(-1);
    if (last === undefined || ids.length < RETENTION_BATCH) return result;
    afterId = last;
  }
}
