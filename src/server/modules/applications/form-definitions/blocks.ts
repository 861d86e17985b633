/**
 * Questions several applications share, in the words of the official forms they feed: the OCI
 * registration form, the Passport Seva (re-issue) form, the online renunciation form, the
 * Indian e-Visa and regular visa forms, and the consulates' attestation requests.
 */
import type { FormField, FormSection, TextField } from '../../../../domain/forms/definition.ts';
import { IMAGE_FILE_TYPES } from '../../../../domain/forms/field-types.ts';
import { PHOTO_PROMISE } from '../../../../domain/photos/promise.ts';
import { PHOTO_MAX_BYTES } from '../../../../domain/uploads/file-types.ts';
import { CA_PROVINCES, US_STATES } from '../../../../domain/users/regions.ts';
import { ask, dependent, ifYes, note, only, optional, options, section, yesNo } from './build.ts';

/** Names as printed in a passport: capitals, letters, spaces, hyphens and apostrophes. */
const PASSPORT_NAME: Partial<TextField> = {
  transforms: ['trim', 'uppercase'],
  rules: {
    max: 50,
    matches: {
      pattern: "^[A-Za-z][A-Za-z .'-]*$",
      message: 'Use the letters printed in the passport (A–Z), spaces, hyphens and apostrophes',
    },
  },
};

const PLAIN_NAME: Partial<TextField> = { transforms: ['trim'], rules: { max: 100 } };

export const INDIAN_STATES = options(
  [
    'Andaman and Nicobar Islands',
    'Andhra Pradesh',
    'Arunachal Pradesh',
    'Assam',
    'Bihar',
    'Chandigarh',
    'Chhattisgarh',
    'Dadra and Nagar Haveli and Daman and Diu',
    'Delhi',
    'Goa',
    'Gujarat',
    'Haryana',
    'Himachal Pradesh',
    'Jammu and Kashmir',
    'Jharkhand',
    'Karnataka',
    'Kerala',
    'Ladakh',
    'Lakshadweep',
    'Madhya Pradesh',
    'Maharashtra',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Odisha',
    'Puducherry',
    'Punjab',
    'Rajasthan',
    'Sikkim',
    'Tamil Nadu',
    'Telangana',
    'Tripura',
    'Uttar Pradesh',
    'Uttarakhand',
    'West Bengal',
  ].map((name) => [name.toLowerCase().replace(/[^a-z]+/g, '-'), name] as const),
);

const SEX = options([
  ['female', 'Female'],
  ['male', 'Male'],
  ['transgender', 'Transgender'],
]);

export const MARITAL_STATUS = options([
  ['single', 'Single'],
  ['married', 'Married'],
  ['separated', 'Separated'],
  ['divorced', 'Divorced'],
  ['widowed', 'Widowed'],
]);

const EDUCATION = options([
  ['below-matriculation', 'Below matriculation (10th)'],
  ['matriculation', 'Matriculation (10th) or high school'],
  ['higher-secondary', 'Higher secondary (12th)'],
  ['graduate', 'Graduate'],
  ['postgraduate', 'Postgraduate or doctorate'],
  ['professional', 'Professional degree (medicine, law, engineering, accountancy)'],
  ['none', 'No formal education'],
]);

/** The passport-holder's names, previous names, sex and date of birth. */
export function namesAsInPassport(): FormSection {
  return section(
    'namesSection',
    'Your name, as in your passport',
    [
      ask('text', 'surname', 'Surname', {
        ...PASSPORT_NAME,
        help: 'Exactly as printed in your passport. Leave it out only if your passport shows no surname.',
        minor: { help: 'Exactly as printed in {name}’s passport. Leave it out only if the passport shows no surname.' },
        required: false,
      }),
      ask('text', 'givenName', 'Given name(s)', {
        ...PASSPORT_NAME,
        errorLabel: 'Given name',
        help: 'First and middle names as printed in your passport, without your surname.',
        minor: { help: 'First and middle names as printed in {name}’s passport, without the surname.' },
      }),
      yesNo('changedName', 'Have you ever been known by another name?', 'Other names', {
        // A child has no maiden name: a walk's parent read it on their 15-year-old son's form.
        minor: { label: 'Has {name} ever been known by another name?', help: 'A name before adoption, or an alias.' },
        help: 'A maiden name, a name before adoption, or an alias.',
      }),
      ifYes('changedName', [
        ask('text', 'previousSurname', 'Previous surname', { ...PASSPORT_NAME, required: false }),
        ask('text', 'previousGivenName', 'Previous given name(s)', {
          ...PASSPORT_NAME,
          errorLabel: 'Previous given name',
        }),
        ask('select', 'nameChangeReason', 'Reason for the change', {
          options: options([
            ['marriage', 'Marriage'],
            ['divorce', 'Divorce'],
            ['deed-poll', 'Deed poll or court order'],
            ['naturalisation', 'Naturalisation'],
            ['other', 'Other'],
          ]),
        }),
      ]),
      ask('radio', 'sex', 'Sex', { options: SEX }),
      ask('date', 'dateOfBirth', 'Date of birth', { rules: { min: '1900-01-01', max: 'today' } }),
    ],
    {
      intro: 'Use your names exactly as your passport prints them; the authorities match every letter.',
      minor: {
        title: '{name}’s name, as in the passport',
        intro: 'Use {name}’s names exactly as the passport prints them; the authorities match every letter.',
      },
    },
  );
}

