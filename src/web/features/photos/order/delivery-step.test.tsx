// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M } from '../../../../domain/photos/orders.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok } from '../../../testing/dom.tsx';
import { DeliveryStep } from './delivery-step.tsx';
import { photoOrderAt, renderStep } from './testing.tsx';
import { DELIVERY_TEXT } from './text.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ORDER = photoOrderAt(3, { totalCents: 1298 });

describe('the delivery step (step 3)', () => {
  it('has nothing to deliver for a Digital Copy: it says so and moves on', async () => {
    const { goTo } = renderStep(DeliveryStep, ORDER);
    expect(await screen.findByText(DELIVERY_TEXT.digital)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goTo).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenLastCalledWith(2);
  });

  it('refuses a pickup pin code that is not 5 digits, then saves the pickup and goes to step 4', async () => {
    const pickup = { ...ORDER, options: ['pickup' as const], deliveryMethod: 'pickup' as const };
    const api = fakeApi({
      'PUT /api/v1/photo-orders/PHO-1001/delivery': () => ok(pickup),
      'PUT /api/v1/photo-orders/PHO-1001/step': () => ok({ ...pickup, step: 4 }),
    });
    renderStep(DeliveryStep, pickup);
    const pin = await screen.findByLabelText(new RegExp(`^${DELIVERY_TEXT.pinCode}`));
    fireEvent.change(pin, { target: { value: '94' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${DELIVERY_TEXT.addressLine}`)), {
      target: { value: '1 Market St, San Francisco' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(M.pinCodeInvalid)).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.change(pin, { target: { value: '94105' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.map((c) => c.path.split('/').at(-1))).toEqual(['delivery', 'step']));
    expect(api.calls[0]?.body).toMatchObject({
      method: 'pickup',
      serviceType: 'WALGREENS',
      pinCode: '94105',
      addressLine: '1 Market St, San Francisco',
    });
    expect(api.calls[1]?.body).toEqual({ step: 4 });
  });
});
