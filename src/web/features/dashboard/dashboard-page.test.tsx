// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUE_TEXT } from '../../../domain/orders/open-application.ts';
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

/** An application started for three and not paid yet: the dashboard offers to continue it. */
const UNPAID_OCI = {
  displayId: 'DOC-000007',
  title: 'OCI Card: New OCI Card',
  status: 'Payment pending',
  memberNames: ['Priya Sharma', 'Raj Sharma', 'Anaya Sharma'],
  sentBack: false,
} as const;

describe('/dashboard', () => {
  it('greets a new customer with a first-order call to action instead of counters that read 0', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok(
          { ordersCount: 0, activeOrders: 0, unreadNotifications: 1, recentOrders: [], openApplications: [] },
          'Dashboard loaded',
        ),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    const start = await screen.findByRole('region', { name: 'Start your first application' });
    expect(
      within(start)
        .getByRole('link', { name: /Browse services/ })
        .getAttribute('href'),
    ).toBe('/services');
    // SevaPhotos' own page (issue 12), no longer the catalog's service page.
    expect(within(start).getByRole('link', { name: 'Photo enhancement' }).getAttribute('href')).toBe('/photos');
    expect(screen.queryByRole('region', { name: 'Summary' }), 'no counters').toBeNull();
    expect(screen.queryByText('Orders'), 'no "0 orders" card').toBeNull();
    expect(screen.queryByText('You have no orders yet'), 'one call to action, not two').toBeNull();
  });

  it('shows the counters once there are orders', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok(
          { ordersCount: 2, activeOrders: 1, unreadNotifications: 3, recentOrders: [], openApplications: [] },
          'Dashboard loaded',
        ),
    });
    render();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(summary).getByText('Unread notifications').nextElementSibling?.textContent).toBe('3'),
    );
    expect(within(summary).getByText('Orders').nextElementSibling?.textContent).toBe('2');
    expect(screen.queryByRole('region', { name: 'Start your first application' })).toBeNull();
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
          openApplications: [],
        }),
    });
    render();
    const link = await screen.findByRole('link', { name: /Indian Passport Renewal/ });
    // By the reference the customer knows, not the row id (which counts the orders before theirs).
    expect(link.getAttribute('href')).toBe('/service-order?orderId=DOC-000003');
    expect(link.textContent).toContain('In review');
  });

  it('offers to continue the open applications, each row naming its members (issue 30 §4)', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok({
          ordersCount: 2,
          activeOrders: 2,
          unreadNotifications: 0,
          recentOrders: [],
          openApplications: [
            UNPAID_OCI,
            {
              displayId: 'DOC-000004',
              title: 'Indian Passport Renewal: Adult',
              status: 'Forms incomplete',
              memberNames: ['Priya Sharma'],
              sentBack: false,
            },
            {
              displayId: 'DOC-000002',
              title: 'Renunciation of Indian Passport: Adult',
              status: 'Forms incomplete',
              memberNames: ['Raj Sharma'],
              sentBack: true,
            },
          ],
        }),
    });
    render();
    const section = await screen.findByRole('region', { name: 'Continue your application' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.font-semibold')?.textContent)).toEqual([
      'OCI Card for Priya, Raj and Anaya',
      'Indian Passport Renewal for Priya',
      'Renunciation of Indian Passport for Raj',
    ]);
    // Unpaid: to the order page to pay; paid: on to the forms.
    expect(
      within(section).getByRole('link', { name: 'Continue: OCI Card for Priya, Raj and Anaya' }).getAttribute('href'),
    ).toBe('/service-order?orderId=DOC-000007');
    expect(
      within(section).getByRole('link', { name: 'Continue: Indian Passport Renewal for Priya' }).getAttribute('href'),
    ).toBe('/package-form?orderId=DOC-000004');
    // Sent back by our team: to the order page, where their remark says what to change.
    const sentBack = within(section).getByRole('link', { name: 'Continue: Renunciation of Indian Passport for Raj' });
    expect(sentBack.getAttribute('href')).toBe('/service-order?orderId=DOC-000002');
    expect(rows[2]?.textContent).toContain(CONTINUE_TEXT.sentBack);
  });

  it('says it is loading until the dashboard arrives, then shows it as one: nothing in view moves (decision 0141)', async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      'GET /api/v1/users/dashboard': async () => {
        await arrived;
        return ok({
          ordersCount: 1,
          activeOrders: 1,
          unreadNotifications: 0,
          recentOrders: [],
          openApplications: [UNPAID_OCI],
        });
      },
    });
    render();
    expect((await screen.findByRole('status')).textContent).toContain('Loading your orders…');
    // No counters or list to push down when the card comes.
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent orders' })).toBeNull();
    answer();
    const card = await screen.findByRole('region', { name: 'Continue your application' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(card.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Loading your orders…')).toBeNull();
  });

  it('shows no "Continue" section when nothing is open', async () => {
    fakeApi({
      'GET /api/v1/users/dashboard': () =>
        ok({ ordersCount: 2, activeOrders: 1, unreadNotifications: 3, recentOrders: [], openApplications: [] }),
    });
    render();
    await screen.findByRole('region', { name: 'Summary' });
    expect(screen.queryByRole('region', { name: 'Continue your application' })).toBeNull();
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
