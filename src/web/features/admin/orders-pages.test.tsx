// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DeskOrder,
  ORDER_DESK_MESSAGES,
  orderQueueQuery,
  type QueuedOrder,
} from '../../../domain/admin/orders.ts';
import { REFUND_ORIGIN_WORDS } from '../../../domain/admin/refunds.ts';
import { PAID_LINES_TEXT } from '../../../domain/checkout/receipt.ts';
import { TULARE_JURISDICTION } from '../../../domain/jurisdiction/testing.ts';
import { STATUS_MESSAGES } from '../../../domain/orders/status.ts';
import { PHOTO_RULE_LABELS } from '../../../domain/photos/compliance.ts';
import { CANCELLATION_REFUND } from '../../../domain/refunds/cancellation.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';
import { OrdersPage } from './orders-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const DAY = 86_400_000;
const sla = (state: QueuedOrder['sla']['state'], dueInDays: number | null): QueuedOrder['sla'] => ({
  state,
  startedAt: dueInDays === null ? null : new Date(Date.now() - 10 * DAY).toISOString(),
  dueAt: dueInDays === null ? null : new Date(Date.now() + dueInDays * DAY + 3_600_000).toISOString(),
  days: 70,
  basis: 'Published processing time: Usually 6–10 weeks',
});

const ROWS: QueuedOrder[] = [
  {
    id: 1,
    displayId: 'DOC-48213907',
    kind: 'service',
    title: 'OCI Card · New OCI Card',
    status: 'In review',
    customer: { id: 7, name: 'Priya Sharma', email: 'priya@example.com' },
    service: 'OCI Card',
    totalCents: 32500,
    refundedCents: 0,
    currency: 'USD',
    createdAt: '2026-11-01T10:00:00.000Z',
    sla: sla('overdue', -3),
    expedite: true,
  },
  {
    id: 2,
    displayId: 'PHO-51234567',
    kind: 'photo',
    title: 'Passport photos',
    status: 'Payment pending',
    customer: { id: 8, name: 'Ravi Kumar', email: 'ravi@example.com' },
    service: 'SevaPhotos',
    totalCents: 1500,
    refundedCents: 0,
    currency: 'USD',
    createdAt: '2026-11-02T10:00:00.000Z',
    sla: sla('waiting', null),
    expedite: false,
  },
  {
    id: 3,
    displayId: 'DOC-48213908',
    kind: 'service',
    title: 'OCI Card · New OCI Card',
    status: 'Forms incomplete',
    customer: { id: 9, name: 'Meera Iyer', email: 'meera@example.com' },
    service: 'OCI Card',
    totalCents: 35500,
    refundedCents: 0,
    currency: 'USD',
    createdAt: '2026-11-03T10:00:00.000Z',
    sla: sla('customer', null),
    expedite: true,
  },
];

