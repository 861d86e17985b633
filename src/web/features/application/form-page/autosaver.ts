import {
  AUTOSAVE_DEBOUNCE_MS,
  MEMBER_FORM_MESSAGES,
  type MemberForm,
  type SaveMemberForm,
} from '../../../../domain/applications/member-form.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Autosave of one member's form, without React (docs/decisions/0053): debounced after typing,
 * at once on a step change, one request in flight, changes made meanwhile coalesced into the next
 * one, at most one request a second (the server's MEMBER_FORM_SAVE_RATE_LIMIT), 429 waits its
 * Retry-After, a network failure or 5xx retries with backoff, 400 and 409 stop and say why.
 */

export type AutosaveStatus =
  /** Nothing typed since the form opened. */
  | { kind: 'idle' }
  /** Changes waiting for the debounce, or on their way. */
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date; withCorrections: boolean }
  /** The last try failed (network, 5xx); the next starts at `retryAt` (ms since the epoch). */
  | { kind: 'retrying'; retryAt: number }
  /** The server refused the answers (400): its field messages. */
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  /** The order no longer takes changes (409), or the session ended (401): saving stops. */
  | { kind: 'stopped'; reason: 'locked' | 'signed-out' | 'refused'; message: string };

export interface AutosaverOptions {
  /**
   * What to save now: the savable answers and the step, and whether some answers were left out as
   * malformed; null when the form is not there to read (nothing is sent: a save replaces every answer).
   */
  collect(): { body: SaveMemberForm; withCorrections: boolean } | null;
  send(body: SaveMemberForm, options: { keepalive?: boolean }): Promise<MemberForm>;
  onStatus(status: AutosaveStatus): void;
  /** The server has `body` (its answer is `form`). */
  onSaved(body: SaveMemberForm, form: MemberForm, settled: boolean): void;
  /**
   * Another tab or device saved first (409 `changedElsewhere`): load its answers into the form,
   * keeping what was typed here, before the next save. Without it such a 409 stops saving.
   */
  catchUp?(): Promise<void>;
  debounceMs?: number;
  /** The least time from one request's answer (or start, while it has none) to the next request. */
  minIntervalMs?: number;
  /** When the last request started or was answered, if before this autosaver (the page was reloaded): the rate limit still counts it. */
  lastRequestAt?: number;
  /** A request starts or its answer arrives (to remember for the next page). */
  onRequestTime?(at: number): void;
  now?: () => number;
}

/** 1, 2, 4 … 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/**
 * A little over the server's one-a-second window, counted from the previous request's answer: the
 * server counted that request when it arrived, before it answered, so two requests never fall in
 * one window however late a busy network delivers the first (counting from its start did not).
 */
export const MIN_SAVE_INTERVAL_MS = 1100;

/** Catch-ups with another tab's answers in a row before saving stops with the server's message. */
export const MAX_CATCH_UPS = 3;

const isChangedElsewhere = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === MEMBER_FORM_MESSAGES.changedElsewhere;

export const SIGNED_OUT_MESSAGE =
  'You are signed out, so your answers cannot be saved. Sign in again: they are kept on this device.';

export interface Autosaver {
  /** An answer changed: save after the debounce. */
  change(): void;
  /** Save as soon as the rate allows (a step change). */
  saveNow(): void;
  /** Save now and wait: true once the server has everything, false when that failed. */
  flush(): Promise<boolean>;
  /** Skip the wait of a retry. */
  retryNow(): void;
  /**
   * An upload that stores its answer with the file is about to start: resolves, once no save is
   * in flight, with the release to call when the upload has ended. No save starts in between:
   * one the upload overtook would be built on answers older than the upload's, and refused as
   * another tab's (409).
   */
  hold(): Promise<() => void>;
  /** The page is going away: send what is unsaved with keepalive, without waiting. */
  sendOnExit(): void;
  /** Changes the server does not have yet. */
  hasUnsaved(): boolean;
  dispose(): void;
}

