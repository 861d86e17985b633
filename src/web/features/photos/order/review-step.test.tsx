// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../../domain/checkout/coupons.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { planWords } from './order-words.ts';
import { ReviewStep } from './review-step.tsx';
import type { CheckoutSlot, StepProps } from './step-parts.tsx';
import { photoOrderAt, renderStep } from './testing.tsx';
import { REVIEW_TEXT } from './text.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ORDER = photoOrderAt(4, {
  totalCents: 1398,
  items: [{ id: 11, photoSize: 'oci-photo', documentType: 'OCI card', label: 'OCI photo (600 × 600 px)', photos: [] }],
  options: ['background-change'],
});

/** Stands in for checkout's column, showing what it was handed. */
const Checkout: CheckoutSlot = ({ orderRef, summary, kind, appliedCoupon, note }) => (
  <button type="button">{`Pay ${orderRef} ${summary.totalCents} ${summary.currency} ${kind} ${appliedCoupon ?? 'no coupon'} ${note}`}</button>
);

const ReviewWithPay = (props: StepProps) => <ReviewStep {...props} Checkout={Checkout} />;

/** Stands in for checkout's coupon box: applies PHOTO10. */
const CouponBox: CheckoutSlot = ({ onCouponChange }) => (
  <button type="button" onClick={() => void onCouponChange('PHOTO10')}>
    Apply
  </button>
);
const ReviewWithCouponBox = (props: StepProps) => <ReviewStep {...props} Checkout={CouponBox} />;

describe('the review step (step 4)', () => {
  it('shows the items with their photo counts, the plan with its extras and a digital delivery, and hands Pay the total', async () => {
    renderStep(ReviewWithPay, ORDER);
    expect(await screen.findByText(`OCI photo (600 × 600 px) (${REVIEW_TEXT.photos(0)})`)).toBeTruthy();
    expect(screen.getByText(planWords(ORDER))).toBeTruthy();
    expect(screen.getByText(REVIEW_TEXT.digitalOnly)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `Pay PHO-1001 1398 USD photo no coupon ${REVIEW_TEXT.payNote}` }),
    ).toBeTruthy();
  });

  it('applies a coupon through the order core, then reads the photo order again', async () => {
    const api = fakeApi({
      'POST /api/v1/orders/PHO-1001/coupon': () => ok({ totalCents: 1258 }, COUPON_MESSAGES.applied),
      'GET /api/v1/photo-orders/PHO-1001': () => ok({ ...ORDER, totalCents: 1258, appliedCoupon: 'PHOTO10' }),
    });
    renderStep(ReviewWithCouponBox, ORDER);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/v1/orders/PHO-1001/coupon',
        'GET /api/v1/photo-orders/PHO-1001',
      ]),
    );
    expect(api.calls[0]?.body).toEqual({ code: 'PHOTO10' });
  });

  it('sends each Edit to its step: delivery to the plan when the plan needs none', async () => {
    const { goTo } = renderStep(ReviewWithPay, ORDER);
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
