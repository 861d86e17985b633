import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { completeOciAnswers } from '../../src/server/modules/applications/testing.ts';
import { phonePhoto, signature } from '../../src/server/modules/photos/compliance/test-images.ts';
import { pdfWithPages } from '../../src/server/test/upload-fixtures.ts';
import { expectVisible, waitForHydration } from './page.ts';

/** A phone's 4000 × 3000 JPEG of over 3 MB, made once per test file (about a second and a half). */
let phone: Promise<Buffer> | undefined;
export function phoneJpeg(): Promise<Buffer> {
  phone ??= phonePhoto();
  return phone;
}

export interface StartedOrder {
  displayId: string;
  members: { id: number; fullName: string; dateOfBirth: string; kind: 'Minor' | 'Adult' }[];
}

/** The family most journeys start with: an adult and a minor. */
const PRIYA_AND_AARAV = [
  { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' },
  { fullName: 'Aarav Sharma', dateOfBirth: '2016-09-30', relationship: 'Child' },
];

/** A New OCI Card application from the USA for `members` (an adult and a minor), started through the API. */
export async function startOrder(
  context: BrowserContext,
  baseURL: string,
  members: readonly { fullName: string; dateOfBirth: string; relationship: string }[] = PRIYA_AND_AARAV,
): Promise<StartedOrder> {
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
      members,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/**
 * Every member's form answered, reviewed and every required document uploaded, through the API
 * the pages use: after payment the order then waits for our team (Order pending). `answers`
 * overrides some of every member's answers (an address in another mission's area, say).
 */
export async function completeOrder(
  context: BrowserContext,
  baseURL: string,
  order: StartedOrder,
  answers: Record<string, unknown> = {},
): Promise<void> {
  const headers = { origin: baseURL };
  // The photo is what a phone sends; the signature and thumb impression a scan of a page. Both are
  // fitted to the OCI portal's size by the server's photo engine, which refuses an image with no face.
  const [pdf, photo, ink] = await Promise.all([pdfWithPages(), phoneJpeg(), signature()]);
  for (const member of order.members) {
    const form = `/api/v1/application/order/${order.displayId}/members/${member.id}/form`;
    const saved = await context.request.put(form, {
      headers,
      data: { currentStep: 1, answers: { ...completeOciAnswers(member.kind, 51, member.dateOfBirth), ...answers } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const reviewed = await context.request.post(`${form}/review`, { headers });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
    const checklist = await context.request.get(
      `/api/v1/application/order/${order.displayId}/members/${member.id}/checklist`,
    );
    const items = (await checklist.json()).data.items as {
      id: string;
      required: boolean;
      preparedByUs?: true;
      accept: { types: string[] };
    }[];
    // What our team prepares is due once paid: a scan stands in for the signed copy, so the paid
    // order has everything.
    for (const item of items.filter((i) => i.required || i.preparedByUs)) {
      const file = item.accept.types.includes('pdf')
        ? { name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdf }
        : item.id === 'photo'
          ? { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo }
          : { name: 'signature.png', mimeType: 'image/png', buffer: ink };
      const uploaded = await context.request.post(
        `/api/v1/application/order/${order.displayId}/members/${member.id}/documents/${item.id}`,
        { headers, multipart: { file } },
      );
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }
  }
}

/**
 * The customer pays the order at its checkout with the sandbox provider's successful payment, and
 * sees it received (the confirmation waits on the provider's webhook: up to 20 s on a busy machine).
 */
export async function payAtCheckout(page: Page, displayId: string): Promise<void> {
  await page.goto(`/checkout?orderId=${displayId}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
  await page.getByRole('button', { name: 'Simulate successful payment' }).click();
  await page.waitForURL((url) => url.pathname === '/service-payment-success');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment received' }), 20_000);
}
