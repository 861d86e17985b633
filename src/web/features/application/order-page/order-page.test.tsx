// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, type ApplicationOrder } from '../../../../domain/applications/application.ts';
import { COMPLETION_TEXT } from '../../../../domain/applications/completion.ts';
import type { DocumentView } from '../../../../domain/applications/documents.ts';
import { MEMBER_MESSAGES } from '../../../../domain/applications/members.ts';
import { PHOTOS_TO_REDO_TEXT } from '../../../../domain/applications/photos-to-redo.ts';
import { priceCheckout } from '../../../../domain/checkout/cost-summary.ts';
import {
  PREMIUM_SUPPORT_CONTACT,
  PREMIUM_SUPPORT_TEXT,
  premiumSupportFor,
} from '../../../../domain/checkout/premium-support.ts';
import { PAID_LINES_TEXT } from '../../../../domain/checkout/receipt.ts';
import { STATUS_DESCRIPTIONS } from '../../../../domain/orders/status-descriptions.ts';
import type { StrayCharge } from '../../../../domain/payments/payment.ts';
import { STRAY_CHARGES_TEXT } from '../../../../domain/payments/stray-charges.ts';
import { REFUND_NOTICES } from '../../../../domain/refunds/options.ts';
import { ORDER_REFUNDS_TEXT } from '../../../../domain/refunds/order-refunds.ts';
import { clearQueries, QueryProvider } from '../../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { checklist, member, order, photoToRedo, TODAY } from '../../../testing/order-fixtures.ts';
import { ORDER_PAGE_TEXT, OrderPage } from './order-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const BASE = '/api/v1/application/order/DOC-48213907';
/** An order in staff's hands (or cancelled): the customer may change nothing. */
const NOTHING_ALLOWED: ApplicationOrder['actions'] = {
  canCancel: false,
  canChangeMemberList: false,
  canEditMembers: false,
  canChangeDocuments: false,
  canChangeAnswers: false,
};
const list = <T,>(results: T[]) => ({ results, totalCount: results.length, page: 1, limit: 50 });

function storedDocument(overrides: Partial<DocumentView> = {}): DocumentView {
  return {
    id: 90,
    memberId: 11,
    itemId: 'foreign-passport',
    direction: 'from-customer',
    name: 'passport.pdf',
    type: 'application/pdf',
    size: 254_000,
    uploadedBy: 'customer',
    uploadedAt: '2026-11-20T11:00:00.000Z',
    links: { download: `${BASE}/documents/90/download`, preview: `${BASE}/documents/90/preview` },
    ...overrides,
  };
}

