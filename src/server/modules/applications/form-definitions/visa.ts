/**
 * Indian visas (catalog-facts.md §4 and §6): the e-Visa form of the official portal, and the
 * regular visa form and consular bookings filed through VFS Global or BLS International.
 */
import type { FormDefinition, FormField, FormSection } from '../../../../domain/forms/definition.ts';
import { DOCUMENT_MAX_BYTES } from '../../../../domain/uploads/file-types.ts';
import {
  addressAbroad,
  background,
  birthPlace,
  contact,
  fittedPhoto,
  foreignPassport,
  namesAsInPassport,
  occupation,
  parents,
  personalParticulars,
  spouse,
} from './blocks.ts';
import { ask, definition, dependent, ifYes, note, optional, options, section, step, yesNo } from './build.ts';

/** The e-Visa ports of arrival most used from North America. */
const PORTS = options([
  ['del', 'Delhi (Indira Gandhi International Airport)'],
  ['bom', 'Mumbai (Chhatrapati Shivaji Maharaj International Airport)'],
  ['blr', 'Bengaluru (Kempegowda International Airport)'],
  ['maa', 'Chennai International Airport'],
  ['hyd', 'Hyderabad (Rajiv Gandhi International Airport)'],
  ['ccu', 'Kolkata (Netaji Subhas Chandra Bose International Airport)'],
  ['cok', 'Kochi International Airport'],
  ['amd', 'Ahmedabad (Sardar Vallabhbhai Patel International Airport)'],
  ['atq', 'Amritsar (Sri Guru Ram Dass Jee International Airport)'],
  ['goi', 'Goa (Dabolim or Manohar International Airport)'],
  ['trv', 'Thiruvananthapuram International Airport'],
  ['other', 'Another e-Visa airport or seaport'],
]);

const RELIGIONS = options([
  ['hinduism', 'Hinduism'],
  ['islam', 'Islam'],
  ['christianity', 'Christianity'],
  ['sikhism', 'Sikhism'],
  ['buddhism', 'Buddhism'],
  ['jainism', 'Jainism'],
  ['judaism', 'Judaism'],
  ['zoroastrianism', 'Zoroastrianism'],
  ['none', 'No religion'],
  ['other', 'Other'],
]);

export type EVisaKind = { kind: 'tourist'; applyDaysAhead: number; maxStayDays: number } | { kind: 'business' };

function journey(visa: EVisaKind): FormSection {
  const purpose: FormField =
    visa.kind === 'tourist'
      ? ask('checkboxes', 'tourPurpose', 'Purpose of your visit', {
          options: options([
            ['sightseeing', 'Recreation or sightseeing'],
            ['family', 'Meeting friends or relatives'],
            ['yoga', 'A short yoga programme'],
            ['course', 'A short course (up to 6 months, no degree)'],
            ['volunteering', 'Short voluntary work (up to 1 month, unpaid)'],
          ]),
        })
      : ask('select', 'businessPurpose', 'Purpose of your visit', {
          options: options([
            ['meetings', 'Business meetings'],
            ['trade-fair', 'Trade fair or exhibition'],
            ['sales', 'Selling or buying goods or services'],
            ['technical', 'Technical meetings or installing equipment'],
            ['recruiting', 'Recruiting staff'],
            ['lectures', 'Lectures under GIAN'],
          ]),
        });
  const aheadDays = visa.kind === 'tourist' ? visa.applyDaysAhead : 120;
  return section('journeySection', 'Your journey', [
    purpose,
    ask('dropdown', 'portOfArrival', 'Port of arrival', { options: PORTS }),
    ask('date', 'arrivalDate', 'Expected date of arrival', {
      rules: { min: 'today+4', max: `today+${aheadDays}` },
      help: `The e-Visa is applied for at least 4 and at most ${aheadDays} days before arrival.`,
    }),
    ...(visa.kind === 'tourist'
      ? [
          ask('range', 'stayDays', 'How long will your first stay be?', {
            errorLabel: 'Length of stay',
            rules: { min: 1, max: visa.maxStayDays },
            unit: 'days',
          }),
        ]
      : []),
    ask('paragraph', 'placesToVisit', 'Places you will visit', { transforms: ['trim'], rules: { max: 500 } }),
  ]);
}

