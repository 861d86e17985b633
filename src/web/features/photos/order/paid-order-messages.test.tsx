// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES_TEXT } from '../../../../domain/orders/staff-messages.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../../testing/dom.tsx';
import { PaidPhotoOrder } from './paid-order.tsx';
import { photoOrderAt } from './testing.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

describe('a paid photo order’s page: staff’s messages', () => {
  it('lists what our team wrote about the order, so a deleted notification loses nothing', async () => {
    const body = 'Your prints are ready for pickup from Monday.';
    const order = photoOrderAt(4, {
      status: 'Order pending',
      messages: [{ sentAt: '2026-12-01T09:05:00.000Z', body }],
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PaidPhotoOrder order={order} />
      </QueryClientProvider>,
    );
    const region = await screen.findByRole('region', { name: STAFF_MESSAGES_TEXT.title });
    expect(within(within(region).getByRole('list')).getByRole('listitem').textContent).toContain(body);
  });
});
