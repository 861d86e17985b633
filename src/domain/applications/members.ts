import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, todayIsoDate } from '../limits/constants.ts';
import { MEMBER_KINDS, type MemberKind } from './member-kinds.ts';

/**
 * The family members of an application (SPEC.md §3 'Member kinds: Minor, Adult'; issue 10
 * point 2): the same zod schemas check the browser's member form and the server's API.
 */

/** How a member is related to the account holder who applies for them. */
export const MEMBER_RELATIONSHIPS = ['Self', 'Spouse', 'Child', 'Parent', 'Sibling', 'Other'] as const;
export type MemberRelationship = (typeof MEMBER_RELATIONSHIPS)[number];

/** An application is for 1 to 10 people; a larger family starts a second application. */
export const MIN_MEMBERS = 1;
export const MAX_MEMBERS = 10;
/** Adults are 18 or over on the day the member is saved. */
export const ADULT_AGE = 18;
/**
 * The earliest date of birth accepted. SPEC.md §5's lower bound 2000-01-01 is not used for
 * dates of birth: it would refuse every applicant born before 2000 (docs/decisions/0048).
 */
export const DATE_OF_BIRTH_MIN = '1900-01-01';

export const MEMBER_MESSAGES = {
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Enter the date of birth as YYYY-MM-DD',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth cannot be before 1 January 1900',
  kindInvalid: 'Member type must be Minor or Adult',
  kindMismatch: (kind: MemberKind, dateOfBirth: string) =>
    kind === 'Minor'
      ? `A member born on ${dateOfBirth} is under 18, so they apply as a Minor. Please check the date of birth.`
      : `A member born on ${dateOfBirth} is 18 or over, so they apply as an Adult. Please check the date of birth.`,
  relationshipRequired: 'Please choose how this member is related to you',
  oneSelf: 'Only one member can be you (Self)',
  /** Editing a member: the date of birth typed makes them the other kind, with that kind's form. */
  kindWillChange: (kind: MemberKind) =>
    kind === 'Adult'
      ? 'With this date of birth they are 18 or over and apply as an Adult, with an adult’s questions and documents.'
      : 'With this date of birth they are under 18 and apply as a Minor, with a minor’s questions and documents.',
  /** The same person twice (the same name and date of birth) would be charged twice. */
  sameMember: (fullName: string) => `${fullName} is already a member of this application.`,
  atLeastOne: 'Add at least one member to start an application',
  tooMany: `An application can have at most ${MAX_MEMBERS} members. Please start another application for more family members.`,
  lastMember: 'An application needs at least one member. Add another member before removing this one.',
  notFound: 'Member not found',
  added: 'Member added',
  updated: 'Member updated',
  removed: 'Member removed',
  /**
   * Removing a member, before they go. No amount is quoted: the add-ons chosen for them leave with
   * them, a percentage coupon shrinks with the total and one with a minimum may drop off, so only the
   * server's new total is right.
   */
  removeWarning: (fullName: string) =>
    `Their form answers and uploaded documents are deleted with them. The total is worked out again without ${fullName}.`,
  loaded: 'Members loaded',
  locked: 'Members can no longer be added or removed for this order. Please contact us if you need to change it.',
  editLocked: 'Member details can no longer be changed for this order. Please contact us if something is wrong.',
  nameCharacters:
    "Name should start with a letter and contain only letters (A–Z), spaces, apostrophes ('), hyphens (-) and periods (.)",
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Full years between two YYYY-MM-DD dates (a 29 February birthday counts from 1 March). */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/** Minor under 18, Adult from the 18th birthday, counted on `today` (UTC, as both sides count it). */
export function memberKindFor(dateOfBirth: string, today: string = todayIsoDate()): MemberKind {
  return ageOn(dateOfBirth, today) >= ADULT_AGE ? 'Adult' : 'Minor';
}

/** A letter first, then letters, spaces, `.`, `'` and `-`: the application form's passport name fields allow the same. */
const PASSPORT_NAME_PATTERN = /^[A-Za-z][A-Za-z .'-]*$/;

/**
 * A member's full name as in their passport. Passport names carry apostrophes, hyphens and
 * periods (D'Souza, Singh-Gill, St. John), so this is not sign-up's letters-and-spaces rule
 * (SPEC.md §5); the lengths and the other messages are that rule's. A typographic apostrophe
 * (phone keyboards type ’) is stored as the passport's plain one.
 */
const passportName = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .min(1, AUTH_MESSAGES.nameRequired)
  .transform((name) => name.trim().replace(/\s+/g, ' ').replace(/[‘’]/g, "'"))
  .refine((name) => name.length > 0, AUTH_MESSAGES.nameBlank)
  .refine((name) => name.length >= NAME_MIN_LENGTH, AUTH_MESSAGES.nameTooShort)
  .refine((name) => name.length <= NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong)
  .refine((name) => PASSPORT_NAME_PATTERN.test(name), MEMBER_MESSAGES.nameCharacters);

const dateOfBirth = (today: () => string) =>
  z
    .string({ error: MEMBER_MESSAGES.dateOfBirthRequired })
    .trim()
    .min(1, MEMBER_MESSAGES.dateOfBirthRequired)
    .refine(isIsoDate, MEMBER_MESSAGES.dateOfBirthInvalid)
    .refine((d) => !isIsoDate(d) || d >= DATE_OF_BIRTH_MIN, MEMBER_MESSAGES.dateOfBirthTooEarly)
    .refine((d) => !isIsoDate(d) || d <= today(), MEMBER_MESSAGES.dateOfBirthInFuture);

/**
 * One member as the customer enters it. `kind` may be left out (it is derived from the date of
 * birth); when given it must agree with it. The output always carries the derived kind.
 */
export function memberInputSchemaFor(today: () => string = () => todayIsoDate()) {
  return z
    .object({
      fullName: passportName,
      dateOfBirth: dateOfBirth(today),
      kind: z.enum(MEMBER_KINDS, { error: MEMBER_MESSAGES.kindInvalid }).optional(),
      relationship: z.enum(MEMBER_RELATIONSHIPS, { error: MEMBER_MESSAGES.relationshipRequired }),
    })
    .superRefine((member, ctx) => {
      const derived = memberKindFor(member.dateOfBirth, today());
      if (member.kind !== undefined && member.kind !== derived) {
        ctx.addIssue({
          code: 'custom',
          path: ['kind'],
          message: MEMBER_MESSAGES.kindMismatch(derived, member.dateOfBirth),
        });
      }
    })
    .transform((member) => ({ ...member, kind: memberKindFor(member.dateOfBirth, today()) }));
}
export const memberInputSchema = memberInputSchemaFor();
export type MemberInput = z.input<typeof memberInputSchema>;
export type ValidMember = z.output<typeof memberInputSchema>;

/** The members an application starts with: 1 to 10, at most one of them 'Self'. */
export function memberListSchemaFor(today?: () => string) {
  return z
    .array(memberInputSchemaFor(today), { error: MEMBER_MESSAGES.atLeastOne })
    .min(MIN_MEMBERS, MEMBER_MESSAGES.atLeastOne)
    .max(MAX_MEMBERS, MEMBER_MESSAGES.tooMany)
    .superRefine((members, ctx) => {
      const selves = members.flatMap((m, i) => (m.relationship === 'Self' ? [i] : []));
      for (const index of selves.slice(1)) {
        ctx.addIssue({ code: 'custom', path: [index, 'relationship'], message: MEMBER_MESSAGES.oneSelf });
      }
      members.forEach((member, index) => {
        if (members.slice(0, index).some((earlier) => samePerson(earlier, member))) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'fullName'],
            message: MEMBER_MESSAGES.sameMember(member.fullName),
          });
        }
      });
    });
}

