import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { MemberForm, SaveMemberForm } from '../../../../domain/applications/member-form.ts';
import { getMemberForm, saveMemberForm } from '../../../lib/application-api.ts';
import type { FormEngineChange, FormEngineHandle, StepChange } from '../form-engine/form-engine.tsx';
import { type Autosaver, type AutosaveStatus, createAutosaver } from './autosaver.ts';
import { clearDraft, writeDraft } from './form-draft.ts';

export interface UseAutosaveOptions {
  /** The order as the API names it (the address's ?orderId=). */
  orderRef: string;
  /** The order's DOC-… id: the local draft's key, the same whichever form of the id the address has. */
  orderId: string;
  memberId: number;
  engine: RefObject<FormEngineHandle | null>;
  /** The step the form opened on. */
  initialStep: number;
  /** False when the answers can no longer change: nothing is saved. */
  enabled: boolean;
  /** When the answers the form opened with were saved (MemberForm.answersSavedAt): what the first save is based on. */
  answersSavedAt: string | null;
  /** Each answer of the server to a save (progress, review state), or the answers loaded after another tab saved. */
  onSaved?(form: MemberForm): void;
  /**
   * Set: the form opened with answers to save at once (pre-filled ones, a restored draft). A new
   * value saves again: a draft restored after the pre-filled answers were saved is saved too.
   */
  saveAtOnce?: string | null;
  /** While true, a save does not delete the local draft (one still offered back to the customer). */
  holdDraft?: boolean;
}

export interface Autosave {
  status: AutosaveStatus;
  onChange(change: FormEngineChange): void;
  onStepChange(change: StepChange): void;
  /** Save now and wait (before a member switch or the review): true when the server has everything. */
  flush(): Promise<boolean>;
  retryNow(): void;
  /**
   * An upload through the form stored its answer with the file, at `answersSavedAt`
   * (DocumentUploaded): the next save is built on those answers, not refused as another tab's.
   */
  uploaded(answersSavedAt: string): void;
  /** Before such an upload: no save starts until the release it resolves with is called (Autosaver.hold). */
  hold(): Promise<() => void>;
}

/**
 * Wires one member's FormEngine to the autosaver (autosaver.ts): every change also goes to the
 * local draft at once, cleared when the server has all of it; the page's pagehide and
 * visibilitychange send what is unsaved with keepalive, leaving the form within the app sends it
 * once the rate allows, and beforeunload warns while anything is unsaved.
 */
export function useAutosave({
  orderRef,
  orderId,
  memberId,
  engine,
  initialStep,
  enabled,
  answersSavedAt,
  onSaved,
  saveAtOnce = null,
  holdDraft = false,
}: UseAutosaveOptions): Autosave {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const saver = useRef<Autosaver | null>(null);
  const step = useRef(initialStep);
  const seen = useRef<string | undefined>(undefined);
  const corrections = useRef(false);
  const savedHandler = useRef(onSaved);
  savedHandler.current = onSaved;
  const holding = useRef(holdDraft);
  holding.current = holdDraft;
  // The stored answers this tab's are built on: each save says so, and a newer one stored elsewhere is a 409.
  const basedOn = useRef(answersSavedAt);
  // The engine that reported the last change: React has let go of `engine` by the time leaving the
  // form within the app sends what is unsaved, and its answers are still this one's.
  const changedEngine = useRef<FormEngineHandle | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const requestKey = `sevadocs-form-last-request:${orderId}:${memberId}`;
    const instance = createAutosaver({
      lastRequestAt: Number(sessionStorage.getItem(requestKey)) || undefined,
      onRequestTime: (at) => sessionStorage.setItem(requestKey, String(at)),
      collect: () => {
        const form = engine.current ?? changedEngine.current;
        if (!form) return null;
        const checked = form.savableAnswers();
        corrections.current = Object.keys(checked.errors).length > 0;
        const body: SaveMemberForm = { answers: checked.answers, currentStep: step.current, basedOn: basedOn.current };
        return { body, withCorrections: corrections.current };
      },
      send: (body, { keepalive }) =>
        saveMemberForm(orderRef, memberId, body, keepalive ? { keepalive } : {}).then((answer) => answer.data),
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === 'invalid') engine.current?.showErrors(next.errors);
      },
      onSaved: (body, form, settled) => {
        basedOn.current = form.answersSavedAt;
        // Marking them saved announces the answers again: those already announced are not a change
        // (every save of an opened form was followed by an identical second one).
        const values = engine.current?.getValues();
        if (values) seen.current = JSON.stringify(values);
        engine.current?.markSaved(body.answers);
        // What was typed but cannot be saved yet (a malformed answer) stays in the draft.
        if (settled && !corrections.current && !holding.current) clearDraft(orderId, memberId);
        savedHandler.current?.(form);
      },
      catchUp: async () => {
        const latest = (await getMemberForm(orderRef, memberId)).data;
        basedOn.current = latest.answersSavedAt;
        engine.current?.mergeSaved(latest.answers);
        savedHandler.current?.(latest);
      },
    });
    saver.current = instance;
    changedEngine.current = engine.current;
    // The engine is mounted by now: its step is the one to save (a restored draft opens on its own).
    step.current = engine.current?.currentStep() ?? step.current;
    if (saveAtOnce) instance.saveNow();

    const onExit = () => instance.sendOnExit();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') instance.sendOnExit();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!instance.hasUnsaved()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onExit);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onExit);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving within the app (the browser's Back, a link) unloads no page, so neither event
      // above fires, and the page's script lives on: the autosaver stays to send what was typed
      // within the debounce, at the rate the server takes (a keepalive request at once was refused
      // with 429 after the save just before it), then stops.
      if (instance.hasUnsaved()) void instance.flush().finally(() => instance.dispose());
      else instance.dispose();
      saver.current = null;
    };
  }, [enabled, orderRef, orderId, memberId, engine, saveAtOnce]);

  const keepDraft = useCallback(
    (values: Record<string, unknown>) => {
      // A draft still offered back is the customer's to take or discard: not overwritten meanwhile.
      if (holding.current) return;
      writeDraft(orderId, memberId, {
        values,
        step: step.current,
        updatedAt: new Date().toISOString(),
        basedOn: basedOn.current,
      });
    },
    [orderId, memberId],
  );

  const onChange = useCallback(
    ({ values }: FormEngineChange) => {
      // Marking answers saved re-announces the same values: nothing new to save.
      const json = JSON.stringify(values);
      if (json === seen.current) return;
      seen.current = json;
      if (!saver.current) return;
      changedEngine.current = engine.current;
      keepDraft(values);
      saver.current.change();
    },
    [keepDraft, engine],
  );

  const onStepChange = useCallback(
    (change: StepChange) => {
      step.current = change.step;
      if (!saver.current) return;
      changedEngine.current = engine.current;
      keepDraft(change.values);
      saver.current.saveNow();
    },
    [keepDraft, engine],
  );

  const flush = useCallback(() => saver.current?.flush() ?? Promise.resolve(true), []);
  const retryNow = useCallback(() => saver.current?.retryNow(), []);
  const uploaded = useCallback((answersSavedAt: string) => {
    basedOn.current = answersSavedAt;
  }, []);

  const hold = useCallback(() => saver.current?.hold() ?? Promise.resolve(() => {}), []);

  return { status, onChange, onStepChange, flush, retryNow, uploaded, hold };
}
