// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PREMIUM_SUPPORT_CONTACT,
  PREMIUM_SUPPORT_TEXT,
  premiumSupportFor,
} from '../../../domain/checkout/premium-support.ts';
import { PAYMENT_MESSAGES, type Payment, type PaymentResultState } from '../../../domain/payments/payment.ts';
import {
  CLOSED_TEXT,
  NOT_PAID_AFTER_MS,
  NOT_PAID_POLL_MS,
  NOT_PAID_TEXT,
  REFUND_POLL_FOR_MS,
  REFUND_POLL_MS,
} from '../../../domain/payments/payment-result.ts';
import { SECOND_LOOK_TEXT } from '../../../domain/photos/second-look.ts';
import { TAP_TARGET } from '../../components/ui/tap-target.ts';
import { goTo } from '../../lib/go-to.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { checklist, order, payment } from '../../testing/order-fixtures.ts';
import { PaymentResultPage, RESULT_TEXT } from './payment-result-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const BASE = '/api/v1/orders/DOC-48213907';

const paymentIn = (state: PaymentResultState, overrides: Partial<Payment> = {}): Payment =>
  payment({ state, ...overrides });

/** Answers the states in turn, the last one for ever. */
function serve(states: (Payment | null)[], extra: Parameters<typeof fakeApi>[0] = {}) {
  let call = 0;
  return fakeApi({
    [`GET ${BASE}/payment`]: () => ok(states[Math.min(call++, states.length - 1)] ?? null, PAYMENT_MESSAGES.loaded),
    ...extra,
  });
}

/** A paid application whose forms are all reviewed: only Aarav's Parental Authorization Form is left, in his print pack. */
const STILL_TO_DO: Parameters<typeof fakeApi>[0] = {
  'GET /api/v1/application/order/DOC-48213907': () => ok(order({ status: 'Forms incomplete' })),
  'GET /api/v1/application/order/DOC-48213907/checklist': () =>
    ok(
      checklist({
        members: [
          {
            memberId: 12,
            fullName: 'Aarav Sharma',
            kind: 'Minor',
            items: [
              {
                id: 'parental-authorization-form',
                label: 'Parental Authorization Form',
                required: true,
                preparedByUs: true,
                printPack: '/api/v1/application/order/DOC-48213907/members/12/print-pack',
                accept: { types: ['pdf'], maxBytes: 10 * 1024 * 1024 },
                uploaded: false,
                documents: [],
              },
            ],
            otherDocuments: [],
            complete: false,
          },
        ],
      }),
    ),
};

const renderPage = () =>
  renderWithRouter(
    <QueryProvider>
      <PaymentResultPage orderRef="DOC-48213907" />
    </QueryProvider>,
    { path: '/service-payment-success?orderId=DOC-48213907' },
  );

