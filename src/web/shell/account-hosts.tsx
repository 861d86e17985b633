import { lazy, Suspense, useEffect } from 'react';
import type { RootUser } from '../lib/root-data.ts';
import { AuthDialogHost } from './auth-dialog-host.tsx';

const loadRuntime = () => import('./deferred.ts').then((m) => m.loadSessionRuntime());
const SessionRuntime = lazy(loadRuntime);

/** The session store's key in localStorage (kept in step with session-store.ts by a test). */
export const SESSION_KEY = 'sevadocs-session';

/**
 * Everything accounts add to every page, kept out of the first load: the Sign In / Sign Up
 * dialog host, and, for a signed-in user, the session runtime (store sync and timers). A
 * browser that still believes it is signed in after the server ended the session is cleared.
 */
export function AccountHosts({ user }: { user: RootUser | null }) {
  useEffect(() => {
    if (user) return;
    try {
      if (localStorage.getItem(SESSION_KEY)?.includes('"isLoggedIn":true')) {
        void loadRuntime().then((runtime) => runtime.clearEndedSession());
      }
    } catch {
      // No storage: nothing to clear.
    }
  }, [user]);
  return (
    <>
      <AuthDialogHost />
      {user ? (
        <Suspense>
          <SessionRuntime user={user} />
        </Suspense>
      ) : null}
    </>
  );
}
