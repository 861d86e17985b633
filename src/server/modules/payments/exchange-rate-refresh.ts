import { z } from 'zod';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue, RetryPolicy } from '../../jobs/queue.ts';
import { exchangeRateProblem, setExchangeRate } from './exchange-rates.ts';
import { createExchangeRatesRepository, type ExchangeRateRow } from './exchange-rates-repository.ts';

/**
 * The scheduled refresh of the stored exchange rates (docs/decisions/0061, "The scheduled refresh"):
 * every stored pair is fetched from `EXCHANGE_RATE_SOURCE_URL` with its from-currency as the base,
 * checked, and stored with the source's host. Off unless the URL is set.
 */
export const EXCHANGE_RATE_REFRESH_QUEUE = 'payments.exchange-rates.refresh';

/**
 * A fetched rate further than this from the stored one (a fraction of the stored rate) is refused
 * and logged as an error. USD/INR and CAD/INR move a few per cent in a year and their worst days
 * are under 4 %: a jump of a fifth between two hourly refreshes is a broken source (the wrong base,
 * a unit change, a typo, a tampered answer), and storing it would misprice every INR charge at
 * once. A real move that large is for the operator to confirm with `npm run rates:set`.
 */
export const MAX_RATE_CHANGE = 0.2;

/** One fetch may take this long; a source that stalls is an attempt failed, retried by the queue. */
export const EXCHANGE_RATE_FETCH_TIMEOUT_MS = 10_000;

/** A few retries within the hour (1, 2, 4 minutes); the next scheduled refresh comes anyway. */
export const EXCHANGE_RATE_REFRESH_RETRY: RetryPolicy = {
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 120,
};

/**
 * The "latest" answer of open.er-api.com / ExchangeRate-API (`base_code`, `result`), also read from
 * sources that name the base `base` (frankfurter). Only the rates of stored pairs are checked: one
 * odd currency elsewhere in the list must not stop the refresh.
 */
const latestRates = z
  .object({
    result: z.literal('success').optional(),
    base_code: z.string().optional(),
    base: z.string().optional(),
    rates: z.record(z.string(), z.unknown()),
  })
  .transform(({ base_code, base, rates }) => ({ base: base_code ?? base, rates }));

const fetchedRate = z.number().positive();

/**
 * A positive rate as EXCHANGE_RATE_PATTERN's decimal string, rounded half up to 6 decimals. It
 * rounds the shortest decimal that reads back as the number, which is what the source wrote
 * (83.2512345 → "83.251235"), where `toFixed` rounds the binary value under it (→ "83.251234").
 */
