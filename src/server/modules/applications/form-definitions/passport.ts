/**
 * Indian passport renewal abroad (catalog-facts.md §2): the Passport Seva re-issue form, with
 * Annexure D (both parents' consent) for a minor, the Tatkal urgency, and Annexure F with the
 * police report for a lost or damaged passport.
 */
import type { FormDefinition, FormField, FormSection } from '../../../../domain/forms/definition.ts';
import {
  addressAbroad,
  addressInIndia,
  background,
  birthPlace,
  contact,
  indianPassport,
  namesAsInPassport,
  occupation,
  parentalConsent,
  parents,
  personalParticulars,
  policeReport,
  spouse,
} from './blocks.ts';
import { ask, definition, dependent, ifYes, note, optional, options, section, step, yesNo } from './build.ts';

export type PassportVariant = 'normal' | 'tatkal' | 'lost';

/** Particulars a re-issue may change; Tatkal excludes birth date, birthplace, appearance, signature and name. */
const CHANGES = options([
  ['address', 'Address'],
  ['spouse-name', 'Spouse’s name'],
  ['ecr', 'Remove the “Emigration Check Required” note'],
  ['name', 'Name'],
  ['appearance', 'Appearance'],
  ['signature', 'Signature'],
  ['birth-date', 'Date of birth'],
  ['birth-place', 'Place of birth'],
]);
const TATKAL_CHANGES = CHANGES.slice(0, 3);

function whyReissue(variant: 'normal' | 'tatkal'): FormField[] {
  const fields: FormField[] = [
    ask('multiple choice', 'reissueReason', 'Why do you need a new passport?', {
      errorLabel: 'Reason for re-issue',
      options: [
        { value: 'expiring', label: 'It has expired or expires within a year' },
        { value: 'expired-long', label: 'It expired more than three years ago' },
        { value: 'pages', label: 'Its pages are full' },
        {
          value: 'changes',
          label: 'Something in it must change',
          description: 'Name, address, appearance and the like.',
        },
      ],
    }),
    // Asked whatever the reason (which stays one choice: orders, the checklist and the desk read
    // one): a passport that expires within a year may need a new address too, and each change
    // ticked brings its proof (checklist.ts). Required once the reason given is a change.
    dependent('changesDetails', { field: 'reissueReason', answered: true }, [
      optional(
        ask('checkboxes', 'particularsChanged', 'What must change, if anything?', {
          errorLabel: 'What must change',
          options: variant === 'tatkal' ? TATKAL_CHANGES : CHANGES,
          requiredWhen: { field: 'reissueReason', equals: 'changes' },
          help:
            variant === 'tatkal'
              ? 'Tick each change, if any. Tatkal cannot change a name, date or place of birth, appearance or signature; choose a normal renewal for those.'
              : 'Tick each change, if any. Each change needs its proof, which your checklist lists.',
        }),
      ),
    ]),
  ];
  if (variant === 'tatkal') {
    fields.push(
      ask('paragraph', 'urgencyReason', 'Why is it urgent?', {
        errorLabel: 'Reason for urgency',
        transforms: ['trim'],
        rules: { min: 20, max: 1000 },
        help: 'A few sentences on why the passport is needed soon. Where the mission asks for a letter explaining the emergency, we draft it from this.',
      }),
      ask('date', 'neededBy', 'Date you must travel by', { rules: { min: 'today', max: 'today+180' } }),
    );
  }
  return fields;
}

function lossOrDamage(): FormField[] {
  return [
    ask('radio', 'passportLossKind', 'What happened to the passport?', {
      errorLabel: 'What happened to the passport',
      options: options([
        ['lost', 'Lost'],
        ['stolen', 'Stolen'],
        ['damaged', 'Damaged'],
      ]),
    }),
    ask('date', 'passportLossDate', 'When did it happen?', { errorLabel: 'Date of the loss or damage' }),
    ask('short answer', 'passportLossPlace', 'Where did it happen?', {
      errorLabel: 'Place of the loss',
      transforms: ['trim'],
    }),
    ask('paragraph', 'passportLossCircumstances', 'Describe what happened', {
      transforms: ['trim'],
      rules: { min: 20, max: 1500 },
      help: 'We use this for Annexure F, the statement you sign.',
    }),
    dependent('passportPoliceReport', { field: 'passportLossKind', oneOf: ['lost', 'stolen'] }, [
      ...policeReport('passportLossDate'),
    ]),
    yesNo('hasOldPassportCopy', 'Do you have a copy of the old passport?', 'Copy of the old passport', {
      help: 'A copy speeds up the check of your nationality; without one it takes longer.',
    }),
  ];
}