/** Where the applicant was born; for India also the district and state (police verification needs them). */
export function birthPlace(): FormSection {
  return section('birthSection', 'Place of birth', [
    ask('short answer', 'birthCity', 'Village, town or city of birth', { transforms: ['trim'] }),
    ask('country dropdown', 'birthCountry', 'Country of birth'),
    dependent('birthInIndia', { field: 'birthCountry', equals: 'IN' }, [
      ask('short answer', 'birthDistrict', 'District of birth', { transforms: ['trim'] }),
      ask('dropdown', 'birthState', 'State or union territory of birth', { options: INDIAN_STATES }),
    ]),
  ]);
}

/** Marital status (adults), education and identifying marks, then `extra` questions of one form. */
export function personalParticulars(extra: FormField[] = []): FormSection {
  return section('particularsSection', 'Personal particulars', [
    only('Adult', ask('select', 'maritalStatus', 'Marital status', { options: MARITAL_STATUS })),
    ask('select', 'education', 'Educational qualification', { options: EDUCATION }),
    optional(
      ask('short answer', 'visibleMark', 'Visible identification mark', {
        help: 'A scar or mole others can see, as written in your passport, if any.',
        minor: { help: 'A scar or mole others can see, as written in {name}’s passport, if any.' },
        transforms: ['trim'],
      }),
    ),
    ...extra,
  ]);
}

/** The spouse of a married adult. */
export function spouse(withIndianOrigin = false): FormSection {
  return section(
    'spouseSection',
    'Your spouse',
    [
      dependent('spouseDetails', { field: 'maritalStatus', equals: 'married' }, [
        ask('text', 'spouseName', 'Spouse’s full name', PLAIN_NAME),
        ask('country dropdown', 'spouseNationality', 'Spouse’s nationality'),
        ask('short answer', 'spouseBirthPlace', 'Spouse’s place of birth', { transforms: ['trim'] }),
        ask('country dropdown', 'spouseBirthCountry', 'Spouse’s country of birth'),
        ...(withIndianOrigin
          ? [
              yesNo(
                'spouseIndianOrigin',
                'Is your spouse an Indian citizen or an OCI cardholder?',
                'Spouse’s Indian status',
              ),
              ifYes('spouseIndianOrigin', [
                ask('unique ID', 'spouseDocumentNumber', 'Spouse’s Indian passport or OCI card number', {
                  transforms: ['uppercase'],
                }),
              ]),
              // Eligible through marriage (the OCI form's origin step) to a spouse who is neither
              // yet: a walk's family had the wife's first OCI card in the same order, and the
              // checklist then asked for her Indian passport or OCI card, which they did not have.
              dependent('spouseNotYetIndian', { field: 'spouseIndianOrigin', equals: 'no' }, [
                dependent('spouseEligibilityAtRisk', { field: 'eligibility', equals: 'spouse' }, [
                  note(
                    'spouseEligibilityNote',
                    'Your eligibility through marriage',
                    'You chose to apply as the spouse of an Indian citizen or OCI cardholder: your spouse must be one already, married to you for at least two years. If your spouse is applying for their first OCI card, apply once theirs is issued, or go back to “Your Indian origin” and choose another way you are eligible.',
                  ),
                ]),
              ]),
            ]
          : []),
      ]),
    ],
    { memberKinds: ['Adult'] },
  );
}

