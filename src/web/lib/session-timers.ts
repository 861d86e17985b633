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
  /**
   * Where the time of the last input is shared with the site's other tabs (localStorage by
   * default): input in any tab keeps every tab's idle clock from running out.
   */
  shared?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The localStorage name of the last input time in any tab (ms timestamp). */
export const LAST_ACTIVITY_KEY = 'sevadocs-last-activity';

/**
 * The shared time is written at most once a second: a stream of mouse moves would otherwise write
 * storage sixty times a second, and an idle clock of an hour loses nothing to a second's lag.
 */
const SHARE_EVERY_MS = 1000;

function sharedStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return localStorage;
  } catch {
    // Storage refused (a private window): each tab keeps its own clock.
    return undefined;
  }
}

/** The last input time as shared by a tab, or 0 when none is known or storage refuses. */
function readShared(shared: Pick<Storage, 'getItem'> | undefined): number {
  try {
    return Number(shared?.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeShared(shared: Pick<Storage, 'setItem'> | undefined, at: number): void {
  try {
    shared?.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage full or refused: this tab's input still counts here.
  }
}

/**
 * Starts the session and idle clocks of SPEC.md §4 and returns a function that stops them.
 * Activity only records a timestamp (and shares it with the other tabs); the idle timer re-arms
 * itself from the latest one when it fires, so a stream of mouse moves costs no timer churn, and a
 * phone tab woken after hours re-checks the other tabs' input before it logs out. Once a logout
 * fires, everything stops.
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

  // The idle clock. It counts from the last input in any of the site's tabs: a sign-out here ends
  // the session for all of them, and a parent typing in another tab is not idle.
  const shared = options.shared ?? sharedStorage();
  let lastActivity = 0;
  let lastShared = 0;
  let idleWarned = false;

  function checkIdle() {
    const idle = Date.now() - Math.max(lastActivity, readShared(shared));
    if (idle >= IDLE_LOGOUT_MS) return expire(options.onIdleExpired)();
    // Input since the warning (here or in another tab) starts a new idle period and a new warning.
    if (idle < IDLE_WARNING_MS) idleWarned = false;
    else if (!idleWarned) {
      idleWarned = true;
      options.onIdleWarning();
    }
    later(checkIdle, (idleWarned ? IDLE_LOGOUT_MS : IDLE_WARNING_MS) - idle);
  }

  function onActivity() {
    lastActivity = Date.now();
    if (lastActivity - lastShared < SHARE_EVERY_MS) return;
    lastShared = lastActivity;
    writeShared(shared, lastActivity);
  }

  // The clock starts when the page opens, and opening a page (a reminder's link, a phone waking a
  // dropped tab) is the parent's doing, so the other tabs count it too.
  onActivity();
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  later(checkIdle, IDLE_WARNING_MS);

  return stop;
}