describe('the order queue', () => {
  it('lists orders with links to their pages, flags the overdue one and keeps the filters', async () => {
    const query = orderQueueQuery.parse({ status: 'In review', service: 'oci-card' });
    renderWithRouter(
      <OrdersPage
        list={{ results: ROWS, totalCount: 3, page: 1, limit: 25 }}
        query={query}
        services={[
          { value: 'oci-card', label: 'OCI Card' },
          { value: 'photos', label: 'Photo orders (SevaPhotos)' },
        ]}
      />,
      { path: '/admin/orders?status=In+review&service=oci-card' },
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    const first = within(table).getByRole('link', { name: 'DOC-48213907' });
    expect(first.getAttribute('href')).toBe('/admin/orders/DOC-48213907');
    expect(within(table).getByText('Overdue by 3 d')).toBeTruthy();
    expect(within(table).getByText('Not paid yet')).toBeTruthy();
    // Expedite counts from the last document: a paid order still missing one waits for the customer.
    expect(within(table).getByText('Waits for the customer')).toBeTruthy();
    expect(within(table).getByText('$325')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('In review');
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('oci-card');
    // The Expedite order is flagged; the filter is a checkbox the URL keeps.
    expect(within(table).getAllByText('Expedite')).toHaveLength(2);
    expect((screen.getByLabelText('Expedite only') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Clear' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('says beside the total what was refunded, in part or in full, in the order’s currency, and nothing when none was', async () => {
    const [first, second, third] = ROWS as [QueuedOrder, QueuedOrder, QueuedOrder];
    const rows: QueuedOrder[] = [
      { ...first, refundedCents: 12550 },
      { ...second, currency: 'INR', totalCents: 150000, refundedCents: 150000 },
      third,
    ];
    renderWithRouter(
      <OrdersPage
        list={{ results: rows, totalCount: 3, page: 1, limit: 25 }}
        query={orderQueueQuery.parse({})}
        services={[]}
      />,
      { path: '/admin/orders' },
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    const total = (displayId: string) => {
      const row = within(table).getByRole('link', { name: displayId }).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell').at(5)?.textContent;
    };
    expect(total('DOC-48213907')).toBe('$325Refunded $125.50');
    expect(total('PHO-51234567')).toBe('₹1,500Refunded ₹1,500');
    expect(total('DOC-48213908')).toBe('$355');
  });

  it('sends a page past the last (reloaded once orders left the filter) to the last page, not "No orders match"', async () => {
    const query = orderQueueQuery.parse({ status: 'Completed', page: '99' });
    renderWithRouter(
      <OrdersPage list={{ results: [], totalCount: 2, page: 99, limit: 25 }} query={query} services={[]} />,
      { path: '/admin/orders?status=Completed&page=99' },
    );
    expect(await screen.findByText(/There is no page 99: the list has one page\./)).toBeTruthy();
    expect(screen.queryByText('No orders match these filters.')).toBeNull();
    expect(screen.getByText(/2 in all · Page 99 of 1/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe(
      '/admin/orders?status=Completed&page=1',
    );
  });
});

const document = (id: number, direction: 'from-customer' | 'to-customer', name: string) => ({
  id,
  memberId: 11,
  itemId: direction === 'from-customer' ? 'foreign-passport' : null,
  direction,
  name,
  type: 'application/pdf' as const,
  size: 240_000,
  uploadedBy: direction === 'from-customer' ? ('customer' as const) : ('staff' as const),
  uploadedAt: '2026-11-02T10:00:00.000Z',
  // As the desk's answer gives them (admin-orders/service.ts): staff's own routes.
  links: {
    download: `/api/v1/admin/orders/DOC-48213907/documents/${id}/download`,
    preview: `/api/v1/admin/orders/DOC-48213907/documents/${id}/preview`,
    portalPdf: `/api/v1/admin/orders/DOC-48213907/documents/${id}/portal-pdf`,
  },
});

/** The fields of a service order the page reads (the rest of the application is not shown). */
const ORDER = {
  id: 1,
  displayId: 'DOC-48213907',
  kind: 'service',
  title: 'OCI Card · New OCI Card',
  status: 'In review',
  customer: { id: 7, name: 'Priya Sharma', email: 'priya@example.com' },
  sla: sla('running', 20),
  nextStatuses: ['Submitted', 'Forms incomplete', 'Cancelled', 'Refunded'],
  notes: [
    {
      id: 3,
      authorEmail: 'sunil@sevadocs.example',
      body: 'Called the customer',
      toCustomer: false,
      createdAt: '2026-11-03T10:00:00Z',
    },
    {
      id: 4,
      authorEmail: 'sunil@sevadocs.example',
      body: 'Your appointment is on Monday',
      toCustomer: true,
      createdAt: '2026-11-03T11:00:00Z',
    },
  ],
  expedite: true,
  charged: {
    currency: 'USD',
    lines: [
      { id: 'members', label: 'Members', value: 'x1', icon: 'users', kind: 'summary', amountCents: 0 },
      {
        id: 'government-fee',
        label: 'Government fee',
        value: '$275',
        icon: 'landmark',
        kind: 'charge',
        amountCents: 27500,
        refundable: false,
      },
      { id: 'expedite', label: 'Expedite', value: '$62', icon: 'zap', kind: 'charge', amountCents: 6200 },
      {
        id: 'coupon-discount',
        label: 'Coupon Discount',
        value: '-$10',
        subValue: 'RUSH10',
        icon: 'tag',
        kind: 'discount',
        amountCents: -1000,
      },
    ],
    totalCents: 32500,
  },
  refundedCents: 0,
  unfinishedRefunds: [],
  decidedRefunds: [],
  refundable: null,
  payments: {
    attempts: [
      {
        attempt: 1,
        provider: 'sandbox',
        status: 'succeeded',
        amountCents: 32500,
        currency: 'USD',
        orderTotalCents: 32500,
        orderCurrency: 'USD',
        exchangeRate: null,
        providerPaymentId: 'sbx_1',
        method: 'upi',
        createdAt: '2026-11-01T11:00:00.000Z',
        updatedAt: '2026-11-01T11:00:00.000Z',
      },
      {
        attempt: 2,
        provider: 'stripe',
        status: 'stray',
        amountCents: 32500,
        currency: 'USD',
        orderTotalCents: 32500,
        orderCurrency: 'USD',
        exchangeRate: null,
        providerPaymentId: 'cs_test_2',
        method: 'card',
        createdAt: '2026-11-01T11:05:00.000Z',
        updatedAt: '2026-11-01T11:06:00.000Z',
      },
    ],
    refunds: [
      {
        attempt: 2,
        reason: 'stray',
        amountCents: 32500,
        currency: 'USD',
        providerAmountCents: 32500,
        status: 'succeeded',
        createdAt: '2026-11-01T11:06:00.000Z',
      },
    ],
  },
  service: {
    order: {
      service: { id: 1, slug: 'oci-card', name: 'OCI Card' },
      package: { id: 2, slug: 'new-oci-card', name: 'New OCI Card' },
      choices: { applyingFrom: 'US' },
      price: { totalCents: 32500, currency: 'USD' },
      members: [
        {
          id: 11,
          fullName: 'Priya Sharma',
          dateOfBirth: '1985-04-12',
          kind: 'Adult',
          relationship: 'Self',
          position: 1,
          progress: { currentStep: 5, totalSteps: 4, reviewed: true },
        },
      ],
      timeline: [
        { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-11-01T10:00:00Z' },
      ],
    },
    definition: { key: 'oci', version: 1 },
    answers: [{ memberId: 11, answers: { givenName: 'Priya' }, reviewed: true }],
    checklist: {
      canChangeDocuments: false,
      complete: true,
      members: [
        {
          memberId: 11,
          fullName: 'Priya Sharma',
          kind: 'Adult',
          items: [
            {
              id: 'foreign-passport',
              label: 'Current foreign passport',
              required: true,
              accept: { types: ['pdf'], maxBytes: 10_000_000 },
              // Asked for again: not in until the customer's new file answers it (documents.ts checklistStatus).
              uploaded: false,
              documents: [document(21, 'from-customer', 'passport.pdf')],
              requested: { note: 'Signature page cut off', at: '2026-11-03T10:00:00Z' },
            },
          ],
          otherDocuments: [],
          complete: true,
        },
      ],
    },
    documents: [document(21, 'from-customer', 'passport.pdf'), document(22, 'to-customer', 'receipt.pdf')],
    photosToCheck: [],
    documentRequests: [],
    addOns: [],
  },
  photo: null,
} as unknown as DeskOrder;

describe('the order page', () => {
  async function show(order = ORDER) {
    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/status': () => ok({}, 'Order status changed'),
      'POST /api/v1/admin/orders/DOC-48213907/notes': () => ok({}, 'Note added', 201),
      'POST /api/v1/admin/orders/DOC-48213907/messages': () => ok({}, 'Message sent to the customer', 201),
      'POST /api/v1/admin/orders/DOC-48213907/document-requests': () => ok({}, 'Document requested', 201),
    });
    renderWithRouter(
      <OrderDeskPage
        order={order}
        renderAnswers={({ memberName, answers }) => <p>{`Answers of ${memberName}: ${JSON.stringify(answers)}`}</p>}
      />,
      { path: '/admin/orders/DOC-48213907' },
    );
    await screen.findByRole('heading', { level: 1 });
    return api;
  }

  it('shows the customer, answers, checklist with the open request, documents through staff links, and notes', async () => {
    await show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('DOC-48213907');
    expect(screen.getByText('priya@example.com')).toBeTruthy();
    expect(screen.getByText('Answers of Priya Sharma: {"givenName":"Priya"}')).toBeTruthy();
    expect(screen.getByText('Requested: Signature page cut off')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Download' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/api/v1/admin/orders/DOC-48213907/documents/21/download',
      '/api/v1/admin/orders/DOC-48213907/documents/22/download',
    ]);
    // Beside View and Download, saying the OCI portal's limit (an OCI order's, decision 0189), named
    // for a screen reader by its document (decision 0185-portal-pdf).
    expect(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' }).getAttribute('href')).toBe(
      '/api/v1/admin/orders/DOC-48213907/documents/21/portal-pdf',
    );
    expect(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), receipt.pdf' }).getAttribute('href')).toBe(
      '/api/v1/admin/orders/DOC-48213907/documents/22/portal-pdf',
    );
    expect(screen.getByText('Called the customer')).toBeTruthy();
    expect(screen.getByText('Applying From: United States'), 'the choices as staff read them').toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Notes and messages' });
    expect(within(notes).getByText('Called the customer').closest('li')?.textContent).not.toContain(
      'Sent to the customer',
    );
    expect(within(notes).getByText('Your appointment is on Monday').closest('li')?.textContent).toContain(
      'Sent to the customer',
    );
  });

  it('says an e-Visa order’s Portal PDF is made to the e-Visa portal’s 10 KB–300 KB (decision 0189)', async () => {
    const service = ORDER.service;
    if (!service) throw new Error('expected a service order');
    await show({
      ...ORDER,
      service: {
        ...service,
        order: { ...service.order, service: { id: 4, slug: 'indian-visa', name: 'Indian e-Visa' } },
      },
    });
    expect(
      screen.getByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), passport.pdf' }).getAttribute('href'),
    ).toBe('/api/v1/admin/orders/DOC-48213907/documents/21/portal-pdf');
    expect(screen.getByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), receipt.pdf' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /OCI/ })).toBeNull();
  });

  it('counts a member’s form steps as the customer’s page does (the documents step too)', async () => {
    const [member] = ORDER.service?.order.members ?? [];
    if (!ORDER.service || !member) throw new Error('fixture');
    await show({
      ...ORDER,
      service: {
        ...ORDER.service,
        order: {
          ...ORDER.service.order,
          members: [{ ...member, progress: { currentStep: 1, totalSteps: 7, reviewed: false } }],
        },
        answers: [{ memberId: 11, answers: {}, reviewed: false }],
      },
    });
    expect(screen.getByText(/· form step 1 of 8$/)).toBeTruthy();
  });

  it('says a finished form in the customer’s words: answers complete, not “form reviewed” (walk J)', async () => {
    if (!ORDER.service) throw new Error('fixture');
    await show({ ...ORDER, service: { ...ORDER.service, answers: [{ memberId: 11, answers: {}, reviewed: true }] } });
    expect(screen.getByText(/· answers complete$/)).toBeTruthy();
    expect(screen.queryByText(/form reviewed/)).toBeNull();
  });

  it('says the latest status change at the top, with a link to the whole timeline below the answers', async () => {
    await show({
      ...ORDER,
      service: {
        ...ORDER.service,
        order: {
          ...ORDER.service?.order,
          timeline: [
            ...(ORDER.service?.order.timeline ?? []),
            {
              fromStatus: 'Payment pending',
              status: 'In review',
              by: 'asha@sevadocs.example',
              remark: null,
              at: '2026-11-02T09:30:00Z',
            },
          ],
        },
      },
    } as DeskOrder);
    expect(screen.getByText(/^Last change: In review, .+ by asha@sevadocs\.example\.$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Whole timeline' }).getAttribute('href')).toBe('#desk-timeline');
    expect(screen.getByRole('region', { name: 'Timeline' }).querySelector('h2')?.id).toBe('desk-timeline');
  });

  it('links the actions from the top, for widths where they come after every member’s answers', async () => {
    await show();
    const link = screen.getByRole('link', { name: 'Go to the actions: status, document requests, messages and notes' });
    const actions = screen.getByRole('complementary', { name: 'Actions' });
    expect(link.getAttribute('href')).toBe(`#${actions.id}`);
    expect(actions.id).not.toBe('');
    expect(within(actions).getByRole('form', { name: 'Change status' })).toBeTruthy();
  });

  it('names the add-ons bought: for which applicants, or for the whole order', async () => {
    const service = ORDER.service;
    if (!service) throw new Error('the fixture is a service order');
    const [priya] = service.order.members;
    if (!priya) throw new Error('the fixture has a member');
    const aarav = { ...priya, id: 12, fullName: 'Aarav Sharma', kind: 'Minor', position: 2 };
    await show({
      ...ORDER,
      service: {
        ...service,
        order: { ...service.order, members: [priya, aarav] },
        addOns: [
          { addon: 'Photo Enhancement', memberIds: [12] },
          { addon: 'Expedite', memberIds: null },
        ],
      },
    } as DeskOrder);
    expect(screen.getByText('Add-ons').nextElementSibling?.textContent).toBe(
      'Photo Enhancement for Aarav Sharma; Expedite (the whole order)',
    );
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('2. Aarav Sharma')).getByText('Bought for this applicant: Photo Enhancement.')).toBeTruthy();
    expect(within(section('1. Priya Sharma')).queryByText(/Bought for this applicant/)).toBeNull();
  });

  it('says when no add-on was bought', async () => {
    await show();
    expect(screen.getByText('Add-ons').nextElementSibling?.textContent).toBe('None');
  });

  it('shows the order’s mission on one line with its source', async () => {
    const service = ORDER.service;
    if (!service) throw new Error('the fixture is a service order');
    await show({
      ...ORDER,
      service: { ...service, order: { ...service.order, mission: TULARE_JURISDICTION } },
    } as DeskOrder);
    const row = screen.getByText('Mission').nextElementSibling;
    expect(row?.textContent).toBe(
      'Consulate General of India, San Francisco (Tulare County), through the VFS centre in San Francisco, by post. Source, in force since November 2, 2020: cgisf.gov.in',
    );
    expect(
      within(row as HTMLElement)
        .getByRole('link', { name: 'cgisf.gov.in' })
        .getAttribute('href'),
    ).toBe(TULARE_JURISDICTION.sourceUrl);
  });

  /** The fixture order with `item` added to its first member's checklist. */
  function withItemOnFirstMember(item: object): DeskOrder {
    const service = ORDER.service;
    const member = service?.checklist.members[0];
    if (!service || !member) throw new Error('the fixture is a service order with a member');
    return {
      ...ORDER,
      service: {
        ...service,
        checklist: { ...service.checklist, members: [{ ...member, items: [...member.items, item] }] },
      },
    } as DeskOrder;
  }

  it('shows the code on a proof of address with its mission, and a mismatch that holds the order', async () => {
    const conflict =
      'proof of address (ZIP 93215) belongs to the Consulate General of India, Los Angeles, but this application goes to the Consulate General of India, San Francisco (Tulare County), from the address in the form. Upload a proof of the address in the form, or correct the address in the form if you have moved.';
    const kern = {
      ...TULARE_JURISDICTION,
      mission: { ...TULARE_JURISDICTION.mission, name: 'Consulate General of India, Los Angeles' },
    };
    const proofItem = {
      id: 'address-proof',
      label: 'Proof of current address',
      required: true,
      accept: { types: ['pdf' as const], maxBytes: 10_000_000 },
      uploaded: true,
      documents: [
        {
          ...document(23, 'from-customer', 'bill.pdf'),
          proofAddress: { country: 'US' as const, postalCode: '93215', mission: kern },
        },
      ],
      conflict,
    };
    await show(withItemOnFirstMember(proofItem));
    expect(
      screen.getByText('ZIP 93215 on the proof, as the customer read it: Consulate General of India, Los Angeles.'),
    ).toBeTruthy();
    expect(
      screen.getByText(`Mission mismatch, holding the order in Forms incomplete: P${conflict.slice(1)}`),
    ).toBeTruthy();
  });

  it('says an optional item not sent is "not uploaded", a required one "missing", as the customer’s page does', async () => {
    const optional = {
      id: 'surrender-certificate',
      label: 'Surrender certificate',
      required: false,
      accept: { types: ['pdf' as const], maxBytes: 10_000_000 },
      uploaded: false,
      documents: [],
      requested: null,
    };
    await show(withItemOnFirstMember(optional));
    const line = (label: string) =>
      screen.getByText(label, { selector: 'span.font-medium' }).closest('p') as HTMLElement;
    expect(line('Surrender certificate').textContent).toContain('(optional, not uploaded)');
  });

  it('marks an item asked for again with an alert, "requested again", not ticked as uploaded (review r68d #7)', async () => {
    const optional = {
      id: 'marriage-certificate',
      label: 'Marriage certificate',
      required: false,
      accept: { types: ['pdf' as const], maxBytes: 10_000_000 },
      uploaded: false,
      documents: [document(24, 'from-customer', 'marriage.pdf')],
      requested: { note: 'The seal is not readable', at: '2026-11-03T10:00:00Z' },
    };
    await show(withItemOnFirstMember(optional));
    const line = (label: string) =>
      screen.getByText(label, { selector: 'span.font-medium' }).closest('p') as HTMLElement;
    const mark = (label: string) => line(label).querySelector('use')?.getAttribute('href');
    expect(line('Current foreign passport').textContent).toContain('(required, requested again)');
    expect(mark('Current foreign passport')).toBe('/icons/ui.svg#circle-alert');
    expect(line('Marriage certificate').textContent).toContain('(optional, requested again)');
    expect(mark('Marriage certificate')).toBe('/icons/ui.svg#circle-alert');
  });

  it('marks an item asked for the first time "requested", not "requested again" (walk H)', async () => {
    await show(
      withItemOnFirstMember({
        id: 'other-1',
        label: 'Old green card (both sides)',
        required: true,
        accept: { types: ['pdf' as const], maxBytes: 10_000_000 },
        uploaded: false,
        documents: [],
        requested: { note: 'Please upload a copy of both sides', at: '2026-11-03T10:00:00Z' },
      }),
    );
    const line = screen.getByText('Old green card (both sides)', { selector: 'span.font-medium' }).closest('p');
    expect(line?.textContent).toContain('(required, requested)');
    expect(line?.querySelector('use')?.getAttribute('href')).toBe('/icons/ui.svg#circle-alert');
  });

  it('shows SevaPhotos’ check of an application’s photo, a failed one flagged on its item', async () => {
    const checks = [
      { rule: 'head-height' as const, passed: true, measured: '62%', expected: '50–69%', fix: null },
      {
        rule: 'background' as const,
        passed: false,
        measured: 'grey',
        expected: 'plain, light',
        fix: 'Stand before a white wall',
      },
    ];
    const photoItem = {
      id: 'photo',
      label: 'Photo',
      required: true,
      accept: { types: ['jpeg' as const], maxBytes: 10_000_000 },
      uploaded: true,
      documents: [
        {
          ...document(24, 'from-customer', 'photo.jpg'),
          report: { sizeId: 'in-passport' as const, checks, passed: false, fitted: null },
        },
      ],
    };
    await show(withItemOnFirstMember(photoItem));
    const line = screen.getByText(/^SevaPhotos' check: /);
    expect(line.textContent).toContain('1 rule to fix');
    expect(line.textContent).toContain(PHOTO_RULE_LABELS.background);
    // Uploaded, but not the green tick of an item that is done.
    const item = line.closest('li') as HTMLElement;
    expect(item.querySelector('.text-green-700')).toBeNull();
    expect(item.querySelector('.text-amber-700')).not.toBeNull();
  });

  it('says so when the order’s mission is not known yet', async () => {
    await show();
    expect(screen.getByText('Mission').nextElementSibling?.textContent).toBe(
      'Not known yet: the applicant’s saved address does not tell which mission serves it.',
    );
  });

  it('says an order filed online has no mission, not that its mission is not known yet (walk I)', async () => {
    const service = ORDER.service;
    if (!service) throw new Error('the fixture is a service order');
    await show({ ...ORDER, service: { ...service, order: { ...service.order, filing: 'online' } } } as DeskOrder);
    expect(screen.getByText('Mission').nextElementSibling?.textContent).toBe(
      'None: it is filed online, on the government portal, not through a mission.',
    );
  });

  it('shows what was paid for: the Expedite badge, the paid lines and every payment, the stray one labelled', async () => {
    await show();
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(header).getByText('Expedite')).toBeTruthy();
    const lines = screen.getByRole('region', { name: 'Paid lines' });
    expect(within(lines).getByText('Government fee')).toBeTruthy();
    expect(within(lines).getByText('not refundable once submitted')).toBeTruthy();
    expect(within(lines).getByText('RUSH10')).toBeTruthy();
    expect(within(lines).getByText('$325 USD')).toBeTruthy();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Paid')).toBeTruthy();
    // How each was paid: a UPI refund goes to a bank account, a card's to the card.
    expect(within(payments).getByText('Attempt 1 · Sandbox · UPI')).toBeTruthy();
    expect(within(payments).getByText('Attempt 2 · Stripe · Card')).toBeTruthy();
    expect(within(payments).getByText('Stray charge — refunded automatically')).toBeTruthy();
    expect(within(payments).getByText(/Automatic refund of a stray charge/)).toBeTruthy();
  });

  it('says what has gone back of the payment and what it now comes to, as the customer’s page does', async () => {
    await show();
    const lines = () => screen.getByRole('region', { name: 'Paid lines' });
    expect(within(lines()).queryByText(PAID_LINES_TEXT.net)).toBeNull();
    cleanup();
    await show({ ...ORDER, refundedCents: 10000 } as DeskOrder);
    expect(within(lines()).getByText('Refunded').nextElementSibling?.textContent).toBe('-$100');
    expect(within(lines()).getByText(PAID_LINES_TEXT.net).nextElementSibling?.textContent).toBe('$225 USD');
  });

  it('names each decided refund request, what it refunded of what was asked, and who opened it', async () => {
    await show({
      ...ORDER,
      status: 'Cancelled',
      // No refund made: the rejected request's line is all there is, and "None." under it contradicted it.
      payments: { ...ORDER.payments, refunds: [] },
      decidedRefunds: [
        {
          id: 9,
          reference: 'RF-CANCEL01',
          status: 'Refunded',
          amountCents: 31500,
          approvedCents: 4000,
          origin: 'cancellation',
        },
        {
          id: 8,
          reference: 'RF-ASKED001',
          status: 'Rejected',
          amountCents: 1000,
          approvedCents: null,
          origin: 'customer',
        },
      ],
    } as DeskOrder);
    const payments = screen.getByRole('region', { name: 'Payments' });
    const cancelled = within(payments).getByRole('link', { name: 'RF-CANCEL01: Refunded $40 of $315 asked' });
    expect(cancelled.getAttribute('href')).toBe('/admin/refunds/9');
    expect(cancelled.parentElement?.textContent).toContain('· opened by our cancellation');
    expect(REFUND_ORIGIN_WORDS.cancellation).toBe('opened by our cancellation');
    const asked = within(payments).getByRole('link', { name: 'RF-ASKED001: Rejected, $10 asked' });
    // The customer's own request, the usual case, is not named.
    expect(asked.parentElement?.textContent).toBe('RF-ASKED001: Rejected, $10 asked');
    expect(within(payments).queryByText('None.')).toBeNull();
  });

  it('links the refund request that waits for a decision, with what was asked', async () => {
    await show({
      ...ORDER,
      status: 'Cancelled',
      openRefund: { id: 7, reference: 'RF-7K3Q9M2X', status: 'Received', amountCents: 30900 },
    } as DeskOrder);
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByText(ORDER_DESK_MESSAGES.openRefund('RF-7K3Q9M2X', 'Received', '$309'), { exact: false }),
    ).toBeTruthy();
    const link = within(payments).getByRole('link', { name: ORDER_DESK_MESSAGES.openRefundLink });
    expect(link.getAttribute('href')).toBe('/admin/refunds/7');
  });

  it('links an approved refund the payment provider never confirmed, to retry or record it (decision 0191)', async () => {
    await show({
      ...ORDER,
      unfinishedRefunds: [{ id: 11, reference: 'RF-2B4D6F8H', approvedCents: 1500, origin: 'customer' }],
    } as DeskOrder);
    const payments = screen.getByRole('region', { name: 'Payments' });
    const line = within(payments).getByText(
      "Refund RF-2B4D6F8H of $15 (asked for by the customer) is approved, but the payment provider's answer is not recorded: it may have been made.",
      { exact: false },
    );
    expect(line.textContent).toContain(ORDER_DESK_MESSAGES.unfinishedRefund('RF-2B4D6F8H', '$15', 'customer'));
    const link = within(payments).getByRole('link', { name: 'Retry or record it on the refunds desk' });
    expect(link.getAttribute('href')).toBe('/admin/refunds/11');
    expect(within(payments).queryByText('None.')).toBeNull();
  });

  it('changes the status with a remark, offering only the transition table’s next statuses', async () => {
    const api = await show();
    const select = screen.getByLabelText('New status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      '',
      'Submitted',
      'Forms incomplete',
      'Cancelled',
      'Refunded',
    ]);
    // Nothing is chosen to begin with: a click with a remark only submits nothing.
    expect(select.value).toBe('');
    fireEvent.change(screen.getByLabelText(/Remark for the customer/), { target: { value: 'Sent to VFS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('Choose a status')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/status'))).toBe(false);
    fireEvent.change(select, { target: { value: 'Submitted' } });
    fireEvent.change(screen.getByLabelText(/Remark for the customer/), { target: { value: 'Sent to VFS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/status'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
      status: 'Submitted',
      remark: 'Sent to VFS',
      fromStatus: 'In review',
    });
    expect(await screen.findByText('Order status changed')).toBeTruthy();
  });

  it('asks what the customer should change before sending an application back, and sends nothing until it is said', async () => {
    const api = await show();
    fireEvent.change(screen.getByLabelText('New status'), { target: { value: 'Forms incomplete' } });
    const remark = screen.getByLabelText(
      'What the customer should change (required: their notification and e-mail say it)',
    ) as HTMLTextAreaElement;
    expect(remark.required).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText(STATUS_MESSAGES.sendBackNeedsRemark)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/status'))).toBe(false);
    fireEvent.change(remark, { target: { value: 'Please sign page 2 of the PoA again.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
        status: 'Forms incomplete',
        remark: 'Please sign page 2 of the PoA again.',
        fromStatus: 'In review',
      }),
    );
    // Other statuses keep the remark optional.
    fireEvent.change(screen.getByLabelText('New status'), { target: { value: 'Submitted' } });
    expect((screen.getByLabelText(/Remark for the customer/) as HTMLTextAreaElement).required).toBe(false);
  });

  it('says, when Cancelled is chosen for a paid order, that cancelling opens a refund request', async () => {
    await show();
    const select = screen.getByLabelText('New status') as HTMLSelectElement;
    expect(screen.queryByText(CANCELLATION_REFUND.deskNote)).toBeNull();
    fireEvent.change(select, { target: { value: 'Cancelled' } });
    const note = screen.getByText(CANCELLATION_REFUND.deskNote);
    expect(select.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.change(select, { target: { value: 'Submitted' } });
    expect(screen.queryByText(CANCELLATION_REFUND.deskNote)).toBeNull();
  });

  it('changes the status without a remark, sending none (the route refuses a null remark)', async () => {
    const api = await show();
    fireEvent.change(screen.getByLabelText('New status'), { target: { value: 'Submitted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/status'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
      status: 'Submitted',
      fromStatus: 'In review',
    });
  });

  it('checks a note with the shared schema before sending it', async () => {
    const api = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New note (staff only)'), { target: { value: 'Waiting for VFS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/notes'))?.body).toEqual({ body: 'Waiting for VFS' }),
    );
  });

  it('sends the customer a message, checked with the shared schema first', async () => {
    const api = await show();
    const form = screen.getByRole('form', { name: 'Message the customer' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText(ORDER_DESK_MESSAGES.messageRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Message (the customer reads it)'), {
      target: { value: 'Bring the originals' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/messages'))?.body).toEqual({ body: 'Bring the originals' }),
    );
    expect(api.calls.some((c) => c.path.endsWith('/notes'))).toBe(false);
  });

  it('lists the photos and signatures to look at before the file goes: a failed rule, another member’s file', async () => {
    const problem =
      'It is the same file as Priya’s signature. Each applicant needs their own: please check it is the right one.';
    const service = ORDER.service;
    if (!service) throw new Error('the fixture is a service order');
    await show({
      ...ORDER,
      service: {
        ...service,
        photosToCheck: [
          {
            memberId: 12,
            itemId: 'signature',
            label: 'Dev’s signature',
            problem,
            step: 7,
            documentId: 5,
            sameFile: true,
          },
        ],
      },
    });
    const list = screen.getByRole('list', { name: 'Photos and signatures to look at before the file goes:' });
    expect(within(list).getByRole('listitem').textContent).toBe(`Dev’s signature: ${problem}`);
  });

  it("offers no message to an erased customer's order: nothing would reach them", async () => {
    await show({ ...ORDER, customer: { ...ORDER.customer, email: `erased-${ORDER.customer.id}@erased.invalid` } });
    expect(screen.queryByRole('form', { name: 'Message the customer' })).toBeNull();
    expect(screen.getByText(ORDER_DESK_MESSAGES.customerErased)).toBeTruthy();
  });

  it('requests a document for a member’s checklist item with a note', async () => {
    const api = await show();
    fireEvent.change(screen.getByLabelText('Note for the customer'), { target: { value: 'Please rescan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request document' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/document-requests'))?.body).toEqual({
        memberId: 11,
        itemId: 'foreign-passport',
        note: 'Please rescan',
      }),
    );
  });
});
