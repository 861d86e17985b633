import { describe, expect, it } from 'vitest';
import { anyRow } from './any-row.ts';

/** A stand-in query: its rows, and the limits it was asked for. */
function query(rows: unknown[]) {
  const limits: number[] = [];
  return {
    limits,
    limit(count: number) {
      limits.push(count);
      return Promise.resolve(rows.slice(0, count));
    },
  };
}

describe('anyRow', () => {
  it('asks each query for one row and stops at the first that finds one', async () => {
    const [none, found, never] = [query([]), query([{ id: 1 }, { id: 2 }]), query([{ id: 3 }])];
    expect(await anyRow([none, found, never])).toBe(true);
    expect(none.limits).toEqual([1]);
    expect(found.limits).toEqual([1]);
    expect(never.limits).toEqual([]);
  });

  it('is false when no query finds a row, or there is none to ask', async () => {
    expect(await anyRow([query([]), query([])])).toBe(false);
    expect(await anyRow([])).toBe(false);
  });
});
