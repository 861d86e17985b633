import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { AUTOSAVE_DEBOUNCE_MS } from '../../../domain/applications/member-form.ts';
import type { MemberKind } from '../../../domain/applications/member-kinds.ts';
import type { MemberInput } from '../../../domain/applications/members.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { checkAnswers } from '../../../domain/forms/answers.ts';
import { validAnswers } from '../../../domain/forms/testing.ts';
import { VISALIA_ADDRESS_ANSWERS } from '../../../domain/jurisdiction/testing.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { pdfWithPages, smallPng } from '../../test/upload-fixtures.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { definitionForPackage } from './form-definitions/index.ts';
import { createApplicationsRepository } from './repository.ts';

/** Test helpers for the applications API: members and a started application. */

/**
 * Waits as long as the form does between two saves (AUTOSAVE_DEBOUNCE_MS), which is past the
 * server's one-save-a-second window per member and session (MEMBER_FORM_SAVE_RATE_LIMIT).
 */
export function afterAutosaveWindow(): Promise<void> {
  return sleep(AUTOSAVE_DEBOUNCE_MS);
}

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

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call to the API under /api/v1 as `token`'s customer (or a visitor), with an optional JSON body. */
export function apiCall(app: FastifyInstance, method: ApiMethod, url: string, token: string | null, payload?: object) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** A customer's New OCI Card order from the USA (a mission's file), paid (Forms incomplete) unless told otherwise. */
export async function missionOrder(app: FastifyInstance, { paid = true } = {}) {
  const customer = await createSignedInUser(app);
  const order = await startApplication(app, customer.token);
  if (paid) await moveOrderTo(app, order.id, 'Forms incomplete');
  return { customer, order, memberId: order.members[0]?.id ?? 0 };
}

/** An e-Visa order (filed online on the portal: nothing posted, no fees at a centre) of `token`'s customer, moved to `to`. */
export async function eVisaOrder(app: FastifyInstance, token: string, to: OrderStatus) {
  const choices = { citizenship: 'US', destination: 'IN' };
  const { pkg } = await seededPackage(app, 'indian-visa', 'e-tourist-30-days', choices);
  const order = await startApplication(app, token, { packageId: pkg.id, choices });
  await moveOrderTo(app, order.id, to);
  return order;
}

/**
 * The orders staff cannot record a mission's paperwork on (a posting address, the fees paid at the
 * centre), each of one customer's: an e-Visa filed online (Forms incomplete), a photo order (its
 * reference) and a mission's file not paid yet.
 */
export async function ordersWithoutAPaidMissionFile(app: FastifyInstance) {
  const customer = await createSignedInUser(app);
  const online = await eVisaOrder(app, customer.token, 'Forms incomplete');
  const photo = await apiCall(app, 'POST', '/photo-orders', customer.token, { idempotencyKey: randomUUID() });
  if (photo.statusCode !== 201) throw new Error(`photo order: ${photo.statusCode} ${photo.body}`);
  const unpaid = (await missionOrder(app, { paid: false })).order;
  return { online, photoRef: photo.json().data.displayId as string, unpaid };
}

/** Where the tests' files are posted, as staff confirm it before Submitted (decision 0179). */
export const TEST_POSTING_ADDRESS = ['VFS Global', '1025 Vermont Avenue NW, Suite 700', 'Washington, DC 20005'];

/** The centre's reference for the fees our team paid, as staff record it before Submitted. */
export const TEST_FEES_PAID_REFERENCE = 'VFS-WAS-2026-000123';

/**
 * Moves an order on as checkout (`system`: payment verified) or the back office (`staff`) would:
 * staff confirm an application's posting address and record the fees paid at the centre before
 * Submitted, as the desk asks.
 */
