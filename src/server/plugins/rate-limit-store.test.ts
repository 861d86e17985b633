import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { createMemoryRateLimitStore, fastifyRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { createPostgresRateLimitStore } from './rate-limit-store-postgres.ts';
import { rateLimitCounters } from './rate-limit-tables.ts';

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

const MINUTE = 60_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * One contract, every store (docs/decisions/0034, 0071): the in-memory store of the embedded mode
 * and the PostgreSQL store several processes share (PGlite here, a PostgreSQL server under
 * `npm run test:postgres`). Each test starts from an empty store.
 */
const backends: { name: string; create: (now: () => number) => RateLimitStore }[] = [
  { name: 'in-memory', create: (now) => createMemoryRateLimitStore({ now }) },
  // No sweep riding on the hits here: one a test set off runs on after it (a hit does not wait for
  // it) and, with that test's clock, deleted the next test's fresh row (clean-clone CI 27c). The
  // sweep has its own tests below.
  {
    name: 'PostgreSQL',
    create: (now) => createPostgresRateLimitStore({ db: database.db, now, sweepIntervalMs: Number.POSITIVE_INFINITY }),
  },
];

describe.each(backends)('the $name rate-limit store', (backend) => {
  beforeEach(async () => {
    await database.db.delete(rateLimitCounters);
  });

  describe('fixed windows', () => {
    it('counts hits in a window that opens with the first hit and closes windowMs later', async () => {
      const clock = fakeClock();
      const store = backend.create(clock.now);
      const opened = clock.now();
      expect(await store.hit('a', MINUTE)).toEqual({ count: 1, resetAt: opened + MINUTE });
      clock.advance(20_000);
      expect(await store.hit('a', MINUTE)).toEqual({ count: 2, resetAt: opened + MINUTE });
      clock.advance(39_999);
      expect(await store.hit('a', MINUTE)).toEqual({ count: 3, resetAt: opened + MINUTE });
      // At the window's end every hit of it expires together; the next hit opens a new window.
      clock.advance(1);
      expect(await store.peek('a', MINUTE)).toEqual({ count: 0, resetAt: clock.now() });
      expect(await store.hit('a', MINUTE)).toEqual({ count: 1, resetAt: clock.now() + MINUTE });
    });

    it('keeps keys apart, reads without counting, and forgets a key on reset', async () => {
      const clock = fakeClock();
      const store = backend.create(clock.now);
      await store.hit('a', MINUTE);
      await store.hit('a', MINUTE);
      await store.hit('b', MINUTE);
      expect((await store.peek('a', MINUTE)).count).toBe(2);
      expect((await store.peek('a', MINUTE)).count).toBe(2);
      expect((await store.peek('b', MINUTE)).count).toBe(1);
      await store.reset('a');
      expect(await store.peek('a', MINUTE)).toEqual({ count: 0, resetAt: clock.now() });
      expect((await store.peek('b', MINUTE)).count).toBe(1);
      clock.advance(5_000);
      expect(await store.hit('a', MINUTE)).toEqual({ count: 1, resetAt: clock.now() + MINUTE });
    });
  });

  describe('rolling windows', () => {
    it('lets each hit expire windowMs after it happened', async () => {
      const clock = fakeClock();
      const store = backend.create(clock.now);
      const first = clock.now();
      expect(await store.hit('r', MINUTE, 'rolling')).toEqual({ count: 1, resetAt: first + MINUTE });
      clock.advance(30_000);
      expect(await store.hit('r', MINUTE, 'rolling')).toEqual({ count: 2, resetAt: first + MINUTE });
      clock.advance(30_000);
      // The first hit has expired, the second is still counted.
      expect(await store.peek('r', MINUTE, 'rolling')).toEqual({ count: 1, resetAt: first + 30_000 + MINUTE });
      clock.advance(30_000);
      expect(await store.peek('r', MINUTE, 'rolling')).toEqual({ count: 0, resetAt: clock.now() });
      await store.hit('r', MINUTE, 'rolling');
      await store.reset('r');
      expect((await store.peek('r', MINUTE, 'rolling')).count).toBe(0);
    });
  });

  it('treats a key used with the other window kind as a new key', async () => {
    const clock = fakeClock();
    const store = backend.create(clock.now);
    await store.hit('k', MINUTE);
    await store.hit('k', MINUTE);
    expect((await store.peek('k', MINUTE, 'rolling')).count).toBe(0);
    expect(await store.hit('k', MINUTE, 'rolling')).toEqual({ count: 1, resetAt: clock.now() + MINUTE });
    expect((await store.peek('k', MINUTE)).count).toBe(0);
    expect(await store.hit('k', MINUTE)).toEqual({ count: 1, resetAt: clock.now() + MINUTE });
  });

  it('counts concurrent hits on one key exactly, each answered with its own count', async () => {
    const clock = fakeClock();
    const store = backend.create(clock.now);
    for (const kind of ['fixed', 'rolling'] as const) {
      const answers = await Promise.all(Array.from({ length: 40 }, () => store.hit(`c-${kind}`, MINUTE, kind)));
      expect(answers.map((a) => a.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect((await store.peek(`c-${kind}`, MINUTE, kind)).count).toBe(40);
    }
  });
});

describe('the in-memory rate-limit store', () => {
  it('keeps at most maxKeys keys, dropping the least recently counted', async () => {
    const store = createMemoryRateLimitStore({ now: fakeClock().now, maxKeys: 2 });
    await store.hit('a', MINUTE);
    await store.hit('b', MINUTE);
    await store.hit('a', MINUTE);
    await store.hit('c', MINUTE);
    expect((await store.peek('a', MINUTE)).count).toBe(2);
    expect((await store.peek('b', MINUTE)).count).toBe(0);
    expect((await store.peek('c', MINUTE)).count).toBe(1);
  });
});

describe('the PostgreSQL rate-limit store', () => {
  beforeEach(async () => {
    await database.db.delete(rateLimitCounters);
  });

  it('counts hits from several processes (stores) on one database together', async () => {
    const clock = fakeClock();
    const one = createPostgresRateLimitStore({ db: database.db, now: clock.now });
    const two = createPostgresRateLimitStore({ db: database.db, now: clock.now });
    await Promise.all([one.hit('shared', MINUTE), two.hit('shared', MINUTE), one.hit('shared', MINUTE)]);
    expect((await two.peek('shared', MINUTE)).count).toBe(3);
    await two.reset('shared');
    expect((await one.peek('shared', MINUTE)).count).toBe(0);
  });

  it('deletes expired rows, and only those, in batches', async () => {
    const clock = fakeClock();
    const store = createPostgresRateLimitStore({ db: database.db, now: clock.now, sweepBatch: 2 });
    for (const key of ['f1', 'f2', 'f3']) await store.hit(key, MINUTE);
    await store.hit('r1', MINUTE, 'rolling');
    await store.hit('long', 10 * MINUTE);
    clock.advance(30_000);
    await store.hit('r1', MINUTE, 'rolling');
    clock.advance(MINUTE);
    // f1–f3 closed, and the rolling key's last hit is a minute old: four rows, two per sweep.
    expect(await store.removeExpired()).toBe(2);
    expect(await store.removeExpired()).toBe(2);
    expect(await store.removeExpired()).toBe(0);
    const left = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(left.map((row) => row.key).sort()).toEqual(['long']);
  });

  it('sweeps expired rows on a hit at most once per interval', async () => {
    const clock = fakeClock();
    const store = createPostgresRateLimitStore({ db: database.db, now: clock.now, sweepIntervalMs: MINUTE });
    await store.hit('old', 1_000);
    clock.advance(MINUTE);
    await store.hit('new', MINUTE);
    await expect
      .poll(async () => (await database.db.select().from(rateLimitCounters)).map((row) => row.key))
      .toEqual(['new']);
  });
});

describe('fastifyRateLimitStore', () => {
  type Answer = { current: number; ttl: number };
  const incr = (target: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<Answer>((resolve, reject) =>
      target.incr(key, (error, answer) => (error || !answer ? reject(error) : resolve(answer)), windowMs, 5),
    );

  it("answers @fastify/rate-limit's current count and time to live from the store, each route apart", async () => {
    const clock = fakeClock();
    const store = createMemoryRateLimitStore({ now: clock.now });
    const Store = fastifyRateLimitStore(store, clock.now);
    const root = new Store({});
    const contact = root.child({ routeInfo: { method: 'POST', url: '/api/v1/contact/user-info' } } as never);
    const refund = root.child({ routeInfo: { method: 'POST', url: '/api/v1/refund/request' } } as never);
    const limiter = root.child({ routeInfo: {} } as never);

    expect(await incr(contact, '10.0.0.1', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    clock.advance(15_000);
    expect(await incr(contact, '10.0.0.1', MINUTE)).toEqual({ current: 2, ttl: 45_000 });
    expect(await incr(refund, '10.0.0.1', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    expect(await incr(limiter, 'signin:client|10.0.0.1', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    expect((await store.peek('route:POST /api/v1/contact/user-info|10.0.0.1', MINUTE)).count).toBe(2);
    expect((await store.peek('signin:client|10.0.0.1', MINUTE)).count).toBe(1);
  });

  it('passes a failing store on as an error', async () => {
    const failing = {
      hit: () => Promise.reject(new Error('store down')),
      peek: () => Promise.reject(new Error('store down')),
      reset: async () => {},
    };
    const Store = fastifyRateLimitStore(failing);
    await expect(incr(new Store({}), 'k', MINUTE)).rejects.toThrow('store down');
  });
});
