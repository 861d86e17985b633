// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PhotoOrder } from '../../../../domain/photos/orders.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../../testing/dom.tsx';
import { planWords } from './order-words.ts';
import { ReviewStep } from './review-step.tsx';
import type { PayButtonSlot } from './step-parts.tsx';
import { REVIEW_TEXT } from './text.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ORDER: PhotoOrder = {
  id: 1,
  displayId: 'PHO-1001',
  status: 'Payment pending',
  step: 4,
  currency: 'USD',
  totalCents: 1398,
  items: [{ id: 11, photoSize: 'oci-photo', documentType: 'OCI card', label: 'OCI photo (600 × 600 px)', photos: [] }],
  pricingPlanId: 1,
  options: ['background-change'],
  deliveryMethod: null,
  delivery: null,
  costSummary: [],
  appliedCoupon: null,
  backgroundChangeOffered: true,
  timeline: [],
  createdAt: '2026-11-28T08:00:00.000Z',
};

/** Stands in for checkout's Pay button, showing what it was handed. */
const PayButton: PayButtonSlot = ({ orderRef, amountCents, currency, kind }) => (
  <button type="button">{`Pay ${orderRef} ${amountCents} ${currency} ${kind}`}</button>
);

function renderStep(order: PhotoOrder) {
  const goTo = vi.fn();
  renderWithRouter(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewStep order={order} goTo={goTo} moving={false} PayButton={PayButton} />
    </QueryClientProvider>,
  );
  return { goTo };
}

describe('the review step (step 4)', () => {
  it('shows the items with their photo counts, the plan with its extras and a digital delivery, and hands Pay the total', async () => {
    renderStep(ORDER);
    expect(await screen.findByText(`OCI photo (600 × 600 px) (${REVIEW_TEXT.photos(0)})`)).toBeTruthy();
    expect(screen.getByText(planWords(ORDER))).toBeTruthy();
    expect(screen.getByText(REVIEW_TEXT.digitalOnly)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay PHO-1001 1398 USD photo' })).toBeTruthy();
  });

  it('sends each Edit to its step: delivery to the plan when the plan needs none', async () => {
    const { goTo } = renderStep(ORDER);
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_TEXT.edit('items') }));
    expect(goTo).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.edit('plan') }));
    expect(goTo).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.edit('delivery') }));
    expect(goTo).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenLastCalledWith(3);
  });
});