/**
 * One parent; minors also give the parent's passport, which the consent forms cite. Not required:
 * this step comes before the Parents' consent step, and a parent who has died, or one who does not
 * sign, has no passport to give (the form refused to go on without the dead parent's number).
 */
function parent(prefix: 'father' | 'mother', title: string): FormField[] {
  return [
    ask('text', `${prefix}Name`, `${title}’s full name`, PLAIN_NAME),
    ask('country dropdown', `${prefix}Nationality`, `${title}’s nationality`),
    optional(ask('short answer', `${prefix}BirthPlace`, `${title}’s place of birth`, { transforms: ['trim'] })),
    only(
      'Minor',
      optional(
        ask('unique ID', `${prefix}PassportNumber`, `${title}’s passport number`, {
          transforms: ['uppercase'],
          help: 'From the passport the parent will sign the consent with. Leave it empty for a parent who has died or will not sign.',
        }),
      ),
    ),
  ];
}

export function parents(): FormSection {
  return section('parentsSection', 'Your parents', [...parent('father', 'Father'), ...parent('mother', 'Mother')], {
    intro: 'As your birth certificate names them.',
    minor: { title: '{name}’s parents', intro: 'As {name}’s birth certificate names them.' },
  });
}

/** What the applicant does for a living, and where (adults). */
export function occupation(): FormSection {
  const employed = [
    'private-service',
    'government-service',
    'public-sector',
    'it-professional',
    'engineer',
    'doctor',
    'lawyer',
    'accountant',
    'teacher',
    'scientist',
    'journalist',
    'armed-forces',
    'police',
    'airline-crew',
  ];
  return section(
    'occupationSection',
    'Your work',
    [
      ask('occupation dropdown', 'occupation', 'Present occupation'),
      dependent('otherOccupation', { field: 'occupation', equals: 'other' }, [
        ask('short answer', 'occupationDetails', 'Describe your occupation', { transforms: ['trim'] }),
      ]),
      dependent('employerDetails', { field: 'occupation', oneOf: employed }, [
        ask('text', 'employerName', 'Employer’s name', { transforms: ['trim'] }),
        ask('short answer', 'designation', 'Your designation', { transforms: ['trim'] }),
        ask('paragraph', 'employerAddress', 'Employer’s address', { transforms: ['trim'], rules: { max: 300 } }),
        optional(ask('phone', 'employerPhone', 'Employer’s phone number', { defaultCountry: 'US' })),
      ]),
      dependent('businessDetails', { field: 'occupation', oneOf: ['self-employed', 'business-owner'] }, [
        ask('text', 'businessName', 'Name of your business', { transforms: ['trim'] }),
        ask('paragraph', 'businessAddress', 'Business address', { transforms: ['trim'], rules: { max: 300 } }),
      ]),
    ],
    { memberKinds: ['Adult'] },
  );
}

/** The present address in the USA or Canada, with the state or province and postal code of that country. */
export function addressAbroad(): FormSection {
  const minor = { title: '{name}’s address in the USA or Canada' };
  return section(
    'addressAbroadSection',
    'Your address in the USA or Canada',
    [
      ask('country dropdown', 'addressCountry', 'Country', { countries: ['US', 'CA'] }),
      ask('text', 'addressLine1', 'Street address', { transforms: ['trim'], placeholder: 'House number and street' }),
      optional(ask('text', 'addressLine2', 'Apartment, suite or unit', { transforms: ['trim'] })),
      ask('short answer', 'addressCity', 'City', { transforms: ['trim'] }),
      dependent('usAddress', { field: 'addressCountry', equals: 'US' }, [
        ask('dropdown', 'usState', 'State or territory', {
          options: US_STATES.map((s) => ({ value: s.code, label: s.name })),
        }),
        ask('short answer', 'zipCode', 'ZIP code', {
          transforms: ['trim'],
          rules: { matches: { pattern: '^\\d{5}(-\\d{4})?$', message: 'Enter a 5-digit ZIP code, such as 94107' } },
        }),
      ]),
      dependent('caAddress', { field: 'addressCountry', equals: 'CA' }, [
        ask('dropdown', 'caProvince', 'Province or territory', {
          options: CA_PROVINCES.map((p) => ({ value: p.code, label: p.name })),
        }),
        ask('short answer', 'postalCode', 'Postal code', {
          transforms: ['trim', 'uppercase'],
          rules: {
            matches: { pattern: '^[A-Z]\\d[A-Z] ?\\d[A-Z]\\d$', message: 'Enter a postal code such as M5V 2T6' },
          },
        }),
      ]),
      optional(ask('date', 'livingThereSince', 'Living at this address since', { rules: { min: '1950-01-01' } })),
    ],
    { minor },
  );
}