export async function moveOrderTo(
  app: FastifyInstance,
  orderId: number,
  to: OrderStatus,
  actor: 'system' | 'staff' = 'system',
) {
  const staff = actor === 'staff' ? await createSignedInUser(app) : null;
  if (staff && to === 'Submitted') {
    const applications = createApplicationsRepository(app.database.db);
    await applications.setPostingAddress(orderId, {
      postingAddress: TEST_POSTING_ADDRESS,
      postingAddressConfirmedAt: new Date(),
      postingAddressConfirmedById: staff.id,
      postingAddressConfirmedByEmail: staff.email,
    });
    await applications.setFeesPaid(orderId, {
      feesPaidReference: TEST_FEES_PAID_REFERENCE,
      feesPaidAt: new Date(),
      feesPaidById: staff.id,
      feesPaidByEmail: staff.email,
    });
  }
  const by = staff ? { actor: 'staff' as const, userId: staff.id } : { actor: 'system' as const };
  const result = await app.services.orders.changeOrderStatus(orderId, to, { by });
  if (!result.ok) throw new Error(`could not move order ${orderId} to ${to}`);
}

/**
 * An application our team sent back: paid with the forms to do, finished (Order pending), taken
 * into review by staff, then sent back to Forms incomplete.
 */
export async function sendBackApplication(app: FastifyInstance, orderId: number) {
  await moveOrderTo(app, orderId, 'Forms incomplete');
  await moveOrderTo(app, orderId, 'Order pending');
  await moveOrderTo(app, orderId, 'In review', 'staff');
  await moveOrderTo(app, orderId, 'Forms incomplete', 'staff');
}

const OCI = definitionForPackage('oci-card', 'new-oci-card');

/**
 * Every shown answer of the New OCI Card form, valid today, for a member of this kind (normalised),
 * living at the family's home in Visalia: members of one order share a mission, and one whose own
 * address another mission serves is refused at the review (decision 0150).
 */
export function completeOciAnswers(
  memberKind: MemberKind,
  seed = 51,
  // The form's date of birth is the member's (the server refuses another): ADULT's or MINOR's by default.
  dateOfBirth = memberKind === 'Adult' ? ADULT.dateOfBirth : MINOR.dateOfBirth,
): Record<string, unknown> {
  if (!OCI) throw new Error('no seeded New OCI Card form');
  const today = todayIsoDate();
  const [values] = fc.sample(validAnswers(OCI, today, { ...VISALIA_ADDRESS_ANSWERS, dateOfBirth }), {
    numRuns: 1,
    seed,
  });
  const checked = checkAnswers(OCI, values, { mode: 'complete', memberKind, today });
  if (Object.keys(checked.errors).length > 0) throw new Error(`incomplete answers: ${JSON.stringify(checked.errors)}`);
  return checked.answers;
}

export interface ChecklistItem {
  id: string;
  required: boolean;
  accept: { types: string[] };
  proofCountry?: string;
  proofPostalCode?: string;
}

/** The member's required checklist items. */
export async function requiredItems(app: FastifyInstance, token: string, ref: string, memberId: number) {
  const res = await apiCall(app, 'GET', `/application/order/${ref}/members/${memberId}/checklist`, token);
  return (res.json().data.items as ChecklistItem[]).filter((i) => i.required);
}

let fixtures: Promise<[Buffer, Buffer]> | null = null;

/**
 * Uploads a file for each item (a PDF where the item takes one, else a small PNG: the app must run
 * a stand-in photo engine, fakeAnalyse, as the real one refuses an image with no face).
 */
export async function uploadItems(
  app: FastifyInstance,
  token: string,
  ref: string,
  memberId: number,
  items: readonly ChecklistItem[],
) {
  fixtures ??= Promise.all([pdfWithPages(), smallPng()]);
  const [pdf, png] = await fixtures;
  for (const item of items) {
    const file = item.accept.types.includes('pdf')
      ? filePart('scan.pdf', pdf, 'application/pdf')
      : filePart('photo.png', png, 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/application/order/${ref}/members/${memberId}/documents/${item.id}`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
      payload: multipart([file]),
    });
    if (res.statusCode !== 201) throw new Error(`upload of ${item.id} failed: ${res.body}`);
  }
}
