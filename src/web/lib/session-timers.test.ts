import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_LOGOUT_MS,
  IDLE_WARNING_MS,
  SESSION_LOGOUT_MS,
  SESSION_WARNING_MS,
} from '../../domain/limits/constants.ts';
import { startSessionTimers } from './session-timers.ts';

const MINUTE = 60_000;

/** localStorage as the site's tabs share it. */
function tabsStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/** One tab's clocks; tabs given the same `shared` storage are tabs of one browser. */
function setup({ loginAgo = 0, sessionWarned = false, shared = tabsStorage() } = {}) {
  const target = new EventTarget();
  const handlers = {
    onSessionWarning: vi.fn(),
    onSessionExpired: vi.fn(),
    onIdleWarning: vi.fn(),
    onIdleExpired: vi.fn(),
  };
  const stop = startSessionTimers({
    loginTime: Date.now() - loginAgo,
    sessionWarned,
    target,
    shared,
    ...handlers,
  });
  const activity = (type = 'mousemove') => target.dispatchEvent(new Event(type));
  return { handlers, stop, activity };
}

/** Keeps the user active (a key press every 10 minutes) for `ms`. */
function stayActive(activity: (type?: string) => void, ms: number) {
  for (let t = 0; t < ms; t += 10 * MINUTE) {
    vi.advanceTimersByTime(Math.min(10 * MINUTE, ms - t));
    activity('keydown');
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session clock (SPEC.md §4, §9)', () => {
  it('uses the spec figures', () => {
    expect([SESSION_WARNING_MS, SESSION_LOGOUT_MS, IDLE_WARNING_MS, IDLE_LOGOUT_MS]).toEqual([
      5_400_000, 7_200_000, 3_570_000, 3_600_000,
    ]);
  });

  it('warns at 90 minutes after sign-in, once, and logs out at 120 minutes', () => {
    const { handlers, activity } = setup();
    stayActive(activity, SESSION_WARNING_MS - 1);
    expect(handlers.onSessionWarning).not.toHaveBeenCalled();
    stayActive(activity, 1);
    expect(handlers.onSessionWarning).toHaveBeenCalledTimes(1);
    stayActive(activity, SESSION_LOGOUT_MS - SESSION_WARNING_MS - 1);
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(handlers.onSessionWarning).toHaveBeenCalledTimes(1);
    expect(handlers.onIdleExpired).not.toHaveBeenCalled();
    // Everything stopped with the logout.
    vi.advanceTimersByTime(10 * SESSION_LOGOUT_MS);
    expect(handlers.onIdleWarning).not.toHaveBeenCalled();
  });

  it('counts from the sign-in time after a reload, and does not warn twice for one sign-in', () => {
    const resumed = setup({ loginAgo: 100 * MINUTE, sessionWarned: true });
    vi.advanceTimersByTime(20 * MINUTE - 1);
    expect(resumed.handlers.onSessionExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resumed.handlers.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(resumed.handlers.onSessionWarning).not.toHaveBeenCalled();

    const late = setup({ loginAgo: 95 * MINUTE });
    vi.advanceTimersByTime(0);
    expect(late.handlers.onSessionWarning).toHaveBeenCalledTimes(1);
    late.stop();
  });

  it('logs out at once when the session is already past 120 minutes', () => {
    const { handlers } = setup({ loginAgo: 121 * MINUTE });
    expect(handlers.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('idle clock (SPEC.md §4)', () => {
  it('warns after 59.5 minutes without input and logs out at 60', () => {
    const { handlers } = setup();
    vi.advanceTimersByTime(IDLE_WARNING_MS - 1);
    expect(handlers.onIdleWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onIdleWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - IDLE_WARNING_MS - 1);
    expect(handlers.onIdleExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onIdleExpired).toHaveBeenCalledTimes(1);
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
  });

  it.each(['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart'])(
    'a %s resets the idle timer',
    (type) => {
      const { handlers, activity, stop } = setup();
      vi.advanceTimersByTime(50 * MINUTE);
      activity(type);
      vi.advanceTimersByTime(50 * MINUTE);
      expect(handlers.onIdleWarning).not.toHaveBeenCalled();
      vi.advanceTimersByTime(IDLE_WARNING_MS - 50 * MINUTE);
      expect(handlers.onIdleWarning).toHaveBeenCalledTimes(1);
      stop();
    },
  );

  it('input after the warning starts a new idle period (and a new warning later)', () => {
    const { handlers, activity, stop } = setup();
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    expect(handlers.onIdleWarning).toHaveBeenCalledTimes(1);
    activity('touchstart');
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1);
    expect(handlers.onIdleExpired).not.toHaveBeenCalled();
    expect(handlers.onIdleWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(handlers.onIdleExpired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops listening when stopped', () => {
    const { handlers, stop } = setup();
    stop();
    vi.advanceTimersByTime(SESSION_LOGOUT_MS * 2);
    expect(Object.values(handlers).every((h) => h.mock.calls.length === 0)).toBe(true);
  });
});

describe('idle clock across tabs', () => {
  it('input in another tab keeps this tab signed in, and a real idle period in both still logs out', () => {
    const shared = tabsStorage();
    const typing = setup({ shared });
    const idle = setup({ shared });
    stayActive(typing.activity, 40 * MINUTE);
    vi.advanceTimersByTime(20 * MINUTE);
    // Past the idle tab's own hour: its clock counted the other tab's input.
    expect(idle.handlers.onIdleWarning).not.toHaveBeenCalled();
    expect(idle.handlers.onIdleExpired).not.toHaveBeenCalled();

    vi.advanceTimersByTime(IDLE_WARNING_MS - 20 * MINUTE);
    for (const tab of [typing, idle]) expect(tab.handlers.onIdleWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - IDLE_WARNING_MS);
    for (const tab of [typing, idle]) expect(tab.handlers.onIdleExpired).toHaveBeenCalledTimes(1);
  });

  it('input in another tab after the warning starts a new idle period here', () => {
    const shared = tabsStorage();
    const other = setup({ shared });
    const here = setup({ shared });
    vi.advanceTimersByTime(IDLE_WARNING_MS + 10_000);
    other.activity('keydown');
    vi.advanceTimersByTime(IDLE_WARNING_MS - 1);
    expect(here.handlers.onIdleExpired).not.toHaveBeenCalled();
    expect(here.handlers.onIdleWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(here.handlers.onIdleWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - IDLE_WARNING_MS);
    expect(here.handlers.onIdleExpired).toHaveBeenCalledTimes(1);
  });
});
