// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, type ApplicationOrder } from '../../../../domain/applications/application.ts';
import { POSTING_ADDRESS_TEXT } from '../../../../domain/applications/posting-address.ts';
import { clearQueries, QueryProvider } from '../../../lib/query-client.tsx';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { checklist, order, TODAY } from '../../../testing/order-fixtures.ts';
import { OrderPage } from './order-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const BASE = '/api/v1/application/order/DOC-48213907';
const CENTRE = [
  'VFS Global',
  'for the Embassy of India, Washington DC',
  '1025 Vermont Avenue NW',
  'Washington, DC 20005',
];

async function renderOrder(current: ApplicationOrder) {
  fakeApi({
    [`GET ${BASE}`]: () => ok(current, APPLICATION_MESSAGES.loaded),
    [`GET ${BASE}/checklist`]: () => ok(checklist()),
    [`GET ${BASE}/documents`]: () => ok({ results: [], totalCount: 0, page: 1, limit: 50 }),
  });
  renderWithRouter(
    <QueryProvider>
      <OrderPage orderRef="DOC-48213907" today={TODAY} />
    </QueryProvider>,
    { path: '/service-order?orderId=DOC-48213907' },
  );
  await screen.findByRole('heading', { level: 1, name: 'OCI Card: New OCI Card' });
}

describe('the order page’s “Where to post your file”', () => {
  it('tells a paid customer to wait for our team’s address before posting anything', async () => {
    await renderOrder(order({ status: 'Submitted', postingAddress: null }));
    const panel = screen.getByRole('region', { name: POSTING_ADDRESS_TEXT.heading });
    expect(within(panel).getByText(POSTING_ADDRESS_TEXT.wait)).toBeTruthy();
    expect(POSTING_ADDRESS_TEXT.wait).toBe(
      'Our team confirms the address on your order page and by e-mail before you post anything: do not post your file until then.',
    );
    // Submitted says what it means here: checked by our team, sent by the customer.
    expect(
      screen.getByText(
        'Our team has checked your application: it is ready for you to send. Your order page has the print pack and says where it goes.',
      ),
    ).toBeTruthy();
  });

  it('shows the address our team confirmed, line by line, with the day', async () => {
    await renderOrder(
      order({ status: 'Submitted', postingAddress: { lines: CENTRE, confirmedAt: '2026-12-01T12:00:00.000Z' } }),
    );
    const panel = screen.getByRole('region', { name: POSTING_ADDRESS_TEXT.heading });
    const address = panel.querySelector('address');
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual(CENTRE);
    expect(within(panel).getByText('Confirmed by our team on Dec 1, 2026.')).toBeTruthy();
    expect(within(panel).queryByText(POSTING_ADDRESS_TEXT.wait)).toBeNull();
    // Our check is done: nothing says to wait any more.
    expect(within(panel).queryByText(POSTING_ADDRESS_TEXT.notYet)).toBeNull();
    // First on the page, what to do now: our team's check is done, the customer posts the file.
    const toDo = screen.getByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByText(POSTING_ADDRESS_TEXT.toDoPost)).toBeTruthy();
    expect(within(toDo).queryByText(/Nothing right now/)).toBeNull();
  });

  it('under an address confirmed before Submitted, says to wait for our “ready to send” message', async () => {
    const confirmed = { lines: CENTRE, confirmedAt: '2026-12-01T12:00:00.000Z' };
    for (const status of ['Order pending', 'In review', 'Forms incomplete'] as const) {
      await renderOrder(order({ status, postingAddress: confirmed }));
      const panel = screen.getByRole('region', { name: POSTING_ADDRESS_TEXT.heading });
      expect(panel.querySelector('address')?.textContent).toContain('1025 Vermont Avenue NW');
      expect(within(panel).getByRole('note').textContent).toBe(
        'Do not post your file yet: wait for our message that your application is ready to send.',
      );
      expect(within(panel).queryByText(POSTING_ADDRESS_TEXT.wait)).toBeNull();
      cleanup();
      clearQueries();
    }
  });

  it('is gone once the order is decided or completed, the address confirmed or not: the file went long ago', async () => {
    const confirmed = { lines: CENTRE, confirmedAt: '2026-12-01T12:00:00.000Z' };
    for (const status of ['Approved', 'Rejected', 'Completed'] as const) {
      await renderOrder(order({ status, postingAddress: confirmed }));
      expect(screen.queryByRole('region', { name: POSTING_ADDRESS_TEXT.heading }), status).toBeNull();
      expect(screen.queryByText('1025 Vermont Avenue NW')).toBeNull();
      cleanup();
      clearQueries();
    }
    // An e-Visa's panel too: it was submitted on the portal.
    await renderOrder(order({ status: 'Approved', filing: 'online', postingAddress: null }));
    expect(screen.queryByRole('region', { name: POSTING_ADDRESS_TEXT.onlineHeading })).toBeNull();
  });

  it('has nothing for the customer to do at Submitted until the address is confirmed', async () => {
    await renderOrder(order({ status: 'Submitted', postingAddress: null }));
    const toDo = screen.getByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByText(/^Nothing right now/)).toBeTruthy();
    expect(screen.getAllByText(POSTING_ADDRESS_TEXT.wait)).toHaveLength(1);
  });

  it('tells an e-Visa’s customer at Submitted to submit it on the portal', async () => {
    await renderOrder(order({ status: 'Submitted', filing: 'online', postingAddress: null }));
    const toDo = screen.getByRole('region', { name: 'What you still need to do' });
    expect(within(toDo).getByText(POSTING_ADDRESS_TEXT.toDoOnline)).toBeTruthy();
  });

  it('says nothing of waiting for an address once a file sent before addresses were confirmed is decided', async () => {
    await renderOrder(order({ status: 'Completed', postingAddress: null }));
    expect(screen.queryByRole('region', { name: POSTING_ADDRESS_TEXT.heading })).toBeNull();
    expect(screen.queryByText(POSTING_ADDRESS_TEXT.wait)).toBeNull();
  });

  it('says an e-Visa goes to the portal', async () => {
    await renderOrder(order({ status: 'In review', filing: 'online', postingAddress: null }));
    const online = screen.getByRole('region', { name: POSTING_ADDRESS_TEXT.onlineHeading });
    expect(within(online).getByText(POSTING_ADDRESS_TEXT.online)).toBeTruthy();
    expect(screen.queryByRole('region', { name: POSTING_ADDRESS_TEXT.heading })).toBeNull();
  });

  it('shows nothing before payment', async () => {
    await renderOrder(order({ status: 'Payment pending', postingAddress: null }));
    expect(screen.queryByRole('region', { name: POSTING_ADDRESS_TEXT.heading })).toBeNull();
    expect(screen.queryByText(POSTING_ADDRESS_TEXT.wait)).toBeNull();
  });
});
