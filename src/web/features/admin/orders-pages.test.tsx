// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DeskOrder, orderQueueQuery, type QueuedOrder } from '../../../domain/admin/orders.ts';
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
    currency: 'USD',
    createdAt: '2026-11-01T10:00:00.000Z',
    sla: sla('overdue', -3),
    expedite: false,
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
    currency: 'USD',
    createdAt: '2026-11-02T10:00:00.000Z',
    sla: sla('waiting', null),
    expedite: false,
  },
];

describe('the order queue', () => {
  it('lists orders with links to their pages, flags the overdue one and keeps the filters', async () => {
    const query = orderQueueQuery.parse({ status: 'In review', service: 'oci-card' });
    renderWithRouter(
      <OrdersPage
        list={{ results: ROWS, totalCount: 2, page: 1, limit: 25 }}
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
    expect(within(table).getByText('$325')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('In review');
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('oci-card');
    expect(screen.getByRole('link', { name: 'Clear' }).getAttribute('href')).toBe('/admin/orders');
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
  links: {
    download: `/api/v1/application/order/DOC-48213907/documents/${id}/download`,
    preview: `/api/v1/application/order/DOC-48213907/documents/${id}/preview`,
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
  nextStatuses: ['Forms incomplete', 'Submitted', 'Cancelled', 'Refunded'],
  notes: [
    { id: 3, authorEmail: 'sunil@sevadocs.example', body: 'Called the customer', createdAt: '2026-11-03T10:00:00Z' },
  ],
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
              uploaded: true,
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
  },
  photo: null,
} as unknown as DeskOrder;

describe('the order page', () => {
  async function show() {
    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/status': () => ok({}, 'Order status changed'),
      'POST /api/v1/admin/orders/DOC-48213907/notes': () => ok({}, 'Note added', 201),
      'POST /api/v1/admin/orders/DOC-48213907/document-requests': () => ok({}, 'Document requested', 201),
    });
    renderWithRouter(
      <OrderDeskPage
        order={ORDER}
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
    expect(screen.getByText('Called the customer')).toBeTruthy();
    expect(screen.getByText('Only staff see these notes.')).toBeTruthy();
  });

  it('changes the status with a remark, offering only the transition table’s next statuses', async () => {
    const api = await show();
    const select = screen.getByLabelText('New status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['Forms incomplete', 'Submitted', 'Cancelled', 'Refunded']);
    fireEvent.change(select, { target: { value: 'Submitted' } });
    fireEvent.change(screen.getByLabelText(/Remark for the customer/), { target: { value: 'Sent to VFS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/status'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
      status: 'Submitted',
      remark: 'Sent to VFS',
    });
    expect(await screen.findByText('Order status changed')).toBeTruthy();
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