/** An address in India; `required` false asks first whether there is one. */
export function addressInIndia(title: string, required: boolean): FormSection {
  const fields: FormField[] = [
    ask('paragraph', 'indiaAddress', 'House, street and locality', { transforms: ['trim'], rules: { max: 300 } }),
    ask('short answer', 'indiaCity', 'Village, town or city', { transforms: ['trim'] }),
    ask('short answer', 'indiaDistrict', 'District', { transforms: ['trim'] }),
    ask('dropdown', 'indiaState', 'State or union territory', { options: INDIAN_STATES }),
    ask('short answer', 'indiaPinCode', 'PIN code', {
      transforms: ['trim'],
      rules: { matches: { pattern: '^[1-9]\\d{5}$', message: 'An Indian PIN code is 6 digits, such as 560001' } },
    }),
  ];
  if (required) return section('indiaAddressSection', title, fields);
  return section('indiaAddressSection', title, [
    yesNo('hasIndiaAddress', 'Do you have an address in India?', 'Address in India', {
      minor: { label: 'Does {name} have an address in India?' },
    }),
    ifYes('hasIndiaAddress', fields),
  ]);
}

export function contact(): FormSection {
  return section(
    'contactSection',
    'How to reach you',
    [
      ask('email', 'email', 'Email', { help: 'We and the authorities write to this address about the application.' }),
      ask('phone', 'mobile', 'Mobile number', { defaultCountry: 'US' }),
      optional(ask('phone', 'otherPhone', 'Other phone number', { defaultCountry: 'US' })),
    ],
    { minor: { title: 'How to reach {name}’s parents' } },
  );
}

/** How long after arrival a visa applicant's passport must still be valid (catalog-facts §4, §6). */
const PASSPORT_VALID_MONTHS = 6;

/**
 * The foreign passport the applicant travels on now. `validAfterArrival`: a visa's passport must be
 * valid 6 months after the arrival date asked earlier (catalog-facts §4: the portal and the
 * consulate refuse a shorter one).
 */
export function foreignPassport(
  title = 'Your current passport',
  { validAfterArrival = false }: { validAfterArrival?: boolean } = {},
): FormSection {
  return section('foreignPassportSection', title, [
    ask('unique ID', 'passportNumber', 'Passport number', {
      transforms: ['uppercase'],
      rules: { min: 6, max: 12 },
    }),
    ask('country dropdown', 'passportCountry', 'Country that issued it'),
    ask('short answer', 'passportIssuePlace', 'Place of issue', {
      transforms: ['trim'],
      // One form serves both countries: an example from each (a walk from Canada read only the US one).
      help: 'As printed in the passport, for example “U.S. Department of State” on a US passport or “Mississauga” on a Canadian one.',
    }),
    ask('date', 'passportIssueDate', 'Date of issue', { rules: { notBefore: 'dateOfBirth' } }),
    // A passport is valid for 10 years at most (older British ones for up to 10 years 9 months).
    ask('date', 'passportExpiryDate', 'Date of expiry', {
      rules: {
        min: 'today',
        max: 'today+3660',
        notBefore: 'passportIssueDate',
        atMostYearsAfter: { field: 'passportIssueDate', years: 11 },
        ...(validAfterArrival ? { atLeastMonthsAfter: { field: 'arrivalDate', months: PASSPORT_VALID_MONTHS } } : {}),
      },
      ...(validAfterArrival
        ? {
            help: `It must be valid for at least ${PASSPORT_VALID_MONTHS} months after you arrive in India.`,
            minor: {
              help: `It must be valid for at least ${PASSPORT_VALID_MONTHS} months after {name} arrives in India.`,
            },
          }
        : {}),
    }),
  ]);
}

