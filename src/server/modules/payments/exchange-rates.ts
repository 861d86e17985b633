import { CURRENCIES, type Currency, EXCHANGE_RATE_PATTERN } from '../../../domain/catalog/money.ts';
import type { Database } from '../../db/client.ts';
import { createExchangeRatesRepository } from './exchange-rates-repository.ts';

/**
 * The stored exchange rates (SPEC.md's currency-rate service, docs/decisions/0061). Checkout reads
 * them in its own transaction when an attempt is priced; the operator replaces them with
 * `npm run rates:set -- USD INR 88.40` or the optional refresh job. A rate older than the
 * configured age is still used (a day-old rate is a fair quote; refusing INR payments because a
 * refresh failed would be worse) but logged, at most once an hour per pair, so someone refreshes it.
 */
export interface ExchangeRateSetting {
  from: Currency;
  to: Currency;
  rate: string;
  source: string;
  fetchedAt: Date;
}

/** Why a rate cannot be stored, or null: the same check for the command, the job and the seed. */
export function exchangeRateProblem(from: string, to: string, rate: string): string | null {
  const known = (c: string): c is Currency => (CURRENCIES as readonly string[]).includes(c);
  if (!known(from) || !known(to)) return `currencies must be among ${CURRENCIES.join(', ')}`;
  if (from === to) return 'a rate converts between two different currencies';
  if (!EXCHANGE_RATE_PATTERN.test(rate) || !/[1-9]/.test(rate)) {
    return `"${rate}" is not a rate: a decimal number above zero with at most 6 decimals, like 88.4`;
  }
  return null;
}

/** Stores (or replaces) one pair's rate. */
export async function setExchangeRate(db: Database, setting: ExchangeRateSetting): Promise<void> {
  const problem = exchangeRateProblem(setting.from, setting.to, setting.rate);
  if (problem) throw new RangeError(problem);
  const values = {
    fromCurrency: setting.from,
    toCurrency: setting.to,
    rate: setting.rate,
    source: setting.source,
    fetchedAt: setting.fetchedAt,
  };
  await createExchangeRatesRepository(db).upsert(values);
}

export interface StoredExchangeRatesOptions {
  /** A rate fetched longer ago than this is logged when used (EXCHANGE_RATE_MAX_AGE_HOURS). */
  maxAgeMs: number;
  log: { warn(details: object, message: string): void };
  now?: () => Date;
}

/** Stale-rate warnings repeat at most this often per pair (every options call would log otherwise). */
const STALE_WARNING_EVERY_MS = 60 * 60 * 1000;

/** `ExchangeRates` (payments/service.ts) over the `exchange_rates` table. */
export function createStoredExchangeRates({ maxAgeMs, log, now = () => new Date() }: StoredExchangeRatesOptions) {
  const warned = new Map<string, number>();
  return {
    async rate(tx: Database, from: Currency, to: Currency): Promise<string | null> {
      const row = await createExchangeRatesRepository(tx).find(from, to);
      if (!row) return null;
      const at = now().getTime();
      const age = at - row.fetchedAt.getTime();
      const pair = `${from}-${to}`;
      if (age > maxAgeMs && at - (warned.get(pair) ?? 0) >= STALE_WARNING_EVERY_MS) {
        warned.set(pair, at);
        log.warn(
          { from, to, rate: row.rate, source: row.source, fetchedAt: row.fetchedAt.toISOString() },
          'an exchange rate older than EXCHANGE_RATE_MAX_AGE_HOURS is in use: refresh it (npm run rates:set)',
        );
      }
      return row.rate;
    },
  };
}
