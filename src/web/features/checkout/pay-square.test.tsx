// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { payment } from '../../testing/order-fixtures.ts';
import { PayButton } from './pay-button.tsx';
import PaySquare, { SQUARE_TEXT, type SquareWebSdk } from './pay-square.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const SCRIPT_URL = 'https://sandbox.web.squarecdn.com/v1/square.js';
const CHECKOUT = {
  kind: 'square',
  applicationId: 'sandbox-sq0idb-app',
  locationId: 'LTEST',
  scriptUrl: SCRIPT_URL,
} as const;
const PAYMENT = payment({ provider: 'square', redirectUrl: null, checkout: CHECKOUT, premiumSupport: null });
const CONFIRM = 'POST /api/v1/orders/DOC-48213907/payment/confirm';

/** A stand-in for Square's Web Payments SDK: a card that attaches a frame and tokenizes as told. */
function fakeSquare(tokenize: () => Promise<{ status: string; token?: string; errors?: { message: string }[] }>) {
  const card = {
    attach: vi.fn(async (target: HTMLElement) => {
      const frame = document.createElement('iframe');
      frame.title = 'Secure card payment input frame';
      target.append(frame);
    }),
    tokenize: vi.fn(tokenize),
    destroy: vi.fn(async () => true),
  };
  const payments = vi.fn(() => ({ card: async () => card }));
  const sdk: SquareWebSdk = { payments };
  return { sdk, card, payments };
}

function renderForm() {
  const onSettled = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <PaySquare
      orderRef="DOC-48213907"
      payment={PAYMENT}
      checkout={CHECKOUT}
      onSettled={onSettled}
      onCancel={onCancel}
    />,
  );
  return { ...view, onSettled, onCancel };
}

const scripts = () => [...document.querySelectorAll(`script[src="${SCRIPT_URL}"]`)] as HTMLScriptElement[];

afterEach(() => {
  clearQueries();
  delete window.Square;
  for (const script of scripts()) script.remove();
});

describe("PaySquare: Square's card form", () => {
  it("loads Square's script only when shown, attaches the card, and sends the token (never an amount) to confirm", async () => {
    expect(scripts()).toHaveLength(0);
    const square = fakeSquare(async () => ({ status: 'OK', token: 'cnon:card-nonce-ok' }));
    const api = fakeApi({ [CONFIRM]: () => ok({ ...PAYMENT, state: 'COMPLETED' }, P.confirmed) });
    const { onSettled } = renderForm();
    expect(screen.getByRole('status').textContent).toBe(SQUARE_TEXT.loading);
    await waitFor(() => expect(scripts()).toHaveLength(1));
    window.Square = square.sdk;
    scripts()[0]?.dispatchEvent(new Event('load'));
    expect(await screen.findByTitle('Secure card payment input frame')).toBeTruthy();
    expect(square.payments).toHaveBeenCalledWith('sandbox-sq0idb-app', 'LTEST');

    const pay = screen.getByRole('button', { name: 'Pay $708' });
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith(expect.objectContaining({ state: 'COMPLETED' })));
    expect(square.card.tokenize).toHaveBeenCalledTimes(1);
    expect(square.card.tokenize).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '708.00', currencyCode: 'USD', intent: 'CHARGE', customerInitiated: true }),
    );
    const confirms = api.calls.filter((c) => `${c.method} ${c.path}` === CONFIRM);
    expect(confirms.map((c) => c.body)).toEqual([{ provider: 'square', sourceId: 'cnon:card-nonce-ok' }]);
  });

  it("shows the server's refusal as a focused alert and lets the customer try again", async () => {
    window.Square = fakeSquare(async () => ({ status: 'OK', token: 'cnon:card-nonce-ok' })).sdk;
    fakeApi({ [CONFIRM]: () => fail(400, P.confirmationRefused) });
    const { onSettled } = renderForm();
    const pay = await screen.findByRole('button', { name: 'Pay $708' });
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(P.confirmationRefused);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(pay.getAttribute('aria-describedby')).toBe(alert.id);
    expect(onSettled).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $708' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('says when the card details do not tokenize, without calling the server', async () => {
    window.Square = fakeSquare(async () => ({
      status: 'Invalid',
      errors: [{ message: 'Card number is not valid' }],
    })).sdk;
    const api = fakeApi({});
    renderForm();
    const pay = await screen.findByRole('button', { name: 'Pay $708' });
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Card number is not valid');
    expect(api.calls).toHaveLength(0);
  });

  it('says when the script cannot load, and Cancel returns to the choice', async () => {
    const { onCancel } = renderForm();
    await waitFor(() => expect(scripts()).toHaveLength(1));
    scripts()[0]?.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toBe(SQUARE_TEXT.loadFailed);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: SQUARE_TEXT.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("destroys Square's card when the form goes away", async () => {
    const square = fakeSquare(async () => ({ status: 'OK', token: 't' }));
    window.Square = square.sdk;
    const { unmount } = renderForm();
    await screen.findByTitle('Secure card payment input frame');
    unmount();
    expect(square.card.destroy).toHaveBeenCalledTimes(1);
  });

  it('opens from the Pay button when Square is chosen, and closing it puts the focus back on Pay', async () => {
    window.Square = fakeSquare(async () => ({ status: 'OK', token: 't' })).sdk;
    const BASE = '/api/v1/orders/DOC-48213907/payment';
    const option = (provider: string, label: string) => ({
      provider,
      label,
      amountCents: 70_800,
      currency: 'USD',
      exchangeRate: null,
    });
    fakeApi({
      [`GET ${BASE}/options`]: () => ok([option('square', 'Card (Square)'), option('sandbox', 'Test payment')]),
      [`POST ${BASE}`]: () => ok(PAYMENT, P.started),
    });
    renderWithRouter(
      <QueryProvider>
        <PayButton orderRef="DOC-48213907" amountCents={70_800} currency="USD" />
      </QueryProvider>,
    );
    expect(await screen.findByRole('radio', { name: /Card \(Square\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $708' }));
    expect(await screen.findByRole('region', { name: SQUARE_TEXT.heading })).toBeTruthy();
    await screen.findByTitle('Secure card payment input frame');
    fireEvent.click(screen.getByRole('button', { name: SQUARE_TEXT.cancel }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay $708' })));
    expect(screen.queryByRole('region', { name: SQUARE_TEXT.heading })).toBeNull();
  });
});
