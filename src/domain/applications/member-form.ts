import { z } from 'zod';
import { FORM_LIMITS } from '../forms/field-types.ts';
import { HOUSEHOLD_GROUP_NAMES } from './household.ts';

/**
 * One member's application form on the wire (SPEC.md §3 applicationFormData: currentStepper,
 * memberFormData, reviewOrderDetails; §7 /fetch-forms; issue 10 points 3, 4 and 6). The browser's
 * autosave and review, and the server's routes, share these schemas and messages.
 *
 * Calls, under /api/v1/application/order/{orderRef}:
 * - GET  …/form                              the order's form definition (the version it started with)
 * - GET  …/members/{memberId}/form           the member's answers, step and review state
 * - PUT  …/members/{memberId}/form           autosave: the member's whole answer set and step
 * - POST …/members/{memberId}/form/review    the review step: checks the whole form, stores review details
 * - DELETE …/members/{memberId}/form/review  SPEC.md §4: review details removed (the form is open again)
 */

export const MEMBER_FORM_MESSAGES = {
  loaded: 'Form loaded',
  definitionLoaded: 'Form definition loaded',
  saved: 'Answers saved',
  reviewed: 'Answers reviewed',
  reviewRemoved: 'Review removed; the form is open for changes again',
  noForm: 'This package has no application form; only the documents are needed.',
  incomplete: 'Some answers are missing or need a correction. Please complete them before reviewing.',
  invalidAnswers: 'Some answers need a correction. Please check the highlighted fields.',
  locked: 'The answers can no longer be changed for this order. Please contact us if something is wrong.',
  stepInvalid: 'The step must be a whole number from 1',
  tooFrequent: 'Saving too often. Your answers are kept and will be saved in a moment.',
  tooLarge: 'These answers are too large to save. Please shorten the longest answers.',
  dateOfBirthNotMember: (dateOfBirth: string) =>
    `The date of birth must be the member’s, ${dateOfBirth}. If that is wrong, change it in the member’s details on the order page.`,
  changedElsewhere:
    'These answers were saved from another tab or device in the meantime. Load them, then save your changes again.',
} as const;

/**
 * The largest autosave body (bytes). A complete member form is a few kilobytes (the longest
 * seeded one, every answer at its maximum length, is under 40 KB); files are references, never
 * contents.
 */
export const MEMBER_FORM_BODY_LIMIT = 64 * 1024;

/** Autosave writes per member per session (DESIGN: at most one a second, issue 10). */
export const MEMBER_FORM_SAVE_RATE_LIMIT = { max: 1, timeWindow: '1 second' } as const;

/** The browser waits this long after the last keystroke before saving (≥ the rate limit's window). */
export const AUTOSAVE_DEBOUNCE_MS = 1200;

const step = z
  .number({ error: MEMBER_FORM_MESSAGES.stepInvalid })
  .int(MEMBER_FORM_MESSAGES.stepInvalid)
  .min(1, MEMBER_FORM_MESSAGES.stepInvalid)
  .max(FORM_LIMITS.stepsMax + 1, MEMBER_FORM_MESSAGES.stepInvalid);

/**
 * PUT …/members/{memberId}/form. `answers` is the member's whole answer set as the engine's
 * `savableAnswers()` gives it (every step; answers left out are removed). The server checks it
 * with the definition's partial schema: one malformed answer is a 400 with field messages and
 * nothing is stored.
 */
export const saveMemberFormSchema = z.object({
  currentStep: step,
  answers: z.record(z.string(), z.unknown()),
  /**
   * The `answersSavedAt` of the answers this set was built on (null: none saved yet). Another one
   * stored now means another tab or device saved since: a 409 (`changedElsewhere`), so a stale
   * whole set never replaces newer answers unseen. Left out, the set replaces whatever is stored.
   */
  basedOn: z.iso.datetime().nullable().optional(),
});
export type SaveMemberForm = z.infer<typeof saveMemberFormSchema>;

/** What the review step stores (SPEC.md §4 reviewOrderDetails). */
export const reviewDetailsSchema = z.object({
  reviewedAt: z.string(),
  /** The form definition version the answers were checked against. */
  definitionVersion: z.number().int(),
});
export type ReviewDetails = z.infer<typeof reviewDetailsSchema>;

/**
 * A member's form opened again: no review, and on its last step at most (`stepCount`, the member's
 * steps). The one shape for a review removed, a new kind that asks other steps, and a mission that
 * moved away from the member's address.
 */
export function reopenedForm(member: { currentStep: number }, stepCount: number) {
  return { reviewDetails: null, currentStep: Math.min(member.currentStep, stepCount) };
}

/** GET/PUT …/members/{memberId}/form and the review calls answer this. */
export const memberFormSchema = z.object({
  memberId: z.number(),
  /** SPEC.md §3 currentStepper (1-based); one past the last form step is the review step. */
  currentStep: z.number(),
  /** The stored (normalised) answers, keyed by field key. */
  answers: z.record(z.string(), z.unknown()),
  /** Null until the review step stored its details; a later save that leaves the form incomplete removes them. */
  reviewDetails: reviewDetailsSchema.nullable(),
  /** Whether the answers may still change (the order's status allows it). */
  canEdit: z.boolean(),
  /**
   * Whether the review may be removed (DELETE …/form/review): while answers may change, and also
   * in `Order pending`, which moves the order back to `Forms incomplete` (docs/decisions/0051).
   */
  canRemoveReview: z.boolean(),
  /** When the answers were last saved (ISO), for "Saved at …". */
  savedAt: z.string(),
  /** When an autosave last wrote the answers, null before the first: what the next save is based on. */
  answersSavedAt: z.string().nullable(),
  /**
   * GET only, while answers may change: what the rest of the order offers this member's form
   * (household.ts): answers it starts with, each with where it came from, and one-tap copies.
   */
  household: z
    .object({
      answers: z.record(z.string(), z.object({ value: z.unknown(), from: z.string() })),
      offers: z.array(
        z.object({
          group: z.enum(HOUSEHOLD_GROUP_NAMES),
          memberId: z.number(),
          label: z.string(),
          from: z.string(),
          values: z.record(z.string(), z.unknown()),
        }),
      ),
    })
    .optional(),
});
export type MemberForm = z.infer<typeof memberFormSchema>;

/** GET …/form: the definition, or null for a package without a form (documents only). */
export const orderFormSchema = z.object({
  /** The FormDefinition JSON (src/domain/forms/definition.ts), checked by formDefinitionSchema on the server. */
  definition: z.unknown().nullable(),
});

/**
 * The form's date of birth against the member's (the one their kind, the package's age rule and the
 * print pack's cover go by): field messages when they differ, else null. Unanswered is no conflict.
 */
export function birthDateConflict(
  member: { dateOfBirth: string },
  answers: Record<string, unknown>,
): Record<string, string> | null {
  const answered = answers.dateOfBirth;
  if (typeof answered !== 'string' || answered === '' || answered === member.dateOfBirth) return null;
  return { dateOfBirth: MEMBER_FORM_MESSAGES.dateOfBirthNotMember(member.dateOfBirth) };
}
