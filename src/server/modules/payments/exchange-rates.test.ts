import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { SEED_EXCHANGE_RATES } from '../../db/seed/exchange-rates.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createStoredExchangeRates, exchangeRateProblem, setExchangeRate } from './exchange-rates.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const HOUR = 3_600_000;

describe('stored exchange rates', () => {
  it('are seeded for USD→INR and CAD→INR, and answer null for a pair with none', async () => {
    const rates = createStoredExchangeRates({ maxAgeMs: 48 * HOUR, log: { warn: () => {} } });
    for (const seeded of SEED_EXCHANGE_RATES) {
      expect(await rates.rate(database.db, seeded.fromCurrency, seeded.toCurrency)).toBe(seeded.rate);
    }
    expect(await rates.rate(database.db, 'INR', 'USD')).toBeNull();
  });

  it('a stale rate is still used, and logged at most once an hour per pair', async () => {
    let now = new Date('2026-01-10T12:00:00Z');
    const warnings: object[] = [];
    const rates = createStoredExchangeRates({
      maxAgeMs: 48 * HOUR,
      log: { warn: (details) => warnings.push(details) },
      now: () => now,
    });
    await setExchangeRate(database.db, {
      from: 'USD',
      to: 'INR',
      rate: '88.25',
      source: 'operator',
      fetchedAt: new Date(now.getTime() - 47 * HOUR),
    });
    expect(await rates.rate(database.db, 'USD', 'INR')).toBe('88.25');
    expect(warnings).toHaveLength(0);
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await rates.rate(database.db, 'USD', 'INR')).toBe('88.25');
    expect(await rates.rate(database.db, 'USD', 'INR')).toBe('88.25');
    expect(warnings).toEqual([expect.objectContaining({ from: 'USD', to: 'INR', rate: '88.25', source: 'operator' })]);
    now = new Date(now.getTime() + HOUR);
    await rates.rate(database.db, 'USD', 'INR');
    expect(warnings).toHaveLength(2);
  });

  it('refuses what is not a rate', async () => {
    expect(exchangeRateProblem('USD', 'INR', '88.4')).toBeNull();
    for (const [from, to, rate] of [
      ['USD', 'USD', '1'],
      ['USD', 'EUR', '1'],
      ['USD', 'INR', '0'],
      ['USD', 'INR', '0.000000'],
      ['USD', 'INR', '-88'],
      ['USD', 'INR', '88.1234567'],
      ['USD', 'INR', '8e1'],
    ] as const) {
      expect(exchangeRateProblem(from, to, rate)).not.toBeNull();
    }
    await expect(
      setExchangeRate(database.db, { from: 'USD', to: 'INR', rate: '0', source: 'x', fetchedAt: new Date() }),
    ).rejects.toThrow(RangeError);
  });
});
