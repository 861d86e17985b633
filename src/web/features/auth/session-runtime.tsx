import { useEffect } from 'react';
import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import type { RootUser } from '../../lib/root-data.ts';
import { startSessionTimers } from '../../lib/session-timers.ts';
import { followSignOutsElsewhere, logout, useSessionStore } from '../../lib/stores/session-store.ts';
import { showToast } from '../../lib/toast.ts';

/** The server ended the session (expiry, logout elsewhere): forget the signed-in state here too. */
export function clearEndedSession(): void {
  useSessionStore.getState().clear();
}

/**
 * Keeps the session store in step with the server's viewer and runs SPEC.md §4's clocks: the
 * 90-minute warning (once per sign-in), the forced logout to /signin at 120 minutes, the idle
 * warning at 59.5 minutes and the idle logout at 60 minutes, idle meaning no input in any of the
 * site's tabs. A sign-out in another tab signs this one out too.
 */
export default function SessionRuntime({ user }: { user: RootUser }) {
  useEffect(() => {
    const store = useSessionStore.getState();
    const { loginTime, ...details } = user;
    if (!store.isLoggedIn || store.user?.id !== user.id || store.loginTime !== loginTime) {
      store.login(details, loginTime);
    } else {
      store.setUser({ ...store.user, ...details });
    }
  }, [user]);

  useEffect(() => {
    const { sessionWarned, markSessionWarned } = useSessionStore.getState();
    return startSessionTimers({
      loginTime: user.loginTime,
      sessionWarned: sessionWarned && useSessionStore.getState().loginTime === user.loginTime,
      onSessionWarning: () => {
        markSessionWarned();
        showToast(AUTH_MESSAGES.sessionWarning, { type: 'warning' });
      },
      onSessionExpired: () => void logout(ROUTES.SIGN_IN),
      onIdleWarning: () => showToast(AUTH_MESSAGES.idleWarning, { type: 'warning' }),
      onIdleExpired: () => void logout(ROUTES.HOME),
    });
  }, [user.loginTime]);

  useEffect(() => followSignOutsElsewhere(), []);

  return null;
}
