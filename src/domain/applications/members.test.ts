import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import {
  ageOn,
  isIsoDate,
  MAX_MEMBERS,
  MEMBER_MESSAGES,
  memberConflict,
  memberInputSchemaFor,
  memberKindFor,
  memberListSchemaFor,
  stepOfSteps,
  walkedSteps,
} from './members.ts';

const TODAY = '2026-11-20';
const schema = memberInputSchemaFor(() => TODAY);
const list = memberListSchemaFor(() => TODAY);
const adult = { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' };
const child = { fullName: 'Aarav Sharma', dateOfBirth: '2016-09-30', relationship: 'Child' };

/** The first message per field, as the API's error handler answers them. */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('member kind (SPEC.md §3: Minor, Adult)', () => {
  it('is Minor under 18 and Adult from the 18th birthday', () => {
    expect(ageOn('2008-11-20', TODAY)).toBe(18);
    expect(ageOn('2008-11-21', TODAY)).toBe(17);
    expect(memberKindFor('2008-11-20', TODAY)).toBe('Adult');
    expect(memberKindFor('2008-11-21', TODAY)).toBe('Minor');
    expect(memberKindFor('2026-11-20', TODAY)).toBe('Minor');
    // A 29 February birthday is reached on 1 March in other years.
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('is derived from the date of birth when left out', () => {
    expect(schema.parse(child)).toEqual({ ...child, kind: 'Minor' });
    expect(schema.parse(adult)).toEqual({ ...adult, kind: 'Adult' });
  });

  it('is checked against the date of birth when given', () => {
    expect(schema.parse({ ...child, kind: 'Minor' }).kind).toBe('Minor');
    const wrong = schema.safeParse({ ...child, kind: 'Adult' });
    expect(errorsOf(wrong)).toEqual({
      kind: 'A member born on 2016-09-30 is under 18, so they apply as a Minor. Please check the date of birth.',
    });
    expect(errorsOf(schema.safeParse({ ...adult, kind: 'Minor' }))).toEqual({
      kind: 'A member born on 1985-04-12 is 18 or over, so they apply as an Adult. Please check the date of birth.',
    });
    expect(errorsOf(schema.safeParse({ ...adult, kind: 'Teen' }))).toEqual({
      kind: 'Member type must be Minor or Adult',
    });
  });
});

describe('member fields', () => {
  it('names keep the lengths and messages of the general name rule of SPEC.md §5, trimmed', () => {
    expect(schema.parse({ ...adult, fullName: '  Priya   Sharma ' }).fullName).toBe('Priya Sharma');
    expect(errorsOf(schema.safeParse({ ...adult, fullName: '' }))).toEqual({ fullName: AUTH_MESSAGES.nameRequired });
    expect(errorsOf(schema.safeParse({ ...adult, fullName: '   ' }))).toEqual({ fullName: AUTH_MESSAGES.nameBlank });
    expect(errorsOf(schema.safeParse({ ...adult, fullName: 'Al' }))).toEqual({
      fullName: 'Name should be at least 3 characters',
    });
    expect(errorsOf(schema.safeParse({ ...adult, fullName: 'a'.repeat(201) }))).toEqual({
      fullName: 'Name should not exceed 200 characters',
    });
    expect(schema.safeParse({ ...adult, fullName: 'a'.repeat(200) }).success).toBe(true);
  });

  it('names are passport names: apostrophes, hyphens and periods as well as letters and spaces', () => {
    for (const fullName of ["Mary D'Souza", 'Harpreet Singh-Gill', 'John St. Clair', "Rosa O'Neil-Khan Jr."]) {
      expect(schema.parse({ ...adult, fullName }).fullName).toBe(fullName);
    }
    // A phone keyboard's typographic apostrophe is the passport's plain one.
    expect(schema.parse({ ...adult, fullName: 'Mary D’Souza' }).fullName).toBe("Mary D'Souza");
  });

  it('names refuse other characters, and a first character that is not a letter, saying what is allowed', () => {
    const allowed = MEMBER_MESSAGES.nameCharacters;
    expect(allowed).toBe(
      "Name should start with a letter and contain only letters (A–Z), spaces, apostrophes ('), hyphens (-) and periods (.)",
    );
    for (const fullName of ['Priya 2', 'Priya_Sharma', 'Priya, Sharma', "'Priya Sharma", '-Priya', '.Priya']) {
      expect(errorsOf(schema.safeParse({ ...adult, fullName }))).toEqual({ fullName: allowed });
    }
  });

  it('dates of birth are real dates between 1 January 1900 and today (SPEC.md §5 upper bound)', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('12/04/1985')).toBe(false);
    const dob = (dateOfBirth: unknown) => errorsOf(schema.safeParse({ ...adult, dateOfBirth })).dateOfBirth;
    expect(dob(undefined)).toBe('Date of birth is required');
    expect(dob('')).toBe('Date of birth is required');
    expect(dob('1985-13-01')).toBe('Enter the date of birth as YYYY-MM-DD');
    expect(dob('2026-11-21')).toBe('Date of birth cannot be in the future');
    expect(dob('1899-12-31')).toBe('Date of birth cannot be before 1 January 1900');
    expect(dob(TODAY)).toBeUndefined();
    // SPEC.md §5's 2000-01-01 is not a lower bound for dates of birth.
    expect(dob('1999-12-31')).toBeUndefined();
  });

  it('relationship is one of the list', () => {
    expect(errorsOf(schema.safeParse({ ...adult, relationship: 'Cousin' }))).toEqual({
      relationship: 'Please choose how this member is related to you',
    });
    expect(errorsOf(schema.safeParse({ fullName: 'Priya Sharma', dateOfBirth: '1985-04-12' }))).toEqual({
      relationship: 'Please choose how this member is related to you',
    });
  });

  it('drops anything else the client sends (progress is the server’s)', () => {
    const parsed = schema.parse({ ...adult, id: 7, currentStep: 9, answers: { a: 1 }, kind: 'Adult' });
    expect(parsed).toEqual({ ...adult, kind: 'Adult' });
  });
});

describe('the member list of a new application', () => {
  it('has 1 to 10 members with clear messages', () => {
    expect(MAX_MEMBERS).toBe(10);
    expect(errorsOf(list.safeParse([]))).toEqual({ '': 'Add at least one member to start an application' });
    expect(errorsOf(list.safeParse(undefined))).toEqual({ '': 'Add at least one member to start an application' });
    const children = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...child, dateOfBirth: `2016-09-${String(i + 1).padStart(2, '0')}` }));
    const eleven = children(11);
    expect(errorsOf(list.safeParse(eleven))).toEqual({
      '': 'An application can have at most 10 members. Please start another application for more family members.',
    });
    expect(list.parse(children(10))).toHaveLength(10);
  });

  it('has at most one Self', () => {
    expect(errorsOf(list.safeParse([adult, child, { ...adult, fullName: 'Priya Other' }]))).toEqual({
      '2.relationship': 'Only one member can be you (Self)',
    });
  });

  it('has each person once: the same name (however spaced or cased) and date of birth again is refused', () => {
    expect(
      errorsOf(list.safeParse([adult, { ...adult, fullName: ' priya  SHARMA ', relationship: 'Spouse' }])),
    ).toEqual({
      '1.fullName': 'priya SHARMA is already a member of this application.',
    });
    // Twins share a date of birth, not a name; a namesake shares a name, not a date of birth.
    expect(list.safeParse([child, { ...child, fullName: 'Anaya Sharma' }]).success).toBe(true);
    expect(list.safeParse([adult, { ...adult, dateOfBirth: '1960-01-01', relationship: 'Parent' }]).success).toBe(true);
  });

  it('memberConflict: the 11th member, a second Self and the same person again are refused, an edit of the Self member is not', () => {
    const person = (relationship: string, i = 0) => ({
      relationship,
      fullName: `Child ${'abcdefghijk'[i]}`,
      dateOfBirth: '2016-09-30',
    });
    const ten = Array.from({ length: 10 }, (_, i) => person('Child', i));
    expect(memberConflict(ten, person('Child', 10))).toEqual({
      field: 'members',
      message: MEMBER_MESSAGES.tooMany,
    });
    expect(memberConflict(ten.slice(1), person('Child', 0), person('Child', 0))).toBeNull();
    expect(memberConflict([person('Self', 1)], person('Self', 2))).toEqual({
      field: 'relationship',
      message: MEMBER_MESSAGES.oneSelf,
    });
    expect(memberConflict([person('Child', 1)], person('Self', 2), person('Child', 2))).toBeNull();
    expect(memberConflict([person('Self', 1)], person('Spouse', 1))).toEqual({
      field: 'fullName',
      message: MEMBER_MESSAGES.sameMember('Child b'),
    });
    // An edit that makes the duplicate is refused; one of a member who already was it is not.
    expect(memberConflict([person('Self', 1)], person('Spouse', 1), person('Spouse', 2))).toEqual({
      field: 'fullName',
      message: MEMBER_MESSAGES.sameMember('Child b'),
    });
    expect(memberConflict([person('Self', 1)], person('Child', 1), person('Spouse', 1))).toBeNull();
  });
});

describe('stepOfSteps', () => {
  it('counts the Documents step after the answer steps, as the form does', () => {
    expect(stepOfSteps(1, 7)).toBe('Step 1 of 8');
    // On Documents (the server keeps the member there until review): not past the end.
    expect(stepOfSteps(8, 7)).toBe('Step 8 of 8');
    expect(stepOfSteps(9, 7)).toBe('Step 8 of 8');
    expect(walkedSteps(7)).toBe(8);
  });
});
