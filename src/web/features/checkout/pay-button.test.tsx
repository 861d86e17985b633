// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentOption } from '../../../domain/payments/payment.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { payment } from '../../testing/order-fixtures.ts';
import { PAY_TEXT, PayButton } from './pay-button.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const REF = 'PHO-1001';
const BASE = `/api/v1/orders/${REF}`;
const options: PaymentOption[] = [
  { provider: 'sandbox', label: 'Test payment', amountCents: 999, currency: 'USD', exchangeRate: null },
];
const REFUSAL = 'Before paying, please add: your choice for “wall.jpg” (OCI photo).';

/** The review step's part: a choice saved changes the readiness; a repeat of the same does not. */
function Harness({ onRefused }: { onRefused?(message: string): void }) {
  const [readiness, setReadiness] = useState('31:done:');
  return (
    <QueryProvider>
      <button type="button" onClick={() => setReadiness('31:done:')}>
        Same again
      </button>
      <button type="button" onClick={() => setReadiness('31:done:person-check')}>
        Choose
      </button>
      <PayButton
        orderRef={REF}
        kind="photo"
        amountCents={999}
        currency="USD"
        readiness={readiness}
        onRefused={onRefused}
      />
    </QueryProvider>
  );
}

describe('the Pay button’s refusal', () => {
  it('stays while nothing changed, and goes once what the order needs has changed', async () => {
    fakeApi({
      [`GET ${BASE}/payment/options`]: () => ok(options),
      // As the server refuses it: the message, and what is missing as its field.
      [`POST ${BASE}/payment`]: () => fail(409, REFUSAL, { missing: 'your choice for “wall.jpg” (OCI photo)' }),
    });
    renderWithRouter(<Harness />, { path: `/photos/photo-enhancement?orderId=${REF}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
    fireEvent.click(screen.getByRole('button', { name: 'Same again' }));
    expect(screen.getByRole('alert').textContent).toBe(REFUSAL);
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('a total that changed since the page showed it (review r68c)', () => {
  const changed =
    'The total changed to $14.98 since this page was opened (the order was changed in another tab or window). Check your order and pay again.';

  it('sends the total shown, says the refusal where Pay is with the focus on it, and keeps it through a new readiness', async () => {
    const api = fakeApi({
      [`GET ${BASE}/payment/options`]: () => ok(options),
      [`POST ${BASE}/payment`]: () => fail(409, changed),
    });
    const refused = vi.fn();
    renderWithRouter(<Harness onRefused={refused} />, { path: `/photos/photo-enhancement?orderId=${REF}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(changed);
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('button', { name: 'Pay $9.99' }).getAttribute('aria-describedby')).toBe('pay-error');
    // The figure shown beside Pay went with it: the server compares it, never charges it.
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      shownTotal: { amountCents: 999, currency: 'USD' },
    });
    // The caller reads the order again (the photo flow, at its review step).
    expect(refused).toHaveBeenCalledWith(changed);
    // Another tab's change to the photos too: the refusal stays, it is not what the order needs.
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(screen.getByRole('alert').textContent).toBe(changed);
  });

  it('reads every query of the order’s kind again when the caller does not', async () => {
    let reads = 0;
    fakeApi({
      [`GET ${BASE}/payment/options`]: () => {
        reads += 1;
        return ok(options);
      },
      [`POST ${BASE}/payment`]: () => fail(409, changed),
    });
    renderWithRouter(
      <QueryProvider>
        <PayButton orderRef={REF} kind="photo" amountCents={999} currency="USD" />
      </QueryProvider>,
      { path: `/photos/photo-enhancement?orderId=${REF}` },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    expect((await screen.findByRole('alert')).textContent).toBe(changed);
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe('a Pay button for an order that cannot be paid yet', () => {
  it('is disabled, says why before it is pressed, and asks nothing of the server when pressed', async () => {
    const api = fakeApi({ [`GET ${BASE}/payment/options`]: () => ok(options) });
    const why = 'Before paying, please add: a photo for OCI photo (600 × 600 px).';
    renderWithRouter(
      <QueryProvider>
        <PayButton orderRef={REF} kind="photo" amountCents={999} currency="USD" blockedBy={why} />
      </QueryProvider>,
      { path: `/photos/photo-enhancement?orderId=${REF}` },
    );
    const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent).toBe(why);
    fireEvent.click(pay);
    // The provider options arrive meanwhile; a press would have posted by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** Where the router is now: the button navigates to the result page itself. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('an order with nothing to pay', () => {
  it('offers no provider to choose, confirms the order and goes to its result page', async () => {
    let asked = 0;
    fakeApi({
      [`GET ${BASE}/payment/options`]: () =>
        ok(
          [...options, { ...options[0], provider: 'stripe', label: 'Card (Stripe)' }].map((o) => ({
            ...o,
            amountCents: 0,
          })),
        ),
      [`POST ${BASE}/payment`]: () => {
        asked += 1;
        return ok(payment({ provider: 'none', state: 'COMPLETED', amountCents: 0, orderStatus: 'Order pending' }));
      },
    });
    renderWithRouter(
      <QueryProvider>
        <PayButton orderRef={REF} kind="photo" amountCents={0} currency="USD" />
        <Where />
      </QueryProvider>,
      { path: `/photos/photo-order?orderId=${REF}&step=4` },
    );
    const confirm = await screen.findByRole('button', { name: PAY_TEXT.confirm });
    expect(screen.queryByRole('group', { name: PAY_TEXT.payWith })).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/photo-payment-success?orderId=${REF}`));
    expect(asked).toBe(1);
  });
});
