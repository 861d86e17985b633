/**
 * OCI card (catalog-facts.md §1): the questions of the OCI registration form (new card, for
 * adults and minors) and of the miscellaneous-services form (re-issue, lost or damaged card).
 */
import type { FormDefinition, FormSection } from '../../../../domain/forms/definition.ts';
import {
  addressAbroad,
  addressInIndia,
  background,
  birthPlace,
  contact,
  foreignPassport,
  namesAsInPassport,
  occupation,
  parentalConsent,
  parents,
  personalParticulars,
  photoAndSignature,
  policeReport,
  spouse,
} from './blocks.ts';
import { ask, definition, dependent, ifYes, note, optional, options, section, step, yesNo } from './build.ts';

/** How the applicant gained their present citizenship. */
function citizenship(): FormSection {
  return section('citizenshipSection', 'Your present citizenship', [
    ask('country dropdown', 'presentNationality', 'Present nationality'),
    ask('radio', 'nationalityAcquiredBy', 'How did you acquire it?', {
      errorLabel: 'How you acquired your nationality',
      options: options([
        ['birth', 'By birth'],
        ['naturalisation', 'By naturalisation'],
        ['registration', 'By registration'],
      ]),
    }),
    dependent('naturalisedDetails', { field: 'nationalityAcquiredBy', oneOf: ['naturalisation', 'registration'] }, [
      ask('date', 'nationalityAcquiredOn', 'Date you acquired it', {
        rules: { min: '1950-01-01', notBefore: 'dateOfBirth' },
      }),
      ask('short answer', 'nationalityAcquiredAt', 'Place where you acquired it', { transforms: ['trim'] }),
      ask('unique ID', 'naturalisationCertificateNumber', 'Naturalisation or citizenship certificate number', {
        transforms: ['uppercase'],
      }),
    ]),
    // "Apart from Indian" alone read, to a naturalised US citizen, as asking about their US nationality.
    yesNo(
      'otherNationality',
      'Apart from your present nationality and Indian, have you held any other nationality?',
      'Other nationalities',
    ),
    ifYes('otherNationality', [
      ask('country dropdown', 'otherNationalityCountry', 'Which country?', { errorLabel: 'Other nationality' }),
    ]),
  ]);
}

/** Why the applicant is eligible: a former Indian citizen, the child or grandchild of one, or the spouse of one. */
function indianOrigin(): FormSection {
  return section(
    'originSection',
    'Your Indian origin',
    [
      ask('multiple choice', 'eligibility', 'How are you eligible for an OCI card?', {
        errorLabel: 'Eligibility',
        options: [
          {
            value: 'former-citizen',
            label: 'I was an Indian citizen',
            description: 'You held an Indian passport before.',
          },
          {
            value: 'descendant',
            label: 'A parent, grandparent or great-grandparent was an Indian citizen',
            description: 'Their Indian passport or birth record proves it.',
          },
          {
            value: 'spouse',
            label: 'I am married to an Indian citizen or OCI cardholder',
            description: 'The marriage is registered and has lasted at least two years.',
          },
        ],
      }),
      dependent('formerCitizen', { field: 'eligibility', equals: 'former-citizen' }, [
        ask('unique ID', 'lastIndianPassportNumber', 'Your last Indian passport number', { transforms: ['uppercase'] }),
        ask('date', 'lastIndianPassportIssueDate', 'Its date of issue', { rules: { min: '1950-01-01' } }),
        ask('short answer', 'lastIndianPassportIssuePlace', 'Its place of issue', { transforms: ['trim'] }),
        // Kept as printed: certificate numbers carry slashes and hyphens (SFO/SUR/2019-0456). One
        // form serves both countries: what is true in one only (in Canada the surrender comes
        // before the OCI application) is said by the checklist, which is the order's country's.
        ask('short answer', 'surrenderCertificateNumber', 'Surrender or renunciation certificate number', {
          transforms: ['trim', 'uppercase'],
          help: 'As printed on the certificate. The OCI application asks for this number, so it goes in once the certificate is issued.',
        }),
        ask('date', 'surrenderCertificateDate', 'Date of the certificate', { rules: { min: '1950-01-01' } }),
      ]),
      dependent('descendant', { field: 'eligibility', equals: 'descendant' }, [
        ask('select', 'relativeRelationship', 'Relationship to you', {
          options: options([
            ['parent', 'Parent'],
            ['grandparent', 'Grandparent'],
            ['great-grandparent', 'Great-grandparent'],
          ]),
        }),
        ask('text', 'relativeName', 'Their full name', { transforms: ['trim'] }),
        ask('short answer', 'relativeDocument', 'Their Indian passport number or birth certificate number', {
          errorLabel: 'Their Indian document',
          transforms: ['trim', 'uppercase'],
        }),
      ]),
      dependent('spouseOfIndian', { field: 'eligibility', equals: 'spouse' }, [
        ask('date', 'marriageRegisteredOn', 'Date your marriage was registered', {
          rules: { min: '1950-01-01', max: 'today-730' },
        }),
        ask('short answer', 'marriageRegisteredAt', 'Place of registration', { transforms: ['trim'] }),
      ]),
    ],
    { memberKinds: ['Adult'] },
  );
}

