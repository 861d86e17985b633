// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../domain/orders/order-summary.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../testing/dom.tsx';
import { OrderList } from './order-list.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const order = (overrides: Partial<OrderSummary>): OrderSummary => ({
  id: 3,
  displayId: 'DOC-000003',
  kind: 'service',
  title: 'Indian Passport Renewal',
  status: 'Completed',
  totalCents: 32500,
  refundedCents: 0,
  currency: 'USD',
  createdAt: '2026-11-21T00:00:00Z',
  ...overrides,
});

describe('OrderList', () => {
  it('says beside the total what was refunded, in part or in full, in the order’s currency, and nothing when none was', async () => {
    renderWithRouter(
      <OrderList
        orders={[
          order({ id: 1, title: 'Partly refunded', refundedCents: 12550 }),
          order({
            id: 2,
            title: 'Refunded in full',
            status: 'Refunded',
            currency: 'INR',
            totalCents: 150000,
            refundedCents: 150000,
          }),
          order({ id: 3, title: 'Kept' }),
        ]}
      />,
    );
    const row = async (title: string) => (await screen.findByRole('link', { name: new RegExp(title) })).textContent;
    expect(await row('Partly refunded')).toContain('$325Refunded $125.50');
    expect(await row('Refunded in full')).toContain('₹1,500Refunded ₹1,500');
    expect(await row('Kept')).toContain('$325');
    expect(await row('Kept')).not.toContain('Refunded');
  });
});
