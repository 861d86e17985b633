import type { Database } from '../../db/client.ts';
import { DEFAULT_RETRY, type RetryPolicy } from '../../jobs/queue.ts';
import { createPaymentsRepository } from './repository.ts';

/**
 * The sweep of the webhook inbox: an event answered 200 is never sent again by its provider
 * (Stripe, Square and Razorpay resend only what our endpoint refused), so an event whose job ran
 * out of retries (the provider's API down for hours) would stay unprocessed for ever, and with it
 * a payment taken for an order still waiting for one. The sweep processes such events again.
 */
export const PAYMENT_EVENT_SWEEP_QUEUE = 'payments.event-sweep';

/**
 * Every 15 minutes, off the quarter hours other schedules favour. The event is hours old before
 * the sweep takes it (`eventJobGoneAfterMs`), so the interval only adds up to 15 minutes after
 * that, or after the provider is back; a pass is one query finding, normally, nothing. Not every
 * minute: each event still stuck costs a provider call per pass, and an outage should not turn
 * into sixty calls an hour per event.
 */
export const PAYMENT_EVENT_SWEEP_CRON = '7,22,37,52 * * * *';

/** A pass may take this long; the next one comes anyway, so it is not retried. */
export const PAYMENT_EVENT_SWEEP_POLICY: RetryPolicy = { retryLimit: 0, expireInSeconds: 14 * 60 };

/** Beyond the longest retry window: a job waiting for a busy worker, a slow poll. */
const JOB_GONE_MARGIN_MS = 60 * 60 * 1000;

/**
 * How long after its event was stored a job with `policy` has surely given up: every try run to
 * its expiry and every wait at its longest (pg-boss's backoff waits up to `retryDelay · 2^(n+1)`
 * before retry n, with jitter below that, capped at `retryDelayMax`), plus a margin. An event
 * still unprocessed then has no job left to process it. About 7 hours for e-mail's policy.
 */
export function eventJobGoneAfterMs(policy: RetryPolicy): number {
  const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = { ...DEFAULT_RETRY, ...policy };
  const cap = policy.retryDelayMaxSeconds ?? Number.POSITIVE_INFINITY;
  let seconds = (retryLimit + 1) * expireInSeconds;
  for (let n = 0; n < retryLimit; n++) {
    seconds += retryBackoff
      ? Math.min(cap, Math.max(retryDelaySeconds, 1) * 2 ** Math.min(16, n + 1))
      : retryDelaySeconds;
  }
  return seconds * 1000 + JOB_GONE_MARGIN_MS;
}

export interface EventSweepDeps {
  /** The event job's own processing: idempotent, so an event is acted on once however often it runs. */
  process(eventId: number): Promise<void>;
  /** The event job's retry policy: how long its job may still be on its way. */
  retry: RetryPolicy;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
}

export interface SweepResult {
  found: number;
  processed: number;
  failed: number;
}

export function createEventSweep(db: Database, { process, retry, log, now = () => new Date() }: EventSweepDeps) {
  const goneAfterMs = eventJobGoneAfterMs(retry);

  /**
   * One pass: every event still unprocessed after its job must have given up, oldest first, each
   * processed as its job would (one failing does not stop the others; it is tried at the next
   * pass). Logged at error when there was any: a payment event hours late is for an operator to see.
   */
  async function sweep(signal?: AbortSignal): Promise<SweepResult> {
    const cutoff = new Date(now().getTime() - goneAfterMs);
    const stuck = await createPaymentsRepository(db).unprocessedEventsBefore(cutoff);
    const result: SweepResult = { found: stuck.length, processed: 0, failed: 0 };
    if (stuck.length === 0) return result;
    for (const event of stuck) {
      if (signal?.aborted) break;
      try {
        await process(event.id);
        result.processed += 1;
      } catch (err) {
        result.failed += 1;
        log.warn(
          { err, eventId: event.id, provider: event.provider, type: event.type },
          'a payment event failed again',
        );
      }
    }
    log.error(
      {
        ...result,
        events: stuck.slice(0, 20).map((e) => ({ id: e.id, provider: e.provider, type: e.type })),
        oldestReceivedAt: stuck[0]?.receivedAt,
      },
      result.failed > 0 || result.processed < result.found
        ? 'payment events were still unprocessed after their job gave up: some failed again, the next sweep retries them'
        : 'payment events were still unprocessed after their job gave up: processed now',
    );
    return result;
  }

  return { sweep };
}
