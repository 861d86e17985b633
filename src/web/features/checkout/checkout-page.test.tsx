// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../domain/applications/application.ts';
import { COMPLETION_TEXT } from '../../../domain/applications/completion.ts';
import { PHOTOS_TO_REDO_TEXT } from '../../../domain/applications/photos-to-redo.ts';
import type { AddOnOption } from '../../../domain/checkout/api.ts';
import { COUPON_MESSAGES } from '../../../domain/checkout/coupons.ts';
import { PAYMENT_MESSAGES, PAYMENT_PROVIDER_LABELS } from '../../../domain/payments/payment.ts';
import { TAP_TARGET } from '../../components/ui/tap-target.ts';
import { goTo } from '../../lib/go-to.ts';
import type { CostSummary } from '../../lib/order-api.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { member, order, payment, photoToRedo } from '../../testing/order-fixtures.ts';
import { ADD_ONS_TEXT } from './add-ons-section.tsx';
import { CHECKOUT_TEXT, CheckoutPage } from './checkout-page.tsx';
import { CHECKOUT_SUMMARY_TEXT } from './checkout-summary.tsx';
import { PAY_TEXT } from './pay-button.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const BASE = '/api/v1/application/order/DOC-48213907';
/** The order core's checkout calls (issue 28): add-ons, cost summary, coupon and payment. */
const CORE = '/api/v1/orders/DOC-48213907';
const members = [
  member(),
  member({ id: 12, fullName: 'Dev Sharma', kind: 'Minor', relationship: 'Child', position: 2 }),
];

function addOn(overrides: Partial<AddOnOption>): AddOnOption {
  return {
    addon: 'Expedite',
    title: 'Expedite',
    subText: 'Our team files your application first.',
    icon: 'zap',
    scope: 'order',
    unitCents: 6200,
    subTitle: '$62',
    chosen: false,
    memberIds: [],
    forMemberIds: [],
    ...overrides,
  };
}
const PHOTO = addOn({
  addon: 'Photo Enhancement',
  title: 'Photo Enhancement',
  subText: 'We retouch each photo.',
  scope: 'member',
  unitCents: 1000,
  subTitle: '$10 per member',
  forMemberIds: members.map((m) => m.id),
});

