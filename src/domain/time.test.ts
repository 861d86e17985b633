import { expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from './time.ts';

// The tests of the rules that count in days share these constants with the code, so a wrong one
// would pass there: its value is pinned here, written out.
it('names an hour and a day in milliseconds', () => {
  expect(HOUR_MS).toBe(3_600_000);
  expect(DAY_MS).toBe(86_400_000);
});
