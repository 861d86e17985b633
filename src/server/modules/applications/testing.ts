import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MemberInput } from '../../../domain/applications/members.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';

/** Test helpers for the applications API: members and a started application. */

export const ADULT: MemberInput = { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' };
export const MINOR: MemberInput = { fullName: 'Aarav Sharma', dateOfBirth: '2016-09-30', relationship: 'Child' };

/** A seeded package by service and package slug, priced for `choices`. */
export async function seededPackage(
  app: FastifyInstance,
  serviceSlug = 'oci-card',
  packageSlug = 'new-oci-card',
  choices: ParameterChoices = { applyingFrom: 'US' },
) {
  const service = await app.services.catalog.getServiceBySlug(serviceSlug);
  if (!service) throw new Error(`no seeded service ${serviceSlug}`);
  const priced = await app.services.catalog.getPackagesForChoices(service.id, choices);
  const pkg = priced?.packages.find((p) => p.slug === packageSlug);
  if (!pkg) throw new Error(`no seeded package ${serviceSlug}/${packageSlug} for ${JSON.stringify(choices)}`);
  return { service, pkg, price: pkg.price };
}

/** A valid start body for the seeded New OCI Card from the USA, with one adult member. */
export async function startBody(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const { pkg } = await seededPackage(app);
  return {
    idempotencyKey: randomUUID(),
    packageId: pkg.id,
    choices: { applyingFrom: 'US' },
    members: [ADULT],
    ...overrides,
  };
}

/** Starts an application for the signed-in user; answers the order as the API returns it. */
export async function startApplication(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/application/order',
    headers: bearer(token),
    payload: await startBody(app, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`starting an application failed: ${res.body}`);
  return res.json().data as {
    id: number;
    displayId: string;
    status: string;
    members: { id: number; kind: string }[];
    price: { perMemberCents: number; totalCents: number };
  };
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call to the API under /api/v1 as `token`'s customer (or a visitor), with an optional JSON body. */
export function apiCall(app: FastifyInstance, method: ApiMethod, url: string, token: string | null, payload?: object) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** Moves an order on as checkout (`system`: payment verified) or the back office (`staff`) would. */
export async function moveOrderTo(
  app: FastifyInstance,
  orderId: number,
  to: OrderStatus,
  actor: 'system' | 'staff' = 'system',
) {
  const by = actor === 'staff' ? { actor, userId: (await createSignedInUser(app)).id } : { actor };
  const result = await app.services.orders.changeOrderStatus(orderId, to, { by });
  if (!result.ok) throw new Error(`could not move order ${orderId} to ${to}`);
}
