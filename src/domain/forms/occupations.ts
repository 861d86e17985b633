/**
 * The choices of an `occupation dropdown` (SPEC.md §3), merged from the occupation lists of the
 * official forms these applications feed: Passport Seva's "Employment type", the OCI
 * registration form's "Present occupation" and the Indian e-Visa form's "Present occupation".
 * Values are stable slugs (stored in answers); labels are what the customer reads.
 */
export const OCCUPATIONS = [
  { value: 'private-service', label: 'Private sector employee' },
  { value: 'government-service', label: 'Government service' },
  { value: 'public-sector', label: 'Public sector undertaking (PSU) or statutory body' },
  { value: 'self-employed', label: 'Self-employed' },
  { value: 'business-owner', label: 'Business owner, partner or director' },
  { value: 'it-professional', label: 'IT or software professional' },
  { value: 'engineer', label: 'Engineer' },
  { value: 'doctor', label: 'Doctor or healthcare professional' },
  { value: 'lawyer', label: 'Lawyer' },
  { value: 'accountant', label: 'Chartered accountant or accountant' },
  { value: 'teacher', label: 'Teacher or professor' },
  { value: 'scientist', label: 'Scientist or researcher' },
  { value: 'journalist', label: 'Journalist or media' },
  { value: 'armed-forces', label: 'Armed forces' },
  { value: 'police', label: 'Police' },
  { value: 'airline-crew', label: 'Airline or ship crew' },
  { value: 'homemaker', label: 'Homemaker' },
  { value: 'student', label: 'Student' },
  { value: 'retired', label: 'Retired' },
  { value: 'not-employed', label: 'Not employed' },
  { value: 'minor', label: 'Child (not of working age)' },
  { value: 'other', label: 'Other' },
] as const;

export type Occupation = (typeof OCCUPATIONS)[number]['value'];

const labels = new Map<string, string>(OCCUPATIONS.map((o) => [o.value, o.label]));

export function isOccupation(value: string): value is Occupation {
  return labels.has(value);
}

export function occupationLabel(value: string): string | undefined {
  return labels.get(value);
}