function businessHost(): FormSection {
  return section('hostSection', 'The Indian company you visit', [
    ask('text', 'hostCompany', 'Company name', { transforms: ['trim'] }),
    ask('paragraph', 'hostAddress', 'Company address', { transforms: ['trim'], rules: { max: 300 } }),
    ask('phone', 'hostPhone', 'Company phone', { defaultCountry: 'IN' }),
    optional(ask('short answer', 'hostWebsite', 'Company website', { transforms: ['trim', 'lowercase'] })),
  ]);
}

function applicantExtras(): FormField[] {
  return [
    ask('select', 'religion', 'Religion', { options: RELIGIONS }),
    optional(
      ask('unique ID', 'nationalId', 'Citizenship or national ID number', {
        transforms: ['uppercase'],
        help: 'Leave it out if your country issues none; the USA and Canada do not.',
        minor: { help: 'Leave it out if {name}’s country issues none; the USA and Canada do not.' },
      }),
    ),
    ask('radio', 'nationalityBy', 'Did you acquire your nationality by birth or naturalisation?', {
      errorLabel: 'How you acquired your nationality',
      options: options([
        ['birth', 'By birth'],
        ['naturalisation', 'By naturalisation'],
      ]),
    }),
    dependent('previousNationalityGroup', { field: 'nationalityBy', equals: 'naturalisation' }, [
      ask('country dropdown', 'previousNationality', 'Previous nationality'),
    ]),
    yesNo(
      'livedTwoYears',
      'Have you lived for at least two years in the country you apply from?',
      'Two years’ residence',
    ),
  ];
}

function otherPassport(): FormSection {
  return section('otherPassportSection', 'Other passports', [
    yesNo('hasOtherPassport', 'Do you hold any other valid passport or identity certificate?', 'Other passports'),
    ifYes('hasOtherPassport', [
      ask('country dropdown', 'otherPassportCountry', 'Country of issue'),
      ask('unique ID', 'otherPassportNumber', 'Passport or certificate number', { transforms: ['uppercase'] }),
      ask('date', 'otherPassportIssueDate', 'Date of issue'),
    ]),
  ]);
}

function familyExtras(): FormSection {
  return section('grandparentsSection', 'Grandparents', [
    yesNo(
      'pakistanHeritage',
      'Were your parents or grandparents Pakistan nationals, or do they belong to an area now in Pakistan?',
      'Pakistan heritage',
      {
        help: 'The e-Visa form asks everyone this; a yes means a few more checks, not a refusal.',
      },
    ),
    ifYes('pakistanHeritage', [
      ask('paragraph', 'pakistanHeritageDetails', 'Give the details', {
        errorLabel: 'Pakistan heritage details',
        transforms: ['trim'],
      }),
    ]),
  ]);
}

function travelHistory(): FormSection {
  return section('travelSection', 'Travel history', [
    yesNo('visitedIndia', 'Have you visited India before?', 'Earlier visits'),
    ifYes('visitedIndia', [
      ask('paragraph', 'previousIndiaAddress', 'Address where you stayed', {
        transforms: ['trim'],
        rules: { max: 300 },
      }),
      ask('short answer', 'previousCities', 'Cities you visited', { transforms: ['trim'] }),
      ask('unique ID', 'lastVisaNumber', 'Last Indian visa number', { transforms: ['uppercase'] }),
      ask('select', 'lastVisaType', 'Type of that visa', {
        options: options([
          ['e-tourist', 'e-Tourist'],
          ['tourist', 'Tourist'],
          ['business', 'Business or e-Business'],
          ['entry', 'Entry (X)'],
          ['other', 'Other'],
        ]),
      }),
      ask('date', 'lastVisaIssueDate', 'Date of issue'),
    ]),
    yesNo('visaRefused', 'Have you ever been refused an Indian visa or its extension?', 'Visa refusals'),
    ifYes('visaRefused', [
      ask('paragraph', 'visaRefusalDetails', 'When, where and the reference number', { transforms: ['trim'] }),
    ]),
    optional(
      ask('paragraph', 'countriesVisited', 'Countries you visited in the last 10 years', {
        transforms: ['trim'],
        rules: { max: 1000 },
      }),
    ),
  ]);
}

function references(): FormSection {
  return section('referencesSection', 'References', [
    ask('text', 'indiaReferenceName', 'Reference in India: name', { transforms: ['trim'] }),
    ask('paragraph', 'indiaReferenceAddress', 'Reference in India: address', {
      transforms: ['trim'],
      rules: { max: 300 },
    }),
    ask('phone', 'indiaReferencePhone', 'Reference in India: phone', { defaultCountry: 'IN' }),
    ask('text', 'homeReferenceName', 'Reference at home: name', { transforms: ['trim'] }),
    ask('phone', 'homeReferencePhone', 'Reference at home: phone', { defaultCountry: 'US' }),
  ]);
}

