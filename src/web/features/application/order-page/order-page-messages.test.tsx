// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../../domain/applications/application.ts';
import { STAFF_MESSAGES_TEXT } from '../../../../domain/orders/staff-messages.ts';
import { clearQueries, QueryProvider } from '../../../lib/query-client.tsx';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { checklist, order, TODAY } from '../../../testing/order-fixtures.ts';
import { OrderPage } from './order-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const BASE = '/api/v1/application/order/DOC-48213907';

describe('/service-order: staff’s messages', () => {
  it('lists what our team wrote about the order, so a deleted notification loses nothing', async () => {
    const body = 'Your VFS appointment is on 10 December at 9:30.';
    fakeApi({
      [`GET ${BASE}`]: () =>
        ok(order({ messages: [{ sentAt: '2026-12-01T09:05:00.000Z', body }] }), APPLICATION_MESSAGES.loaded),
      [`GET ${BASE}/checklist`]: () => ok(checklist()),
      [`GET ${BASE}/documents`]: () => ok({ results: [], totalCount: 0, page: 1, limit: 50 }),
    });
    renderWithRouter(
      <QueryProvider>
        <OrderPage orderRef="DOC-48213907" today={TODAY} />
      </QueryProvider>,
      { path: '/service-order?orderId=DOC-48213907' },
    );
    const region = await screen.findByRole('region', { name: STAFF_MESSAGES_TEXT.title });
    expect(within(within(region).getByRole('list')).getByRole('listitem').textContent).toContain(body);
  });
});
