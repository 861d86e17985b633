import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, fastifyRateLimitStore } from './rate-limit-store.ts';

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

describe('the in-memory rate-limit store, fixed windows', () => {
  it('counts hits in a window that opens with the first hit and closes windowMs later', async () => {
    const clock = fakeClock();
    const store = createMemoryRateLimitStore({ now: clock.now });
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
    const store = createMemoryRateLimitStore({ now: clock.now });
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

describe('the in-memory rate-limit store, rolling windows', () => {
  it('lets each hit expire windowMs after it happened', async () => {
    const clock = fakeClock();
    const store = createMemoryRateLimitStore({ now: clock.now });
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