function serve(current: () => ApplicationOrder, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${BASE}`]: () => ok(current(), APPLICATION_MESSAGES.loaded),
    [`GET ${BASE}/checklist`]: () => ok(checklist()),
    [`GET ${BASE}/documents`]: () => ok(list([])),
    'GET /api/v1/orders/DOC-48213907/refund-requests': () => ok([]),
    ...extra,
  });
}

const renderPage = (orderRef: string | null = 'DOC-48213907') =>
  renderWithRouter(
    <QueryProvider>
      <OrderPage orderRef={orderRef} today={TODAY} />
    </QueryProvider>,
    { path: `/service-order?orderId=${orderRef ?? ''}` },
  );

const twoMembers = () => [
  member({ progress: { currentStep: 3, totalSteps: 7, reviewed: false } }),
  member({
    id: 12,
    fullName: 'Dev Sharma',
    dateOfBirth: '2015-05-05',
    kind: 'Minor',
    relationship: 'Child',
    position: 2,
    progress: { currentStep: 8, totalSteps: 7, reviewed: true },
  }),
];

/** A complete application our team sent back from In review, with `remark` (null: none given). */
const sentBack = (remark: string | null) =>
  order({
    status: 'Forms incomplete',
    members: [member({ progress: { currentStep: 8, totalSteps: 7, reviewed: true } })],
    timeline: [
      ...order().timeline,
      { fromStatus: 'Order pending', status: 'In review', by: 'staff', remark: null, at: '2026-11-21T09:00:00.000Z' },
      { fromStatus: 'In review', status: 'Forms incomplete', by: 'staff', remark, at: '2026-11-21T10:00:00.000Z' },
    ],
  });

describe('/service-order', () => {
  it('shows the status, the price snapshot and every member with their form progress', async () => {
    serve(() => order({ members: twoMembers() }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'OCI Card: New OCI Card' })).toBeTruthy();
    expect(screen.getByText('Application DOC-48213907')).toBeTruthy();
    expect(screen.getAllByText('Payment pending').length).toBeGreaterThan(0);
    const members = screen.getByRole('region', { name: 'Members (2)' });
    expect(within(members).getByRole('heading', { level: 3, name: /Priya Sharma/ })).toBeTruthy();
    // Counted as the form counts them: seven answer steps, then Documents.
    expect(within(members).getByText('Form: Step 3 of 8')).toBeTruthy();
    expect(within(members).getByRole('heading', { level: 3, name: /Dev Sharma\s*Minor/ })).toBeTruthy();
    expect(within(members).getByText('Form: Answers complete')).toBeTruthy();
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('2 × $357')).toBeTruthy();
    expect(within(price).getByText('Order total').nextElementSibling?.textContent).toBe('$714');
  });

  it('shows our team’s remark with the move to the current status beside the status, not only in the timeline', async () => {
    const inReview = {
      fromStatus: 'Order pending' as const,
      status: 'In review' as const,
      by: 'staff' as const,
      remark: 'We are checking the passports against the forms.',
      at: '2026-12-03T10:00:00.000Z',
    };
    serve(() => order({ status: 'In review', timeline: [inReview] }));
    renderPage();
    const header = (await screen.findByRole('heading', { level: 1 })).closest('header') as HTMLElement;
    expect(within(header).getByText(ORDER_PAGE_TEXT.teamRemark('Dec 3, 2026')).closest('p')?.textContent).toBe(
      'Our team’s note, Dec 3, 2026: We are checking the passports against the forms.',
    );
  });

  it('lists what is left to do, each linking to the member’s form', async () => {
    serve(() =>
      order({
        members: twoMembers(),
        toDo: {
          incompleteForms: [{ memberId: 11, fullName: 'Priya Sharma' }],
          missingDocuments: [
            { memberId: 12, fullName: 'Dev Sharma', items: [{ id: 'parents-passports', label: 'Parents’ passports' }] },
          ],
          photosToRedo: [
            photoToRedo(),
            photoToRedo({
              memberId: 11,
              itemId: 'signature',
              label: 'Priya’s signature',
              problem: 'The signature has too few pixels.',
              step: 7,
              documentId: 42,
            }),
          ],
        },
      }),
    );
    renderPage();
    const toDo = await screen.findByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByRole('link', { name: 'Continue Priya Sharma’s form' }).getAttribute('href')).toBe(
      '/package-form?orderId=DOC-48213907&member=11',
    );
    expect(within(toDo).getByText(/Parents’ passports/)).toBeTruthy();
    // At the member's Documents step, after their seven answer steps (review 62 §6).
    expect(within(toDo).getByRole('link', { name: 'Upload Dev Sharma’s documents' }).getAttribute('href')).toBe(
      '/package-form?orderId=DOC-48213907&member=12&step=8',
    );
    // A photo in that fails a rule: named with what is wrong, and the way to replace it: the form's
    // step that asks for it, not the member's current one (Documents would say "not asked again here").
    expect(within(toDo).getByText('Dev’s photo: The photo is out of focus.')).toBeTruthy();
    // Said once under them all, not under each (walk G read it four times).
    expect(within(toDo).getAllByText(PHOTOS_TO_REDO_TEXT.why)).toHaveLength(1);
    expect(within(toDo).getByRole('link', { name: 'Replace Dev’s photo' }).getAttribute('href')).toBe(
      '/package-form?orderId=DOC-48213907&member=12&step=6',
    );
    expect(within(toDo).getByText(/Pay for your application at checkout/)).toBeTruthy();
    expect(within(toDo).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/checkout?orderId=DOC-48213907',
    );
  });

  it('names a photo worth replacing once the order is with our team, as theirs to check: no Replace link (walk F)', async () => {
    serve(() =>
      order({
        status: 'Order pending',
        members: twoMembers(),
        toDo: {
          incompleteForms: [],
          missingDocuments: [],
          photosToRedo: [photoToRedo()],
        },
      }),
    );
    renderPage();
    const toDo = await screen.findByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByText(COMPLETION_TEXT.allInPaid)).toBeTruthy();
    expect(within(toDo).getByText(PHOTOS_TO_REDO_TEXT.teamChecks)).toBeTruthy();
    expect(within(toDo).getByText('Dev’s photo: The photo is out of focus.')).toBeTruthy();
    expect(within(toDo).queryByRole('link', { name: 'Replace Dev’s photo' })).toBeNull();
  });

  it('sends a document our team asked for to its slot on this page; says Everything is in once the order is with our team (issue 30)', async () => {
    let current = order({
      status: 'Forms incomplete',
      members: twoMembers(),
      timeline: sentBack('Please upload Dev’s photo again: it is blurred').timeline,
      toDo: {
        incompleteForms: [],
        photosToRedo: [],
        missingDocuments: [
          {
            memberId: 12,
            fullName: 'Dev Sharma',
            items: [{ id: 'photo', label: 'Dev’s photo', requested: true }],
          },
        ],
      },
    });
    serve(() => current);
    const { unmount } = renderPage();
    const toDo = await screen.findByRole('region', { name: 'What you still need to do' });
    // Moved there by our team's request: not "Some forms or documents are still missing… so we can start work" (walk H).
    expect(screen.getByText(COMPLETION_TEXT.askedStatus)).toBeTruthy();
    expect(screen.queryByText(STATUS_DESCRIPTIONS['Forms incomplete'])).toBeNull();
    expect(within(toDo).getByRole('link', { name: 'Upload Dev Sharma’s documents' }).getAttribute('href')).toBe(
      '/service-order?orderId=DOC-48213907&document=12-photo',
    );
    unmount();
    clearQueries();

    current = order({
      status: 'Order pending',
      members: twoMembers(),
      toDo: { incompleteForms: [], missingDocuments: [], photosToRedo: [] },
    });
    renderPage();
    const done = await screen.findByRole('region', { name: 'What you still need to do' });
    expect(within(done).getByText(COMPLETION_TEXT.allInPaid)).toBeTruthy();
  });

  it('shows the timeline in order: when, the status, who in plain words, the remark', async () => {
    serve(() =>
      order({
        status: 'In review',
        timeline: [
          { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-11-20T10:00:00.000Z' },
          {
            fromStatus: 'Payment pending',
            status: 'Order pending',
            by: 'system',
            remark: 'Payment received',
            at: '2026-11-21T10:00:00.000Z',
          },
          {
            fromStatus: 'Order pending',
            status: 'In review',
            by: 'staff',
            remark: 'We are checking your passport scan.',
            at: '2026-11-22T10:00:00.000Z',
          },
        ],
      }),
    );
    renderPage();
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^Payment pendingApplication started by you.*Nov 20, 2026/),
      expect.stringMatching(/^Order pendingFrom Payment pending automatically.*Payment received$/),
      expect.stringMatching(/^In reviewFrom Order pending by our team.*We are checking your passport scan\.$/),
    ]);
    expect(within(entries[2] as HTMLElement).getByText(/Nov 22, 2026/).tagName).toBe('TIME');
  });

  it('offers only what the status allows: before payment, continue, checkout, cancel and members', async () => {
    serve(() => order({ members: twoMembers() }));
    renderPage();
    const actions = await screen.findByRole('complementary', { name: 'Your order' });
    expect(within(actions).getByRole('link', { name: 'Continue application' }).getAttribute('href')).toBe(
      '/package-form?orderId=DOC-48213907',
    );
    expect(within(actions).getByRole('link', { name: 'Continue to checkout' }).getAttribute('href')).toBe(
      '/checkout?orderId=DOC-48213907',
    );
    expect(within(actions).getByRole('button', { name: 'Cancel application' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Priya Sharma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Dev Sharma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a family member' })).toBeTruthy();
  });

  it('offers nothing to change once the order is with our team', async () => {
    serve(() =>
      order({
        status: 'In review',
        members: twoMembers(),
        actions: NOTHING_ALLOWED,
      }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    // Premium support's call and e-mail links are a way to reach us, not a change to the order.
    const aside = screen.getByRole('complementary', { name: 'Your order' });
    const controls = [...aside.querySelectorAll('button, a')].filter(
      (el) => !el.closest('#premium-support, section[aria-labelledby="premium-support"]'),
    );
    expect(controls).toEqual([]);
    for (const name of [/Continue application/, /Continue to checkout/, /Cancel application/, /^Edit /, /^Remove /]) {
      expect(screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Add a family member' })).toBeNull();
    expect(screen.getByText(/Nothing right now/)).toBeTruthy();
  });

  it('promises no news once the order is closed: no to-do panel when completed, refunded or cancelled', async () => {
    let status = 'Completed';
    serve(() => order({ status, members: twoMembers(), actions: NOTHING_ALLOWED }));
    for (const closed of ['Completed', 'Refunded', 'Cancelled']) {
      status = closed;
      const view = renderPage();
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('region', { name: 'What you still need to do' }), closed).toBeNull();
      expect(screen.queryByText(/We will let you know/), closed).toBeNull();
      view.unmount();
      clearQueries();
    }
  });

  it('puts the documents our team sent first once the order is approved or completed, before the price (walk H)', async () => {
    let status = 'Completed';
    serve(() => order({ status, members: twoMembers(), actions: NOTHING_ALLOWED }));
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    for (const decided of ['Approved', 'Completed']) {
      status = decided;
      const view = renderPage();
      const team = await screen.findByRole('region', { name: 'Documents from our team' });
      expect(follows(team, screen.getByRole('complementary', { name: 'Your order' })), decided).toBe(true);
      view.unmount();
      clearQueries();
    }
    status = 'Submitted';
    renderPage();
    const team = await screen.findByRole('region', { name: 'Documents from our team' });
    expect(follows(screen.getByRole('complementary', { name: 'Your order' }), team)).toBe(true);
  });

  it('says what our team asked for when they sent a complete application back, not “nothing right now”', async () => {
    serve(() => sentBack('Please sign page 2 of the PoA again.'));
    renderPage();
    const toDo = await screen.findByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByText(COMPLETION_TEXT.sentBack)).toBeTruthy();
    expect(within(toDo).getByText('Please sign page 2 of the PoA again.')).toBeTruthy();
    expect(within(toDo).getByText(COMPLETION_TEXT.sentBackHow)).toBeTruthy();
    expect(within(toDo).queryByText(/Nothing right now/)).toBeNull();
    // The status line says so too: Forms incomplete's own says something is missing, and nothing is.
    expect(screen.getByText('Our team sent your application back to you: what to change is just below.')).toBeTruthy();
    expect(screen.queryByText(STATUS_DESCRIPTIONS['Forms incomplete'])).toBeNull();
  });

  it('says the application came back with no colon over nothing when our team gave no remark (before the desk required one)', async () => {
    serve(() => sentBack(null));
    renderPage();
    const toDo = await screen.findByRole('region', { name: 'What you still need to do' });
    expect(
      within(toDo).getByText(
        'Our team sent your application back to you. If it is not clear what to change, please contact us.',
      ),
    ).toBeTruthy();
    expect(within(toDo).queryByText(COMPLETION_TEXT.sentBack)).toBeNull();
    expect(within(toDo).queryByRole('blockquote')).toBeNull();
  });

  it('cancels after a confirmation with an optional reason, then shows the new status', async () => {
    let current = order();
    const api = serve(() => current, {
      [`POST ${BASE}/cancel`]: () => {
        current = order({
          status: 'Cancelled',
          actions: NOTHING_ALLOWED,
          timeline: [
            ...order().timeline,
            {
              fromStatus: 'Payment pending',
              status: 'Cancelled',
              by: 'customer',
              remark: 'Travel plans changed',
              at: '2026-11-20T12:00:00.000Z',
            },
          ],
        });
        return ok(current, APPLICATION_MESSAGES.cancelled);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this application?' });
    const reason = within(dialog).getByLabelText(/Why are you cancelling\?/);
    fireEvent.change(reason, { target: { value: 'x'.repeat(1001) } });
    expect(within(dialog).getByText('The reason should not exceed 1000 characters')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Travel plans changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel application' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === `${BASE}/cancel`)?.body).toEqual({ remark: 'Travel plans changed' });
    expect(await screen.findByText(APPLICATION_MESSAGES.cancelled)).toBeTruthy();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Travel plans changed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('adds a member with the start page’s fields, and the total follows', async () => {
    let current = order();
    const api = serve(() => current, {
      [`POST ${BASE}/members`]: () => {
        current = order({ members: twoMembers() });
        return ok(twoMembers()[1], MEMBER_MESSAGES.added, 201);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a family member' }));
    const form = screen.getByRole('form', { name: 'Add a family member' });
    fireEvent.change(within(form).getByLabelText('Full name (as in the passport)'), {
      target: { value: 'Dev Sharma' },
    });
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '2015-05-05' } });
    expect(within(form).getByText('Minor')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Relationship to you'), { target: { value: 'Child' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add member' }));

    expect(await screen.findByRole('region', { name: 'Members (2)' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === `${BASE}/members`)?.body).toEqual({
      fullName: 'Dev Sharma',
      dateOfBirth: '2015-05-05',
      relationship: 'Child',
      kind: 'Minor',
    });
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('Order total').nextElementSibling?.textContent).toBe('$714');
    expect(await screen.findByText(MEMBER_MESSAGES.added)).toBeTruthy();
  });

  it('shows each member’s checklist read-only and the documents our team sent, with preview and download', async () => {
    serve(() => order(), {
      [`GET ${BASE}/checklist`]: () =>
        ok(
          checklist({
            members: [
              {
                memberId: 11,
                fullName: 'Priya Sharma',
                kind: 'Adult',
                complete: false,
                otherDocuments: [],
                items: [
                  {
                    id: 'foreign-passport',
                    label: 'Current passport',
                    required: true,
                    accept: { types: ['pdf'], maxBytes: 5_000_000 },
                    uploaded: true,
                    documents: [storedDocument()],
                  },
                  {
                    id: 'address-proof',
                    label: 'Proof of address',
                    required: true,
                    accept: { types: ['pdf'], maxBytes: 5_000_000 },
                    uploaded: false,
                    documents: [],
                  },
                  {
                    id: 'old-passport',
                    label: 'Old passport',
                    required: false,
                    accept: { types: ['pdf'], maxBytes: 5_000_000 },
                    uploaded: false,
                    documents: [],
                  },
                ],
              },
            ],
          }),
        ),
      [`GET ${BASE}/documents`]: (call) =>
        ok(
          list(
            call.query.get('direction') === 'to-customer'
              ? [
                  storedDocument({
                    id: 95,
                    itemId: null,
                    direction: 'to-customer',
                    name: 'receipt.pdf',
                    uploadedBy: 'staff',
                    links: { download: `${BASE}/documents/95/download`, preview: `${BASE}/documents/95/preview` },
                  }),
                ]
              : [],
          ),
        ),
    });
    renderPage();
    const summary = await screen.findByText('Documents: 1 of 2 required uploaded');
    const items = within(summary.closest('details') as HTMLElement).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'Current passport · Required · Uploaded',
      'Proof of address · Required · Missing',
      'Old passport · Optional · Not uploaded',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: /^Download passport\.pdf/ })
        .getAttribute('href'),
    ).toBe(`${BASE}/documents/90/download`);
    const team = screen.getByRole('region', { name: 'Documents from our team' });
    expect(await within(team).findByText('receipt.pdf')).toBeTruthy();
    expect(
      within(team)
        .getByRole('link', { name: /^Preview receipt\.pdf/ })
        .getAttribute('href'),
    ).toBe(`${BASE}/documents/95/preview`);
    expect(screen.queryByRole('button', { name: /Upload|Delete/ }), 'read-only').toBeNull();
  });

  it('says plainly when the order is not found (unknown or another customer’s), with the way to the Orders tab', async () => {
    fakeApi({ [`GET ${BASE}`]: () => fail(404, APPLICATION_MESSAGES.orderNotFound) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to your orders/ }).getAttribute('href')).toBe('/profile?tab=orders');
  });

  it('answers an address without a valid order id the same way, without asking the API', async () => {
    const api = fakeApi({});
    renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('offers a retry when the order could not be loaded', async () => {
    let failing = true;
    serve(() => order(), {
      [`GET ${BASE}`]: () => (failing ? fail(500, 'Something went wrong on our side. Please try again.') : ok(order())),
    });
    const { vi } = await import('vitest');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this order. Please try again.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'OCI Card: New OCI Card' })).toBeTruthy();
  });

  it('shows premium support (priority line and named contact) for an order of $100.00, none at $99.99', async () => {
    const priced = (totalCents: number) =>
      order({ price: { ...order().price, totalCents }, premiumSupport: premiumSupportFor(totalCents) });
    serve(() => priced(99_99));
    const first = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'OCI Card: New OCI Card' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: PREMIUM_SUPPORT_TEXT.title })).toBeNull();
    first.unmount();
    clearQueries();

    serve(() => priced(100_00));
    renderPage();
    const card = await screen.findByRole('region', { name: PREMIUM_SUPPORT_TEXT.title });
    const c = PREMIUM_SUPPORT_CONTACT;
    expect(card.textContent).toContain(`${PREMIUM_SUPPORT_TEXT.lead} ${PREMIUM_SUPPORT_TEXT.priority(c.phone)}`);
    expect(within(card).getByText(c.name)).toBeTruthy();
    expect(within(card).getByRole('link', { name: c.phone }).getAttribute('href')).toBe('tel:+18005550199');
    expect(within(card).getByRole('link', { name: c.email }).getAttribute('href')).toBe(`mailto:${c.email}`);
  });

  /** A paid order's summary: one member, 10 % off our fee (FIRST10). */
  const paidSummary = () =>
    priceCheckout(
      {
        currency: 'USD',
        governmentFeeCents: 275_00,
        mandatoryFees: [],
        serviceFeeCents: 82_00,
        compareAtServiceFeeCents: 99_00,
        feesPaidOnPortal: false,
      },
      1,
      [],
      { code: 'FIRST10', discountType: 'percentage', value: 10 },
      { applies: false },
    );
  /** The order, paid: in Forms incomplete since. */
  const paidOrder = () =>
    order({
      status: 'Forms incomplete',
      actions: NOTHING_ALLOWED,
      timeline: [
        { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-11-20T10:00:00.000Z' },
        {
          fromStatus: 'Payment pending',
          status: 'Forms incomplete',
          by: 'system',
          remark: null,
          at: '2026-11-20T10:05:00.000Z',
        },
      ],
    });

  it('once paid, lists the paid lines as the receipt words them, adding up to the total paid (issue 28)', async () => {
    const summary = paidSummary();
    const paid = paidOrder();
    serve(() => paid, {
      'GET /api/v1/orders/DOC-48213907/cost-summary': () => ok({ ...summary, appliedCoupon: 'FIRST10' }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    const rows = within(panel)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Government fee', '$275 (not refundable once submitted)'],
      ['Our service fee', '$82'],
      ['Convenience Fees', '$0'],
      ['Coupon Discount', '-$8.20 (FIRST10)'],
      [PAID_LINES_TEXT.total, '$348.80'],
      ['Package Cost Per Member', '$357 (was $374)'],
    ]);
    expect(summary.totalCents).toBe(275_00 + 82_00 - 8_20);
  });

  it('once refunded in part, shows the refund beside what was paid, and what the payment now comes to', async () => {
    const summary = paidSummary();
    serve(paidOrder, {
      'GET /api/v1/orders/DOC-48213907/cost-summary': () =>
        ok({ ...summary, appliedCoupon: 'FIRST10', refundedCents: 73_80 }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    await within(panel).findByText(PAID_LINES_TEXT.refunded);
    const rows = within(panel)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toContainEqual([PAID_LINES_TEXT.refunded, '-$73.80']);
    expect(rows).toContainEqual([PAID_LINES_TEXT.net, '$275']);
  });

  it('lists the refund requests under what was paid: each reference, its state and the reason given (decision 0195)', async () => {
    const summary = paidSummary();
    const asked = {
      currency: 'USD',
      requestedAt: '2026-12-01T10:00:00.000Z',
      rejectionReason: null,
      partialReason: null,
    };
    const { calls } = serve(paidOrder, {
      'GET /api/v1/orders/DOC-48213907/cost-summary': () =>
        ok({ ...summary, appliedCoupon: 'FIRST10', refundedCents: 10_00 }),
      'GET /api/v1/orders/DOC-48213907/refund-requests': () =>
        ok([
          {
            ...asked,
            reference: 'RF-7K3Q9M2X',
            status: 'In review',
            amountCents: 50_00,
            approvedCents: null,
            decidedAt: null,
          },
          {
            ...asked,
            reference: 'RF-2B8D4F6H',
            status: 'Refunded',
            amountCents: 25_00,
            approvedCents: 10_00,
            decidedAt: '2026-12-03T10:00:00.000Z',
            partialReason: 'The consulate kept its fee.',
          },
        ]),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    const list = await within(panel).findByRole('list', { name: ORDER_REFUNDS_TEXT.title });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `RF-7K3Q9M2X · $50 asked${ORDER_REFUNDS_TEXT.state['In review']}${REFUND_NOTICES.received('RF-7K3Q9M2X', '$50')}Asked Dec 1, 2026`,
      `RF-2B8D4F6H · $25 asked${ORDER_REFUNDS_TEXT.state.Refunded}${REFUND_NOTICES.refunded('RF-2B8D4F6H', '$10', 'The consulate kept its fee.')}Asked Dec 1, 2026 · decided Dec 3, 2026`,
    ]);
    // One request waits: the form would refuse another, so the page says so in place of its link.
    expect(within(panel).queryByRole('link', { name: PAID_LINES_TEXT.askRefund })).toBeNull();
    expect(within(panel).getByText('You can ask for another refund once RF-7K3Q9M2X is decided.')).toBeTruthy();
    expect(items[1]).toContain('Why less than asked: The consulate kept its fee.');
    expect(calls.filter((call) => call.path.endsWith('/refund-requests'))).toHaveLength(1);
  });

  it('says when the refund requests could not be loaded, and keeps what was paid', async () => {
    const summary = paidSummary();
    serve(paidOrder, {
      'GET /api/v1/orders/DOC-48213907/cost-summary': () => ok({ ...summary, appliedCoupon: null }),
      'GET /api/v1/orders/DOC-48213907/refund-requests': () => fail(500, 'Something went wrong'),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    expect((await within(panel).findByRole('alert')).textContent).toBe(ORDER_REFUNDS_TEXT.loadError);
    // The form still takes a request (and refuses a second one itself).
    expect(within(panel).getByRole('link', { name: PAID_LINES_TEXT.askRefund })).toBeTruthy();
    expect(within(panel).getByTestId('paid-total').textContent).toBe('$348.80');
  });

  it('offers the refund request, filled with the order, until the order is refunded or cancelled', async () => {
    const summary = paidSummary();
    const routes = { 'GET /api/v1/orders/DOC-48213907/cost-summary': () => ok({ ...summary, appliedCoupon: null }) };
    serve(paidOrder, routes);
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    expect((await within(panel).findByRole('link', { name: PAID_LINES_TEXT.askRefund })).getAttribute('href')).toBe(
      '/refund-request?orderId=DOC-48213907',
    );
  });

  it('offers no refund request once the order is refunded', async () => {
    const summary = paidSummary();
    serve(() => ({ ...paidOrder(), status: 'Refunded' }), {
      'GET /api/v1/orders/DOC-48213907/cost-summary': () => ok({ ...summary, appliedCoupon: null }),
    });
    renderPage();
    const refunded = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    expect(within(refunded).queryByRole('link', { name: PAID_LINES_TEXT.askRefund })).toBeNull();
  });

  /** A charge the order could not take (decision 0166), as the order view lists it. */
  const strayCharge = (overrides: Partial<StrayCharge> = {}): StrayCharge => ({
    amountCents: 102_90,
    currency: 'USD',
    provider: 'stripe',
    reason: 'order-changed',
    refund: 'succeeded',
    receivedAt: '2026-11-20T15:00:00.000Z',
    refundedAt: '2026-11-21T15:00:00.000Z',
    ...overrides,
  });
  const strayItems = (container: HTMLElement) =>
    within(within(container).getByRole('list', { name: STRAY_CHARGES_TEXT.title }))
      .getAllByRole('listitem')
      .map((item) => Array.from(item.querySelectorAll('p'), (p) => p.textContent));

  it('lists each payment the paid order could not take under what was paid, with its refund’s state', async () => {
    serve(
      () =>
        order({
          ...paidOrder(),
          strayCharges: [
            strayCharge(),
            strayCharge({
              amountCents: 31_557_00,
              currency: 'INR',
              provider: 'razorpay',
              reason: 'already-paid',
              refund: 'pending',
              refundedAt: null,
            }),
            strayCharge({ provider: 'square', reason: null, refund: 'failed', refundedAt: null }),
          ],
        }),
      { 'GET /api/v1/orders/DOC-48213907/cost-summary': () => ok({ ...paidSummary(), appliedCoupon: null }) },
    );
    renderPage();
    const panel = await screen.findByRole('region', { name: PAID_LINES_TEXT.title });
    await within(panel).findByRole('heading', { level: 3, name: STRAY_CHARGES_TEXT.title });
    expect(strayItems(panel)).toEqual([
      [
        '$102.90Refunded on Nov 21, 2026',
        'Card (Stripe), received Nov 20, 2026',
        'The payment arrived after your order changed.',
      ],
      [
        '₹31,557Refund pending',
        'UPI, cards and netbanking in INR (Razorpay), received Nov 20, 2026',
        'Your order had already been paid.',
      ],
      ['$102.90Refund failed', 'Card (Square), received Nov 20, 2026', STRAY_CHARGES_TEXT.byHand],
    ]);
    // Not added to what the order was paid.
    expect(within(panel).getByTestId('paid-total').textContent).toBe('$348.80');
  });

  it('lists a payment the unpaid order could not take beside its price', async () => {
    serve(() => order({ strayCharges: [strayCharge({ reason: 'newer-payment' })] }));
    renderPage();
    const price = await screen.findByRole('region', { name: 'Price' });
    expect(strayItems(price)).toEqual([
      [
        '$102.90Refunded on Nov 21, 2026',
        'Card (Stripe), received Nov 20, 2026',
        'You had started a newer payment for your order by then.',
      ],
    ]);
  });

  it('before payment, shows the price the order started with, not paid lines', async () => {
    serve(() => order());
    renderPage();
    expect(await screen.findByRole('region', { name: 'Price' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: PAID_LINES_TEXT.title })).toBeNull();
    expect(screen.queryByRole('heading', { name: STRAY_CHARGES_TEXT.title })).toBeNull();
  });
});
