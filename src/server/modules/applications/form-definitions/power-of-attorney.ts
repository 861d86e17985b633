/**
 * Power of attorney and civil document attestation (catalog-facts.md §5): what the consulates'
 * attestation request asks of the executant, the document, the attorney holder and the witnesses.
 */
import type { FormDefinition, FormField, FormSection } from '../../../../domain/forms/definition.ts';
import { addressAbroad, contact, foreignPassport, namesAsInPassport } from './blocks.ts';
import { ask, definition, dependent, note, optional, options, section, step } from './build.ts';

export type AttestationKind = 'property' | 'civil';

function executantStatus(): FormSection {
  return section('statusSection', 'Your status', [
    ask('radio', 'executantNationality', 'You are', {
      errorLabel: 'Your nationality',
      options: options([
        ['indian', 'An Indian citizen'],
        ['foreign', 'A foreign citizen (OCI cardholders too)'],
      ]),
      // One form serves both countries (catalog-facts §5): the help says what each one asks.
      help: 'Foreign citizens have the document apostilled. In the USA the consulate then attests it. In Canada the apostille takes its place, and we refund the attestation and application centre fees on request. Your checklist says which applies to you.',
    }),
  ]);
}

function propertyDocument(): FormField[] {
  return [
    ask('select', 'powerPurpose', 'What the attorney may do', {
      options: options([
        ['sell', 'Sell property'],
        ['buy', 'Buy property'],
        ['manage', 'Manage or rent out property'],
        ['gift', 'Gift or transfer property'],
        ['loan', 'Take a loan against property'],
      ]),
    }),
    ask('paragraph', 'propertyAddress', 'Address of the property in India', {
      transforms: ['trim'],
      rules: { max: 500 },
    }),
    optional(
      ask('currency', 'propertyValue', 'Approximate value of the property', {
        currency: 'INR',
        help: 'Some states work out the stamp duty from it.',
      }),
    ),
    ask('number', 'executantCount', 'How many people sign the power of attorney?', {
      errorLabel: 'Number of executants',
      rules: { min: 1, max: 6 },
      help: 'Each executant’s signature and photograph is attested and charged separately.',
    }),
  ];
}

function civilDocument(): FormField[] {
  return [
    ask('select', 'documentKind', 'Document to attest', {
      options: options([
        ['general-poa', 'General power of attorney'],
        ['affidavit', 'Affidavit'],
        ['declaration', 'Declaration or undertaking'],
        ['consent', 'Consent letter'],
        ['other', 'Other'],
      ]),
    }),
    dependent('otherDocumentKind', { field: 'documentKind', equals: 'other' }, [
      ask('short answer', 'documentKindDetails', 'What is the document?', {
        errorLabel: 'The document',
        transforms: ['trim'],
      }),
    ]),
    ask('paragraph', 'documentPurpose', 'What is it for, and who in India will receive it?', {
      errorLabel: 'Purpose of the document',
      transforms: ['trim'],
      rules: { max: 1000 },
    }),
  ];
}

function attorneyHolder(): FormSection {
  return section('attorneySection', 'The attorney holder in India', [
    ask('text', 'attorneyName', 'Full name', { transforms: ['trim'] }),
    ask('short answer', 'attorneyRelationship', 'Relationship to you', { transforms: ['trim'] }),
    ask('paragraph', 'attorneyAddress', 'Address in India', { transforms: ['trim'], rules: { max: 300 } }),
    optional(ask('phone', 'attorneyPhone', 'Phone number', { defaultCountry: 'IN' })),
  ]);
}

function witnesses(): FormSection {
  const witness = (n: 1 | 2): FormField[] => [
    ask('text', `witness${n}Name`, `Witness ${n}: full name`, { transforms: ['trim'] }),
    ask('paragraph', `witness${n}Address`, `Witness ${n}: address`, { transforms: ['trim'], rules: { max: 300 } }),
  ];
  return section('witnessSection', 'Witnesses', [
    note('witnessNote', 'Two witnesses', 'Two adults sign as witnesses, with their ID; they need not be Indian.'),
    ...witness(1),
    ...witness(2),
  ]);
}

function submission(): FormSection {
  return section('submissionSection', 'How you will submit it', [
    ask('radio', 'submissionMode', 'Submission', {
      options: options([
        ['in-person', 'In person at the consulate'],
        ['mail', 'By mail'],
      ]),
    }),
    dependent('inPerson', { field: 'submissionMode', equals: 'in-person' }, [
      ask('date', 'preferredDate', 'Preferred date', {
        rules: { min: 'today+2', max: 'today+90', weekdaysOnly: true },
        help: 'Monday to Friday: the consulate is closed at weekends.',
      }),
      ask('time', 'preferredTime', 'Preferred time', {
        rules: { min: '09:30', max: '12:30' },
        help: 'Consulates take attestation requests in the morning.',
      }),
    ]),
    dependent('byMail', { field: 'submissionMode', equals: 'mail' }, [
      note('mailNote', 'Return envelope', 'Include a prepaid, self-addressed return envelope with tracking.'),
    ]),
    ask('number', 'pageCount', 'How many pages does the document have?', {
      errorLabel: 'Number of pages',
      rules: { min: 1, max: 200 },
    }),
  ]);
}

export function attestationDefinition(id: string, title: string, kind: AttestationKind): FormDefinition {
  const document = kind === 'property' ? propertyDocument() : civilDocument();
  return definition(
    id,
    title,
    [
      step('executantStep', 'About you', [namesAsInPassport(), executantStatus(), foreignPassport('Your passport')]),
      step('addressStep', 'Address and contact', [addressAbroad(), contact()]),
      step('documentStep', 'The document', [
        section('documentSection', 'The document', document),
        ...(kind === 'property' ? [attorneyHolder(), witnesses()] : []),
      ]),
      step('submissionStep', 'Submission', [submission()]),
    ],
    'What the consulate’s attestation request asks, so your document is accepted in India.',
  );
}