export function toRateString(rate: number): string {
  const written = String(rate);
  // Exponent notation is for numbers far outside any rate: below 1e-6 it rounds to "0", which
  // exchangeRateProblem refuses like the huge ones.
  if (written.includes('e')) return rate < 1 ? '0' : written;
  const [whole = '0', fraction = ''] = written.split('.');
  const roundUp = (fraction[6] ?? '0') >= '5' ? 1n : 0n;
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0')) + roundUp;
  const decimals = (micros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return decimals ? `${micros / 1_000_000n}.${decimals}` : `${micros / 1_000_000n}`;
}

/** The fetched value as a rate to store, or why it is refused. */
function judgeRate(
  from: Currency,
  to: Currency,
  stored: string,
  fetched: unknown,
): { rate: string } | { reason: string } {
  const value = fetchedRate.safeParse(fetched);
  if (!value.success) return { reason: `the answer has no rate for ${to}` };
  const rate = toRateString(value.data);
  const problem = exchangeRateProblem(from, to, rate);
  if (problem) return { reason: problem };
  const change = Math.abs(Number(rate) - Number(stored)) / Number(stored);
  if (change > MAX_RATE_CHANGE) {
    return {
      reason: `${rate} is ${(change * 100).toFixed(1)} % away from the stored ${stored} (at most ${MAX_RATE_CHANGE * 100} % is taken)`,
    };
  }
  return { rate };
}

export interface ExchangeRateRefreshOptions {
  jobs: Pick<JobQueue, 'work' | 'schedule' | 'unschedule'>;
  /** EXCHANGE_RATE_SOURCE_URL: `{base}` stands for the from-currency. Unset: no refresh. */
  sourceUrl?: string | undefined;
  /** EXCHANGE_RATE_REFRESH_CRON. */
  cron: string;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  timeoutMs?: number;
  now?: () => Date;
}

export interface RefreshResult {
  stored: { from: Currency; to: Currency; rate: string }[];
  refused: { from: Currency; to: Currency; reason: string }[];
}

export function createExchangeRateRefresh(db: Database, options: ExchangeRateRefreshOptions) {
  const { jobs, sourceUrl, cron, log, timeoutMs = EXCHANGE_RATE_FETCH_TIMEOUT_MS, now = () => new Date() } = options;

  /** The source's answer for one base. Never logs the URL: a source's API key can sit in its path. */
  async function fetchLatest(url: string, base: Currency) {
    const response = await fetch(url.replaceAll('{base}', base), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`answered HTTP ${response.status}`);
    }
    const parsed = latestRates.safeParse(await response.json());
    if (!parsed.success) throw new Error(`answered an unexpected shape: ${z.prettifyError(parsed.error)}`);
    if (parsed.data.base !== base) throw new Error(`answered rates for base ${parsed.data.base ?? '(none)'}`);
    return parsed.data.rates;
  }

  /**
   * Fetches and stores every stored pair's rate. A fetch that fails (timeout, non-2xx, not the
   * expected JSON) stores nothing for its base and makes the call throw, after the other bases
   * were tried, so the job's retry policy applies. A rate that is missing, not a rate, or too far
   * from the stored one is refused and logged at error: trying again would fetch the same answer.
   */
  async function refresh(): Promise<RefreshResult> {
    if (!sourceUrl) throw new Error('EXCHANGE_RATE_SOURCE_URL is not set');
    const source = new URL(sourceUrl.replaceAll('{base}', 'USD')).host;
    const byBase = new Map<Currency, ExchangeRateRow[]>();
    for (const row of await createExchangeRatesRepository(db).list()) {
      byBase.set(row.fromCurrency, [...(byBase.get(row.fromCurrency) ?? []), row]);
    }
    const result: RefreshResult = { stored: [], refused: [] };
    const failed: string[] = [];
    for (const [base, pairs] of byBase) {
      let rates: Record<string, unknown>;
      try {
        rates = await fetchLatest(sourceUrl, base);
      } catch (err) {
        log.warn({ err, source, base }, `exchange rates for ${base} could not be fetched; nothing stored`);
        failed.push(`${base}: ${(err as Error).message}`);
        continue;
      }
      const fetchedAt = now();
      for (const { fromCurrency: from, toCurrency: to, rate: stored } of pairs) {
        const judged = judgeRate(from, to, stored, rates[to]);
        if ('reason' in judged) {
          result.refused.push({ from, to, reason: judged.reason });
          log.error(
            { source, from, to, stored, fetched: rates[to] },
            `exchange rate ${from}→${to} refused, the stored one is kept: ${judged.reason}. If it is right, set it with npm run rates:set`,
          );
          continue;
        }
        await setExchangeRate(db, { from, to, rate: judged.rate, source, fetchedAt });
        result.stored.push({ from, to, rate: judged.rate });
      }
    }
    if (result.stored.length > 0) log.info({ source, rates: result.stored }, 'exchange rates refreshed');
    if (failed.length > 0) throw new Error(`exchange rates from ${source} not fetched: ${failed.join('; ')}`);
    return result;
  }

  return {
    refresh,

    /**
     * With a source: the worker and the schedule. Without: removes a schedule an earlier
     * configuration stored (a row outlives the process), so no job is queued with nobody to run it.
     */
    async registerJobs(): Promise<void> {
      if (!sourceUrl) return jobs.unschedule(EXCHANGE_RATE_REFRESH_QUEUE);
      await jobs.work(
        EXCHANGE_RATE_REFRESH_QUEUE,
        async () => {
          await refresh();
        },
        EXCHANGE_RATE_REFRESH_RETRY,
      );
      await jobs.schedule(EXCHANGE_RATE_REFRESH_QUEUE, cron);
    },
  };
}
export type ExchangeRateRefresh = ReturnType<typeof createExchangeRateRefresh>;
