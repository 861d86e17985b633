import {
  IDLE_LOGOUT_MS,
  IDLE_WARNING_MS,
  SESSION_LOGOUT_MS,
  SESSION_WARNING_MS,
} from '../../domain/limits/constants.ts';

/** SPEC.md §4: any mouse, key, scroll or touch input counts as activity. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
  'touchmove',
] as const;

export interface SessionTimerHandlers {
  /** 90 minutes after sign-in, once per sign-in. */
  onSessionWarning(): void;
  /** 120 minutes after sign-in. */
  onSessionExpired(): void;
  /** 59.5 minutes without input. */
  onIdleWarning(): void;
  /** 60 minutes without input. */
  onIdleExpired(): void;
}

export interface SessionTimerOptions extends SessionTimerHandlers {
  /** When the user signed in (ms timestamp). */
  loginTime: number;
  /** Whether this sign-in's 90-minute warning was already shown (then it is not shown again). */
  sessionWarned: boolean;
  /** Where input events are watched (the window by default). */
  target?: EventTarget;
}

/**
 * Starts the session and idle clocks of SPEC.md §4 and returns a function that stops them.
 * Activity only records a timestamp; the idle timer re-arms itself from it, so a stream of
 * mouse moves costs no timer churn. Once a logout fires, everything stops.
 */
export function startSessionTimers(options: SessionTimerOptions): () => void {
  const target = options.target ?? window;
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (!stopped) fn();
      },
      Math.max(0, ms),
    );
    timers.add(timer);
    return timer;
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenerOptions);
  }

  const expire = (handler: () => void) => () => {
    stop();
    handler();
  };

  // The absolute session clock.
  const sinceLogin = Date.now() - options.loginTime;
  if (sinceLogin >= SESSION_LOGOUT_MS) {
    stopped = true;
    options.onSessionExpired();
    return () => {};
  }
  if (!options.sessionWarned) later(options.onSessionWarning, SESSION_WARNING_MS - sinceLogin);
  later(expire(options.onSessionExpired), SESSION_LOGOUT_MS - sinceLogin);

  // The idle clock.
  let lastActivity = Date.now();
  let idleWarned = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function checkIdle() {
    const idle = Date.now() - lastActivity;
    if (idle >= IDLE_LOGOUT_MS) return expire(options.onIdleExpired)();
    if (!idleWarned && idle >= IDLE_WARNING_MS) {
      idleWarned = true;
      options.onIdleWarning();
    }
    idleTimer = later(checkIdle, (idleWarned ? IDLE_LOGOUT_MS : IDLE_WARNING_MS) - idle);
  }

  function onActivity() {
    lastActivity = Date.now();
    if (idleWarned) {
      // The warning was shown: re-arm for a full new idle period.
      idleWarned = false;
      if (idleTimer !== undefined) {
        clearTimeout(idleTimer);
        timers.delete(idleTimer);
      }
      idleTimer = later(checkIdle, IDLE_WARNING_MS);
    }
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  idleTimer = later(checkIdle, IDLE_WARNING_MS);

  return stop;
}
