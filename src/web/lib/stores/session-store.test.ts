// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_POPUP_DISMISSED_KEY } from '../../../domain/marketing/home-popup.ts';
import { usePackagesStore } from './packages-store.ts';
import {
  followSignOutsElsewhere,
  logout,
  onLogoutReset,
  SESSION_STORAGE_KEY,
  SIGN_OUT_CHANNEL,
  timedStorage,
  useSessionStore,
} from './session-store.ts';

const user = { id: 1, name: 'Priya Sharma', email: 'priya@example.com', ageGroup: '26-40' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"isSuccess":true,"statusCode":200,"message":"Signed out","data":null}')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('session store (SPEC.md §3, §4)', () => {
  it('login keeps the user, the login time and the flags, never a token', () => {
    useSessionStore.getState().login({ ...user, isDashboardVisible: true }, 1234);
    expect(useSessionStore.getState()).toMatchObject({
      user: { id: 1 },
      token: null,
      loginTime: 1234,
      isLoggedIn: true,
      isDashboardVisible: true,
      sessionWarned: false,
    });
    const persisted = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
    expect(Object.keys(persisted).sort()).toEqual(
      ['isDashboardVisible', 'isLoggedIn', 'loginTime', 'sessionWarned', 'token', 'user'].sort(),
    );
  });

  it('logout ends the session on the server, clears everything and goes home', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const reset = vi.fn();
    const unregister = onLogoutReset(reset);
    useSessionStore.getState().login(user, 1);
    localStorage.setItem('sevadocs-application-form', '{"x":1}');
    usePackagesStore.setState({ currentParameters: { destination: 'IN' }, awaitingSignIn: true });
    await logout();
    expect(usePackagesStore.getState()).toMatchObject({
      currentPackage: null,
      currentParameters: {},
      awaitingSignIn: false,
    });
    const signOut = vi.mocked(fetch).mock.calls[0]?.[0] as Request;
    expect([signOut.method, new URL(signOut.url).pathname]).toEqual(['POST', '/api/v1/auth/signout']);
    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      token: null,
      isLoggedIn: false,
      isDashboardVisible: false,
    });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/');
    unregister();
  });

  it("logout drops the tab's unsaved family list and address, keeping only the closed home offer", async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    useSessionStore.getState().login(user, 1);
    sessionStorage.setItem('sevadocs-start-members:oci-new', '[{"fullName":"Asha Rao","dateOfBirth":"2019-04-02"}]');
    sessionStorage.setItem('sevadocs-address-draft', '{"line1":"12 Elm St"}');
    sessionStorage.setItem(HOME_POPUP_DISMISSED_KEY, '1');
    await logout();
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY)).toBe('1');
  });

  it('clears the browser side even when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    useSessionStore.getState().login(user, 1);
    await logout('/signin');
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(assign).toHaveBeenCalledWith('/signin');
  });

  it('gives up on a storage read slower than the persist timeout (5 s)', async () => {
    vi.useFakeTimers();
    const slow = timedStorage({
      getItem: () => new Promise<string>(() => {}),
      setItem: () => {},
      removeItem: () => {},
    });
    const read = slow.getItem('x') as Promise<string | null>;
    vi.advanceTimersByTime(5000);
    await expect(read).resolves.toBeNull();
    vi.useRealTimers();
  });
});

describe('sign-out across tabs', () => {
  /** Another tab of the site, as the channel sees it. */
  function otherTab() {
    const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
    const heard = vi.fn();
    channel.onmessage = heard;
    return { channel, heard, signOut: () => channel.postMessage('other-tab') };
  }
  /** Lets the channel's messages arrive. */
  const messagesDelivered = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("a tab's logout tells the other tabs, and the tab itself goes where its logout sends it", async () => {
    const assign = vi.fn();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload });
    const other = otherTab();
    const stop = followSignOutsElsewhere();
    useSessionStore.getState().login(user, 1);
    await logout('/signin');
    await messagesDelivered();
    expect(other.heard).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/signin');
    expect(reload).not.toHaveBeenCalled();
    stop();
    other.channel.close();
  });

  it('a sign-out in another tab forgets this tab too and shows the page signed out', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    useSessionStore.getState().login(user, 1);
    sessionStorage.setItem('sevadocs-address-draft', '{"line1":"12 Elm St"}');
    const stop = followSignOutsElsewhere();
    const other = otherTab();
    other.signOut();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(useSessionStore.getState()).toMatchObject({ user: null, isLoggedIn: false });
    expect(sessionStorage.getItem('sevadocs-address-draft')).toBeNull();
    // It followed once, and did not announce a sign-out of its own.
    other.signOut();
    await messagesDelivered();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(other.heard).not.toHaveBeenCalled();
    stop();
    other.channel.close();
  });
});
