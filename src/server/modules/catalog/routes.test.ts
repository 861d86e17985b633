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
    // OCI re-issue from the USA, the cheapest OCI package: $25 government + $3 ICWF + $15.90 VFS + our $59.
    expect(oci.fromPrice).toEqual({ amountCents: 2500 + 300 + 1590 + 5900, currency: 'USD' });
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

describe('GET /api/v1/services/slug/:slug', () => {
  it('returns the service with its packages and itemised prices', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/oci-card' });
    expect(res.statusCode).toBe(200);
    const service = res.json().data;
    expect(service).toMatchObject({ name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom'] });
    expect(service.parameterOptions.applyingFrom).toEqual(expect.arrayContaining(['US', 'CA']));
    const newOci = service.packages.find((p: { slug: string }) => p.slug === 'new-oci-card');
    const us = newOci.prices.find((p: { applyingFrom: string }) => p.applyingFrom === 'US');
    expect(us).toMatchObject({ currency: 'USD', governmentFeeCents: 27500, serviceFeeCents: 7900 });
    expect(us.mandatoryFees).toEqual([
      { label: 'ICWF', amountCents: 300 },
      { label: 'VFS Global service fee', amountCents: 1590 },
    ]);
    expect(us.totalCents).toBe(27500 + 300 + 1590 + 7900);
  });

  it('answers 404 with a clear message for an unknown slug', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/no-such-service' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, message: "No service found for 'no-such-service'" });
  });

  it('answers 400 for a malformed slug', async () => {
    const res = await t.app.inject({ url: '/api/v1/services/slug/Bad%20Slug!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('slug must be lowercase letters, digits and hyphens');
  });
});
