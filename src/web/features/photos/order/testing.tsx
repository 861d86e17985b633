/** Fixtures for the photo order steps' component tests (test code only). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { PhotoItem, PhotoOrder, PhotoStep } from '../../../../domain/photos/orders.ts';
import { PHOTO_SIZES, type PhotoSizeId } from '../../../../domain/photos/sizes.ts';
import { renderWithRouter } from '../../../testing/dom.tsx';
import type { StepProps } from './step-parts.tsx';

/** An unpaid digital order at `step` with nothing chosen; a test overrides what its step needs. */
/** An item of a size, without photos, as the order lists it. */
export const photoItem = (id: number, photoSize: PhotoSizeId): PhotoItem => ({
  id,
  photoSize,
  documentType: PHOTO_SIZES[photoSize].documentType,
  personName: null,
  label: PHOTO_SIZES[photoSize].label,
  photos: [],
});

export const photoOrderAt = (step: PhotoStep, overrides: Partial<PhotoOrder> = {}): PhotoOrder => ({
  id: 1,
  displayId: 'PHO-1001',
  status: 'Payment pending',
  step,
  currency: 'USD',
  totalCents: 0,
  items: [],
  pricingPlanId: 1,
  options: [],
  deliveryMethod: null,
  delivery: null,
  shipment: null,
  pickupReady: null,
  costSummary: [],
  appliedCoupon: null,
  backgroundChangeOffered: true,
  printsHeld: false,
  timeline: [],
  files: { deleteOn: null, deletedAt: null },
  strayCharges: [],
  messages: [],
  createdAt: '2026-11-28T08:00:00.000Z',
  ...overrides,
});

/**
 * Renders one step as the order page does, with a fresh query cache (no retries, so a refused
 * call shows at once) and a `goTo` spy to see where it moves.
 */
export function renderStep(Step: ComponentType<StepProps>, order: PhotoOrder) {
  const goTo = vi.fn();
  const view = renderWithRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Step order={order} goTo={goTo} moving={false} />
    </QueryClientProvider>,
  );
  return { goTo, unmount: view.unmount };
}
