// @vitest-environment jsdom
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useSearchParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../../domain/checkout/coupons.ts';
import { PAYMENT_MESSAGES as P } from '../../../../domain/payments/payment.ts';
import { PHOTO_ORDER_MESSAGES as M } from '../../../../domain/photos/orders.ts';
import { PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { ORDER_REFRESH_MS } from '../../../lib/order-refresh.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { ORDER_POLL_MS, orderPollMs, PhotoOrderPage } from './photo-order-page.tsx';
import type { CheckoutSlot } from './step-parts.tsx';
import { photoItem, photoOrderAt } from './testing.tsx';

const itemOf = photoItem;

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** The page as its route gives it the address's order, and where the address is. */
function RoutedPage() {
  const [params] = useSearchParams();
  const { search, hash } = useLocation();
  return (
    <>
      <p data-testid="address">{`${search}${hash}`}</p>
      <PhotoOrderPage orderRef={params.get('orderId')} invalid={false} Checkout={() => null} />
    </>
  );
}

/** Changes the address's ?step= as the browser's Back, Forward or a link would. */
function AddressStep({ to }: { to: string }) {
  const [, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ orderId: 'PHO-1001', step: to })}>
      {`Address step ${to}`}
    </button>
  );
}

describe('the photo order page', () => {
  it('takes the order’s reference into the address when a notification opened it by number, so its steps’ changes show', async () => {
    const paid = photoOrderAt(4, { id: 12, displayId: 'PHO-1012', status: 'Order pending' });
    const api = fakeApi({
      'GET /api/v1/photo-orders/12': () => ok(paid),
      'GET /api/v1/photo-orders/PHO-1012': () => ok(paid),
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RoutedPage />
      </QueryClientProvider>,
      { path: '/photo-enhancement?orderId=12#retake-7' },
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?orderId=PHO-1012#retake-7'));
    // What the steps refresh (the order under its reference) is what the page now reads.
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/v1/photo-orders/PHO-1012')).toBe(true));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('moves the order to the step the address names after Back or Forward, and puts the address back when the server refuses', async () => {
    let step: 1 | 2 | 3 | 4 = 3;
    const api = fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(photoOrderAt(step)),
      'PUT /api/v1/photo-orders/PHO-1001/step': (call) => {
        const asked = (call.body as { step: 1 | 2 | 3 | 4 }).step;
        if (asked === 4) return fail(409, 'Finish the earlier steps first.');
        step = asked;
        return ok(photoOrderAt(step));
      },
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RoutedPage />
        <AddressStep to="2" />
        <AddressStep to="4" />
      </QueryClientProvider>,
      { path: '/photos/photo-order?orderId=PHO-1001&step=3' },
    );
    await screen.findByRole('heading', { level: 1 });
    const steps = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    // As the phone's Back does: the address names the step before, and the server follows it.
    fireEvent.click(screen.getByRole('button', { name: 'Address step 2' }));
    await waitFor(() => expect(steps()).toEqual([{ step: 2 }]));
    await waitFor(() => expect(step).toBe(2));
    expect(screen.getByTestId('address').textContent).toBe('?orderId=PHO-1001&step=2');
    // A step the server refuses: the address goes back to the server's.
    fireEvent.click(screen.getByRole('button', { name: 'Address step 4' }));
    await waitFor(() => expect(steps()).toEqual([{ step: 2 }, { step: 4 }]));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?orderId=PHO-1001&step=2'));
  });
});

describe('reading the order again while a check is under way', () => {
  const withPhoto = (step: 1 | 2 | 3 | 4, state: 'pending' | 'done') => {
    const order = photoOrderAt(step, { backgroundChangeOffered: false });
    const photo = { id: 1, state } as (typeof order.items)[number]['photos'][number];
    const item = { id: 11, photos: [photo] } as unknown as (typeof order.items)[number];
    return { ...order, items: [item] };
  };

  it('polls after step 1 while a photo is being checked, and stops once every check has ended', () => {
    expect(orderPollMs(withPhoto(4, 'pending'))).toBe(ORDER_POLL_MS);
    expect(orderPollMs(withPhoto(2, 'pending'))).toBe(ORDER_POLL_MS);
    expect(orderPollMs(withPhoto(4, 'done'))).toBe(false);
    // Step 1's photo cards poll their own photos.
    expect(orderPollMs(withPhoto(1, 'pending'))).toBe(false);
    expect(orderPollMs(undefined)).toBe(false);
  });

  it('asks for news every half minute once paid, as the application’s order page does', () => {
    const paid = (state: 'pending' | 'done') => ({ ...withPhoto(4, state), status: 'Order pending' });
    expect(orderPollMs(paid('done'))).toBe(ORDER_REFRESH_MS);
    // A retake's check still polls at its own pace.
    expect(orderPollMs(paid('pending'))).toBe(ORDER_POLL_MS);
  });

  it('reads a paid order again when its tab comes back, not an order in the 4-step flow', async () => {
    const reads = (api: ReturnType<typeof fakeApi>) =>
      api.calls.filter((c) => c.path === '/api/v1/photo-orders/PHO-1001').length;
    // As the app's client: no reading again on focus unless the query asks for it.
    const client = () =>
      new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    const paidApi = fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(photoOrderAt(4, { status: 'Submitted' })),
      'GET /api/v1/orders/PHO-1001/cost-summary': () =>
        ok({ currency: 'USD', lines: [], totalCents: 0, appliedCoupon: null, refundedCents: 0 }),
    });
    const view = renderWithRouter(
      <QueryClientProvider client={client()}>
        <RoutedPage />
      </QueryClientProvider>,
      { path: '/photos/photo-order?orderId=PHO-1001' },
    );
    await screen.findByRole('heading', { level: 1 });
    const before = reads(paidApi);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(reads(paidApi)).toBe(before + 1));
    view.unmount();

    const flowApi = fakeApi({ 'GET /api/v1/photo-orders/PHO-1001': () => ok(photoOrderAt(3)) });
    renderWithRouter(
      <QueryClientProvider client={client()}>
        <RoutedPage />
      </QueryClientProvider>,
      { path: '/photos/photo-order?orderId=PHO-1001&step=3' },
    );
    await screen.findByRole('heading', { level: 1 });
    const flowReads = reads(flowApi);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads(flowApi)).toBe(flowReads);
    focusManager.setFocused(undefined);
  });
});

