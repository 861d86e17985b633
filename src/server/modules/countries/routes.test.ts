import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/country-codes', () => {
  it('puts India, United States and Canada first, then the rest alphabetically', async () => {
    const res = await t.app.inject({ url: '/api/v1/country-codes' });
    expect(res.statusCode).toBe(200);
    const { results, totalCount } = res.json().data;
    expect(results.slice(0, 3)).toEqual([
      { name: 'India', code: '+91', isoCode: 'IN' },
      { name: 'United States', code: '+1', isoCode: 'US' },
      { name: 'Canada', code: '+1', isoCode: 'CA' },
    ]);
    expect(totalCount).toBeGreaterThan(200);
    const rest = results.slice(3).map((c: { name: string }) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(results.find((c: { isoCode: string }) => c.isoCode === 'GB')).toEqual({
      name: 'United Kingdom',
      code: '+44',
      isoCode: 'GB',
    });
  });
});