export function createAutosaver({
  collect,
  send,
  onStatus,
  onSaved,
  catchUp,
  debounceMs = AUTOSAVE_DEBOUNCE_MS,
  minIntervalMs = MIN_SAVE_INTERVAL_MS,
  lastRequestAt = Number.NEGATIVE_INFINITY,
  onRequestTime,
  now = Date.now,
}: AutosaverOptions): Autosaver {
  let dirty = false;
  let inFlight = false;
  let stopped = false;
  /** The last answers were refused (400): the server holds older ones until a save succeeds. */
  let refused = false;
  let disposed = false;
  let dueAt = 0;
  let retryAt = 0;
  let lastRequest = lastRequestAt;
  let failures = 0;
  /** Catch-ups in a row: two tabs saving in turns must not go on forever. */
  let catchUps = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiters: ((saved: boolean) => void)[] = [];
  /** Uploads holding saves back. */
  let holds = 0;
  /** Holds waiting for the save in flight to end. */
  let holdWaiters: (() => void)[] = [];

  const noteRequestTime = () => {
    lastRequest = now();
    onRequestTime?.(lastRequest);
  };

  const settle = (saved: boolean) => {
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve(saved);
  };

  const releaseHoldWaiters = () => {
    const ready = holdWaiters;
    holdWaiters = [];
    for (const resolve of ready) resolve();
  };

  function schedule() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!dirty || inFlight || holds > 0 || stopped || disposed) return;
    const at = Math.max(dueAt, retryAt, lastRequest + minIntervalMs);
    timer = setTimeout(run, Math.max(0, at - now()));
  }

  async function run() {
    timer = undefined;
    if (!dirty || inFlight || holds > 0 || stopped || disposed) return;
    const collected = collect();
    if (!collected) return;
    const { body, withCorrections } = collected;
    dirty = false;
    inFlight = true;
    noteRequestTime();
    onStatus({ kind: 'saving' });
    try {
      const form = await send(body, {});
      if (disposed) return;
      failures = 0;
      catchUps = 0;
      retryAt = 0;
      refused = false;
      onSaved(body, form, !dirty);
      onStatus(dirty ? { kind: 'saving' } : { kind: 'saved', at: new Date(form.savedAt), withCorrections });
      if (!dirty) settle(true);
    } catch (error) {
      if (disposed) return;
      if (catchUp && isChangedElsewhere(error) && catchUps < MAX_CATCH_UPS) {
        catchUps += 1;
        try {
          await catchUp();
          dirty = true;
          dueAt = now();
        } catch (loading) {
          if (!disposed) failed(loading);
        }
      } else {
        failed(error);
      }
    } finally {
      inFlight = false;
      if (!disposed) noteRequestTime();
      releaseHoldWaiters();
      schedule();
    }
  }

  function failed(error: unknown) {
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof ApiError ? error.message : '';
    if (status === 429) {
      // The answers are fine; the server wants them later.
      dirty = true;
      retryAt = now() + ((error as ApiError).retryAfterMs ?? 1000);
      onStatus({ kind: 'saving' });
      return;
    }
    if (status === 0 || status >= 500) {
      dirty = true;
      failures += 1;
      retryAt = now() + backoffMs(failures);
      onStatus({ kind: 'retrying', retryAt });
      settle(false);
      return;
    }
    if (status === 400) {
      // Nothing was stored; the next change sends the whole answer set again. Until then the
      // server has older answers than the page: a flush says so, and a review waits.
      refused = true;
      onStatus({ kind: 'invalid', message, errors: (error as ApiError).fieldErrors });
      settle(false);
      return;
    }
    stopped = true;
    onStatus({
      kind: 'stopped',
      reason: status === 409 ? 'locked' : status === 401 ? 'signed-out' : 'refused',
      message: status === 401 ? SIGNED_OUT_MESSAGE : message,
    });
    settle(false);
  }

  return {
    change() {
      if (stopped) return;
      dirty = true;
      dueAt = now() + debounceMs;
      if (!inFlight && retryAt <= now()) onStatus({ kind: 'saving' });
      schedule();
    },
    saveNow() {
      if (stopped) return;
      dirty = true;
      dueAt = now();
      // Said as change() says it: a step move can wait out the one-save-a-second window, and
      // "All changes saved" must not show while it does (a sign-out elsewhere then loses it).
      if (!inFlight && retryAt <= now()) onStatus({ kind: 'saving' });
      schedule();
    },
    flush() {
      if (stopped) return Promise.resolve(false);
      if (!dirty && !inFlight) return Promise.resolve(!refused);
      dueAt = now();
      retryAt = 0;
      const settled = new Promise<boolean>((resolve) => waiters.push(resolve));
      schedule();
      return settled;
    },
    retryNow() {
      retryAt = 0;
      dueAt = now();
      schedule();
    },
    hold() {
      holds += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        holds -= 1;
        schedule();
      };
      if (!inFlight || disposed) return Promise.resolve(release);
      return new Promise((resolve) => holdWaiters.push(() => resolve(release)));
    },
    sendOnExit() {
      if (stopped || (!dirty && !inFlight)) return;
      const body = collect()?.body;
      if (!body) return;
      // Counted like any request: the next page (a reload, the form opened again) waits out the
      // server's window after it, or its first save is refused 429.
      noteRequestTime();
      void send(body, { keepalive: true }).then(
        // A tab switched away from is still there when the answer comes: its next save is built on this one.
        (form) => {
          if (!disposed) onSaved(body, form, false);
        },
        () => {
          // The local draft keeps the answers; the next visit offers them back.
        },
      );
    },
    hasUnsaved: () => !stopped && (dirty || inFlight),
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      settle(false);
      releaseHoldWaiters();
    },
  };
}
