import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  PAYMENT_ATTEMPT_STATUSES,
  PAYMENT_REFUND_REASONS,
  PAYMENT_REFUND_STATUSES,
  type PaymentProviderName,
} from '../../domain/payments/payment.ts';
import type { QueueStats } from '../jobs/queue.ts';
import type { MailOutcome } from '../mail/outbox.ts';
import type { PaymentCounts } from '../modules/orders/service.ts';
import type { AnalysePhoto } from '../modules/photos/service.ts';
import { processMetrics } from './process-metrics.ts';
import { createRequestTally } from './request-tally.ts';

/**
 * One app's metrics (docs/decisions/0108-metrics-and-health.md), in a registry of its own so that
 * several apps in one process (the tests) never count into each other. Two kinds of figure:
 *
 * - **What this process did** (HTTP requests, e-mail attempts, photo checks): counters and
 *   histograms incremented where it happens. Each process counts its own; Prometheus scrapes every
 *   process and `sum()` adds them up (a restart's reset is what `rate()` expects).
 * - **The business's state** (payments, refunds, job queues): gauges read from the database at each
 *   scrape, so every process shows the same, true figure whoever did the work: aggregate them with
 *   `max()`, never `sum()`. A counter kept in memory would lose what a dead process counted and
 *   count twice what an at-least-once job did twice.
 */
export interface AppMetrics {
  /** One answered request: `route` is the route's pattern (`/api/v1/orders/:orderRef`), never the URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** How an e-mail delivery attempt ended, by the e-mail's purpose (a fixed set in the code). */
  mailOutcome(outcome: MailOutcome, purpose: string): void;
  /** `analyse`, timed: every photo the compliance engine checks, with how long it took (queue included) and how it came out. */
  timePhotoChecks(analyse: AnalysePhoto): AnalysePhoto;
  /** The job queues as the database holds them now; null when it could not say (the family is left empty). */
  setQueueStats(stats: QueueStats[] | null): void;
  /**
   * Every payment attempt and refund by provider and state; each offered provider shows every state,
   * zero included, so a dashboard's series do not appear from nowhere. Null: unknown this time.
   */
  setPaymentCounts(counts: PaymentCounts | null, offered: readonly PaymentProviderName[]): void;
  /** Deletion requests waiting, and how many are past their deadline; null when unknown this time. */
  setDeletionRequests(counts: { waiting: number; overdue: number } | null): void;
  /** Closed orders whose files are kept past their deletion day; null when unknown this time. */
  setRetentionOverdue(orders: number | null): void;
  /** The process's and this app's metrics in Prometheus's text format. */
  render(): Promise<string>;
  readonly contentType: string;
}

/** Seconds: a cached JSON answer takes about a millisecond, an upload on a slow phone tens of seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: about half a second warm on 2 cores; the face model's first load and a queue of photos take longer. */
const PHOTO_CHECK_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = createRequestTally('sevadocs_http', HTTP_BUCKETS);
  const emails = new Counter({
    name: 'sevadocs_emails_total',
    help: 'E-mail delivery attempts by this process: sent, failed for now (retried), or given up (failed)',
    labelNames: ['purpose', 'result'] as const,
    registers,
  });
  const photoChecks = new Histogram({
    name: 'sevadocs_photo_check_duration_seconds',
    help: 'Photos checked by the compliance engine (its _count is the checks), by outcome',
    labelNames: ['outcome'] as const,
    buckets: PHOTO_CHECK_BUCKETS,
    registers,
  });
  const queueJobs = new Gauge({
    name: 'sevadocs_job_queue_jobs',
    help: 'Jobs in each queue now (from the database): ready (due), deferred (later or blocked), active',
    labelNames: ['queue', 'state'] as const,
    registers,
  });
  const queueOldest = new Gauge({
    name: 'sevadocs_job_queue_oldest_ready_seconds',
    help: 'How long the longest-waiting due job of each queue has waited (from the database); 0 when none',
    labelNames: ['queue'] as const,
    registers,
  });
  const attempts = new Gauge({
    name: 'sevadocs_payment_attempts',
    help: 'Payment attempts by provider and state (from the database); state "stray" is a charge the order could not take, refunded automatically',
    labelNames: ['provider', 'state'] as const,
    registers,
  });
  const refunds = new Gauge({
    name: 'sevadocs_payment_refunds',
    help: 'Refunds by provider, reason (requested by staff, or stray: a stray charge given back) and state (from the database)',
    labelNames: ['provider', 'reason', 'state'] as const,
    registers,
  });

  const deletionRequests = new Gauge({
    name: 'sevadocs_data_deletion_requests',
    help: 'Customers’ deletion requests waiting for staff (due "any"), and those past their one-month deadline (due "overdue"), from the database',
    labelNames: ['due'] as const,
    registers,
  });

  const retentionOverdue = new Gauge({
    name: 'sevadocs_retention_overdue_orders',
    help: 'Closed orders whose files are still kept after their deletion day (from the database): above 0, the retention sweep is failing on them',
    registers,
  });

  return {
    contentType: registry.contentType,

    request: requests.add,

    mailOutcome(outcome, purpose) {
      emails.inc({ purpose, result: outcome });
    },

    timePhotoChecks(analyse) {
      return async (image, size, options) => {
        const done = photoChecks.startTimer();
        try {
          const result = await analyse(image, size, options);
          done({ outcome: result.fitted === null ? 'no-face' : result.report.passed ? 'passed' : 'failed' });
          return result;
        } catch (error) {
          done({ outcome: 'error' });
          throw error;
        }
      };
    },

    setQueueStats(stats) {
      queueJobs.reset();
      queueOldest.reset();
      for (const { queue, ready, deferred, active, oldestReadySeconds } of stats ?? []) {
        queueJobs.set({ queue, state: 'ready' }, ready);
        queueJobs.set({ queue, state: 'deferred' }, deferred);
        queueJobs.set({ queue, state: 'active' }, active);
        queueOldest.set({ queue }, oldestReadySeconds);
      }
    },

    setPaymentCounts(counts, offered) {
      attempts.reset();
      refunds.reset();
      if (!counts) return;
      // Providers once offered keep their rows: they show beside today's.
      const providers = new Set([...offered, ...counts.attempts.map((a) => a.provider)]);
      for (const provider of providers) {
        for (const state of PAYMENT_ATTEMPT_STATUSES) attempts.set({ provider, state }, 0);
        for (const reason of PAYMENT_REFUND_REASONS) {
          for (const state of PAYMENT_REFUND_STATUSES) refunds.set({ provider, reason, state }, 0);
        }
      }
      for (const { provider, status, count } of counts.attempts) attempts.set({ provider, state: status }, count);
      for (const { provider, reason, status, count } of counts.refunds) {
        refunds.set({ provider, reason, state: status }, count);
      }
    },

    setDeletionRequests(counts) {
      deletionRequests.reset();
      if (!counts) return;
      deletionRequests.set({ due: 'any' }, counts.waiting);
      deletionRequests.set({ due: 'overdue' }, counts.overdue);
    },

    setRetentionOverdue(orders) {
      retentionOverdue.reset();
      if (orders !== null) retentionOverdue.set(orders);
    },

    async render() {
      const [own, ofProcess] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${ofProcess}\n${own}\n${requests.text()}`;
    },
  };
}
