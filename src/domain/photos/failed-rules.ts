import { z } from 'zod';
import type { ComplianceReport, PhotoCheck } from './compliance.ts';

/**
 * A photo that failed a rule is not paid for by accident (issue 31 §3): before payment the customer
 * replaces it (a retake) or makes one of these choices for it, stored with who made it and when.
 * "person-check" also asks staff for a second look (the photo's `secondLook` becomes `requested`,
 * the flag the staff queue reads) and holds the order's prints until a person approves it.
 */
export const FAILED_RULE_CHOICES = ['person-check', 'accept-risk'] as const;
export type FailedRuleChoice = (typeof FAILED_RULE_CHOICES)[number];

export const FAILED_RULE_CHOICE_LABELS: Record<FailedRuleChoice, string> = {
  'person-check': 'Have a person check it',
  'accept-risk': 'I understand it may be refused',
};

/** A staff member's second look at a photo: asked for, then approved or rejected (issue 31 §4). */
export const SECOND_LOOK_STATES = ['requested', 'approved', 'rejected'] as const;
export type SecondLook = (typeof SECOND_LOOK_STATES)[number];

export const FAILED_RULE_MESSAGES = {
  saved: 'Your choice is saved.',
  invalid: 'Choose “Have a person check it” or “I understand it may be refused”.',
  notNeeded: 'This photo meets every rule: there is nothing to choose.',
  notFitted: 'We could not fit this photo: upload another one.',
  stillChecking: 'This photo is still being checked. Please wait for its result.',
  /** The payment's "Before paying, please add: …" for a failing photo without a choice. */
  needsChoice: (label: string, name: string) =>
    `a new photo for ${label}, or your choice for “${name}”, which failed a rule: have a person check it, or accept that it may be refused`,
  /** The same for a photo whose check has not finished: what it will say is not known yet. */
  needsCheck: (label: string, name: string) => `the result of the check of “${name}” for ${label}`,
  /** Staff: a print sheet of a photo that waits for a person's check. */
  printsHeld: 'The prints of this photo are held until a person approves it.',
} as const;

export const chooseForFailedRulesSchema = z.object({
  choice: z.enum(FAILED_RULE_CHOICES, { error: FAILED_RULE_MESSAGES.invalid }),
});
export type ChooseForFailedRules = z.infer<typeof chooseForFailedRulesSchema>;

/** The customer's stored choice for a failing photo, as the API answers it. */
export const failedRuleChoiceSchema = z.object({
  choice: z.enum(FAILED_RULE_CHOICES),
  chosenAt: z.string(),
});

/** The rules a report failed, in its order. */
export function failedChecks(report: ComplianceReport | null): PhotoCheck[] {
  return report ? report.checks.filter((c) => !c.passed) : [];
}

/** What decides a photo's standing for payment. */
export interface PhotoForPayment {
  state: 'pending' | 'done' | 'failed';
  report: ComplianceReport | null;
  failedRuleChoice: FailedRuleChoice | null;
}

/**
 * What a photo is for payment: `usable` (fitted, and it passed or the customer chose for it),
 * `needs-choice` (fitted but failing, no choice yet), `checking` (its result is not known yet), or
 * `unusable` (the engine could not check or fit it: nothing of it is delivered, so it neither
 * counts as the item's photo nor stops payment).
 */
export function paymentStanding(photo: PhotoForPayment): 'usable' | 'needs-choice' | 'checking' | 'unusable' {
  if (photo.state === 'pending') return 'checking';
  if (photo.state === 'failed' || !photo.report?.fitted) return 'unusable';
  if (photo.report.passed || photo.failedRuleChoice !== null) return 'usable';
  return 'needs-choice';
}

/** Whether a choice can be made for the photo: fitted and failing at least one rule. */
export function choiceAllowed(photo: Pick<PhotoForPayment, 'state' | 'report'>): string | null {
  if (photo.state === 'pending') return FAILED_RULE_MESSAGES.stillChecking;
  if (photo.state === 'failed' || !photo.report?.fitted) return FAILED_RULE_MESSAGES.notFitted;
  if (photo.report.passed) return FAILED_RULE_MESSAGES.notNeeded;
  return null;
}

/**
 * Whether a photo's prints wait for a person: its second look is asked for and not yet given, or
 * it was rejected and waits for the customer's free retake (issue 31 §4).
 */
export function photoHeld(photo: { secondLook: SecondLook | null }): boolean {
  return photo.secondLook === 'requested' || photo.secondLook === 'rejected';
}

/** Whether an order's prints wait for a person: it has prints (delivered or picked up) and a photo is held. */
export function printsHeld(hasPrints: boolean, photos: readonly { secondLook: SecondLook | null }[]): boolean {
  return hasPrints && photos.some(photoHeld);
}
