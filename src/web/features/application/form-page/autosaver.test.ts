import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOSAVE_DEBOUNCE_MS,
  MEMBER_FORM_MESSAGES,
  type MemberForm,
  type SaveMemberForm,
} from '../../../../domain/applications/member-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  type AutosaveStatus,
  backoffMs,
  createAutosaver,
  MAX_CATCH_UPS,
  MIN_SAVE_INTERVAL_MS,
  SIGNED_OUT_MESSAGE,
} from './autosaver.ts';

interface Call {
  body: SaveMemberForm;
  keepalive: boolean | undefined;
  resolve(form?: Partial<MemberForm>): void;
  reject(error: unknown): void;
}

/** An autosaver whose requests the test answers by hand. */
function setup({ catchUp }: { catchUp?: () => Promise<void> } = {}) {
  let answers: Record<string, unknown> = {};
  let step = 1;
  const calls: Call[] = [];
  const statuses: AutosaveStatus[] = [];
  const saved: { body: SaveMemberForm; settled: boolean }[] = [];
  const saver = createAutosaver({
    collect: () => ({ body: { answers: { ...answers }, currentStep: step }, withCorrections: false }),
    send: (body, { keepalive }) =>
      new Promise<MemberForm>((resolve, reject) => {
        calls.push({
          body,
          keepalive,
          resolve: (form = {}) =>
            resolve({
              memberId: 7,
              currentStep: body.currentStep,
              answers: body.answers,
              reviewDetails: null,
              canEdit: true,
              canRemoveReview: false,
              savedAt: new Date().toISOString(),
              answersSavedAt: new Date().toISOString(),
              ...form,
            }),
          reject,
        });
      }),
    onStatus: (status) => statuses.push(status),
    onSaved: (body, _form, settled) => saved.push({ body, settled }),
    ...(catchUp ? { catchUp } : {}),
  });
  return {
    saver,
    calls,
    statuses,
    saved,
    type(next: Record<string, unknown>) {
      answers = { ...answers, ...next };
      saver.change();
    },
    moveTo(next: number) {
      step = next;
      saver.saveNow();
    },
    last: () => statuses.at(-1),
  };
}

