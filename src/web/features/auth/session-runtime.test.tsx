// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LOGOUT_MS } from '../../../domain/limits/constants.ts';
import { LAST_ACTIVITY_KEY } from '../../lib/session-timers.ts';

const showToast = vi.fn();
const logout = vi.fn();
vi.mock('../../lib/toast.ts', () => ({ showToast: (...args: unknown[]) => showToast(...args) }));
vi.mock('../../lib/stores/session-store.ts', async (original) => {
  const actual = await original<typeof import('../../lib/stores/session-store.ts')>();
  return { ...actual, logout: (...args: unknown[]) => logout(...args) };
});

const { SIGN_OUT_CHANNEL, useSessionStore } = await import('../../lib/stores/session-store.ts');
const { default: SessionRuntime, clearEndedSession } = await import('./session-runtime.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const MINUTE = 60_000;

function viewer(loginTime = Date.now()) {
  return {
    id: 7,
    name: 'Priya Sharma',
    email: 'priya@example.com',
    role: 'customer' as const,
    ageGroup: null,
    isDashboardVisible: false,
    loginTime,
    expiresAt: loginTime + SESSION_LOGOUT_MS,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  showToast.mockReset();
  logout.mockReset();
  useSessionStore.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('session runtime (SPEC.md §4, §8)', () => {
  it('keeps the session store in step with the signed-in user, the token never held', () => {
    const user = viewer();
    render(<SessionRuntime user={user} />);
    const state = useSessionStore.getState();
    expect(state).toMatchObject({ isLoggedIn: true, token: null, loginTime: user.loginTime });
    expect(state.user).toMatchObject({ id: 7, name: 'Priya Sharma', ageGroup: null });
    const stored = JSON.parse(localStorage.getItem('sevadocs-session') ?? '{}');
    expect(stored.state).toMatchObject({ isLoggedIn: true, token: null, loginTime: user.loginTime });
    clearEndedSession();
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: false, user: null, loginTime: null });
  });

  it('toasts the session warning at 90 minutes once, and logs out to /signin at 120', () => {
    render(<SessionRuntime user={viewer()} />);
    for (let m = 0; m < 90; m += 5) {
      act(() => vi.advanceTimersByTime(5 * MINUTE));
      window.dispatchEvent(new Event('keydown'));
    }
    expect(showToast).toHaveBeenCalledWith(
      'Your session will expire in 30 minutes. Please save your work and re-login if needed.',
      { type: 'warning' },
    );
    expect(useSessionStore.getState().sessionWarned).toBe(true);
    for (let m = 90; m < 120; m += 5) {
      act(() => vi.advanceTimersByTime(5 * MINUTE));
      window.dispatchEvent(new Event('mousemove'));
    }
    expect(logout).toHaveBeenCalledWith('/signin');
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('does not warn again after a reload of the same sign-in', () => {
    const user = viewer(Date.now() - 95 * MINUTE);
    useSessionStore.getState().login(user, user.loginTime);
    useSessionStore.getState().markSessionWarned();
    render(<SessionRuntime user={user} />);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(showToast).not.toHaveBeenCalled();
  });

  it('toasts the idle warning at 59.5 minutes and logs out home at 60', () => {
    render(<SessionRuntime user={viewer()} />);
    act(() => vi.advanceTimersByTime(59.5 * MINUTE));
    expect(showToast).toHaveBeenCalledWith('You will be logged out in 30 minutes due to inactivity.', {
      type: 'warning',
    });
    expect(logout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(0.5 * MINUTE));
    expect(logout).toHaveBeenCalledWith('/');
  });
});

describe('session runtime across tabs', () => {
  it('does not log out an idle tab while the parent types in another tab', () => {
    render(<SessionRuntime user={viewer()} />);
    act(() => vi.advanceTimersByTime(45 * MINUTE));
    // Another tab's input, as it shares it.
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    act(() => vi.advanceTimersByTime(15 * MINUTE));
    expect(showToast).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(45 * MINUTE));
    expect(logout).toHaveBeenCalledWith('/');
  });

  it('shows the page signed out when another tab signs out', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<SessionRuntime user={viewer()} />);
    const otherTab = new BroadcastChannel(SIGN_OUT_CHANNEL);
    otherTab.postMessage('other-tab');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    otherTab.close();
  });
});
