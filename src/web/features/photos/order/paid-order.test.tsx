// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { PAID_LINES_TEXT } from '../../../../domain/checkout/receipt.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { PaidPhotoOrder } from './paid-order.tsx';
import { photoOrderAt } from './testing.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const LINES = [
  { id: 'digital-copy', label: 'Digital Copy', value: '$8.99', icon: 'image', kind: 'charge', amountCents: 899 },
  { id: 'print-copies', label: 'Print copies', value: '$5', icon: 'printer', kind: 'charge', amountCents: 500 },
] as const;

function show(refundedCents: number, status = 'Cancelled') {
  fakeApi({
    'GET /api/v1/orders/PHO-1001/cost-summary': () =>
      ok(
        { currency: 'USD', lines: LINES, totalCents: 1399, appliedCoupon: null, refundedCents },
        'Cost summary loaded',
      ),
  });
  const order = photoOrderAt(4, { status, totalCents: 1399, costSummary: [...LINES] });
  renderWithRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaidPhotoOrder order={order} />
    </QueryClientProvider>,
  );
}

describe('a paid photo order’s page', () => {
  it('shows what was refunded of the payment, and what it comes to', async () => {
    show(500);
    const refunded = await screen.findByText(PAID_LINES_TEXT.refunded);
    expect(refunded.nextElementSibling?.textContent).toBe(formatMoney({ amountCents: -500, currency: 'USD' }));
    expect(screen.getByText(PAID_LINES_TEXT.net).nextElementSibling?.textContent).toBe('$8.99');
  });

  it('offers the refund request for this order while it is not cancelled or refunded', async () => {
    show(0, 'Completed');
    const link = await screen.findByRole('link', { name: PAID_LINES_TEXT.askRefund });
    expect(link.getAttribute('href')).toBe('/refund-request?orderId=PHO-1001');
  });

  it('offers none on a cancelled order (its refund request opened by itself)', async () => {
    show(500);
    await screen.findByText(PAID_LINES_TEXT.refunded);
    expect(screen.queryByRole('link', { name: PAID_LINES_TEXT.askRefund })).toBeNull();
  });
});
