import { expect } from 'vitest';

export interface ApiService {
  id: number;
  name: string;
  slug: string;
}

/** The catalog as the API lists it (SPEC.md §9: page 1, limit 100), in API order. */
export async function fetchServices(baseURL: string): Promise<ApiService[]> {
  const response = await fetch(`${baseURL}/api/v1/services?page=1&limit=100`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { isSuccess: boolean; data: { results: ApiService[] } };
  expect(body.isSuccess).toBe(true);
  const services = body.data.results;
  // A suite that checks "every service" against an empty catalog would prove nothing.
  expect(services.length, 'the seeded catalog lists no services').toBeGreaterThan(0);
  return services;
}

/** Every address sitemap.xml lists. */
export async function fetchSitemapUrls(baseURL: string): Promise<string[]> {
  const response = await fetch(`${baseURL}/sitemap.xml`);
  expect(response.status).toBe(200);
  const urls = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  expect(urls.length, 'sitemap.xml lists no pages').toBeGreaterThan(1);
  return urls;
}