/**
 * The same person, in one order or two: the same name (case and spacing aside) and date of birth
 * ("Meera  iyer" born 1985-04-12 is "Meera Iyer" born 1985-04-12).
 */
export function samePerson(
  a: { fullName: string; dateOfBirth: string },
  b: { fullName: string; dateOfBirth: string },
): boolean {
  const name = (n: string) => n.trim().replace(/\s+/g, ' ').toLowerCase();
  return a.dateOfBirth === b.dateOfBirth && name(a.fullName) === name(b.fullName);
}
export const memberListSchema = memberListSchemaFor();

type Person = { relationship: string; fullName: string; dateOfBirth: string };

/**
 * Whether `member` may join (`was` undefined: adding) or stay among `others` (the order's other
 * members), as `was` before the edit: null when it may, else the field and message to answer with.
 * An edit that keeps a name and date of birth another member already had (two entries made before
 * the rule) is let through: refusing it would block every correction of either.
 */
export function memberConflict(
  others: readonly Person[],
  member: Person,
  was?: Person,
): { field: string; message: string } | null {
  if (!was && others.length >= MAX_MEMBERS) return { field: 'members', message: MEMBER_MESSAGES.tooMany };
  if (member.relationship === 'Self' && others.some((m) => m.relationship === 'Self')) {
    return { field: 'relationship', message: MEMBER_MESSAGES.oneSelf };
  }
  if (others.some((m) => samePerson(m, member)) && !(was && samePerson(was, member))) {
    return { field: 'fullName', message: MEMBER_MESSAGES.sameMember(member.fullName) };
  }
  return null;
}

/** One member as the API answers it, with their form progress (SPEC.md §3 applicationFormData). */
export const memberSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  kind: z.enum(MEMBER_KINDS),
  relationship: z.enum(MEMBER_RELATIONSHIPS),
  /** 1-based order in the application. */
  position: z.number(),
  progress: z.object({
    /** SPEC.md §3 currentStepper: the step of this member's form the customer is on (starts at 1). */
    currentStep: z.number(),
    /**
     * The steps of this member's form (their kind's steps of the order's definition); the review
     * step is totalSteps + 1. Null when the package has no form.
     */
    totalSteps: z.number().nullable(),
    /** SPEC.md §4: the review step stored its review details. */
    reviewed: z.boolean(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * The steps of a member's form as the customer walks them: the answer steps, then Documents
 * (docs/decisions/0053). The order page and the form's member switcher count alike.
 */
export const walkedSteps = (answerSteps: number) => answerSteps + 1;

/**
 * A member whose form was finished (its answers checked complete on the server, SPEC.md §4's review
 * details stored). Not "Reviewed": no review screen is shown at that point, and walk I read it as
 * one skipped; "Review all" is where the customer looks over everything.
 */
export const MEMBER_FORM_DONE = 'Answers complete';

/** "Step 2 of 8": the step a member is on, of their walked steps (the last is Documents). */
export function stepOfSteps(currentStep: number, answerSteps: number): string {
  const total = walkedSteps(answerSteps);
  return `Step ${Math.min(currentStep, total)} of ${total}`;
}
