import { describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('read cache', () => {
  it('loads a key once while it is fresh, shared by concurrent reads, and again in the background once stale', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    const load = vi.fn(async () => `rows at ${clock}`);
    const [a, b] = await Promise.all([cache.get('offers', load), cache.get('offers', load)]);
    expect([a, b]).toEqual(['rows at 0', 'rows at 0']);
    clock = 999;
    expect(await cache.get('offers', load)).toBe('rows at 0');
    expect(load).toHaveBeenCalledTimes(1);
    clock = 1000;
    expect(await cache.get('offers', load), 'the stale rows, at once').toBe('rows at 0');
    expect(await cache.get('offers', load)).toBe('rows at 1000');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not let a reload that started before clear() put its rows back', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    await cache.get('offers', async () => 'old');
    clock = 1000;
    let finish: (rows: string) => void = () => {};
    expect(await cache.get('offers', () => new Promise<string>((resolve) => (finish = resolve)))).toBe('old');
    cache.clear();
    finish('reloaded before the change');
    await Promise.resolve();
    expect(await cache.get('offers', async () => 'after the change')).toBe('after the change');
  });

  it('keeps keys apart, forgets everything on clear(), and keeps no failure', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const load = vi.fn(async (key: string) => key);
    await cache.get('a', () => load('a'));
    await cache.get('b', () => load('b'));
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear();
    await cache.get('a', () => load('a'));
    expect(load).toHaveBeenCalledTimes(3);

    const failing = vi.fn(async () => {
      throw new Error('database gone');
    });
    await expect(cache.get('c', failing)).rejects.toThrow('database gone');
    expect(await cache.get('c', async () => 'back')).toBe('back');
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    const load = vi.fn(async () => 'rows');
    for (const key of ['a', 'b', 'c']) await cache.get(key, load);
    await cache.get('c', load);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
