import { and, eq } from 'drizzle-orm';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { Database } from '../../db/client.ts';
import { exchangeRates } from './tables.ts';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;
export type NewExchangeRate = Pick<
  typeof exchangeRates.$inferInsert,
  'fromCurrency' | 'toCurrency' | 'rate' | 'source' | 'fetchedAt'
>;

/** The `exchange_rates` table (docs/decisions/0061): one row per currency pair. */
export function createExchangeRatesRepository(db: Database) {
  return {
    /** Stores the pair's rate, or replaces the one stored. */
    async upsert(values: NewExchangeRate): Promise<void> {
      await db
        .insert(exchangeRates)
        .values(values)
        .onConflictDoUpdate({
          target: [exchangeRates.fromCurrency, exchangeRates.toCurrency],
          set: { rate: values.rate, source: values.source, fetchedAt: values.fetchedAt, updatedAt: new Date() },
        });
    },

    async find(from: Currency, to: Currency): Promise<ExchangeRateRow | null> {
      const [row] = await db
        .select()
        .from(exchangeRates)
        .where(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)));
      return row ?? null;
    },

    list(): Promise<ExchangeRateRow[]> {
      return db.select().from(exchangeRates);
    },
  };
}
