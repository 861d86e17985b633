// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeletionRequest } from '../../../domain/data-rights/schemas.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { DATA_RIGHTS_PAGE_TEXT, DataRightsPage } from './data-rights-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const NOW = Date.parse('2026-12-01T12:00:00Z');
const request = (over: Partial<AdminDeletionRequest>): AdminDeletionRequest => ({
  id: 1,
  userId: 7,
  customerName: 'Finn Pending',
  customerEmail: 'finn@example.com',
  state: 'pending',
  requestedAt: '2026-11-29T10:00:00Z',
  dueAt: '2026-12-29T10:00:00Z',
  erasedAt: null,
  openOrders: [],
  openRefundRequests: [],
  ...over,
});

describe("the back office's Data requests queue (issue 34 §3)", () => {
  it('says when nothing waits', async () => {
    renderWithRouter(<DataRightsPage queue={[]} now={NOW} />);
    expect(await screen.findByText('No deletion requests are waiting.')).toBeTruthy();
  });

  it('shows each request with its one-month deadline, holds the erasure while an order is open, and erases the rest', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/data-rights/deletion-requests/2/erase': () => ok(null, 'The account has been erased.'),
    });
    renderWithRouter(
      <DataRightsPage
        queue={[
          request({ id: 1, openOrders: [{ orderId: 'DOC-000007', kind: 'service', status: 'In review' }] }),
          request({ id: 2, customerName: 'Gia Ready', dueAt: '2026-11-30T10:00:00Z' }),
        ]}
        now={NOW}
      />,
    );
    expect(await screen.findByText('27 days left')).toBeTruthy();
    expect(screen.getByText('(due December 29, 2026)')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DOC-000007 · In review' }).getAttribute('href')).toBe(
      '/admin/orders/DOC-000007',
    );
    const held = screen.getByRole('button', { name: 'Erase the account of Finn Pending' }) as HTMLButtonElement;
    expect(held.disabled).toBe(true);
    const erase = () => screen.getByRole('button', { name: 'Erase the account of Gia Ready' });
    // Nothing is erased before staff confirm it in place; Keep (or Escape) gives the button the focus back.
    fireEvent.click(erase());
    let question = screen.getByRole('alertdialog', {
      name: 'Erase the account of Gia Ready (finn@example.com)?',
    });
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(question.textContent).toContain(DATA_RIGHTS_PAGE_TEXT.confirmText);
    fireEvent.click(within(question).getByRole('button', { name: 'Keep the account' }));
    await waitFor(() => expect(document.activeElement).toBe(erase()));
    fireEvent.click(erase());
    question = screen.getByRole('alertdialog');
    fireEvent.keyDown(question, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([]);
    fireEvent.click(erase());
    fireEvent.click(screen.getByRole('button', { name: 'Erase it for good' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The account has been erased.'));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/admin/data-rights/deletion-requests/2/erase',
    ]);
  });

  it('links the refund request a deletion waits for to its page, beside its order', async () => {
    renderWithRouter(
      <DataRightsPage
        queue={[
          request({
            openOrders: [{ orderId: 'DOC-000009', kind: 'service', status: 'Cancelled' }],
            openRefundRequests: [{ id: 12, reference: 'RF-BCRX3F5S', orderId: 'DOC-000009' }],
          }),
        ]}
        now={NOW}
      />,
    );
    const refund = await screen.findByRole('link', { name: 'Refund request RF-BCRX3F5S (order DOC-000009)' });
    expect(refund.getAttribute('href')).toBe('/admin/refunds/12');
    expect(screen.getByRole('link', { name: 'DOC-000009 · Cancelled' }).getAttribute('href')).toBe(
      '/admin/orders/DOC-000009',
    );
    expect(
      (screen.getByRole('button', { name: 'Erase the account of Finn Pending' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
