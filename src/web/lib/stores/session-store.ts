import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { PERSIST_TIMEOUT_MS } from '../../../domain/limits/constants.ts';
import { HOME_POPUP_DISMISSED_KEY } from '../../../domain/marketing/home-popup.ts';
import { api } from '../api-client.ts';
import { usePackagesStore } from './packages-store.ts';

/** The signed-in user as the browser knows it (SPEC.md §3: user details include ageGroup). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone?: string | null;
  ageGroup?: string | null;
  isDashboardVisible?: boolean;
}

/** SPEC.md §3 user session. */
export interface SessionState {
  user: SessionUser | null;
  /**
   * The session token lives in an httpOnly cookie the page cannot read (DESIGN.md §1); the
   * field stays for the spec's shape and is always null.
   */
  token: null;
  /** When this sign-in happened (ms timestamp). */
  loginTime: number | null;
  isLoggedIn: boolean;
  isDashboardVisible: boolean;
  /** SPEC.md §4: the 90-minute warning shows once per sign-in. */
  sessionWarned: boolean;
  login(user: SessionUser, loginTime?: number): void;
  setUser(user: SessionUser): void;
  markSessionWarned(): void;
  clear(): void;
}

export const SESSION_STORAGE_KEY = 'sevadocs-session';

const signedOut = {
  user: null,
  token: null,
  loginTime: null,
  isLoggedIn: false,
  isDashboardVisible: false,
  sessionWarned: false,
} as const;

/**
 * Browser storage for persisted stores (SPEC.md §4: persist timeout 5 s): a read that has not
 * answered within PERSIST_TIMEOUT_MS counts as empty, so a slow storage never blocks the app.
 */
export function timedStorage(storage: StateStorage, timeoutMs = PERSIST_TIMEOUT_MS): StateStorage {
  return {
    getItem(name) {
      const value = storage.getItem(name);
      if (!(value instanceof Promise)) return value;
      return Promise.race([value, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
    },
    setItem: (name, value) => storage.setItem(name, value),
    removeItem: (name) => storage.removeItem(name),
  };
}

export const persistedStorage = () => createJSONStorage(() => timedStorage(localStorage));

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      login: (user, loginTime = Date.now()) =>
        set({
          user,
          token: null,
          loginTime,
          isLoggedIn: true,
          isDashboardVisible: Boolean(user.isDashboardVisible),
          sessionWarned: false,
        }),
      setUser: (user) => set({ user, isDashboardVisible: Boolean(user.isDashboardVisible) }),
      markSessionWarned: () => set({ sessionWarned: true }),
      clear: () => set(signedOut),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: persistedStorage(),
      partialize: ({ user, loginTime, isLoggedIn, isDashboardVisible, sessionWarned }) => ({
        user,
        token: null,
        loginTime,
        isLoggedIn,
        isDashboardVisible,
        sessionWarned,
      }),
    },
  ),
);

/** Other persisted stores (the application form) register how to reset themselves on logout. */
const logoutResets = new Set<() => void>();
export function onLogoutReset(reset: () => void): () => void {
  logoutResets.add(reset);
  return () => logoutResets.delete(reset);
}

/**
 * What this tab forgets at a sign-out: user, token and flags and all local storage, the other
 * stores reset, and what this tab kept of unsaved forms (a family's names and dates of birth, an
 * address typed): an idle logout on a shared computer leaves nothing of them to the next person
 * in the tab. Whether the home page's offer was closed is no one's personal data and stays closed.
 */
function forgetInThisTab(): void {
  useSessionStore.getState().clear();
  for (const reset of [() => usePackagesStore.getState().reset(), ...logoutResets]) {
    try {
      reset();
    } catch (error) {
      console.error('A store failed to reset on logout', error);
    }
  }
  try {
    localStorage.clear();
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
  try {
    const popupClosed = sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY);
    sessionStorage.clear();
    if (popupClosed !== null) sessionStorage.setItem(HOME_POPUP_DISMISSED_KEY, popupClosed);
  } catch {
    // Storage refused: the tab kept nothing.
  }
}

/** Where a tab that signs out tells the site's other tabs (browsers without it: see below). */
export const SIGN_OUT_CHANNEL = 'sevadocs-sign-out';

/**
 * This page's mark on what it broadcasts: a BroadcastChannel also reaches the page's own other
 * channels of that name, and the page that signs out goes where its logout sends it, not along.
 */
const THIS_PAGE = Math.random().toString(36).slice(2);

function tellOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
  channel.postMessage(THIS_PAGE);
  channel.close();
}

/**
 * The browser side of a sign-out (SPEC.md §4): this tab forgets the signed-in state
 * (`forgetInThisTab`), and the site's other tabs are told, so they follow at once.
 */
export function forgetSignedInState(): void {
  forgetInThisTab();
  tellOtherTabs();
}

/**
 * Follows a sign-out in another tab (its session ended on the server for every tab): forgets what
 * this tab holds and reloads the page as it is signed out, rather than leave a form that can no
 * longer save. Returns a function that stops following. A browser without BroadcastChannel learns
 * of it at the next call instead (the form's autosave stops, saying the parent was signed out).
 */
export function followSignOutsElsewhere(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    // A tab showing the site signed out has nothing to forget, and a reload would lose what is typed there.
    if (event.data === THIS_PAGE || useSessionStore.getState().user === null) return;
    channel.close();
    forgetInThisTab();
    window.location.reload();
  };
  return () => channel.close();
}

/**
 * SPEC.md §4 logout: ends the session on the server, forgets it in the browser
 * (`forgetSignedInState`), then loads `to` (home by default) afresh so no signed-in state survives
 * in memory.
 */
export async function logout(to = '/'): Promise<void> {
  try {
    await api.POST('/api/v1/auth/signout');
  } catch {
    // Logged by the call helper; the browser side is cleared all the same.
  }
  forgetSignedInState();
  window.location.assign(to);
}