/** Lets resolved promises run, then the fake clock. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('saves once typing has stopped for the debounce, with the answers and step', async () => {
    const t = setup();
    t.type({ givenName: 'P' });
    await advance(500);
    t.type({ givenName: 'PRIYA' });
    expect(t.last()).toEqual({ kind: 'saving' });
    await advance(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(t.calls).toHaveLength(0);
    await advance(1);
    expect(t.calls.map((c) => c.body)).toEqual([{ answers: { givenName: 'PRIYA' }, currentStep: 1 }]);
    t.calls[0]?.resolve();
    await advance(0);
    expect(t.last()).toMatchObject({ kind: 'saved', withCorrections: false });
    expect(t.saved).toEqual([{ body: { answers: { givenName: 'PRIYA' }, currentStep: 1 }, settled: true }]);
    expect(t.saver.hasUnsaved()).toBe(false);
  });

  it('saves at once on a step change, but never twice within the rate limit’s second', async () => {
    const t = setup();
    t.moveTo(2);
    await advance(0);
    expect(t.calls).toHaveLength(1);
    t.calls[0]?.resolve();
    await advance(0);
    t.moveTo(3);
    await advance(MIN_SAVE_INTERVAL_MS - 1);
    expect(t.calls).toHaveLength(1);
    // Waiting its turn, the move is not "saved": the status says a save is coming.
    expect(t.last()).toEqual({ kind: 'saving' });
    await advance(1);
    expect(t.calls[1]?.body.currentStep).toBe(3);
  });

  it('counts the rate limit’s second from a slow answer, not from the request’s start', async () => {
    // Under load a request may reach the server late; the server counted it by then at the latest.
    const t = setup();
    t.moveTo(2);
    await advance(0);
    await advance(900);
    t.calls[0]?.resolve();
    await advance(0);
    t.moveTo(3);
    await advance(MIN_SAVE_INTERVAL_MS - 1);
    expect(t.calls).toHaveLength(1);
    await advance(1);
    expect(t.calls[1]?.body.currentStep).toBe(3);
  });

  it('keeps one request in flight and coalesces the changes made meanwhile into the next', async () => {
    const t = setup();
    t.type({ a: 1 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    expect(t.calls).toHaveLength(1);
    t.type({ b: 2 });
    t.moveTo(2);
    t.type({ c: 3 });
    await advance(AUTOSAVE_DEBOUNCE_MS * 3);
    expect(t.calls).toHaveLength(1);
    t.calls[0]?.resolve();
    await advance(0);
    expect(t.saved[0]?.settled).toBe(false);
    expect(t.last()).toEqual({ kind: 'saving' });
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1]?.body).toEqual({ answers: { a: 1, b: 2, c: 3 }, currentStep: 2 });
  });

  it('holds saves back for an upload: waits out the save in flight, starts none meanwhile, then sends what was typed', async () => {
    const t = setup();
    t.type({ a: 1 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    expect(t.calls).toHaveLength(1);
    let release: (() => void) | undefined;
    void t.saver.hold().then((r) => {
      release = r;
    });
    await advance(0);
    // The save in flight could reach the server after the upload, on answers older than the upload's.
    expect(release).toBeUndefined();
    t.type({ b: 2 });
    t.calls[0]?.resolve();
    await advance(0);
    expect(release).toBeDefined();
    const flushed = t.saver.flush();
    await advance(AUTOSAVE_DEBOUNCE_MS * 5);
    expect(t.calls).toHaveLength(1);
    release?.();
    release?.();
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1]?.body.answers).toEqual({ a: 1, b: 2 });
    t.calls[1]?.resolve();
    expect(await flushed).toBe(true);
  });

  it('holds at once when no save is in flight, and saves again only when every hold is released', async () => {
    const t = setup();
    const first = await t.saver.hold();
    const second = await t.saver.hold();
    t.type({ a: 1 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    first();
    await advance(AUTOSAVE_DEBOUNCE_MS);
    expect(t.calls).toHaveLength(0);
    second();
    await advance(0);
    expect(t.calls).toHaveLength(1);
  });

  it('waits for Retry-After on a 429 and sends again', async () => {
    const t = setup();
    t.moveTo(2);
    await advance(0);
    t.calls[0]?.reject(new ApiError(429, undefined, 'Saving too often.', '3'));
    await advance(0);
    expect(t.last()).toEqual({ kind: 'saving' });
    await advance(2999);
    expect(t.calls).toHaveLength(1);
    await advance(1);
    expect(t.calls).toHaveLength(2);
    t.calls[1]?.resolve();
    await advance(0);
    expect(t.last()?.kind).toBe('saved');
  });

  it('waits a second on a 429 without Retry-After', async () => {
    const t = setup();
    t.moveTo(2);
    await advance(0);
    t.calls[0]?.reject(new ApiError(429, undefined, 'Saving too often.'));
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(2);
  });

  it('retries a network failure or a 5xx with backoff (1, 2, 4 … 30 s), says so, and can retry now', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    const t = setup();
    t.type({ a: 1 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    t.calls[0]?.reject(new ApiError(0, undefined, 'Network error.'));
    await advance(0);
    expect(t.last()).toEqual({ kind: 'retrying', retryAt: Date.now() + 1000 });
    expect(t.saver.hasUnsaved()).toBe(true);
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(2);
    t.calls[1]?.reject(new ApiError(503, undefined, 'Unavailable'));
    await advance(0);
    expect(t.last()).toEqual({ kind: 'retrying', retryAt: Date.now() + 2000 });
    // Typing meanwhile joins the retry rather than hiding the failure.
    t.type({ b: 2 });
    expect(t.last()?.kind).toBe('retrying');
    await advance(1999);
    expect(t.calls).toHaveLength(2);
    await advance(1);
    expect(t.calls[2]?.body.answers).toEqual({ a: 1, b: 2 });
    t.calls[2]?.reject(new ApiError(500, undefined, 'Oops'));
    await advance(0);
    expect(t.last()).toEqual({ kind: 'retrying', retryAt: Date.now() + 4000 });
    t.saver.retryNow();
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(4);
    t.calls[3]?.resolve();
    await advance(0);
    expect(t.last()?.kind).toBe('saved');
    // A success resets the backoff.
    t.type({ c: 3 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    t.calls[4]?.reject(new ApiError(0, undefined, 'Network error.'));
    await advance(0);
    expect(t.last()).toEqual({ kind: 'retrying', retryAt: Date.now() + 1000 });
  });

  it('shows the field messages of a 400 and sends everything again after the next change', async () => {
    const t = setup();
    t.type({ email: 'x' });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    t.calls[0]?.reject(
      new ApiError(
        400,
        { message: 'Some answers need a correction.', errors: { email: 'Please enter a valid email address' } },
        'Some answers need a correction.',
      ),
    );
    await advance(0);
    expect(t.last()).toEqual({
      kind: 'invalid',
      message: 'Some answers need a correction.',
      errors: { email: 'Please enter a valid email address' },
    });
    await advance(60_000);
    expect(t.calls).toHaveLength(1);
    // The server still has the answers from before: a review must not go ahead on them.
    expect(await t.saver.flush()).toBe(false);
    t.type({ email: 'priya@example.com' });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    expect(t.calls[1]?.body.answers).toEqual({ email: 'priya@example.com' });
    t.calls[1]?.resolve();
    await advance(0);
    expect(await t.saver.flush()).toBe(true);
  });

  it('stops on a 409 (locked) with the server’s message, and on a 401 (signed out)', async () => {
    const t = setup();
    t.type({ a: 1 });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    t.calls[0]?.reject(new ApiError(409, undefined, 'The answers can no longer be changed for this order.'));
    await advance(0);
    expect(t.last()).toEqual({
      kind: 'stopped',
      reason: 'locked',
      message: 'The answers can no longer be changed for this order.',
    });
    t.type({ b: 2 });
    await advance(60_000);
    expect(t.calls).toHaveLength(1);
    expect(await t.saver.flush()).toBe(false);

    const u = setup();
    u.moveTo(2);
    await advance(0);
    u.calls[0]?.reject(new ApiError(401, undefined, 'Please sign in'));
    await advance(0);
    expect(u.last()).toEqual({ kind: 'stopped', reason: 'signed-out', message: SIGNED_OUT_MESSAGE });
  });

  it('flush saves at once and answers whether the server has everything', async () => {
    const t = setup();
    expect(await t.saver.flush()).toBe(true);
    t.type({ a: 1 });
    const flushed = t.saver.flush();
    await advance(0);
    expect(t.calls).toHaveLength(1);
    t.calls[0]?.resolve();
    await advance(0);
    expect(await flushed).toBe(true);

    t.type({ b: 2 });
    const failing = t.saver.flush();
    await advance(MIN_SAVE_INTERVAL_MS);
    t.calls[1]?.reject(new ApiError(0, undefined, 'Network error.'));
    await advance(0);
    expect(await failing).toBe(false);
  });

  it('sends what is unsaved with keepalive when the page goes away', async () => {
    const t = setup();
    t.saver.sendOnExit();
    expect(t.calls).toHaveLength(0);
    t.type({ a: 1 });
    t.saver.sendOnExit();
    expect(t.calls).toEqual([
      expect.objectContaining({ body: { answers: { a: 1 }, currentStep: 1 }, keepalive: true }),
    ]);
    // Answered while the page is still there (a tab switched away from): the next save builds on it.
    t.calls[0]?.resolve();
    await advance(0);
    expect(t.saved).toEqual([{ body: { answers: { a: 1 }, currentStep: 1 }, settled: false }]);
  });

  it('sends nothing when the form is not there to read: a save replaces every stored answer', async () => {
    const sent: SaveMemberForm[] = [];
    const saver = createAutosaver({
      collect: () => null,
      send: (body) => {
        sent.push(body);
        return new Promise(() => {});
      },
      onStatus: () => {},
      onSaved: () => {},
    });
    saver.saveNow();
    await advance(MIN_SAVE_INTERVAL_MS);
    saver.sendOnExit();
    expect(sent).toEqual([]);
  });

  it('counts a request of the page before a reload against the rate limit', async () => {
    const started: number[] = [];
    const saver = createAutosaver({
      collect: () => ({ body: { answers: {}, currentStep: 2 }, withCorrections: false }),
      send: () => new Promise(() => {}),
      onStatus: () => {},
      onSaved: () => {},
      lastRequestAt: Date.now() - 400,
      onRequestTime: (at) => started.push(at),
    });
    saver.saveNow();
    await advance(MIN_SAVE_INTERVAL_MS - 401);
    expect(started).toEqual([]);
    await advance(1);
    expect(started).toEqual([Date.now()]);
  });

  it('counts the keepalive save of a page going away, so the next page waits out the rate limit', async () => {
    const started: number[] = [];
    const options = {
      collect: () => ({ body: { answers: { a: 1 }, currentStep: 2 }, withCorrections: false }),
      send: () => new Promise<never>(() => {}),
      onStatus: () => {},
      onSaved: () => {},
      onRequestTime: (at: number) => started.push(at),
    };
    const leaving = createAutosaver(options);
    leaving.change();
    leaving.sendOnExit();
    expect(started).toEqual([Date.now()]);
    // The next page (a reload, another link) starts from that request's time.
    const next = createAutosaver({ ...options, lastRequestAt: started[0] });
    next.saveNow();
    await advance(MIN_SAVE_INTERVAL_MS - 1);
    expect(started).toHaveLength(1);
    await advance(1);
    expect(started).toHaveLength(2);
  });

  it('after another tab saved first (409), catches up with its answers and saves again, without stopping', async () => {
    const catchUp = vi.fn(async () => {});
    const t = setup({ catchUp });
    t.type({ surname: 'Verma' });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    t.calls[0]?.reject(new ApiError(409, undefined, MEMBER_FORM_MESSAGES.changedElsewhere));
    await advance(0);
    expect(catchUp).toHaveBeenCalledTimes(1);
    expect(t.last()).toEqual({ kind: 'saving' });
    await advance(MIN_SAVE_INTERVAL_MS);
    expect(t.calls).toHaveLength(2);
    t.calls[1]?.resolve();
    await advance(0);
    expect(t.last()).toMatchObject({ kind: 'saved' });
  });

  it(`stops with the server's words after ${MAX_CATCH_UPS} catch-ups in a row, and at once without a way to catch up`, async () => {
    const catchUp = vi.fn(async () => {});
    const t = setup({ catchUp });
    t.type({ surname: 'Verma' });
    for (let i = 0; i <= MAX_CATCH_UPS; i++) {
      await advance(AUTOSAVE_DEBOUNCE_MS + MIN_SAVE_INTERVAL_MS);
      t.calls[i]?.reject(new ApiError(409, undefined, MEMBER_FORM_MESSAGES.changedElsewhere));
      await advance(0);
    }
    expect(catchUp).toHaveBeenCalledTimes(MAX_CATCH_UPS);
    expect(t.last()).toEqual({ kind: 'stopped', reason: 'locked', message: MEMBER_FORM_MESSAGES.changedElsewhere });

    const plain = setup();
    plain.type({ surname: 'Verma' });
    await advance(AUTOSAVE_DEBOUNCE_MS);
    plain.calls[0]?.reject(new ApiError(409, undefined, MEMBER_FORM_MESSAGES.changedElsewhere));
    await advance(0);
    expect(plain.last()).toMatchObject({ kind: 'stopped' });
  });
});
