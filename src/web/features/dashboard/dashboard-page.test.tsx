// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { DashboardPage } from './dashboard-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const render = () =>
  renderWithRouter(
    <QueryProvider>
      <DashboardPage name="Priya Sharma" />
    </QueryProvider>,
    { path: '/dashboard' },
  );

describe('/dashboard', () => {
  it('greets the user and shows an empty state until there are orders', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok({ ordersCount: 0, activeOrders: 0, unreadNotifications: 1, recentOrders: [] }, 'Dashboard loaded'),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(await screen.findByText('You have no orders yet')).toBeTruthy();
    expect(screen.getByText('Unread notifications').nextElementSibling?.textContent).toBe('1');
  });

  it('lists the recent orders', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok({
          ordersCount: 1,
          activeOrders: 1,
          unreadNotifications: 0,
          recentOrders: [
            {
              id: 3,
              displayId: 'DOC-000003',
              kind: 'service',
              title: 'Indian Passport Renewal',
              status: 'In review',
              totalCents: 1500,
              currency: 'USD',
              createdAt: '2026-11-21T00:00:00Z',
            },
          ],
        }),
    });
    render();
    const link = await screen.findByRole('link', { name: /Indian Passport Renewal/ });
    expect(link.getAttribute('href')).toBe('/service-order?orderId=3');
    expect(link.textContent).toContain('In review');
  });

  it('offers a retry when the summary cannot be loaded', async () => {
    fakeApi({ 'GET /api/v1/users/dashboard': () => fail(500, 'boom') });
    const original = console.error;
    console.error = () => {};
    render();
    expect(
      await screen.findByText('We could not load your dashboard. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    console.error = original;
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
