import { MAX_MEMBERS, MEMBER_RELATIONSHIPS, type ValidMember } from '../../../../domain/applications/members.ts';
import { type ApplicantRule, applicantRefusal } from '../../../../domain/applications/package-applicants.ts';
import { derivedKind, type MemberDraft } from '../members/member-fields.tsx';

/**
 * "Who is applying?" as typed so far, per chosen package in this tab (SPEC.md §4: the application
 * form state persists across reloads): a reload, or a phone that drops the page while the parent
 * fetches a child's date of birth, keeps the family's list. sessionStorage, not localStorage: the
 * names and dates of birth go with the tab, and the list is forgotten once the order starts. Each
 * function takes the choice's key (`choiceKey`): a string, so a page that is handed the same choice
 * as a new object does not restore the list over what was typed since.
 */
const PREFIX = 'sevadocs-start-members:';

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const RELATIONSHIPS: readonly string[] = MEMBER_RELATIONSHIPS;

function asDraft(value: unknown): MemberDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { fullName, dateOfBirth, relationship } = value as Record<string, unknown>;
  if (!isText(fullName, 200) || !isText(dateOfBirth, 10) || !isText(relationship, 20)) return null;
  if (relationship !== '' && !RELATIONSHIPS.includes(relationship)) return null;
  return { fullName, dateOfBirth, relationship: relationship as MemberDraft['relationship'] };
}

/** The list typed for `choice` in this tab, or null (none, or not one this page wrote). */
export function savedMembers(choice: string): MemberDraft[] | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + choice);
    const list: unknown = raw ? JSON.parse(raw) : null;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_MEMBERS) return null;
    const drafts = list.map(asDraft);
    return drafts.every((d): d is MemberDraft => d !== null) ? drafts : null;
  } catch {
    return null;
  }
}

export function saveMembers(choice: string, members: readonly (Partial<MemberDraft> | undefined)[]): void {
  const drafts = members.map((m) => ({
    fullName: m?.fullName ?? '',
    dateOfBirth: m?.dateOfBirth ?? '',
    relationship: m?.relationship ?? '',
  }));
  try {
    sessionStorage.setItem(PREFIX + choice, JSON.stringify(drafts));
  } catch {
    // Storage refused (a private window): the list lives as long as the page.
  }
}

export function forgetMembers(choice: string): void {
  try {
    sessionStorage.removeItem(PREFIX + choice);
  } catch {
    // Nothing kept.
  }
}

/**
 * The members typed so far that the package refuses, named as the page shows them ("Member 2"
 * while the name is blank), by the rule the server applies when the order starts
 * (`applicantRefusal`). The server starts no order while one of them is listed, so they are never
 * on an order and the running total does not count them: it is what the checkout would charge for
 * the rest. A member whose date of birth is not a real date yet is not refused: nothing says so yet.
 */
export function refusedMembers(
  members: readonly (Partial<MemberDraft> | undefined)[],
  rule: ApplicantRule,
  today: string,
): string[] {
  return members.flatMap((member, index) => {
    const dateOfBirth = member?.dateOfBirth ?? '';
    const kind = derivedKind(dateOfBirth, today);
    const fullName = member?.fullName?.trim() || `Member ${index + 1}`;
    return kind && applicantRefusal(rule, { fullName, kind, dateOfBirth }, today) ? [fullName] : [];
  });
}

/** A refused start's key for a member's date of birth, where the server puts a package's refusal. */
const DATE_OF_BIRTH_KEY = /^members\.(\d+)\.dateOfBirth$/;

/**
 * Whether a refused start's `message` for the field at `path` only repeats what the page already
 * shows beside that member (MemberFields): the package's refusal by the same rule, for the member
 * as sent (named as the server names them, spaces and apostrophes evened out). Shown again under
 * the date of birth, it would say the same twice. A message the page's rule does not give (the
 * catalog changed since the page loaded) is news, and is not a repeat.
 */
export function repeatsShownRefusal(
  path: string,
  message: string | undefined,
  sent: readonly ValidMember[],
  rule: ApplicantRule,
  today: string,
): boolean {
  const index = DATE_OF_BIRTH_KEY.exec(path)?.[1];
  const member = index === undefined ? undefined : sent[Number(index)];
  return member !== undefined && message !== undefined && message === applicantRefusal(rule, member, today);
}
