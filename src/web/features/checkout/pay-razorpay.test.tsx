// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type PaymentOption } from '../../../domain/payments/payment.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { payment } from '../../testing/order-fixtures.ts';
import { PAY_TEXT, PayButton } from './pay-button.tsx';
import { RAZORPAY_TEXT, type RazorpayCheckoutConstructor } from './pay-razorpay.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(() => {
  clearQueries();
  delete window.Razorpay;
});

const REF = 'DOC-48213907';
const BASE = `/api/v1/orders/${REF}`;
const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

const options: PaymentOption[] = [
  { provider: 'sandbox', label: 'Test payment', amountCents: 70800, currency: 'USD', exchangeRate: null },
  {
    provider: 'razorpay',
    label: 'UPI, cards and netbanking in INR (Razorpay)',
    amountCents: 6258720,
    currency: 'INR',
    exchangeRate: '88.4',
  },
];

const pending = payment({
  provider: 'razorpay',
  amountCents: 6258720,
  currency: 'INR',
  exchangeRate: '88.4',
  redirectUrl: null,
  premiumSupport: null,
  checkout: { kind: 'razorpay', keyId: 'rzp_test_key', orderId: 'order_abc', scriptUrl: SCRIPT },
});

type CheckoutOptions = ConstructorParameters<RazorpayCheckoutConstructor>[0];

/** A stand-in for checkout.js's global: records what it was opened with. */
function fakeCheckout() {
  const opened: CheckoutOptions[] = [];
  window.Razorpay = class {
    readonly options: CheckoutOptions;
    constructor(options: CheckoutOptions) {
      this.options = options;
    }
    open() {
      opened.push(this.options);
    }
  } as unknown as RazorpayCheckoutConstructor;
  return opened;
}

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${BASE}/payment/options`]: () => ok(options),
    [`POST ${BASE}/payment`]: () => ok(pending, PAYMENT_MESSAGES.started),
    ...extra,
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const renderButton = () =>
  renderWithRouter(
    <QueryProvider>
      <PayButton orderRef={REF} amountCents={70800} currency="USD" />
      <Where />
    </QueryProvider>,
    { path: `/checkout?orderId=${REF}` },
  );

async function chooseRazorpayAndPay() {
  fireEvent.click(await screen.findByRole('radio', { name: /Razorpay/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Pay ₹62,587.20' }));
}

describe('paying with Razorpay', () => {
  it('shows the INR amount and rate before paying, opens Checkout for the order, and verifies its handler response', async () => {
    const opened = fakeCheckout();
    const api = serve({
      [`POST ${BASE}/payment/confirm`]: () =>
        ok(
          { ...pending, state: 'COMPLETED', checkout: null, orderStatus: 'Forms incomplete' },
          PAYMENT_MESSAGES.confirmed,
        ),
    });
    renderButton();
    expect(await screen.findByText(`₹62,587.20 · ${PAY_TEXT.converted('88.4', 'USD', 'INR')}`)).toBeTruthy();
    await chooseRazorpayAndPay();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_abc',
      amount: 6258720,
      currency: 'INR',
      name: 'SevaDocs',
    });
    // The order's own total goes with it, as the guard against a total changed elsewhere, not the INR charge.
    expect(api.calls.find((c) => c.method === 'POST' && c.path === `${BASE}/payment`)?.body).toEqual({
      provider: 'razorpay',
      shownTotal: { amountCents: 70800, currency: 'USD' },
    });
    expect(await screen.findByText(RAZORPAY_TEXT.open('₹62,587.20'))).toBeTruthy();

    act(() =>
      opened[0]?.handler({
        razorpay_order_id: 'order_abc',
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'f00d',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/service-payment-success?orderId=${REF}`),
    );
    expect(api.calls.find((c) => c.path === `${BASE}/payment/confirm`)?.body).toEqual({
      provider: 'razorpay',
      razorpayOrderId: 'order_abc',
      razorpayPaymentId: 'pay_1',
      razorpaySignature: 'f00d',
    });
  });

  it('closing the Checkout window brings the Pay button back', async () => {
    const opened = fakeCheckout();
    serve();
    renderButton();
    await chooseRazorpayAndPay();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => opened[0]?.modal.ondismiss());
    expect(await screen.findByRole('button', { name: 'Pay ₹62,587.20' })).toBeTruthy();
  });

  it('loads checkout.js only when paying, and says so (focused alert) when it cannot', async () => {
    serve();
    renderButton();
    await screen.findByRole('radio', { name: /Razorpay/ });
    expect(document.querySelector(`script[src="${SCRIPT}"]`)).toBeNull();
    await chooseRazorpayAndPay();
    await waitFor(() => expect(document.querySelector(`script[src="${SCRIPT}"]`)).not.toBeNull());
    act(() => {
      document.querySelector(`script[src="${SCRIPT}"]`)?.dispatchEvent(new Event('error'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(RAZORPAY_TEXT.loadFailed);
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    // Back to the choice of another way to pay.
    fireEvent.click(screen.getByRole('button', { name: RAZORPAY_TEXT.otherWay }));
    expect(await screen.findByRole('button', { name: 'Pay ₹62,587.20' })).toBeTruthy();
  });

  it('a payment the server cannot verify says why and verifies again on retry, without paying twice', async () => {
    const opened = fakeCheckout();
    let confirms = 0;
    serve({
      [`POST ${BASE}/payment/confirm`]: () =>
        ++confirms === 1
          ? fail(400, PAYMENT_MESSAGES.confirmationRefused)
          : ok({ ...pending, state: 'COMPLETED', checkout: null }, PAYMENT_MESSAGES.confirmed),
    });
    renderButton();
    await chooseRazorpayAndPay();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() =>
      opened[0]?.handler({ razorpay_order_id: 'order_abc', razorpay_payment_id: 'pay_1', razorpay_signature: 'x' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(PAYMENT_MESSAGES.confirmationRefused);
    expect(screen.queryByRole('button', { name: RAZORPAY_TEXT.otherWay })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: RAZORPAY_TEXT.tryAgain }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/service-payment-success?orderId=${REF}`),
    );
    expect(opened).toHaveLength(1);
    expect(confirms).toBe(2);
  });
});
