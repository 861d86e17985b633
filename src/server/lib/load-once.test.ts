import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for every caller, at the first call', async () => {
    let loads = 0;
    const loaded = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([loaded(), loaded()])).toEqual([1, 1]);
    expect(await loaded()).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets a failed load: the next call loads again', async () => {
    let loads = 0;
    const loaded = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not this time');
      return 'ready';
    });
    await expect(loaded()).rejects.toThrow('not this time');
    expect(await loaded()).toBe('ready');
    expect(await loaded()).toBe('ready');
    expect(loads).toBe(2);
  });
});