function summary(totalCents: number, extra: Partial<CostSummary> = {}): CostSummary {
  return {
    currency: 'USD',
    lines: [
      {
        id: 'government',
        label: 'Government fee',
        value: '$550',
        icon: 'landmark',
        kind: 'charge',
        amountCents: 55000,
        refundable: false,
      },
      {
        id: 'service',
        label: 'Our service fee',
        value: '$158',
        icon: 'x',
        kind: 'charge',
        amountCents: 15800,
        refundable: true,
      },
      { id: 'members', label: 'Members', value: 'x2', icon: 'users', kind: 'summary', amountCents: 0 },
      {
        id: 'package-cost-per-member',
        label: 'Package Cost Per Member',
        value: '$354',
        subValue: '$374',
        icon: 'package',
        kind: 'summary',
        amountCents: 35400,
      },
    ],
    totalCents,
    actualCostCents: totalCents,
    governmentFeeCents: 55000,
    thirdPartyFeeCents: 0,
    ourFeeCents: 15800,
    referralDiscountCents: 0,
    couponDiscountCents: 0,
    premiumSupport: totalCents >= 10000,
    appliedCoupon: null,
    ...extra,
  };
}

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${BASE}`]: () =>
      ok(order({ members, missing: ['Priya’s application form', 'Dev’s passport copy'] }), APPLICATION_MESSAGES.loaded),
    [`GET ${CORE}/add-ons`]: () => ok({ currency: 'USD', addOns: [PHOTO, addOn({})] }),
    [`GET ${CORE}/cost-summary`]: () => ok(summary(70800)),
    ...extra,
  });
}

const renderPage = () =>
  renderWithRouter(
    <QueryProvider>
      <CheckoutPage orderRef="DOC-48213907" />
    </QueryProvider>,
    { path: '/checkout?orderId=DOC-48213907' },
  );

describe('checkout', () => {
  it('shows the add-ons, the server’s cost summary with refundable marks, and what remains after paying', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    // A link on its own: a thumb's target at least (WCAG 2.5.8).
    expect(screen.getByRole('link', { name: CHECKOUT_TEXT.back }).className).toContain(TAP_TARGET);
    const addOns = await screen.findByRole('region', { name: 'Add-ons' });
    expect(within(addOns).getByRole('checkbox', { name: 'Photo Enhancement for Dev Sharma' })).toBeTruthy();
    expect(within(addOns).getByRole('checkbox', { name: /^Expedite · \$62/ })).toBeTruthy();
    const total = await screen.findByRole('region', { name: 'Cost summary' });
    expect(within(total).getByText('All amounts in USD.')).toBeTruthy();
    expect(within(total).getByText('Not refundable once submitted')).toBeTruthy();
    expect(within(total).getByText('Refundable')).toBeTruthy();
    expect(within(total).getByTestId('checkout-total').textContent).toBe('$708');
    // Said first too, before the add-ons, for a phone where the summary comes after them (walk F).
    const upFront = screen.getByRole('link', { name: CHECKOUT_TEXT.toSummary }).closest('p') as HTMLElement;
    expect(upFront.compareDocumentPosition(addOns) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(upFront.textContent).toContain('Total to pay $708');
    expect(within(upFront).getByRole('link', { name: CHECKOUT_TEXT.toSummary }).getAttribute('href')).toBe(
      '#checkout-summary',
    );
    // The former price is struck through on screen and said as such to a screen reader.
    expect(within(total).getByText('Package Cost Per Member').nextElementSibling?.textContent).toBe('$354(was $374)');
    expect(within(total).getByText(/Premium support included/)).toBeTruthy();
    // What is missing is the server's list (the rule the order's status follows), never a guess here.
    const needed = screen.getByRole('list', { name: COMPLETION_TEXT.stillNeeded });
    expect(
      within(needed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Priya’s application form', 'Dev’s passport copy']);
    expect(screen.queryByText(COMPLETION_TEXT.allIn)).toBeNull();
    expect(screen.getByText(COMPLETION_TEXT.payFirst, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $708' })).toBeTruthy();
  });

  it('offers a per-member add-on for the members the server names only', async () => {
    // The server's forMemberIds: Photo Enhancement for the applicants with a passport-style photo.
    serve({ [`GET ${CORE}/add-ons`]: () => ok({ currency: 'USD', addOns: [{ ...PHOTO, forMemberIds: [12] }] }) });
    renderPage();
    const addOns = await screen.findByRole('region', { name: 'Add-ons' });
    expect(
      (await within(addOns).findAllByRole('checkbox')).map(
        (box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent,
      ),
    ).toEqual(['Photo Enhancement for Dev Sharma']);
  });

  it('lists four missing items, and the rest behind "and N more"', async () => {
    const missing = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `Priya’s ${x}`);
    serve({ [`GET ${BASE}`]: () => ok(order({ members, missing }), APPLICATION_MESSAGES.loaded) });
    renderPage();
    const needed = await screen.findByRole('list', { name: COMPLETION_TEXT.stillNeeded });
    expect(within(needed).getAllByRole('listitem')).toHaveLength(4);
    const more = screen.getByText(CHECKOUT_TEXT.moreNeeded(2));
    expect(more.tagName).toBe('SUMMARY');
    expect(more.closest('details')?.textContent).toContain('Priya’s f');
  });

  it('says "Everything is in" only when the server finds nothing missing', async () => {
    serve({ [`GET ${BASE}`]: () => ok(order({ members, missing: [] }), APPLICATION_MESSAGES.loaded) });
    renderPage();
    expect(await screen.findByText(COMPLETION_TEXT.allIn)).toBeTruthy();
    expect(screen.queryByText(COMPLETION_TEXT.stillNeeded)).toBeNull();
  });

  it('with nothing missing, names what our team prepares after payment instead of promising Order pending', async () => {
    const prepared = ['Anaya’s Parental Authorization Form'];
    serve({
      [`GET ${BASE}`]: () =>
        ok(order({ members, missing: [], preparedAfterPayment: prepared }), APPLICATION_MESSAGES.loaded),
    });
    renderPage();
    const list = await screen.findByRole('list', {
      name: 'After payment, we prepare these for you to sign and upload on your order page:',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(prepared);
    expect(
      screen.getByText('Everything else is in: once they are uploaded, your order goes to our team (Order pending).'),
    ).toBeTruthy();
    expect(screen.queryByText(COMPLETION_TEXT.allIn)).toBeNull();
  });

  it('names what our team prepares beside what is still missing', async () => {
    serve({
      [`GET ${BASE}`]: () =>
        ok(
          order({
            members,
            missing: ['Dev’s application form'],
            preparedAfterPayment: ['Dev’s Parental Authorization Form'],
          }),
          APPLICATION_MESSAGES.loaded,
        ),
    });
    renderPage();
    expect(await screen.findByRole('list', { name: COMPLETION_TEXT.stillNeeded })).toBeTruthy();
    const list = screen.getByRole('list', { name: COMPLETION_TEXT.preparedAfterPayment });
    expect(within(list).getByRole('listitem').textContent).toBe('Dev’s Parental Authorization Form');
    expect(screen.queryByText(COMPLETION_TEXT.allInThenPrepared)).toBeNull();
  });

  it('names a photo in that fails a rule before payment, though nothing else is missing', async () => {
    const toDo = {
      missingDocuments: [],
      incompleteForms: [],
      photosToRedo: [photoToRedo()],
    };
    serve({ [`GET ${BASE}`]: () => ok(order({ members, missing: [], toDo }), APPLICATION_MESSAGES.loaded) });
    renderPage();
    expect(await screen.findByText(COMPLETION_TEXT.allIn)).toBeTruthy();
    const redo = screen.getByRole('list', { name: PHOTOS_TO_REDO_TEXT.heading });
    expect(
      within(redo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dev’s photo: The photo is out of focus.']);
    expect(screen.getByText(PHOTOS_TO_REDO_TEXT.why)).toBeTruthy();
  });

  it('with nothing to pay, offers to confirm the order, not a provider’s form', async () => {
    serve({ [`GET ${CORE}/cost-summary`]: () => ok(summary(0)) });
    renderPage();
    expect(await screen.findByRole('button', { name: PAY_TEXT.confirm })).toBeTruthy();
    expect(screen.getByText(CHECKOUT_SUMMARY_TEXT.nothingToPay)).toBeTruthy();
    expect(screen.queryByText(CHECKOUT_SUMMARY_TEXT.payNote)).toBeNull();
  });

  it('saves the whole add-on choice on a checkbox change and shows the new total', async () => {
    const api = serve({ [`PUT ${CORE}/add-ons`]: () => ok(summary(72800)) });
    renderPage();
    const box = (await screen.findByRole('checkbox', { name: 'Photo Enhancement for Dev Sharma' })) as HTMLInputElement;
    box.focus();
    fireEvent.click(box);
    // Ticked from the click on (and held while it saves), not a macrotask later when react-query reports the save.
    expect(box.checked).toBe(true);
    // Held, not disabled: the focus stays on the box (a disabled one drops it to the page), and a
    // second click while it saves changes nothing.
    expect(box.getAttribute('aria-disabled')).toBe('true');
    expect(box.disabled).toBe(false);
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('$728'));
    // The new total is read out where the save was announced.
    const addOns = screen.getByRole('region', { name: 'Add-ons' });
    expect(within(addOns).getByRole('status').textContent).toBe(ADD_ONS_TEXT.saved('$728'));
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([{ addOns: [{ addon: 'Photo Enhancement', memberIds: [12] }] }]);
  });

  it('applies a coupon, shows the server’s refusal on the field, and removes it', async () => {
    let tries = 0;
    const api = serve({
      [`POST ${CORE}/coupon`]: () =>
        ++tries === 1
          ? fail(400, COUPON_MESSAGES.alreadyUsed)
          : ok(summary(69220, { appliedCoupon: 'FIRST10' }), COUPON_MESSAGES.applied),
      [`DELETE ${CORE}/coupon`]: () => ok(summary(70800), COUPON_MESSAGES.removed),
    });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(COUPON_MESSAGES.empty);
    fireEvent.change(field, { target: { value: 'first10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COUPON_MESSAGES.alreadyUsed));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('first10');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon FIRST10 applied.')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$692.20');
    // The focus follows the swap (to Remove, which names the coupon), never dropping to the page.
    const remove = screen.getByRole('button', { name: 'Remove coupon FIRST10' });
    await waitFor(() => expect(document.activeElement).toBe(remove));
    fireEvent.click(remove);
    const again = await screen.findByRole('textbox', { name: 'Coupon code' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(api.calls.filter((c) => c.path.endsWith('/coupon')).map((c) => [c.method, c.body])).toEqual([
      ['POST', { code: 'first10' }],
      ['POST', { code: 'first10' }],
      ['DELETE', undefined],
    ]);
  });

  it('pays once on a double click, with the total it shows as a guard, and goes to the provider’s page', async () => {
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const api = serve({
      [`POST ${CORE}/payment`]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderPage();
    const pay = await screen.findByRole('button', { name: 'Pay $708' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByText('Opening the payment page…')).toBeTruthy();
    answer(ok(payment()));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/payments/sandbox/checkout?payment=sbx_1'));
    const posts = api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/payment'));
    // The total shown only guards: the server refuses another one, and charges its own (review r68c).
    expect(posts.map((call) => call.body)).toEqual([{ shownTotal: { amountCents: 70800, currency: 'USD' } }]);
  });

  it('offers a choice of providers with each one’s charge, converted ones with their rate, and pays with the chosen one', async () => {
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    const api = serve({
      [`GET ${CORE}/payment/options`]: () =>
        ok([
          {
            provider: 'stripe',
            label: PAYMENT_PROVIDER_LABELS.stripe,
            amountCents: 70800,
            currency: 'USD',
            exchangeRate: null,
          },
          {
            provider: 'razorpay',
            label: PAYMENT_PROVIDER_LABELS.razorpay,
            amountCents: 5894100,
            currency: 'INR',
            exchangeRate: '83.25',
          },
        ]),
      [`POST ${CORE}/payment`]: () => ok(payment({ provider: 'razorpay', redirectUrl: 'https://pay.example/1' })),
    });
    renderPage();
    const choice = await screen.findByRole('group', { name: 'Pay with' });
    expect(within(choice).getByRole('radio', { name: /Card \(Stripe\)/ })).toHaveProperty('checked', true);
    expect(within(choice).getByText('₹58,941 · Charged in INR at 1 USD = 83.25 INR')).toBeTruthy();
    fireEvent.click(within(choice).getByRole('radio', { name: /Razorpay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹58,941' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/1'));
    const posts = api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/payment'));
    // The order's own total, not the converted charge: the server compares it with the order's.
    expect(posts.map((call) => call.body)).toEqual([
      { shownTotal: { amountCents: 70800, currency: 'USD' }, provider: 'razorpay' },
    ]);
  });

  it('shows why a payment could not start when the order changed, and the order as it is now', async () => {
    let summaries = 0;
    serve({
      [`GET ${CORE}/cost-summary`]: () => ok(summary(++summaries === 1 ? 69220 : 70800)),
      [`POST ${CORE}/payment`]: () => fail(409, COUPON_MESSAGES.released('FIRST10')),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $692.20' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(COUPON_MESSAGES.released('FIRST10'));
    // Where Pay was pressed, the focus on it (review r68c).
    expect(document.activeElement).toBe(alert);
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('$708'));
  });

  // Back from the result page, "not waiting for a payment" alone left a parent unsure they had paid.
  it.each([
    ['Forms incomplete', 'This order is paid (Forms incomplete). See it on your order page.'],
    ['Cancelled', 'This order was cancelled, so nothing more can be paid on it.'],
    ['Refunded', 'This order was refunded, so nothing more can be paid on it.'],
  ] as const)('says why an order in %s waits for no payment, with the way to its page', async (status, said) => {
    serve({ [`GET ${BASE}`]: () => ok(order({ members, status })) });
    renderPage();
    expect(await screen.findByText(said)).toBeTruthy();
    expect(said).toBe(PAYMENT_MESSAGES.notPayableNow(status));
    expect(screen.getByRole('link', { name: /Go to your order/ }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