/** A minor qualifies through a parent. */
function minorOrigin(): FormSection {
  return section(
    'minorOriginSection',
    'The child’s Indian origin',
    [
      ask('radio', 'indianParent', 'Which parent is of Indian origin?', {
        errorLabel: 'Parent of Indian origin',
        options: options([
          ['father', 'Father'],
          ['mother', 'Mother'],
          ['both', 'Both'],
        ]),
      }),
      // A parent applying for their own first OCI card with the child (a family's first order) has
      // none of these yet: the child's proof of Indian origin then carries the application.
      ask(
        'short answer',
        'indianParentDocument',
        'That parent’s OCI card, Indian passport or surrender certificate number (either parent’s, if both)',
        {
          errorLabel: 'Parent’s Indian document',
          transforms: ['trim', 'uppercase'],
          required: false,
          help: 'If that parent has none yet (say they apply for their first OCI card with this order), leave it blank: the child’s proof of Indian origin shows the link.',
        },
      ),
    ],
    { memberKinds: ['Minor'] },
  );
}

/** The first OCI card, adult or minor: the registration form, step by step. */
export function newOciDefinition(id: string, title: string): FormDefinition {
  return definition(
    id,
    title,
    [
      step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars()]),
      step('passportStep', 'Passport and citizenship', [foreignPassport(), citizenship()]),
      step('originStep', 'Indian origin', [indianOrigin(), minorOrigin()]),
      step('familyStep', 'Family', [parents(), spouse(true)]),
      step('addressStep', 'Addresses and contact', [
        addressAbroad(),
        addressInIndia('Permanent address in India', false),
        contact(),
      ]),
      step('workStep', 'Work and background', [occupation(), background()]),
      step('consentStep', 'Parents’ consent', [parentalConsent('OCI card')], { memberKinds: ['Minor'] }),
      step('uploadsStep', 'Photo and signature', [photoAndSignature()]),
    ],
    'The questions of the OCI registration form. We check every answer before anything is filed.',
  );
}

/** The card being re-issued or replaced. */
function existingCard(): FormSection {
  return section('existingCardSection', 'Your OCI card', [
    ask('unique ID', 'ociNumber', 'OCI card number', {
      transforms: ['uppercase'],
      help: 'On the card, under the photo, for example A1234567.',
    }),
    ask('date', 'ociIssueDate', 'Date of issue', { rules: { min: '2005-01-01' } }),
    ask('short answer', 'ociIssuePlace', 'Place of issue', { transforms: ['trim'] }),
  ]);
}

