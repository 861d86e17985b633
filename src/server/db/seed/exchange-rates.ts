import type { Database } from '../client.ts';
import { exchangeRates } from '../schema.ts';

/**
 * Starting rates for the orders Razorpay charges in INR (docs/decisions/0061): plausible mid-market
 * levels of November 2025 (USD→INR about 88.4, CAD→INR about 63.1), dated then so the app logs
 * them as stale until the operator sets today's (`npm run rates:set -- USD INR 88.40`).
 */
export const SEED_EXCHANGE_RATES: readonly (typeof exchangeRates.$inferInsert)[] = [
  { fromCurrency: 'USD', toCurrency: 'INR', rate: '88.4', source: 'seed', fetchedAt: new Date('2025-11-21T00:00:00Z') },
  { fromCurrency: 'CAD', toCurrency: 'INR', rate: '63.1', source: 'seed', fetchedAt: new Date('2025-11-21T00:00:00Z') },
];

/** Adds the pairs that are missing; a rate the operator set is kept. */
export async function seedExchangeRates(db: Database): Promise<void> {
  await db
    .insert(exchangeRates)
    .values([...SEED_EXCHANGE_RATES])
    .onConflictDoNothing();
}
