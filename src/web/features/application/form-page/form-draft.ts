import { type AnswersOptions, checkAnswers } from '../../../../domain/forms/answers.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import type { FormValues } from '../form-engine/engine-context.ts';

/**
 * A member's answers as typed, kept on this device until the server has them (issue 10 point 3:
 * nothing typed is lost): a tab closed while offline, or an answer the server cannot take yet,
 * is offered back on the next visit.
 */
export interface FormDraft {
  values: FormValues;
  step: number;
  /** When it was written (ISO). */
  updatedAt: string;
  /**
   * The stored answers it was typed over (MemberForm.answersSavedAt, null before any save), when
   * known: while the server still has those, nothing was saved elsewhere since, and the draft is
   * only this device's later typing.
   */
  basedOn?: string | null;
}

const key = (order: string, memberId: number) => `sevadocs-form-draft:${order}:${memberId}`;

export function readDraft(order: string, memberId: number): FormDraft | null {
  try {
    const raw = localStorage.getItem(key(order, memberId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<FormDraft>;
    if (typeof draft.values !== 'object' || draft.values === null || typeof draft.updatedAt !== 'string') return null;
    return {
      values: draft.values,
      step: Number(draft.step) || 1,
      updatedAt: draft.updatedAt,
      ...(typeof draft.basedOn === 'string' || draft.basedOn === null ? { basedOn: draft.basedOn } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft(order: string, memberId: number, draft: FormDraft): void {
  try {
    localStorage.setItem(key(order, memberId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the server copy is all there is.
  }
}

export function clearDraft(order: string, memberId: number): void {
  try {
    localStorage.removeItem(key(order, memberId));
  } catch {
    // As above.
  }
}

/** JSON with every object's keys in one order: stored answers come back with theirs reordered. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * This device's draft of a member's form, unless the server has its answers already (it is then
 * deleted): the draft's values, checked as a save would send them, are the stored `answers`. Never
 * by the clocks: the device's may be slow, and the row's `savedAt` moves with any write (a rename
 * on the order page, a review), so typing kept only here would be deleted unseen.
 */
export function unsavedDraft(
  order: string,
  memberId: number,
  stored: { definition: FormDefinition; answers: Record<string, unknown>; options: Omit<AnswersOptions, 'mode'> },
): FormDraft | null {
  const draft = readDraft(order, memberId);
  if (!draft) return null;
  const sent = checkAnswers(stored.definition, draft.values, { ...stored.options, mode: 'partial' });
  if (Object.keys(sent.errors).length > 0 || canonical(sent.answers) !== canonical(stored.answers)) return draft;
  clearDraft(order, memberId);
  return null;
}

/**
 * Whether a draft is this device's typing over the answers the server still has (`answersSavedAt`):
 * taken back without asking, as the save the device could not make (the page left within the
 * server's one-save-a-second, or offline). One typed over answers saved since elsewhere is offered.
 */
export function continuesStored(draft: FormDraft, answersSavedAt: string | null): boolean {
  return draft.basedOn !== undefined && draft.basedOn === answersSavedAt;
}
