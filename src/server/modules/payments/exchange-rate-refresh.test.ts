import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedExchangeRates } from '../../db/seed/exchange-rates.ts';
import { loadEnv } from '../../env.ts';
import { JOBS_SCHEMA } from '../../jobs/queue.ts';
import { buildTestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createExchangeRateRefresh, EXCHANGE_RATE_REFRESH_QUEUE, toRateString } from './exchange-rate-refresh.ts';
import { exchangeRates } from './tables.ts';

/** A local stand-in for open.er-api.com: each test says how it answers. */
type Answer = (base: string, res: ServerResponse) => void;
let answer: Answer;
const requested: string[] = [];
const server = createServer((req: IncomingMessage, res) => {
  const base = req.url?.split('/').pop() ?? '';
  requested.push(base);
  answer(base, res);
});
let origin: string;
let host: string;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** open.er-api.com's "latest" answer for `base`, with the rest of its list around the ones asked for. */
const latest = (base: string, rates: Record<string, number>) => ({
  result: 'success',
  provider: 'https://www.exchangerate-api.com',
  time_last_update_unix: 1_763_683_351,
  base_code: base,
  rates: { [base]: 1, EUR: 0.86, GBP: 0.76, ...rates },
});
/** Never answers: the refresh's own timeout ends the request. */
const STALL: Answer = () => {};
const GOOD: Answer = (base, res) =>
  json(res, 200, latest(base, base === 'USD' ? { INR: 88.65432149, CAD: 1.41 } : { INR: 63.300000000000004 }));

let database: DatabaseHandle;
const logs: { level: string; details: object; message: string }[] = [];
const log = {
  info: (details: object, message: string) => logs.push({ level: 'info', details, message }),
  warn: (details: object, message: string) => logs.push({ level: 'warn', details, message }),
  error: (details: object, message: string) => logs.push({ level: 'error', details, message }),
};
const unusedJobs = { work: async () => {}, schedule: async () => {}, unschedule: async () => {} };
const NOW = new Date('2026-03-02T10:17:00Z');
const refresher = (timeoutMs = 5_000) =>
  createExchangeRateRefresh(database.db, {
    jobs: unusedJobs,
    sourceUrl: `${origin}/v6/latest/{base}`,
    cron: '17 * * * *',
    log,
    timeoutMs,
    now: () => NOW,
  });
const storedRates = async () =>
  (await database.db.select().from(exchangeRates))
    .map(({ fromCurrency, toCurrency, rate, source, fetchedAt }) => ({
      pair: `${fromCurrency}-${toCurrency}`,
      rate,
      source,
      fetchedAt: fetchedAt.toISOString(),
    }))
    .sort((a, b) => a.pair.localeCompare(b.pair));
