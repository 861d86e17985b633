// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initials } from '../features/account/user-menu.tsx';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../testing/dom.tsx';
import HeaderAccount from './header-account.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const user = { name: 'Priya Sharma', email: 'priya@example.com' };
const empty = () => ok({ notifications: [], totalCount: 0, unreadCount: 0 });

function openMenu() {
  const trigger = screen.getByRole('button', { name: 'Account menu for Priya Sharma' });
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
  return trigger;
}

describe('signed-in header (SPEC.md §2)', () => {
  it('shows the bell and the avatar with the initials', async () => {
    fakeApi({ 'GET /api/v1/users/notification': empty });
    renderWithRouter(<HeaderAccount user={user} />);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    const avatar = screen.getByRole('button', { name: 'Account menu for Priya Sharma' });
    expect(avatar.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('PS');
    expect(initials('asha')).toBe('A');
    expect(initials('Ravi Kumar Rao')).toBe('RR');
  });

  it('opens the user menu with Profile and Log out; the chosen item becomes active', async () => {
    fakeApi({ 'GET /api/v1/users/notification': empty });
    renderWithRouter(<HeaderAccount user={user} />, { path: '/profile' });
    await screen.findByRole('button', { name: 'Notifications' });
    openMenu();
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.replace(' (current)', ''))).toEqual(['Profile', 'Log out']);
    expect(items[0]?.hasAttribute('data-current')).toBe(true);
    expect(screen.getByText('priya@example.com')).toBeTruthy();
  });

  it('offers staff the back office first', async () => {
    fakeApi({ 'GET /api/v1/users/notification': empty });
    renderWithRouter(<HeaderAccount user={{ ...user, role: 'staff' }} />);
    await screen.findByRole('button', { name: 'Notifications' });
    openMenu();
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Back office', 'Profile', 'Log out']);
  });

  it('Log out ends the session and goes home', async () => {
    const api = fakeApi({
      'GET /api/v1/users/notification': empty,
      'POST /api/v1/auth/signout': () => ok(null, 'Signed out'),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/' });
    localStorage.setItem('sevadocs-packages', '{"state":{}}');
    renderWithRouter(<HeaderAccount user={user} />);
    await screen.findByRole('button', { name: 'Notifications' });
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Log out/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/v1/auth/signout')).toBe(true);
    expect(localStorage.length).toBe(0);
  });
});