/**
 * The rule of the checklist item an upload question files to (checklistItemOfUpload): a scan or
 * what a phone makes, as the Documents step takes it, kept as sent (an image re-encoded, never
 * made a PDF). The portal's own limit (the bio page as a PDF of 10–300 KB) is for the file the
 * customer uploads there when they submit: SevaDocs never files on a government portal (the print
 * pack says so), and the /indian-visa page tells the customer that limit.
 */
const CHECKLIST_DOCUMENT = { maxSize: DOCUMENT_MAX_BYTES };

function eVisaUploads(visa: EVisaKind): FormSection {
  const business: FormField[] =
    visa.kind === 'business'
      ? [
          ask('file upload', 'businessCard', 'Your business card', { rules: CHECKLIST_DOCUMENT, uploadMode: 'onDrop' }),
          ask('file upload', 'invitationLetter', 'Invitation letter from the Indian company', {
            rules: CHECKLIST_DOCUMENT,
            uploadMode: 'onDrop',
            help: 'On the company’s letterhead, signed.',
          }),
        ]
      : [];
  return section('uploadsSection', 'Photo and passport page', [
    fittedPhoto('the e-Visa’s square format'),
    ask('file upload', 'passportBioPage', 'Scan of your passport’s photo page', {
      rules: CHECKLIST_DOCUMENT,
      uploadMode: 'onDrop',
      help: 'A scan or a clear phone photo of the page. The passport must be valid for at least 6 months after you arrive, with 2 blank pages.',
    }),
    ...business,
  ]);
}

/** The official e-Visa form, for one e-Visa package. */
export function eVisaDefinition(id: string, title: string, visa: EVisaKind): FormDefinition {
  return definition(
    id,
    title,
    [
      step('journeyStep', 'Your trip', [journey(visa), ...(visa.kind === 'business' ? [businessHost()] : [])]),
      step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars(applicantExtras())]),
      step('passportStep', 'Passport', [foreignPassport(undefined, { validAfterArrival: true }), otherPassport()]),
      step('familyStep', 'Address and family', [addressAbroad(), contact(), parents(), spouse(), familyExtras()]),
      step('workStep', 'Work', [occupation()]),
      step('historyStep', 'Travel and references', [travelHistory(), references(), background()]),
      step('uploadsStep', 'Photo and passport page', [eVisaUploads(visa)]),
    ],
    'The questions of the official e-Visa form; we check them against your passport before you submit.',
  );
}

const VISA_KINDS = options([
  ['tourist', 'Tourist'],
  ['entry', 'Entry (X), for people of Indian origin'],
  ['business', 'Business'],
  ['employment', 'Employment'],
  ['student', 'Student'],
  ['medical', 'Medical'],
  ['conference', 'Conference'],
]);

/**
 * Where a paper visa file goes. In the USA, the VFS centre of every city the jurisdiction table
 * sends files to (modules/jurisdiction/seed.sql; Boston's since 15 December 2025, for New England).
 */
const CENTRES = {
  US: options([
    ['vfs-new-york', 'VFS Global, New York'],
    ['vfs-boston', 'VFS Global, Boston'],
    ['vfs-washington', 'VFS Global, Washington DC'],
    ['vfs-chicago', 'VFS Global, Chicago'],
    ['vfs-houston', 'VFS Global, Houston'],
    ['vfs-atlanta', 'VFS Global, Atlanta'],
    ['vfs-san-francisco', 'VFS Global, San Francisco'],
    ['vfs-los-angeles', 'VFS Global, Los Angeles'],
    ['vfs-seattle', 'VFS Global, Seattle'],
  ]),
  CA: options([
    ['bls-toronto', 'BLS International, Toronto'],
    ['bls-brampton', 'BLS International, Brampton'],
    ['bls-ottawa', 'BLS International, Ottawa'],
    ['bls-montreal', 'BLS International, Montreal'],
    ['bls-vancouver', 'BLS International, Vancouver'],
    ['bls-surrey', 'BLS International, Surrey'],
    ['bls-calgary', 'BLS International, Calgary'],
    ['bls-edmonton', 'BLS International, Edmonton'],
  ]),
};

