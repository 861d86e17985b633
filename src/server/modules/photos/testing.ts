import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';
import { apiCall } from '../applications/testing.ts';
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