/** How long the new passport is valid, said on an adult's and a minor's form alike. */
const PASSPORT_VALIDITY =
  "An adult passport is valid for 10 years; a minor's for 5 years or until the child turns 18, whichever comes first.";

function bookletNote(booklet: 36 | 60): FormField {
  return note(
    'bookletNote',
    `${booklet}-page booklet`,
    `This package renews your passport with a ${booklet}-page booklet. ${PASSPORT_VALIDITY}`,
    { text: `This package renews {name}’s passport with a ${booklet}-page booklet. ${PASSPORT_VALIDITY}` },
  );
}

/** Status in the USA or Canada, which the consulate checks before re-issuing. */
function statusAbroad(): FormSection {
  return section('statusSection', 'Your status in the USA or Canada', [
    ask('select', 'residenceStatus', 'Status', {
      options: options([
        ['permanent-resident', 'Permanent resident (green card or PR card)'],
        ['work', 'Work visa or work permit (H-1B, L-1, …)'],
        ['study', 'Student visa or study permit'],
        ['dependent', 'Dependant visa (H-4, L-2, …)'],
        ['visitor', 'Visitor'],
        ['other', 'Other'],
      ]),
    }),
    ask('unique ID', 'statusDocumentNumber', 'Number of the status document', {
      transforms: ['uppercase'],
      help: 'Green card, PR card, I-797 or permit number.',
    }),
    optional(ask('date', 'statusValidUntil', 'Valid until', { rules: { min: 'today', max: 'today+3660' } })),
    yesNo('heldOfficialPassport', 'Have you ever held a diplomatic or official passport?', 'Official passport'),
    ifYes('heldOfficialPassport', [
      ask('unique ID', 'officialPassportNumber', 'Its number', {
        errorLabel: 'Official passport number',
        transforms: ['uppercase'],
      }),
    ]),
  ]);
}

function emergencyContact(): FormSection {
  return section('emergencySection', 'Emergency contact', [
    ask('text', 'emergencyName', 'Name', { transforms: ['trim'] }),
    ask('short answer', 'emergencyRelationship', 'Relationship to you', { transforms: ['trim'] }),
    ask('phone', 'emergencyPhone', 'Phone number', { defaultCountry: 'IN' }),
    optional(ask('paragraph', 'emergencyAddress', 'Address', { transforms: ['trim'], rules: { max: 300 } })),
  ]);
}

/** The Passport Seva re-issue form for one package: booklet size and urgency or loss vary. */
export function passportDefinition(
  id: string,
  title: string,
  variant: PassportVariant,
  booklet: 36 | 60,
): FormDefinition {
  const first =
    variant === 'lost'
      ? section('lossSection', 'The lost or damaged passport', [bookletNote(booklet), ...lossOrDamage()])
      : section('reissueSection', 'Your renewal', [bookletNote(booklet), ...whyReissue(variant)]);
  const citizenshipBy = ask('radio', 'indianCitizenshipBy', 'You are an Indian citizen by', {
    options: options([
      ['birth', 'Birth'],
      ['descent', 'Descent'],
      ['registration', 'Registration or naturalisation'],
    ]),
  });
  const pan = optional(
    ask('unique ID', 'panNumber', 'PAN', {
      transforms: ['uppercase'],
      rules: {
        matches: {
          pattern: '^[A-Z]{5}\\d{4}[A-Z]$',
          message: 'A PAN is 5 letters, 4 digits and a letter, such as ABCDE1234F',
        },
      },
    }),
  );
  return definition(
    id,
    title,
    [
      step('serviceStep', variant === 'lost' ? 'What happened' : 'Your renewal', [first]),
      step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars([citizenshipBy, pan])]),
      step('familyStep', 'Family', [parents(), spouse()]),
      step('addressStep', 'Addresses', [addressAbroad(), addressInIndia('Permanent address in India', true)], {
        intro: 'Police verification in India uses your permanent address there.',
        minor: { intro: 'Police verification in India uses {name}’s permanent address there.' },
      }),
      step('contactStep', 'Contact', [contact(), emergencyContact()]),
      step('passportStep', 'Passport and status', [
        indianPassport(variant === 'lost' ? 'The passport you lost' : 'Your current passport', variant !== 'lost'),
        statusAbroad(),
      ]),
      step('otherStep', 'Work and background', [occupation(), background()]),
      step('consentStep', 'Parents’ consent', [parentalConsent('passport')], { memberKinds: ['Minor'] }),
    ],
    'The questions of the Passport Seva re-issue form, with the annexures your case needs.',
  );
}
