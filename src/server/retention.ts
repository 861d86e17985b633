import { todayIsoDate } from '../domain/limits/constants.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { OrdersService } from './modules/orders/service.ts';
import type { PhotosService } from './modules/photos/service.ts';

/**
 * The retention of customers' files (issue 34 §4, docs/decisions/0120-retention.md): closed
 * orders' documents and photos go ORDER_FILES_RETENTION_DAYS after they close (the customer told
 * ORDER_FILES_NOTICE_DAYS before), orders left unpaid UNPAID_ORDER_CANCEL_DAYS are cancelled first
 * so that their files close too (decision 0177), and visitors' photo checks go 24 hours after they
 * were made. One job, filed once per occurrence of its schedule however many processes share the
 * database (pg-boss's cron), run by whichever process takes it; every step is idempotent, so a
 * retry after a crash (jobs are at least once) finds done what was done.
 */
export const RETENTION_QUEUE = 'retention.sweep';
/** A sweep of thousands of orders' files on S3 takes minutes; a retry starts where it stopped. */
const RETENTION_EXPIRY_SECONDS = 60 * 60;

export interface RetentionDeps {
  jobs: Pick<JobQueue, 'work' | 'schedule'>;
  /**
   * RETENTION_CRON, hourly at :41 by default. Order files go by the day, so 23 of 24 runs find
   * nothing but an index says so; a photo check's images go within an hour of its 24 hours, not up
   * to a day later. The bench sets every minute to catch a sweep under load.
   */
  cron: string;
  orders: Pick<OrdersService, 'sweepClosedOrderFiles' | 'overdueClosedOrderFiles'>;
  photoChecks: Pick<PhotosService['checks'], 'pruneExpired'>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
}

export function createRetention({ jobs, cron, orders, photoChecks, log, now = () => new Date() }: RetentionDeps) {
  /**
   * One sweep at the clock's time: what it cancelled, planned, told and deleted, and on how many
   * orders it failed (each logged; /metrics shows the orders kept past their day). The photo checks
   * are pruned whatever became of the orders: a failing order sweep must not keep visitors' images
   * past their 24 hours. `signal` aborted (the job's time is up) stops the order sweep between two orders.
   */
  async function sweep(signal?: AbortSignal) {
    const at = now();
    const orderFiles = await orders.sweepClosedOrderFiles(at, signal).catch((error: unknown) => ({ error }));
    const checks = await photoChecks.pruneExpired(at);
    if ('error' in orderFiles) throw orderFiles.error;
    const { failed, ...counts } = orderFiles;
    for (const { orderId, error } of failed) {
      log.error({ err: error, orderId }, 'retention sweep: an order failed; its row waits for the next sweep');
    }
    const swept = { ...counts, failed: failed.length, ...checks };
    log.info({ swept, ...(signal?.aborted && { stopped: 'the job’s time is up' }) }, 'retention sweep');
    return swept;
  }

  return {
    sweep,
    /** Closed orders whose files are kept past their deletion day by the sweep's clock (/metrics). */
    overdue: () => orders.overdueClosedOrderFiles(todayIsoDate(now())),
    async registerJobs(): Promise<void> {
      await jobs.work(
        RETENTION_QUEUE,
        async (job) => {
          await sweep(job.signal);
        },
        { expireInSeconds: RETENTION_EXPIRY_SECONDS },
      );
      await jobs.schedule(RETENTION_QUEUE, cron);
    },
  };
}
export type Retention = ReturnType<typeof createRetention>;