const REISSUE_REASONS = options([
  ['new-passport', 'I have a new passport', '{name} has a new passport'],
  ['name-change', 'My name has changed', '{name}’s name has changed'],
  ['nationality-change', 'My nationality has changed', '{name}’s nationality has changed'],
  ['particulars', 'My address or occupation has changed', '{name}’s address or occupation has changed'],
]);

/** Re-issue after a new passport or a change of particulars. */
export function ociReissueDefinition(id: string, title: string): FormDefinition {
  return definition(id, title, [
    step('cardStep', 'Your card', [
      existingCard(),
      section('reasonSection', 'Why it needs re-issuing', [
        ask('checkboxes', 'reissueReasons', 'What has changed?', {
          errorLabel: 'What has changed',
          options: REISSUE_REASONS,
          help: 'Tick all that apply. Under the current rule a new passport needs a re-issue only once, after you turn 20.',
          minor: {
            help: 'Tick all that apply. Under the current rule a new passport needs a re-issue only once, after {name} turns 20.',
          },
        }),
        dependent('newNameDetails', { field: 'reissueReasons', includes: 'name-change' }, [
          ask('text', 'newName', 'Your new full name', { transforms: ['trim', 'uppercase'] }),
          ask('select', 'nameChangeBasis', 'How it changed', {
            options: options([
              ['marriage', 'Marriage'],
              ['divorce', 'Divorce'],
              ['deed-poll', 'Deed poll or court order'],
            ]),
          }),
        ]),
      ]),
    ]),
    step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars()]),
    step('passportStep', 'Your passport', [foreignPassport('Your new passport')]),
    step('addressStep', 'Addresses and contact', [addressAbroad(), contact()]),
    step('workStep', 'Work', [occupation()]),
    step('consentStep', 'Parents’ consent', [parentalConsent('OCI card')], { memberKinds: ['Minor'] }),
    step('uploadsStep', 'Photo and signature', [photoAndSignature()]),
  ]);
}

/** Replacement of a lost, stolen or damaged card. */
export function ociLostDefinition(id: string, title: string): FormDefinition {
  return definition(id, title, [
    step('cardStep', 'What happened', [
      existingCard(),
      section('lossSection', 'The loss or damage', [
        ask('radio', 'cardLossKind', 'What happened to the card?', {
          errorLabel: 'What happened to the card',
          options: options([
            ['lost', 'Lost'],
            ['stolen', 'Stolen'],
            ['damaged', 'Damaged'],
          ]),
        }),
        // A card is lost after it was issued: an earlier date is a typo in one of the two.
        ask('date', 'cardLossDate', 'When did it happen?', {
          errorLabel: 'Date of the loss or damage',
          rules: { notBefore: 'ociIssueDate' },
        }),
        ask('paragraph', 'cardLossCircumstances', 'Describe what happened', {
          transforms: ['trim'],
          rules: { min: 20, max: 1500 },
          help: 'We use this for the affidavit you sign in front of a notary.',
        }),
        dependent('policeReport', { field: 'cardLossKind', oneOf: ['lost', 'stolen'] }, [
          note(
            'policeNote',
            'Police report',
            'Report the loss to your local police first; the consulate asks for the report.',
          ),
          ...policeReport('cardLossDate'),
          optional(ask('short answer', 'policeStation', 'Police department or station', { transforms: ['trim'] })),
        ]),
      ]),
    ]),
    step('aboutYou', 'About you', [namesAsInPassport(), birthPlace()]),
    step('passportStep', 'Your passport', [foreignPassport()]),
    // The parents swear a minor's affidavit (print-pack.ts `declarant`), which names them: asked
    // as the first card's form asks them, and so pre-filled from the parents' own answers.
    step('familyStep', 'Family', [parents()], { memberKinds: ['Minor'] }),
    step('addressStep', 'Addresses and contact', [addressAbroad(), contact()]),
    step('consentStep', 'Parents’ consent', [parentalConsent('OCI card')], { memberKinds: ['Minor'] }),
    step('uploadsStep', 'Photo and signature', [photoAndSignature()]),
  ]);
}