/** Checkout's column as the review step hands it the coupon box: one button applies a coupon. */
const CouponOnlyCheckout: CheckoutSlot = ({ onCouponChange }) => (
  <button type="button" onClick={() => void onCouponChange('PHOTO10')}>
    Apply PHOTO10
  </button>
);

/** The page under the address's order, with that checkout column. */
function PageWithCoupon() {
  const [params] = useSearchParams();
  return <PhotoOrderPage orderRef={params.get('orderId')} invalid={false} Checkout={CouponOnlyCheckout} />;
}

describe('a change that removed the order’s coupon', () => {
  const removed = COUPON_MESSAGES.releasedBelowMinimum('PHOTOPAIR', '$20.00');

  it('says so on the page through the later steps, until a coupon is applied again', async () => {
    let current = photoOrderAt(4, { appliedCoupon: 'PHOTOPAIR', totalCents: 1800 });
    const api = fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(current),
      'POST /api/v1/photo-orders/PHO-1001/reset': () => {
        current = photoOrderAt(1, { appliedCoupon: null });
        // Only the answer to the change that removed it carries the sentence.
        return ok({ ...current, couponRemoved: removed });
      },
      'PUT /api/v1/photo-orders/PHO-1001/step': (call) => {
        current = { ...current, step: (call.body as { step: 1 | 2 | 3 | 4 }).step };
        return ok(current);
      },
      'POST /api/v1/orders/PHO-1001/coupon': () => {
        current = { ...current, appliedCoupon: 'PHOTO10' };
        return ok(null);
      },
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PageWithCoupon />
        <AddressStep to="4" />
      </QueryClientProvider>,
      { path: '/photos/photo-order?orderId=PHO-1001&step=4' },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(removed)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, start over' }));
    expect((await screen.findByText(removed)).closest('[role="status"]')).toBeTruthy();

    // Another step's answer does not carry it: the page still says it where the new total is shown.
    fireEvent.click(screen.getByRole('button', { name: 'Address step 4' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    await screen.findByRole('button', { name: 'Apply PHOTO10' });
    expect(screen.getByText(removed)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apply PHOTO10' }));
    await waitFor(() => expect(screen.queryByText(removed)).toBeNull());
  });
});

/** The page as the route gives it with a photo check held by this browser (its cookie). */
function PageWithHeldCheck() {
  const [params] = useSearchParams();
  return <PhotoOrderPage orderRef={params.get('orderId')} invalid={false} heldCheck Checkout={() => null} />;
}

describe('a checked photo taken into the customer’s open order', () => {
  it('opens that order with what the photo joining took off it, said on the page', async () => {
    const dropped = M.backgroundChangeDropped([PHOTO_SIZES['us-2x2'].label]);
    const joined = photoOrderAt(1, {
      displayId: 'PHO-1001',
      items: [itemOf(1, 'oci-photo'), itemOf(2, 'us-2x2')],
      backgroundChangeOffered: false,
    });
    const api = fakeApi({
      'POST /api/v1/photo-orders/claim-check': () =>
        ok({ ...joined, choicesDropped: { options: ['background-change'], message: dropped } }),
      // Read again, the order does not repeat it: the page keeps saying it.
      'GET /api/v1/photo-orders/PHO-1001': () => ok(joined),
      'GET /api/v1/photo-store/photo-size': () => ok([]),
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PageWithHeldCheck />
      </QueryClientProvider>,
      { path: '/photos/photo-enhancement' },
    );
    expect((await screen.findByText(dropped)).closest('[role="status"]')).toBeTruthy();
    // The claim decided the order: no list of open orders read, no new order started.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).not.toContain('GET /api/v1/photo-orders');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).not.toContain('POST /api/v1/photo-orders');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/v1/photo-orders/PHO-1001')).toBe(true));
    expect(screen.getByText(dropped)).toBeTruthy();
  });
});

describe('pickup and the order’s currency (step 2)', () => {
  it('says pickup went with CAD, and puts it back with its studio details when USD is chosen again', async () => {
    const pickup = {
      method: 'pickup' as const,
      serviceType: 'CVS' as const,
      pinCode: '10118',
      addressLine: '350 5th Ave, New York',
      message: null,
    };
    let current = photoOrderAt(2, {
      items: [itemOf(1, 'us-2x2')],
      backgroundChangeOffered: false,
      options: ['pickup'],
      deliveryMethod: 'pickup',
      delivery: pickup,
    });
    const plans = (currency: 'USD' | 'CAD') => ({
      currency,
      plans: [{ id: 1, label: 'Digital Copy', description: '', unitCents: 999, unit: 'item', isDefault: true }],
      options:
        currency === 'USD'
          ? [
              {
                id: 'pickup',
                label: 'Pickup From Nearest Photo studio',
                description: '',
                unitCents: 300,
                unit: 'order',
              },
            ]
          : [],
    });
    const api = fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(current),
      'GET /api/v1/photo-orders/plans': (call) => ok(plans(call.query.get('currency') as 'USD' | 'CAD')),
      'PUT /api/v1/photo-orders/PHO-1001/currency': (call) => {
        const { currency } = call.body as { currency: 'USD' | 'CAD' };
        if (currency === 'CAD') {
          current = { ...current, currency, options: [], deliveryMethod: null, delivery: null };
          return ok({ ...current, choicesDropped: { options: ['pickup'], message: M.pickupDropped } });
        }
        current = { ...current, currency };
        return ok(current);
      },
      'PUT /api/v1/photo-orders/PHO-1001/plan': (call) => {
        current = { ...current, ...(call.body as object), deliveryMethod: 'pickup' };
        return ok(current);
      },
      'PUT /api/v1/photo-orders/PHO-1001/delivery': (call) => {
        current = { ...current, delivery: call.body as typeof pickup };
        return ok(current);
      },
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RoutedPage />
      </QueryClientProvider>,
      { path: '/photos/photo-enhancement?orderId=PHO-1001&step=2' },
    );
    fireEvent.click(await screen.findByRole('radio', { name: /Canadian dollars/ }));
    expect((await screen.findByText(M.pickupDropped)).closest('[role="status"]')).toBeTruthy();
    // Where pickup went, under the extras: the message meant for it.
    expect(await screen.findByText(M.pickupUsOnly)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Pickup/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /US dollars/ }));
    const pickupBox = await screen.findByRole('checkbox', { name: /Pickup/ });
    await waitFor(() => expect((pickupBox as HTMLInputElement).checked).toBe(true));
    const changes = api.calls.filter((c) => c.method === 'PUT');
    expect(changes.map((c) => [c.path.split('/').at(-1), c.body])).toEqual([
      ['currency', { currency: 'CAD' }],
      ['currency', { currency: 'USD' }],
      ['plan', { pricingPlanId: 1, options: ['pickup'] }],
      ['delivery', pickup],
    ]);
    expect(current).toMatchObject({ currency: 'USD', options: ['pickup'], delivery: pickup });
    await waitFor(() => expect(screen.queryByText(M.pickupDropped)).toBeNull());
    expect(screen.queryByText(M.pickupUsOnly)).toBeNull();
  });
});

/** Checkout's column as the flow hands it: the total it shows, and a Pay the server refuses (review r68c). */
const REFUSED = P.totalChanged('$14.98');
const RefusingCheckout: CheckoutSlot = ({ summary, onPayRefused }) => (
  <>
    <p data-testid="shown-total">{summary.totalCents}</p>
    <button type="button" onClick={() => onPayRefused?.(REFUSED)}>
      Pay
    </button>
  </>
);

function PageWithRefusingPay() {
  const [params] = useSearchParams();
  return <PhotoOrderPage orderRef={params.get('orderId')} invalid={false} Checkout={RefusingCheckout} />;
}

describe('Pay refused because the order changed in another tab (review r68c)', () => {
  const opened = photoOrderAt(4, { totalCents: 999 });

  const renderRefusing = () =>
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PageWithRefusingPay />
      </QueryClientProvider>,
      { path: '/photos/photo-order?orderId=PHO-1001&step=4' },
    );

  it('shows the order as it is now at step 4, where Pay said why, though the other tab left it at step 2', async () => {
    let current = opened;
    const api = fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(current),
      'PUT /api/v1/photo-orders/PHO-1001/step': (call) => {
        current = { ...current, step: (call.body as { step: 1 | 2 | 3 | 4 }).step };
        return ok(current);
      },
    });
    renderRefusing();
    expect((await screen.findByTestId('shown-total')).textContent).toBe('999');
    // The other tab: back to step 2, Photo Optimize ticked.
    current = photoOrderAt(2, { totalCents: 1498, options: ['photo-optimize'] });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByTestId('shown-total').textContent).toBe('1498'));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ step: 4 }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Review and pay' })).toBeTruthy();
    // The plan as it is now, beside the new total.
    expect(screen.getByText(/Photo Optimize/)).toBeTruthy();
    // Said once, beside Pay (the checkout's own refusal), not above the step as well.
    expect(screen.queryByText(REFUSED)).toBeNull();
  });

  it('says the refusal above the step the server keeps when step 4 cannot be shown any more', async () => {
    let current = opened;
    fakeApi({
      'GET /api/v1/photo-orders/PHO-1001': () => ok(current),
      'PUT /api/v1/photo-orders/PHO-1001/step': () => fail(409, M.stepNotReady(4)),
    });
    renderRefusing();
    await screen.findByTestId('shown-total');
    // The other tab chose prints delivered: no delivery address yet.
    current = photoOrderAt(3, { totalCents: 6996, pricingPlanId: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Delivery' })).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(expect.arrayContaining([REFUSED, M.stepNotReady(4)]));
    // Gone once the customer moves on.
    fireEvent.click(screen.getByRole('button', { name: /Photos/ }));
    await waitFor(() => expect(screen.queryByText(REFUSED)).toBeNull());
  });
});
