import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import { makeZodJitless } from './zod-in-the-browser.ts';

describe('Zod in the browser', () => {
  it('sets the configuration Zod reads, whether Zod loaded before or after', () => {
    const before = config().jitless;
    try {
      makeZodJitless();
      expect(config().jitless).toBe(true);
      // Before Zod loads: the object Zod will take as its own.
      const fresh: { __zod_globalConfig?: { jitless?: boolean } } = {};
      makeZodJitless(fresh);
      expect(fresh.__zod_globalConfig).toEqual({ jitless: true });
    } finally {
      config({ jitless: before });
    }
  });
});