describe('/service-payment-success', () => {
  it('says it is confirming (politely announced) and polls until the payment is COMPLETED', async () => {
    const api = serve([paymentIn('PENDING'), paymentIn('PENDING'), paymentIn('COMPLETED')], STILL_TO_DO);
    renderPage();
    const confirming = await screen.findByText(RESULT_TEXT.confirming, { selector: '[role="status"]' });
    expect(confirming.getAttribute('aria-live')).toBe('polite');
    const title = await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle }, { timeout: 8000 });
    expect(document.activeElement).toBe(title);
    const lead = screen.getByText((_, el) => el?.textContent === RESULT_TEXT.completedLead('$708', 'DOC-48213907'), {
      selector: 'p',
    });
    // The reference is not broken at its hyphen at a line's end.
    expect(lead.querySelector('.whitespace-nowrap')?.textContent).toBe('DOC-48213907');
    expect(screen.getByText('Forms incomplete')).toBeTruthy();
    // What is actually left (review r68a): every form reviewed, only the notarised form from the print pack.
    expect(
      await screen.findByText(
        'What happens next: print Aarav’s Parental Authorization Form from the print pack on your order page, sign it as the pack shows (before a notary where it says so) and upload it. Once everything is in, our team starts on your application.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/finish every member’s form/)).toBeNull();
    expect(screen.getByRole('link', { name: RESULT_TEXT.toOrder }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
    const polls = api.calls.filter((call) => call.path === `${BASE}/payment`).length;
    expect(polls).toBe(3);
    // Polling stops at a final state.
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(api.calls.filter((call) => call.path === `${BASE}/payment`).length).toBe(3);
  }, 15_000);

  it('says an order with nothing to pay is confirmed, not that money was received', async () => {
    serve([paymentIn('COMPLETED', { provider: 'none', amountCents: 0, orderStatus: 'Order pending' })]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.confirmedTitle })).toBeTruthy();
    expect(
      screen.getByText((_, el) => el?.textContent === RESULT_TEXT.confirmedLead('DOC-48213907'), { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.completedTitle)).toBeNull();
  });

  it('shows FAILED with a Try again that starts a new attempt, and a link back to the order', async () => {
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    const api = serve([paymentIn('PENDING'), paymentIn('FAILED')], {
      [`POST ${BASE}/payment`]: () =>
        ok(paymentIn('PENDING', { attempt: 2, redirectUrl: '/api/v1/payments/sandbox/checkout?payment=sbx_2' })),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.failedTitle }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByText(RESULT_TEXT.failedLead)).toBeTruthy();
    const back = screen.getByRole('link', { name: RESULT_TEXT.backToOrder });
    expect(back.getAttribute('href')).toBe('/service-order?orderId=DOC-48213907');
    // A text link on its own under Try again: a thumb's target (WCAG 2.5.8), not the 19 px of its text.
    expect(back.className).toContain(TAP_TARGET);
    fireEvent.click(screen.getByRole('button', { name: RESULT_TEXT.tryAgain }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/payments/sandbox/checkout?payment=sbx_2'));
    expect(api.calls.filter((call) => call.method === 'POST').length).toBe(1);
  }, 15_000);

  it('offers Try again at the order’s own total after a converted charge failed: 1 USD = 88.4 INR, not 1 INR', async () => {
    const converted = { amountCents: 6258720, currency: 'INR', exchangeRate: '88.4' } as const;
    serve([paymentIn('FAILED', { provider: 'razorpay', redirectUrl: null, ...converted })], {
      [`GET ${BASE}/payment/options`]: () =>
        ok([
          { provider: 'sandbox', label: 'Test payment', amountCents: 70800, currency: 'USD', exchangeRate: null },
          { provider: 'razorpay', label: 'UPI, cards and netbanking in INR (Razorpay)', ...converted },
        ]),
    });
    renderPage();
    expect(await screen.findByText(/Charged in INR at 1 USD = 88\.4 INR/, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText(/1 INR = /)).toBeNull();
  }, 15_000);

  it('says a charge the order could not take is being given back, and why: no Try again, the order page for its current total', async () => {
    const api = serve([
      paymentIn('FAILED', {
        returned: { amountCents: 70800, currency: 'USD', reason: 'order-changed', refund: 'pending' },
      }),
    ]);
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.returnedTitle(false) });
    expect(title.textContent).toBe('We are refunding your payment');
    expect(document.activeElement).toBe(title);
    expect(
      screen.getByText(
        'We received $708, but the payment arrived after your order changed, so we are refunding all of it to the card or account you paid with. Your bank may take a few days to show it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(RESULT_TEXT.payCurrentTotal)).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.failedTitle)).toBeNull();
    expect(screen.queryByText(RESULT_TEXT.failedLead)).toBeNull();
    expect(screen.queryByRole('button', { name: RESULT_TEXT.tryAgain })).toBeNull();
    expect(screen.getByRole('link', { name: RESULT_TEXT.toOrder }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says a second payment of a paid order was refunded, without asking to pay again', async () => {
    serve([
      paymentIn('FAILED', {
        orderStatus: 'Forms incomplete',
        returned: { amountCents: 70800, currency: 'USD', reason: 'already-paid', refund: 'succeeded' },
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'We refunded your payment' })).toBeTruthy();
    expect(
      screen.getByText(
        'We received $708, but your order had already been paid, so we refunded all of it to the card or account you paid with. Your bank may take a few days to show it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.payCurrentTotal)).toBeNull();
  });

  it('says a payment given back at the provider before it reached the order did not pay for it, not that we refunded it', async () => {
    serve([
      paymentIn('FAILED', {
        returned: { amountCents: 70800, currency: 'USD', reason: 'refunded', refund: 'succeeded' },
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment was given back' })).toBeTruthy();
    expect(
      screen.getByText(
        'We received $708, but it was refunded at the payment provider before it reached your order, so it did not pay for it. The money goes back to the card or account you paid with; your bank may take a few days to show it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('We refunded your payment')).toBeNull();
    expect(screen.getByText(RESULT_TEXT.payCurrentTotal)).toBeTruthy();
  });

  it('says at once, not at the confirming pace, that a payment made in another tab went back while a newer one waits', async () => {
    const api = serve([
      paymentIn('PENDING', {
        attempt: 2,
        returned: { amountCents: 70800, currency: 'USD', reason: 'order-changed', refund: 'pending' },
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.returnedTitle(false) })).toBeTruthy();
    expect(screen.getByText(RESULT_TEXT.payCurrentTotal)).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.confirming, { selector: 'p:not([role])' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(api.calls.filter((call) => call.path === `${BASE}/payment`).length).toBe(1);
  }, 15_000);

  it('says a refund the provider refused is being done by hand', async () => {
    serve([
      paymentIn('FAILED', {
        returned: { amountCents: 70800, currency: 'USD', reason: 'order-changed', refund: 'failed' },
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'We are refunding your payment' })).toBeTruthy();
    expect(screen.getByText(RESULT_TEXT.returnedByHand)).toBeTruthy();
  });

  it.each([
    [
      'already-paid',
      'We also received a second payment of $708 for this order and refunded all of it to the card or account you paid with.',
    ],
    // Given back at the provider before it reached us: we refunded nothing.
    [
      'refunded',
      'We also received a second payment of $708 for this order; it was refunded at the payment provider, to the card or account you paid with.',
    ],
  ] as const)('says, on a paid order, that a second payment (%s) went back', async (reason, said) => {
    serve([
      paymentIn('COMPLETED', {
        attempt: 2,
        returned: { amountCents: 70800, currency: 'USD', reason, refund: 'succeeded' },
      }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    expect(screen.getByText(said)).toBeTruthy();
  });

  describe('a link closed with nothing taken (review 62 §2): said as it is, and checkout shows the total now', () => {
    it('closed because the order changed: no "declined", no Try again at an unstated amount', async () => {
      const api = serve([paymentIn('FAILED', { closedBecause: 'order-changed' })]);
      renderPage();
      const title = await screen.findByRole('heading', { level: 1, name: CLOSED_TEXT.title['order-changed'] });
      expect(document.activeElement).toBe(title);
      expect(
        screen.getByText(
          'This payment link closed because your order changed. Nothing was charged on it. Check the new total, then pay.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText(RESULT_TEXT.failedLead)).toBeNull();
      expect(screen.queryByRole('button', { name: RESULT_TEXT.tryAgain })).toBeNull();
      expect(screen.getByRole('link', { name: CLOSED_TEXT.checkTotal }).getAttribute('href')).toBe(
        '/checkout?orderId=DOC-48213907',
      );
      expect(screen.getByRole('link', { name: RESULT_TEXT.backToOrder }).getAttribute('href')).toBe(
        '/service-order?orderId=DOC-48213907',
      );
      expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    });

    it('expired: says expired, and a photo order checks its total on its own step 4', async () => {
      fakeApi({
        'GET /api/v1/orders/PHO-10000001/payment': () =>
          ok(paymentIn('FAILED', { closedBecause: 'expired' }), PAYMENT_MESSAGES.loaded),
      });
      renderWithRouter(
        <QueryProvider>
          <PaymentResultPage orderRef="PHO-10000001" kind="photo" />
        </QueryProvider>,
        { path: '/photo-payment-success?orderId=PHO-10000001' },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment link expired' })).toBeTruthy();
      expect(screen.getByText(CLOSED_TEXT.lead.expired)).toBeTruthy();
      expect(screen.queryByText(/declined/)).toBeNull();
      expect(screen.getByRole('link', { name: CLOSED_TEXT.checkTotal }).getAttribute('href')).toBe(
        '/photos/photo-order?orderId=PHO-10000001&step=4',
      );
    });

    it('closed because the order was cancelled: nothing more to pay, only the order', async () => {
      serve([paymentIn('FAILED', { closedBecause: 'cancelled', orderStatus: 'Cancelled' })]);
      renderPage();
      expect(await screen.findByText(CLOSED_TEXT.lead.cancelled)).toBeTruthy();
      expect(screen.queryByRole('link', { name: CLOSED_TEXT.checkTotal })).toBeNull();
      expect(screen.getByRole('link', { name: RESULT_TEXT.toOrder }).getAttribute('href')).toBe(
        '/service-order?orderId=DOC-48213907',
      );
    });

    it('expired, but the order was paid in another tab since: the order as it is now, not "check the total"', async () => {
      serve([paymentIn('FAILED', { closedBecause: 'expired', orderStatus: 'Forms incomplete' })]);
      renderPage();
      expect(await screen.findByText(RESULT_TEXT.failedLeadNotWaiting('Forms incomplete'))).toBeTruthy();
      expect(screen.queryByRole('link', { name: CLOSED_TEXT.checkTotal })).toBeNull();
    });
  });

  describe('a result that can still change (review 62 §8)', () => {
    afterEach(() => vi.useRealTimers());
    const refunding = (refund: 'pending' | 'succeeded') =>
      paymentIn('FAILED', { returned: { amountCents: 70800, currency: 'USD', reason: 'order-changed', refund } });
    const reads = (api: ReturnType<typeof serve>) => api.calls.filter((call) => call.path === `${BASE}/payment`).length;

    it('"We are refunding" turns into "We refunded" without a reload', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      serve([refunding('pending'), refunding('pending'), refunding('succeeded')]);
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.returnedTitle(false) })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(REFUND_POLL_MS * 2));
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.returnedTitle(true) })).toBeTruthy();
    });

    it('asks about a pending refund only for a while', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const api = serve([refunding('pending')]);
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.returnedTitle(false) })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(REFUND_POLL_FOR_MS));
      const asked = reads(api);
      expect(asked).toBeGreaterThan(REFUND_POLL_FOR_MS / REFUND_POLL_MS / 2);
      await act(() => vi.advanceTimersByTimeAsync(REFUND_POLL_MS * 6));
      expect(reads(api)).toBe(asked);
    });

    it('asks again when the customer comes back to the tab: a failure paid in another tab shows as received', async () => {
      const api = serve([paymentIn('FAILED'), paymentIn('COMPLETED', { attempt: 2 })]);
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.failedTitle })).toBeTruthy();
      expect(reads(api)).toBe(1);
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    });
  });

  it('offers no Try again once the order no longer waits for a payment (cancelled meanwhile)', async () => {
    serve([paymentIn('FAILED', { orderStatus: 'Cancelled' })]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.failedTitle })).toBeTruthy();
    expect(
      screen.getByText('This payment was not taken, and your order no longer waits for one: it is Cancelled now.'),
    ).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.failedLead)).toBeNull();
    expect(screen.queryByRole('button', { name: RESULT_TEXT.tryAgain })).toBeNull();
    expect(screen.getByRole('link', { name: RESULT_TEXT.toOrder }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
  });

  it('back from Stripe, confirms its session once and shows COMPLETED before the webhook lands', async () => {
    const stripe = (state: PaymentResultState) => paymentIn(state, { provider: 'stripe', redirectUrl: null });
    const api = serve([stripe('PENDING')], {
      [`POST ${BASE}/payment/confirm`]: () => ok(stripe('COMPLETED'), PAYMENT_MESSAGES.confirmed),
    });
    renderWithRouter(
      <QueryProvider>
        <PaymentResultPage orderRef="DOC-48213907" stripeSessionId="cs_test_a1" />
      </QueryProvider>,
      { path: '/service-payment-success?orderId=DOC-48213907&session_id=cs_test_a1' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    const confirms = api.calls.filter((call) => call.method === 'POST');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toEqual({ provider: 'stripe', sessionId: 'cs_test_a1' });
  });

  it('a refused Stripe confirmation leaves the page polling, and it asks only once', async () => {
    const stripe = (state: PaymentResultState) => paymentIn(state, { provider: 'stripe', redirectUrl: null });
    const api = serve([stripe('PENDING'), stripe('PENDING'), stripe('COMPLETED')], {
      [`POST ${BASE}/payment/confirm`]: () => fail(400, PAYMENT_MESSAGES.confirmationRefused),
    });
    renderWithRouter(
      <QueryProvider>
        <PaymentResultPage orderRef="DOC-48213907" stripeSessionId="cs_test_other" />
      </QueryProvider>,
      { path: '/service-payment-success?orderId=DOC-48213907&session_id=cs_test_other' },
    );
    expect(await screen.findByText(RESULT_TEXT.confirming, { selector: '[role="status"]' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle }, { timeout: 8000 }),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  }, 15_000);

  it('says when no payment was started: not paid yet, with the way to checkout and to the order', async () => {
    serve([null]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: NOT_PAID_TEXT.title })).toBeTruthy();
    expect(screen.getByText(NOT_PAID_TEXT.leadNoAttempt)).toBeTruthy();
    expect(NOT_PAID_TEXT.leadNoAttempt).toBe(PAYMENT_MESSAGES.notStarted);
    expect(screen.getByRole('link', { name: NOT_PAID_TEXT.payNow }).getAttribute('href')).toBe(
      '/checkout?orderId=DOC-48213907',
    );
    expect(screen.getByRole('link', { name: NOT_PAID_TEXT.backToOrder }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
  });

  describe('back from the provider without paying (issue 28)', () => {
    afterEach(() => vi.useRealTimers());

    it(`an attempt still open after ${NOT_PAID_AFTER_MS / 1000} s says "Not paid yet" (announced), with Pay now and Back to your order`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      serve([paymentIn('PENDING')]);
      renderPage();
      expect(await screen.findByText(RESULT_TEXT.confirming, { selector: '[role="status"]' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(NOT_PAID_AFTER_MS - 1000));
      expect(screen.queryByRole('heading', { name: NOT_PAID_TEXT.title })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(await screen.findByRole('heading', { level: 1, name: NOT_PAID_TEXT.title })).toBeTruthy();
      expect(screen.queryByText(RESULT_TEXT.confirming, { selector: 'p:not([role="status"])' })).toBeNull();
      expect(screen.getByText(NOT_PAID_TEXT.lead)).toBeTruthy();
      const status = screen.getByText(new RegExp(`^${NOT_PAID_TEXT.title}\\.`), { selector: '[role="status"]' });
      expect(status.getAttribute('aria-live')).toBe('polite');
      expect(screen.getByRole('link', { name: NOT_PAID_TEXT.payNow }).getAttribute('href')).toBe(
        '/checkout?orderId=DOC-48213907',
      );
      expect(screen.getByRole('link', { name: NOT_PAID_TEXT.backToOrder }).getAttribute('href')).toBe(
        '/service-order?orderId=DOC-48213907',
      );
    });

    it('a confirmation that lands after "Not paid yet" still shows the payment received', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const states: Payment[] = [paymentIn('PENDING')];
      let call = 0;
      fakeApi({
        [`GET ${BASE}/payment`]: () => ok(states[Math.min(call++, states.length - 1)] ?? null, PAYMENT_MESSAGES.loaded),
      });
      renderPage();
      expect(await screen.findByText(RESULT_TEXT.confirming, { selector: '[role="status"]' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(NOT_PAID_AFTER_MS));
      expect(await screen.findByRole('heading', { level: 1, name: NOT_PAID_TEXT.title })).toBeTruthy();
      states.push(paymentIn('COMPLETED'));
      await act(() => vi.advanceTimersByTimeAsync(NOT_PAID_POLL_MS));
      expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    });

    it('a photo order says it too, with its own checkout (step 4) and order page', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      fakeApi({
        'GET /api/v1/orders/PHO-10000001/payment': () => ok(paymentIn('PENDING'), PAYMENT_MESSAGES.loaded),
      });
      renderWithRouter(
        <QueryProvider>
          <PaymentResultPage orderRef="PHO-10000001" kind="photo" />
        </QueryProvider>,
        { path: '/photo-payment-success?orderId=PHO-10000001' },
      );
      expect(await screen.findByText(RESULT_TEXT.confirming, { selector: '[role="status"]' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(NOT_PAID_AFTER_MS));
      expect(await screen.findByRole('heading', { level: 1, name: NOT_PAID_TEXT.title })).toBeTruthy();
      expect(screen.getByRole('link', { name: NOT_PAID_TEXT.payNow }).getAttribute('href')).toBe(
        '/photos/photo-order?orderId=PHO-10000001&step=4',
      );
      expect(screen.getByRole('link', { name: NOT_PAID_TEXT.backToOrder }).getAttribute('href')).toBe(
        '/photos/photo-enhancement?orderId=PHO-10000001',
      );
    });
  });

  it('shows premium support on a COMPLETED payment of $100.00, none at $99.99', async () => {
    serve([paymentIn('COMPLETED', { amountCents: 99_99, premiumSupport: premiumSupportFor(99_99) })]);
    const first = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    expect(screen.queryByRole('region', { name: PREMIUM_SUPPORT_TEXT.title })).toBeNull();
    first.unmount();
    clearQueries();

    serve([paymentIn('COMPLETED', { amountCents: 100_00, premiumSupport: premiumSupportFor(100_00) })]);
    renderPage();
    const card = await screen.findByRole('region', { name: PREMIUM_SUPPORT_TEXT.title });
    expect(card.textContent).toContain(PREMIUM_SUPPORT_TEXT.priority(PREMIUM_SUPPORT_CONTACT.phone));
    expect(card.textContent).toContain(PREMIUM_SUPPORT_CONTACT.name);
  });
});

describe('/photo-payment-success with a photo a person checks (review r68c S3)', () => {
  const renderPhoto = (personCheck: boolean) => {
    fakeApi({
      'GET /api/v1/orders/PHO-10000001/payment': () =>
        ok(paymentIn('COMPLETED', { orderStatus: 'Order pending' }), PAYMENT_MESSAGES.loaded),
    });
    renderWithRouter(
      <QueryProvider>
        <PaymentResultPage orderRef="PHO-10000001" kind="photo" personCheck={personCheck} />
      </QueryProvider>,
      { path: '/photo-payment-success?orderId=PHO-10000001' },
    );
  };

  it('says the photo’s file waits for the approval too, within the promised time, not that every photo is ready', async () => {
    renderPhoto(true);
    expect(await screen.findByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle })).toBeTruthy();
    expect(screen.getByText(RESULT_TEXT.nextPhotoOrderChecked).textContent).toBe(
      'What happens next: your fitted photos are ready to download on your order page, each at its exact size, except a photo a person checks: it is ready once they approve it. Any prints wait for that approval too, then follow as you chose.',
    );
    expect(screen.getByText(SECOND_LOOK_TEXT.promise)).toBeTruthy();
    expect(screen.queryByText(RESULT_TEXT.nextPhotoOrder)).toBeNull();
  });

  it('says every fitted photo is ready when no one checks one', async () => {
    renderPhoto(false);
    expect(await screen.findByText(RESULT_TEXT.nextPhotoOrder)).toBeTruthy();
    expect(screen.queryByText(SECOND_LOOK_TEXT.promise)).toBeNull();
  });
});
