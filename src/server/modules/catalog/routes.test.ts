import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/services', () => {
  it('lists the seeded services in data.results with paging figures', async () => {
    const res = await t.app.inject({ url: '/api/v1/services?page=1&limit=100' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 200, data: { page: 1, limit: 100 } });
    expect(body.data.totalCount).toBe(body.data.results.length);
    const names = body.data.results.map((s: { name: string }) => s.name);
    expect(names).toContain('OCI Card');
    const oci = body.data.results.find((s: { slug: string }) => s.slug === 'oci-card');
    // New OCI from the USA: $275 government + $3 ICWF + $15.90 VFS + our $79.
    expect(oci.fromPrice).toEqual({ amountCents: 27500 + 300 + 1590 + 7900, currency: 'USD' });
  });

  it('pages through the list', async () => {
    const all = (await t.app.inject({ url: '/api/v1/services' })).json().data;
    const second = (await t.app.inject({ url: '/api/v1/services?page=2&limit=1' })).json().data;
    expect(second).toMatchObject({ page: 2, limit: 1, totalCount: all.totalCount });
    expect(second.results).toEqual(all.results.slice(1, 2));
  });

  it.each([
    ['limit=abc', 'limit must be a number'],
    ['limit=0', 'limit must be 1 or more'],
    ['limit=101', 'limit must be at most 100'],
    ['page=1.5', 'page must be a whole number'],
  ])('answers %s with a 400 envelope naming the field', async (query, message) => {
    const res = await t.app.inject({ url: `/api/v1/services?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: false, statusCode: 400, message, data: null });
    expect(Object.values(body.errors)).toContain(message);
  });
});
