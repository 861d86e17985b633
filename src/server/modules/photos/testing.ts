import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';
import { filePart, MULTIPART_CONTENT_TYPE, multipart } from '../../test/multipart.ts';
import { apiCall } from '../applications/testing.ts';
import { bearer } from '../auth/testing.ts';
import { detectInWorker } from './compliance/detection-queue.ts';

/** A stand-in for the compliance engine: passes every photo and fits it to the size's exact pixels. */
export async function fakeAnalyse(_image: Buffer, size: PhotoSizeSpec) {
  const fitted = await sharp({
    create: { width: size.widthPx, height: size.heightPx, channels: 3, background: '#f4f4f4' },
  })
    .jpeg()
    .toBuffer();
  const report: ComplianceReport = {
    sizeId: size.id,
    checks: [{ rule: 'resolution', passed: true, measured: '1200 × 1200 px', expected: 'at least 600 px', fix: null }],
    passed: true,
    fitted: { widthPx: size.widthPx, heightPx: size.heightPx, bytes: fitted.length, headPercent: null },
  };
  return { report, fitted };
}

/** A plain 800 × 800 JPEG the fake engine accepts. */
export function testFace(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: '#d9c2a8' } })
    .jpeg()
    .toBuffer();
}

/**
 * One OCI photo (`testFace`) uploaded to a new item of the customer's photo order at `base`
 * (/photo-orders/PHO-…); its check is queued, not yet run.
 */
export async function uploadOciPhoto(app: FastifyInstance, token: string, base: string): Promise<void> {
  const added = await apiCall(app, 'POST', `${base}/items`, token, { photoSize: 'oci-photo' });
  const item = added.json().data.items.at(-1) as { id: number };
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/v1${base}/items/${item.id}/photos`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE, ...bearer(token) },
    payload: multipart([filePart('me.jpg', await testFace(), 'image/jpeg')]),
  });
  expect(uploaded.statusCode).toBe(201);
}

export { stopFaceDetection } from './analyser.ts';
export { phonePhoto, plain } from './compliance/test-images.ts';

/** Loads the real engine's face model now, so a test file's set-up pays for it rather than its first test. */
export async function loadFaceModel(): Promise<void> {
  await detectInWorker(new Uint8Array(64 * 64 * 3), 64, 64);
}

/**
 * A customer chooses pickup at a CVS photo counter for their order at `base` (/photo-orders/PHO-…):
 * the Digital Copy plan with the pickup option, then the counter's details.
 */
export async function chooseCvsPickup(app: FastifyInstance, token: string, base: string): Promise<void> {
  await apiCall(app, 'PUT', `${base}/plan`, token, { pricingPlanId: 1, options: ['pickup'] });
  await apiCall(app, 'PUT', `${base}/delivery`, token, {
    method: 'pickup',
    serviceType: 'CVS',
    pinCode: '10118',
    addressLine: '350 5th Ave, New York',
  });
}

/** A home address in San Francisco for photo orders' print delivery (`POST /photo-orders/addresses`). */
export const HOME_ADDRESS = {
  fullName: 'Priya Sharma',
  addressLine: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
  type: 'home',
} as const;
