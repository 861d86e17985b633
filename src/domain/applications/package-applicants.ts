import type { MemberKind } from './member-kinds.ts';
import { ageOn } from './members.ts';

/**
 * Who a package's price is for. A passport renewal's government fee depends on the applicant's
 * age (catalog-facts §2: an adult's 36-page booklet $125, a minor's $90; from Canada a minor's
 * fee is for a child under 15, and one of 15 to 17 pays the adult's), so a member of the other kind
 * on the package would be charged the wrong fee. Null parts accept anyone (an OCI card costs the
 * same at any age).
 */
export interface ApplicantRule {
  /** The member kinds the package is for. */
  kinds: readonly MemberKind[] | null;
  /** For the price's country: the applicant is younger than this on the day of ordering. */
  underAge: number | null;
  /**
   * For the price's country: the applicant is at least this old on the day of ordering, whatever
   * their kind (from Canada a 15-year-old renews on the adult's passport); it stands in for `kinds`.
   */
  fromAge: number | null;
}

export const ANY_APPLICANT: ApplicantRule = { kinds: null, underAge: null, fromAge: null };

export const APPLICANT_MESSAGES = {
  adultsOnly: (name: string) =>
    `${name} is under 18, and this package is for adults. Please choose the package for a minor for them, in an application of its own.`,
  minorsOnly: (name: string) =>
    `${name} is 18 or over, and this package is for children. Please choose an adult package for them, in an application of its own.`,
  tooYoung: (name: string, fromAge: number) =>
    `${name} is under ${fromAge}, and from this country this package is for applicants ${fromAge} and over. Please choose the package for a minor for them, in an application of its own.`,
  tooOld: (name: string, underAge: number) =>
    `${name} is ${underAge} or over, and from this country this package is for children under ${underAge}. Please choose an adult package for them, in an application of its own.`,
} as const;

/** Why `member` cannot be on a package with `rule` (a message naming them), or null when they can. */
export function applicantRefusal(
  rule: ApplicantRule,
  member: { fullName: string; kind: MemberKind; dateOfBirth: string },
  today: string,
): string | null {
  const name = member.fullName.trim();
  const age = ageOn(member.dateOfBirth, today);
  if (rule.fromAge !== null) {
    if (age < rule.fromAge) return APPLICANT_MESSAGES.tooYoung(name, rule.fromAge);
  } else if (rule.kinds && !rule.kinds.includes(member.kind)) {
    return member.kind === 'Minor' ? APPLICANT_MESSAGES.adultsOnly(name) : APPLICANT_MESSAGES.minorsOnly(name);
  }
  if (rule.underAge !== null && age >= rule.underAge) {
    return APPLICANT_MESSAGES.tooOld(name, rule.underAge);
  }
  return null;
}
