import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface StartedOrder {
  displayId: string;
  members: { id: number; fullName: string; kind: 'Minor' | 'Adult' }[];
}

/** A New OCI Card application from the USA for an adult and a minor, started through the API. */
export async function startOrder(context: BrowserContext, baseURL: string): Promise<StartedOrder> {
  const origin = { origin: baseURL };
  const services = await (await context.request.get('/api/v1/services?page=1&limit=100')).json();
  const oci = services.data.results.find((s: { slug: string }) => s.slug === 'oci-card');
  const priced = await (
    await context.request.post(`/api/v1/packages/${oci.id}?applyingFrom=US`, { headers: origin })
  ).json();
  const pkg = priced.data.find((p: { slug: string }) => p.slug === 'new-oci-card');
  const response = await context.request.post('/api/v1/application/order', {
    headers: origin,
    data: {
      idempotencyKey: randomUUID(),
      packageId: pkg.id,
      choices: { applyingFrom: 'US' },
      members: [
        { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' },
        { fullName: 'Aarav Sharma', dateOfBirth: '2016-09-30', relationship: 'Child' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}
