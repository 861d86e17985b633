/** SPEC.md §3 enumerations: "Member kinds: Minor, Adult". A member's kind decides which questions their form asks. */
export const MEMBER_KINDS = ['Minor', 'Adult'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