const SEEDED = [
  { pair: 'CAD-INR', rate: '63.1', source: 'seed', fetchedAt: '2025-11-21T00:00:00.000Z' },
  { pair: 'USD-INR', rate: '88.4', source: 'seed', fetchedAt: '2025-11-21T00:00:00.000Z' },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(async () => {
  answer = GOOD;
  requested.length = 0;
  logs.length = 0;
  await database.db.delete(exchangeRates);
  await seedExchangeRates(database.db);
});
afterEach(() => server.closeAllConnections());

describe('the exchange rate refresh', () => {
  it('stores each stored pair from its base currency’s answer, rounded to 6 decimals, with the host and now', async () => {
    const result = await refresher().refresh();
    expect(requested.sort()).toEqual(['CAD', 'USD']);
    expect(result).toEqual({
      stored: expect.arrayContaining([
        { from: 'USD', to: 'INR', rate: '88.654321' },
        { from: 'CAD', to: 'INR', rate: '63.3' },
      ]),
      refused: [],
    });
    expect(await storedRates()).toEqual([
      { pair: 'CAD-INR', rate: '63.3', source: host, fetchedAt: NOW.toISOString() },
      { pair: 'USD-INR', rate: '88.654321', source: host, fetchedAt: NOW.toISOString() },
    ]);
    expect(logs).toEqual([expect.objectContaining({ level: 'info', message: 'exchange rates refreshed' })]);
  });

  it('writes a rate as a short decimal string without float noise', () => {
    expect(toRateString(88.4)).toBe('88.4');
    expect(toRateString(0.1 + 0.2)).toBe('0.3');
    expect(toRateString(63.300000000000004)).toBe('63.3');
    expect(toRateString(83.2512345)).toBe('83.251235');
    expect(toRateString(100)).toBe('100');
    expect(toRateString(0.0000001)).toBe('0');
    expect(toRateString(1.9999996)).toBe('2');
    expect(toRateString(1e21)).toBe('1e+21'); // refused as a rate, never stored
  });

  const failures: [string, Answer, RegExp][] = [
    ['a server error', (_base, res) => json(res, 500, { error: 'internal' }), /HTTP 500/],
    ['a body that is not JSON', (_base, res) => res.writeHead(200).end('<html>maintenance</html>'), /JSON/],
    [
      'JSON of another shape',
      (_base, res) => json(res, 200, { result: 'error', 'error-type': 'unsupported-code' }),
      /unexpected shape/,
    ],
    ['the rates of another base', (_base, res) => json(res, 200, latest('EUR', { INR: 101.2 })), /base EUR/],
    ['no answer in time', STALL, /timeout|aborted/i],
  ];
  it.each(failures)('stores nothing on %s, and throws so the job is retried', async (_name, failing, reason) => {
    answer = failing;
    // A short timeout only where the answer never comes: the others have the time a loaded machine needs.
    await expect(refresher(failing === STALL ? 300 : 5_000).refresh()).rejects.toThrow(reason);
    expect(await storedRates()).toEqual(SEEDED);
    expect(logs.filter((l) => l.level === 'warn')).toHaveLength(2);
    const [first] = logs;
    expect(first?.message).toMatch(/could not be fetched; nothing stored/);
    // The URL is never logged (a source's API key can be part of it), only its host.
    expect(first?.details).toMatchObject({ source: host });
    expect(JSON.stringify(logs.map((l) => l.details))).not.toContain('/v6/latest');
  });

  it('refuses a jump of more than 20 % and keeps the stored rate; other pairs are still stored', async () => {
    answer = (base, res) => json(res, 200, latest(base, { INR: base === 'USD' ? 106.2 : 75.72 }));
    const result = await refresher().refresh();
    // 106.2 is 20.1 % above 88.4; 75.72 is exactly 20 % above 63.1, which is taken.
    expect(result.stored).toEqual([{ from: 'CAD', to: 'INR', rate: '75.72' }]);
    expect(result.refused).toEqual([{ from: 'USD', to: 'INR', reason: expect.stringContaining('20.1 %') }]);
    expect(await storedRates()).toEqual([
      { pair: 'CAD-INR', rate: '75.72', source: host, fetchedAt: NOW.toISOString() },
      SEEDED[1],
    ]);
    expect(logs.filter((l) => l.level === 'error')).toEqual([
      {
        level: 'error',
        details: expect.objectContaining({ from: 'USD', to: 'INR', stored: '88.4', fetched: 106.2 }),
        message: expect.stringContaining('refused, the stored one is kept'),
      },
    ]);
  });

  it('refuses a missing or impossible rate in an answer that is otherwise fine', async () => {
    answer = (base, res) =>
      json(res, 200, base === 'USD' ? latest(base, {}) : { ...latest(base, {}), rates: { INR: -63.1 } });
    const result = await refresher().refresh();
    expect(result.stored).toEqual([]);
    expect(result.refused.map((r) => r.reason)).toEqual([
      'the answer has no rate for INR',
      'the answer has no rate for INR',
    ]);
    expect(await storedRates()).toEqual(SEEDED);
  });
});

describe('the refresh job', () => {
  const scheduled = async (app: Awaited<ReturnType<typeof buildTestApp>>) => {
    const { rows } = await app.database.executeSql(`select cron from ${JOBS_SCHEMA}.schedule where name = $1`, [
      EXCHANGE_RATE_REFRESH_QUEUE,
    ]);
    return rows;
  };

  it('is worked and scheduled only with a source URL, and unscheduled when the URL is removed', async () => {
    const withUrl = await buildTestApp({
      EXCHANGE_RATE_SOURCE_URL: `${origin}/v6/latest/{base}`,
      EXCHANGE_RATE_REFRESH_CRON: '5 * * * *',
    });
    try {
      expect(await scheduled(withUrl)).toEqual([{ cron: '5 * * * *' }]);
      // What the schedule sends, run now: the rates come from the source.
      await withUrl.app.jobs.send(EXCHANGE_RATE_REFRESH_QUEUE, {});
      expect(await withUrl.runJobs()).toBe(1);
      const { rows } = await withUrl.database.executeSql('select rate, source from exchange_rates order by 1');
      expect(rows).toEqual([
        { rate: '63.3', source: host },
        { rate: '88.654321', source: host },
      ]);
      await withUrl.app.close();

      // The same database restarted without the URL: the schedule goes, and nothing works the queue.
      const without = await buildTestApp({}, { database: withUrl.database });
      try {
        expect(await scheduled(without)).toEqual([]);
        await without.app.jobs.send(EXCHANGE_RATE_REFRESH_QUEUE, {});
        expect(await without.runJobs()).toBe(0);
      } finally {
        await without.close();
      }
    } finally {
      await withUrl.close();
    }
  });

  it('takes a source URL only with {base}, and only https in production', () => {
    expect(loadEnv({ EXCHANGE_RATE_SOURCE_URL: 'https://open.er-api.com/v6/latest/{base}' })).toMatchObject({
      EXCHANGE_RATE_SOURCE_URL: 'https://open.er-api.com/v6/latest/{base}',
      EXCHANGE_RATE_REFRESH_CRON: '17 * * * *',
    });
    expect(loadEnv({}).EXCHANGE_RATE_SOURCE_URL).toBeUndefined();
    expect(() => loadEnv({ EXCHANGE_RATE_SOURCE_URL: 'https://open.er-api.com/v6/latest/USD' })).toThrow('{base}');
    expect(() => loadEnv({ EXCHANGE_RATE_SOURCE_URL: 'file:///etc/rates/{base}' })).toThrow('EXCHANGE_RATE_SOURCE_URL');
    expect(() =>
      loadEnv({
        DEPLOYMENT: 'production',
        EXCHANGE_RATE_SOURCE_URL: 'http://rates.example/{base}',
      }),
    ).toThrow('EXCHANGE_RATE_SOURCE_URL must be https in production');
  });
});
