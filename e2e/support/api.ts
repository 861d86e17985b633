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