/** An Indian passport: the one to renew, the one given up, or the last one held. */
export function indianPassport(title: string, current: boolean): FormSection {
  return section('indianPassportSection', title, [
    ask('unique ID', 'indianPassportNumber', 'Indian passport number', {
      transforms: ['uppercase'],
      rules: {
        matches: {
          pattern: '^[A-Z]\\d{7}$',
          message: 'An Indian passport number is a letter and 7 digits, such as Z1234567',
        },
      },
    }),
    // The passport to renew may have expired long ago: an expiry from 2000 on is an issue from 1990
    // (ten years' validity), before the default lowest date (2000).
    ask('date', 'indianPassportIssueDate', 'Date of issue', {
      rules: { min: current ? '1990-01-01' : '1950-01-01', notBefore: 'dateOfBirth' },
    }),
    ask('date', 'indianPassportExpiryDate', 'Date of expiry', {
      rules: { min: current ? '2000-01-01' : '1950-01-01', max: 'today+3660', notBefore: 'indianPassportIssueDate' },
    }),
    ask('short answer', 'indianPassportIssuePlace', 'Place of issue', {
      transforms: ['trim'],
      help: 'The passport office or mission, for example “San Francisco” or “Bengaluru”.',
    }),
    optional(
      ask('unique ID', 'indianPassportFileNumber', 'File number', {
        transforms: ['uppercase'],
        help: 'On the last page of the passport, if it has one.',
      }),
    ),
  ]);
}

/**
 * The police report of a lost or stolen passport or OCI card: its number kept as the police wrote
 * it (report numbers carry hyphens and slashes: 23-004512), and its date, which cannot be before
 * the loss it reports (`lossDate`: the key of the form's date of the loss; an earlier report date
 * is a typo in one of the two) nor, like the loss, in the future (a date's default bounds).
 */
export function policeReport(lossDate: string): FormField[] {
  return [
    ask('short answer', 'policeReportNumber', 'Police report number', { transforms: ['trim', 'uppercase'] }),
    ask('date', 'policeReportDate', 'Date of the report', {
      errorLabel: 'Date of the police report',
      rules: { notBefore: lossDate },
    }),
  ];
}

/** The questions of good character the OCI, passport and visa forms all ask. */
export function background(): FormSection {
  return section('backgroundSection', 'A few more questions', [
    yesNo('convicted', 'Have you ever been convicted of an offence in any country?', 'Convictions', {
      minor: { label: 'Has {name} ever been convicted of an offence in any country?' },
    }),
    ifYes('convicted', [
      ask('paragraph', 'convictionDetails', 'Tell us the offence, the country, the year and the sentence', {
        errorLabel: 'Conviction details',
        transforms: ['trim'],
      }),
    ]),
    yesNo('proceedingsPending', 'Are criminal proceedings pending against you in any court?', 'Pending proceedings', {
      minor: { label: 'Are criminal proceedings pending against {name} in any court?' },
    }),
    ifYes('proceedingsPending', [
      ask('paragraph', 'proceedingsDetails', 'Court, case number and charge', { transforms: ['trim'] }),
    ]),
    yesNo(
      'refusedOrDeported',
      'Have you ever been refused entry to, or deported from, any country (India included)?',
      'Refusals and deportations',
      { minor: { label: 'Has {name} ever been refused entry to, or deported from, any country (India included)?' } },
    ),
    ifYes('refusedOrDeported', [
      ask('paragraph', 'refusalDetails', 'Which country, when, and the reason given', { transforms: ['trim'] }),
    ]),
  ]);
}

/**
 * For a minor: both parents consent (the Parental Authorization Form of OCI, Annexure D of the
 * passport). The answers say when one parent signs alone, and with which paper: for the passport
 * that parent signs Annexure C (src/domain/applications/parental-consent.ts reads them for the
 * checklist and the print pack; the option values are its PARENTS_SITUATIONS).
 *
 * The note says who signs what (catalog-facts §1: "parents sign, the minor does not"): the parents
 * sign the consent and the application's declaration, the child neither. The one mark that is the
 * child's is in the box under their photo, which the portal takes as the applicant's signature:
 * a thumb impression under 5, and from 5 the child's own hand, which a parent may not give for
 * them (the centres' minor checklist, catalog-facts K14). A passport's own words: Annexure D or C
 * (on plain paper, no notary), and its box takes a left thumb impression, a girl's as a boy's.
 */
