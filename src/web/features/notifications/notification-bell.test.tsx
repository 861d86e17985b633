// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../domain/notifications/notification.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { NotificationBell } from './notification-bell.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const base = {
  createdAt: '2026-11-20T10:00:00Z',
  isRead: false,
  orderStatus: null,
  remark: null,
  documentStatus: null,
};
const DOC: Notification = {
  ...base,
  id: 1,
  orderId: 'DOC-000123',
  orderId_DB: 123,
  orderStatus: 'In review',
  remark: 'Photo accepted',
  documentStatus: 'Verified',
};
const PHO: Notification = { ...base, id: 2, orderId: 'PHO-000045', orderId_DB: 45, orderStatus: 'Completed' };
const WELCOME: Notification = {
  ...base,
  id: 3,
  orderId: null,
  orderId_DB: null,
  remark: 'Welcome to SevaDocs! Your email is verified.',
};

function api(initial: Notification[]) {
  let items = [...initial];
  const list = () =>
    ok(
      { notifications: items, totalCount: items.length, unreadCount: items.filter((n) => !n.isRead).length },
      'Notifications loaded',
    );
  return fakeApi({
    'GET /api/v1/users/notification': list,
    'POST /api/v1/users/notification/read': () => {
      items = items.map((n) => ({ ...n, isRead: true }));
      return ok({ unreadCount: 0 });
    },
    'DELETE /api/v1/users/notification/1': () => {
      items = items.filter((n) => n.id !== 1);
      return ok(null, 'Notification deleted');
    },
    'DELETE /api/v1/users/notification/3': () => {
      items = items.filter((n) => n.id !== 3);
      return ok(null, 'Notification deleted');
    },
  });
}

const loads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/users/notification').length;

describe('notification bell and panel (SPEC.md §2, §4)', () => {
  it('loads on login (page 1, limit 100) and shows the unread count on the bell', async () => {
    const fake = api([DOC, PHO]);
    renderWithRouter(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByText('2')).toBeTruthy();
    const first = fake.calls.find((c) => c.path === '/api/v1/users/notification');
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('limit')).toBe('100');
  });

  it('shows the title with the count and 1–3 labelled lines with the right links', async () => {
    api([DOC, PHO, WELCOME]);
    renderWithRouter(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications (3)' });
    expect(within(panel).getByRole('heading', { name: 'Notifications (3)' })).toBeTruthy();
    // The panel itself takes the focus: Enter cannot delete a notification nobody chose.
    await waitFor(() => expect(document.activeElement).toBe(panel));
    // Each delete button names what it deletes.
    expect(
      within(panel).getByRole('button', { name: /^Delete notification about PHO-000045: Completed \(/ }),
    ).toBeTruthy();
    const doc = within(panel).getByRole('link', { name: /DOC-000123/ });
    expect(doc.getAttribute('href')).toBe('/service-order?orderId=123');
    expect(doc.textContent).toContain('Order Status: In review');
    expect(doc.textContent).toContain('Remark Status: Photo accepted');
    expect(doc.textContent).toContain('Document Status: Verified');
    const pho = within(panel).getByRole('link', { name: /PHO-000045/ });
    expect(pho.getAttribute('href')).toBe('/photos/photo-enhancement?orderId=45');
    expect(pho.textContent).toContain('Order Status: Completed');
    expect(pho.textContent).not.toContain('Remark Status');
    // Not about an order: a plain message, without order-status labels.
    const welcome = within(panel).getByText('Welcome to SevaDocs! Your email is verified.');
    expect(welcome.closest('li')?.textContent).not.toMatch(/Order Status|Remark Status|Document Status/);
  });

  it('names every delete button by its own notification, so no two read the same (review 62 §7)', async () => {
    const PASSWORD: Notification = { ...WELCOME, id: 4, remark: 'Your password was changed.' };
    const DOC_LATER: Notification = { ...DOC, id: 5, createdAt: '2026-11-21T10:00:00Z', orderStatus: 'Completed' };
    api([DOC, DOC_LATER, WELCOME, PASSWORD]);
    renderWithRouter(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications (4)' });
    const names = within(panel)
      .getAllByRole('button', { name: /^Delete notification/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(4);
    expect(names).toContainEqual(
      expect.stringMatching(/^Delete notification: Welcome to SevaDocs! Your email is verified\./),
    );
  });

  it('reloads whenever the panel toggles and marks the list read on opening', async () => {
    const fake = api([DOC]);
    renderWithRouter(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(loads(fake.calls)).toBe(1));
    fireEvent.click(bell);
    await waitFor(() => expect(loads(fake.calls)).toBe(2));
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/v1/users/notification/read')).toBe(true));
    // Up to the newest it listed: one made after it loaded stays unread.
    expect(fake.calls.find((c) => c.path === '/api/v1/users/notification/read')?.body).toEqual({ upTo: DOC.id });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(loads(fake.calls)).toBe(3));
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('deletes a notification from its close button, then reloads', async () => {
    const fake = api([DOC, WELCOME]);
    renderWithRouter(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications (2)' });
    const row = panel.querySelector('[data-notification-id="1"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /^Delete notification about DOC-000123:/ }));
    await screen.findByRole('dialog', { name: 'Notifications (1)' });
    const del = fake.calls.findIndex((c) => c.method === 'DELETE');
    expect(fake.calls[del]?.path).toBe('/api/v1/users/notification/1');
    expect(fake.calls.slice(del + 1).some((c) => c.method === 'GET')).toBe(true);
  });

  it('deletes a notification when its row is clicked', async () => {
    api([WELCOME]);
    renderWithRouter(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    fireEvent.click(await screen.findByText('Welcome to SevaDocs! Your email is verified.'));
    expect(await screen.findByText('There are currently no notifications available at the moment.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Notifications (0)' })).toBeTruthy();
  });

  it("shows 'There are currently no notifications available at the moment.' when empty", async () => {
    api([]);
    renderWithRouter(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('There are currently no notifications available at the moment.')).toBeTruthy();
  });

  it('keeps what it showed when a reload fails (logged only)', async () => {
    const fake = api([DOC]);
    renderWithRouter(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fake.routes['GET /api/v1/users/notification'] = () => ({
      status: 500,
      body: { isSuccess: false, statusCode: 500, message: 'boom', data: null },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications (1)' });
    await waitFor(() => expect(errors.length).toBeGreaterThan(0));
    console.error = original;
    expect(within(panel).getByText('DOC-000123')).toBeTruthy();
    // What it shows may be older than what came since: nothing is marked read unseen.
    expect(fake.calls.some((c) => c.path === '/api/v1/users/notification/read')).toBe(false);
  });
});