/** Where to file, by the country of the address given earlier; then the appointment wished for. */
function appointment(withFormUpload: boolean): FormSection {
  return section('appointmentSection', 'Your appointment', [
    dependent('usCentre', { field: 'addressCountry', equals: 'US' }, [
      ask('select', 'vfsCentre', 'Application centre', { options: CENTRES.US }),
    ]),
    dependent('caCentre', { field: 'addressCountry', equals: 'CA' }, [
      ask('select', 'blsCentre', 'Application centre', { options: CENTRES.CA }),
    ]),
    ask('date', 'appointmentDate', 'Preferred appointment date', {
      rules: { min: 'today+2', max: 'today+60', weekdaysOnly: true },
      help: 'Monday to Friday: the centre is closed at weekends.',
    }),
    ask('time', 'appointmentTime', 'Preferred time', { rules: { min: '08:30', max: '15:30' } }),
    ...(withFormUpload
      ? [
          ask('file upload', 'governmentForm', 'Your completed government form', {
            rules: { maxSize: DOCUMENT_MAX_BYTES, fileTypes: ['application/pdf'] },
            uploadMode: 'onUpload',
            help: 'The PDF the government portal gave you. We check it against the mission’s checklist.',
          }),
        ]
      : []),
    optional(
      ask('paragraph', 'notesForUs', 'Anything else we should know', { transforms: ['trim'], rules: { max: 1000 } }),
    ),
  ]);
}

/** A regular (paper) visa through VFS Global or BLS International. */
export function paperVisaDefinition(id: string, title: string): FormDefinition {
  return definition(id, title, [
    step('visaStep', 'Your visa', [
      section('visaSection', 'The visa you need', [
        ask('select', 'visaKind', 'Type of visa', { options: VISA_KINDS }),
        ask('select', 'visaDuration', 'Duration', {
          options: options([
            ['6-months', '6 months'],
            ['1-year', '1 year'],
            ['5-years', '5 years'],
            ['10-years', '10 years (US nationals)'],
          ]),
        }),
        ask('radio', 'entries', 'Entries', {
          options: options([
            ['single', 'Single'],
            ['double', 'Double'],
            ['multiple', 'Multiple'],
          ]),
        }),
        ask('date', 'arrivalDate', 'Expected date of arrival', { rules: { min: 'today+7', max: 'today+365' } }),
        ask('dropdown', 'portOfArrival', 'Port of arrival', { options: PORTS }),
      ]),
    ]),
    step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars(applicantExtras())]),
    step('passportStep', 'Passport', [
      foreignPassport(undefined, { validAfterArrival: true }),
      section('formerIndianSection', 'Former Indian citizens', [
        yesNo('formerIndian', 'Were you an Indian citizen before?', 'Former Indian citizenship'),
        ifYes('formerIndian', [
          ask('short answer', 'surrenderCertificateNumber', 'Surrender certificate number', {
            transforms: ['trim', 'uppercase'],
          }),
          ask('unique ID', 'lastIndianPassportNumber', 'Last Indian passport number', { transforms: ['uppercase'] }),
        ]),
      ]),
    ]),
    step('familyStep', 'Address and family', [addressAbroad(), contact(), parents(), spouse()]),
    step('workStep', 'Work and history', [occupation(), travelHistory(), references(), background()]),
    step('appointmentStep', 'Appointment', [appointment(false)]),
  ]);
}

/** Any other consular service the customer files: the service, who they are, and the booking. */
export function consularBookingDefinition(id: string, title: string): FormDefinition {
  return definition(id, title, [
    step('serviceStep', 'The service', [
      section('serviceSection', 'What you are applying for', [
        ask('select', 'consularService', 'Service', {
          options: options([
            ['pcc', 'Police clearance certificate'],
            ['passport-misc', 'Miscellaneous passport service'],
            ['birth-registration', 'Birth registration'],
            ['renunciation-misc', 'Renunciation follow-up'],
            ['attestation', 'Document attestation'],
            ['other', 'Something else'],
          ]),
        }),
        dependent('otherService', { field: 'consularService', equals: 'other' }, [
          ask('short answer', 'otherServiceName', 'Name of the service', { transforms: ['trim'] }),
        ]),
      ]),
    ]),
    step('aboutYou', 'About you', [namesAsInPassport(), foreignPassport('Your passport')]),
    step('contactStep', 'Address and contact', [addressAbroad(), contact()]),
    step('appointmentStep', 'Appointment and file', [
      section('fileNote', 'Your file', [
        note(
          'fileCheckNote',
          'File check',
          'We compare your completed form and documents with the mission’s checklist within 2 business days.',
        ),
      ]),
      appointment(true),
    ]),
  ]);
}
