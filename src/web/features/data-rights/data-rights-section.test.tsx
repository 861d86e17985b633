// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_RIGHTS_MESSAGES as M } from '../../../domain/data-rights/schemas.ts';
import { goTo } from '../../lib/go-to.ts';
import { photoOrderHref } from '../../lib/photo-api.ts';
import { clearQueries, QueryProvider } from '../../lib/query-client.tsx';
import { useSessionStore } from '../../lib/stores/session-store.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { DataRightsSection } from './data-rights-section.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();
afterEach(clearQueries);

const NONE = { deletion: null };
const PENDING = {
  state: 'pending',
  requestedAt: '2026-11-29T10:00:00Z',
  dueAt: '2026-12-29T10:00:00Z',
  openOrders: [{ orderId: 'PHO-000042', kind: 'photo', status: 'In review' }],
};

function renderSection(routes = {}) {
  const api = fakeApi({ 'GET /api/v1/users/data-rights': () => ok(NONE), ...routes });
  renderWithRouter(
    <QueryProvider>
      <DataRightsSection />
    </QueryProvider>,
    { path: '/profile' },
  );
  return api;
}

describe('the profile page\'s "Your data" section (issue 34 §3)', () => {
  it('asks for the tick and the password before deleting, then says the account is gone', async () => {
    useSessionStore.getState().login({ id: 1, name: 'Ana Rao', email: 'ana@example.com' }, 1);
    let attempts = 0;
    const api = renderSection({
      'POST /api/v1/users/data-deletion': () =>
        ++attempts === 1
          ? fail(400, M.passwordIncorrect, { password: M.passwordIncorrect })
          : ok({ ...PENDING, state: 'erased', openOrders: [] }, M.erased),
    });
    const open = (await screen.findByRole('button', { name: 'Delete my account…' })) as HTMLButtonElement;
    // Held until the page knows whether a request is already pending.
    await waitFor(() => expect(open.disabled).toBe(false));
    fireEvent.click(open);
    // The form takes the focus on its first field; "Keep my account" gives it back to the button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password')));
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account…' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(M.confirmRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(M.passwordIncorrect)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'Str0ng!Pass' } });
    sessionStorage.setItem('sevadocs-start-members:oci-new', '[{"fullName":"Asha Rao"}]');
    localStorage.setItem('sevadocs-application-form', '{"x":1}');
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(M.erased)).toBeTruthy();
    // Forgotten at once, not when the customer leaves the page: they may just close the tab.
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect([sessionStorage.length, localStorage.length]).toEqual([0, 0]);
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      password: 'Str0ng!Pass',
      confirm: true,
    });
    // A page loaded afresh, signed out: nothing on screen is the erased account's any more.
    expect(assign).toHaveBeenCalledWith('/account-deleted');
    assign.mockRestore();
  });

  it('shows a pending request with the orders it waits for, and no deadline an open order could break', async () => {
    renderSection({ 'GET /api/v1/users/data-rights': () => ok({ deletion: PENDING }) });
    expect(await screen.findByText('Deletion requested')).toBeTruthy();
    // Staff cannot erase while an order is open, and an OCI order runs for weeks.
    expect(
      screen.getByText(
        'You asked on November 29, 2026. We delete your account once the orders below have finished or been cancelled, and any refund of them is settled. An order in progress can take several weeks, so this may be more than a month from your request. We e-mail you when it is done.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/December 29, 2026|at the latest/)).toBeNull();
    // Each order it waits for links to its page, where an unpaid one can be cancelled.
    const order = screen.getByRole('link', { name: 'PHO-000042 · In review' });
    expect(order.getAttribute('href')).toBe(photoOrderHref('PHO-000042'));
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();
  });

  it('lets the customer keep their account after all: the request is withdrawn and the deletion offered again', async () => {
    const api = renderSection({
      'GET /api/v1/users/data-rights': () => ok({ deletion: PENDING }),
      'POST /api/v1/users/data-deletion/withdraw': () => ok({ deletion: null }, M.withdrawn),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my account after all' }));
    expect(await screen.findByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    expect(screen.queryByText('Deletion requested')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/users/data-deletion/withdraw',
    ]);
  });

  it('says the account goes shortly, with no empty list, once every order it waited for has finished', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T10:00:00Z'));
    try {
      renderSection({ 'GET /api/v1/users/data-rights': () => ok({ deletion: { ...PENDING, openOrders: [] } }) });
      expect(
        await screen.findByText(
          'You asked on November 29, 2026. Your orders have finished, so we delete your account shortly, and by December 29, 2026 at the latest, and e-mail you when it is done.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/once the orders below have finished/)).toBeNull();
      expect(screen.queryByRole('list')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names no deadline already past once the orders finished after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-20T10:00:00Z'));
    try {
      renderSection({ 'GET /api/v1/users/data-rights': () => ok({ deletion: { ...PENDING, openOrders: [] } }) });
      expect(
        await screen.findByText(
          'You asked on November 29, 2026. Your orders have finished, so we delete your account shortly, and e-mail you when it is done.',
        ),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('downloads the export, and says why when it is refused', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let calls = 0;
    renderSection({
      'POST /api/v1/users/data-export': () =>
        ++calls === 1 ? ok(null) : fail(429, 'Too many requests, retry in 1 hour'),
    });
    const button = await screen.findByRole('button', { name: 'Download my data' });
    fireEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Too many requests, retry in 1 hour')).toBeTruthy();
  });
});
