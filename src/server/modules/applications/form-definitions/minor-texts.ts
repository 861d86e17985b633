/**
 * How a minor's form words the questions that are about the member (issue 30 §3: "A minor's
 * steps name the child, never 'you'"), by answer key: a parent fills it in, so "Have you visited
 * India before?" is "Has {name} visited India before?" (`{name}`: the child's first name,
 * src/domain/forms/member-texts.ts). Keys are the same question in every seeded definition that
 * asks them. Titles are worded where they are built (build.ts `section`, `step`).
 */
import type { FormDefinition, FormField, MinorTexts } from '../../../../domain/forms/definition.ts';

export const MINOR_QUESTION_TEXTS: Readonly<Record<string, MinorTexts>> = {
  nationalityAcquiredBy: { label: 'How did {name} acquire it?', errorLabel: 'How {name} acquired the nationality' },
  nationalityAcquiredOn: { label: 'Date {name} acquired it' },
  nationalityAcquiredAt: { label: 'Place where {name} acquired it' },
  otherNationality: {
    label: 'Apart from their present nationality and Indian, has {name} held any other nationality?',
  },
  newName: { label: '{name}’s new full name' },
  reissueReason: { label: 'Why does {name} need a new passport?' },
  indianCitizenshipBy: { label: '{name} is an Indian citizen by' },
  emergencyRelationship: { label: 'Relationship to {name}' },
  heldOfficialPassport: { label: 'Has {name} ever held a diplomatic or official passport?' },
  neededBy: { label: 'Date {name} must travel by' },
  hasOldPassportCopy: {
    label: 'Is there a copy of the old passport?',
    help: 'A copy speeds up the check of {name}’s nationality; without one it takes longer.',
  },
  naturalisedCountry: { label: 'Country of {name}’s new citizenship' },
  naturalisedOn: {
    label: 'Date {name} became a citizen',
    help: 'The date on {name}’s naturalisation or citizenship certificate.',
  },
  hasIndianPassport: { label: 'Is this passport still at hand?', errorLabel: 'Whether the passport is at hand' },
  travelledAfterNaturalisation: { label: 'Did {name} travel on the Indian passport after becoming a citizen?' },
  executantNationality: { label: '{name} is', errorLabel: '{name}’s nationality' },
  attorneyRelationship: { label: 'Relationship to {name}' },
  tourPurpose: { label: 'Purpose of {name}’s visit' },
  businessPurpose: { label: 'Purpose of {name}’s visit' },
  stayDays: { label: 'How long will {name}’s first stay be?' },
  placesToVisit: { label: 'Places {name} will visit' },
  nationalityBy: {
    label: 'Did {name} acquire the nationality by birth or naturalisation?',
    errorLabel: 'How {name} acquired the nationality',
  },
  livedTwoYears: { label: 'Has {name} lived for at least two years in the country the application is made from?' },
  hasOtherPassport: { label: 'Does {name} hold any other valid passport or identity certificate?' },
  pakistanHeritage: {
    label: 'Were {name}’s parents or grandparents Pakistan nationals, or do they belong to an area now in Pakistan?',
  },
  visitedIndia: { label: 'Has {name} visited India before?' },
  previousIndiaAddress: { label: 'Address where {name} stayed' },
  previousCities: { label: 'Cities {name} visited' },
  visaRefused: { label: 'Has {name} ever been refused an Indian visa or its extension?' },
  countriesVisited: { label: 'Countries {name} visited in the last 10 years' },
  passportBioPage: {
    label: 'Scan of {name}’s passport photo page',
    help: 'A scan or a clear phone photo of the page. The passport must be valid for at least 6 months after {name} arrives, with 2 blank pages.',
  },
  businessCard: { label: '{name}’s business card' },
  formerIndian: { label: 'Was {name} an Indian citizen before?' },
  governmentForm: { label: '{name}’s completed government form' },
};

function worded(field: FormField): FormField {
  const minor = field.minor ?? MINOR_QUESTION_TEXTS[field.key];
  const own = minor ? { ...field, minor } : field;
  return own.type === 'dependent' ? { ...own, fields: own.fields.map(worded) } : own;
}

/** The definition with the minor wording of each question MINOR_QUESTION_TEXTS words (a field's own wins). */
export function withMinorQuestionTexts(definition: FormDefinition): FormDefinition {
  return {
    ...definition,
    steps: definition.steps.map((step) => ({
      ...step,
      sections: step.sections.map((section) => ({ ...section, fields: section.fields.map(worded) })),
    })),
  };
}
