// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderQueueQuery } from '../../../domain/admin/orders.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { OrdersPage } from './orders-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

function show(url: string) {
  const query = orderQueueQuery.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
  renderWithRouter(
    <OrdersPage list={{ results: [], totalCount: 0, page: 1, limit: 25 }} query={query} services={[]} />,
    { path: url },
  );
}

describe('the order queue with nothing to list', () => {
  it('says a search matched nothing, outside the table’s columns (a phone cut the spanning row off), with a way back', async () => {
    show('/admin/orders?q=zzznomatch');
    await screen.findByRole('table', { name: 'Orders' });
    const message = screen.getByText('No orders match your search.');
    expect(message.closest('table'), 'centred on the screen, not on the table’s full width').toBeNull();
    expect(screen.getByRole('link', { name: 'Clear' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('tells filters that matched nothing from an empty queue', async () => {
    show('/admin/orders?status=Submitted');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
  });

  it('says when there are no orders yet', async () => {
    show('/admin/orders');
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clear' })).toBeNull();
  });
});