export function parentalConsent(form: 'OCI card' | 'passport'): FormSection {
  return section(
    'consentSection',
    'Parents’ consent',
    [
      note(
        'consentNote',
        'Why we ask',
        form === 'passport'
          ? "A child's passport is applied for by the parents: both sign Annexure D, or one parent signs Annexure C alone, and we prepare it for you to print and sign. The child's own mark goes only in the box for the applicant's signature, and we ask for it with the documents: a child who cannot sign yet gives a left thumb impression; a child who can signs in their own hand, and a parent may not sign there for them."
          : `A child's ${form} is applied for by the parents: the parents sign the consent form and the application's declaration, and the child signs neither. We prepare the consent form for you to sign in front of a notary. The child's own mark goes only in the box under their photo, and we ask for it with the documents: under 5 a thumb impression (the left thumb for a boy, the right for a girl); from 5 the child signs in their own hand, and a parent may not sign there for them.`,
      ),
      ask('multiple choice', 'parentsSituation', 'Which describes the child’s parents?', {
        errorLabel: 'Parents’ situation',
        options: [
          { value: 'together', label: 'Married and both involved', description: 'Both parents sign the consent.' },
          {
            value: 'separated',
            label: 'Separated or divorced',
            description: 'Both sign, or the parent with sole custody signs with the custody order.',
          },
          { value: 'single', label: 'Single parent', description: 'The one parent signs a sworn declaration.' },
          {
            value: 'widowed',
            label: 'One parent has died',
            description: 'The living parent signs; we need the death certificate.',
          },
        ],
      }),
      dependent('custodyDetails', { field: 'parentsSituation', oneOf: ['separated', 'single'] }, [
        yesNo('soleCustody', 'Does one parent have sole legal custody?', 'Sole custody'),
        ifYes('soleCustody', [
          ask('radio', 'custodyParent', 'Who has custody?', {
            errorLabel: 'Parent with custody',
            options: options([
              ['father', 'Father'],
              ['mother', 'Mother'],
            ]),
          }),
        ]),
      ]),
      // The one who signs is named on Annexure C and the one parent's consent form.
      dependent('livingParentDetails', { field: 'parentsSituation', oneOf: ['widowed'] }, [
        ask('radio', 'livingParent', 'Which parent signs?', {
          errorLabel: 'Parent who signs',
          options: options([
            ['father', 'Father'],
            ['mother', 'Mother'],
          ]),
        }),
      ]),
      ask('checkboxes', 'parentsConsent', 'Consent', {
        options: [
          {
            value: 'given',
            // Said by both parents, or by the one who signs alone.
            label: 'As the child’s parent or parents, we consent to this application and confirm the answers are true',
          },
        ],
      }),
    ],
    { memberKinds: ['Minor'] },
  );
}

/** What a photo or signature field takes from the customer: what a phone makes, fitted on upload. */
const FITTED_UPLOAD_RULES = { maxSize: PHOTO_MAX_BYTES, fileTypes: [...IMAGE_FILE_TYPES] };

/** The applicant's photo, sent as the phone made it and fitted on upload to `format`. */
export function fittedPhoto(format: string): FormField {
  return ask('image upload', 'photo', 'Your photo', {
    minor: { label: '{name}’s photo' },
    rules: FITTED_UPLOAD_RULES,
    uploadMode: 'onDrop',
    help: `A phone photo is fine (JPEG, PNG or HEIC): we fit it to ${format} and show you our checks.`,
  });
}

/**
 * The photo and signature the OCI portal takes. The customer sends what their phone makes (JPEG,
 * PNG or HEIC up to 15 MB): the upload is fitted by the SevaPhotos engine to the portal's size
 * (600 × 600 and 600 × 200 JPEG under its 500 KB cap; src/domain/photos/application-photos.ts),
 * so these rules are about the customer's file and the portal's apply to the fitted one.
 */
export function photoAndSignature(): FormSection {
  return section('photoSection', 'Photo and signature', [
    note(
      'photoNote',
      'Photo rules',
      `A recent colour photo, face straight at the camera, on a plain light background, with no glasses. ${PHOTO_PROMISE.SEVADOCS}`,
    ),
    fittedPhoto('the portal’s square format'),
    only(
      'Adult',
      ask('image upload', 'signature', 'Your signature', {
        rules: FITTED_UPLOAD_RULES,
        uploadMode: 'onDrop',
        help: 'Sign in black ink on white paper, then photograph or scan it: we trim it to the portal’s 3 : 1 format.',
      }),
    ),
  ]);
}
