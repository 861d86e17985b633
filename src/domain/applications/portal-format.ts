import type { AnswerValue } from '../forms/answers.ts';
import { isCalendarDate } from '../forms/dates.ts';
import type { FormDefinition } from '../forms/definition.ts';
import { type AnswerField, isAnswerField, walkFields } from '../forms/definition.ts';
import { displayAnswer } from '../forms/display.ts';
import { definitionForMember } from '../forms/member-texts.ts';
import { isEmptyAnswer, memberSteps, shownFieldKeys } from '../forms/visibility.ts';
import type { MemberKind } from './member-kinds.ts';

/**
 * A member's answers as the government portals take them (issue 32 §3): the copy-assist view, the
 * print pack's letters and staff's desk all write them this way. The portals (OCI, Passport Seva,
 * e-Visa) want capitals and dates as DD/MM/YYYY; an e-mail address stays as typed, a phone number
 * is the dial code then the number. Shared by the browser and the server.
 */

/** '2016-09-30' → '30/09/2016'; anything that is not a calendar date comes back as it is. */
export function portalDate(isoDate: string): string {
  if (!isCalendarDate(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Questions a portal has no box for: what is uploaded, a password, or nothing typed. */
const NOT_TYPED: readonly AnswerField['type'][] = ['file upload', 'image upload', 'password'];

/** Whether the portal has a box to type this field's answer into (uploads and passwords: no). */
export function isTypedIntoPortal(field: AnswerField): boolean {
  return !NOT_TYPED.includes(field.type);
}

/**
 * One answer as typed into a portal, or null when there is none: dates DD/MM/YYYY, choices by their
 * label, countries and occupations by name, all in capitals; an e-mail as typed; a phone stored as
 * '+1-4155550100' as '+1 4155550100'; numbers and money as the review page writes them.
 */
export function portalValue(field: AnswerField, value: unknown): string | null {
  if (isEmptyAnswer(value) || !isTypedIntoPortal(field)) return null;
  const answer = value as AnswerValue;
  switch (field.type) {
    case 'date':
      return portalDate(String(answer));
    case 'email':
      return String(answer).trim();
    case 'phone':
      return String(answer).replace('-', ' ');
    case 'number':
    case 'currency':
    case 'range':
    case 'rating':
    case 'time':
      return displayAnswer(field, answer);
    default:
      return displayAnswer(field, answer).toUpperCase();
  }
}

export interface CopyAssistRow {
  key: string;
  label: string;
  /** The answer as the portal takes it; null when the member left it empty. */
  value: string | null;
}

export interface CopyAssistSection {
  key: string;
  title: string;
  rows: CopyAssistRow[];
}

export interface CopyAssistStep {
  key: string;
  title: string;
  sections: CopyAssistSection[];
}

/**
 * A member's answers in the portal's field order, for copying one by one: the member's steps and
 * sections as their form asked them (the seeded forms follow the official forms' order,
 * docs/decisions/0047), worded for the member (a minor's name the child), only the questions shown
 * for these answers, and only those typed into a portal.
 */
export function copyAssistSteps(
  definition: FormDefinition,
  member: { kind: MemberKind; fullName: string },
  answers: Readonly<Record<string, unknown>>,
): CopyAssistStep[] {
  const steps = memberSteps(definitionForMember(definition, member), member.kind);
  const shown = shownFieldKeys(steps, (key) => answers[key]);
  return steps
    .map((step) => ({
      key: step.key,
      title: step.title,
      sections: step.sections
        .map((section) => ({
          key: section.key,
          title: section.title,
          rows: [...walkFields(section.fields)]
            .map(({ field }) => field)
            .filter(isAnswerField)
            .filter((field) => shown.has(field.key) && isTypedIntoPortal(field))
            .map((field) => ({ key: field.key, label: field.label, value: portalValue(field, answers[field.key]) })),
        }))
        .filter((section) => section.rows.length > 0),
    }))
    .filter((step) => step.sections.length > 0);
}
