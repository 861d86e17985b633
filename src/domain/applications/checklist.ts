import { DOCUMENT_UPLOAD, PHOTO_UPLOAD, type UploadRule } from '../uploads/file-types.ts';
import type { MemberKind } from './member-kinds.ts';

/** One document a member's application needs, ticked off when an upload for `id` is accepted. */
export interface ChecklistItem {
  /** Stable within its checklist (kebab-case): uploads are recorded against it. */
  id: string;
  label: string;
  /** What exactly to upload, when the label alone may not say. */
  hint?: string;
  required: boolean;
  /** The types and size this item takes: passed to acceptUpload as `itemLimits`. */
  accept: UploadRule;
}

/** The package's service parameters as the order was started with them (DESIGN.md §1). */
export interface ChecklistChoices {
  applyingFrom?: string | null;
  citizenship?: string | null;
  destination?: string | null;
}

export interface ChecklistInput {
  serviceSlug: string;
  packageSlug: string;
  choices?: ChecklistChoices;
  memberKind: MemberKind;
  /**
   * Whether the member was ever an Indian citizen (held an Indian passport), once the member's
   * form has asked. Unknown: the surrender or renunciation certificate is listed as optional,
   * true: required, false: not listed.
   */
  formerIndianCitizen?: boolean;
}

type Country = 'US' | 'CA';

interface Member {
  minor: boolean;
  country: Country;
  formerIndianCitizen: boolean | undefined;
}

const doc = (id: string, label: string, hint?: string, required = true): ChecklistItem => ({
  id,
  label,
  ...(hint ? { hint } : {}),
  required,
  accept: DOCUMENT_UPLOAD,
});
const image = (id: string, label: string, hint?: string): ChecklistItem => ({
  id,
  label,
  ...(hint ? { hint } : {}),
  required: true,
  accept: PHOTO_UPLOAD,
});

/* Items several packages share (shared/catalog-facts.md). */
const signature = image('signature', 'Signature', 'Your usual signature in black ink on plain white paper.');
/** Minors do not sign: a thumb impression takes the signature's place (catalog-facts §1, §2). */
const thumbImpression = image(
  'thumb-impression',
  'Child’s thumb impression',
  'In place of a signature: the left thumb for boys, the right thumb for girls, in blue or black ink on plain white paper. A child of 5 or older may sign instead.',
);
const parentsPassports = [
  doc('parent-passport-1', 'First parent’s passport', 'The bio page and the page with the address, if there is one.'),
  doc('parent-passport-2', 'Second parent’s passport', 'The bio page and the page with the address, if there is one.'),
];
const birthCertificate = doc('birth-certificate', 'Child’s birth certificate', 'It must name both parents.');

function addressProof(country: Country): ChecklistItem {
  return doc(
    'address-proof',
    'Proof of current address',
    country === 'CA'
      ? 'A Canadian driver’s licence, utility bill, bank statement or lease in your name.'
      : 'A US driver’s licence, state ID, utility bill, bank statement or lease in your name.',
  );
}

/** The surrender or renunciation certificate of a former Indian citizen (catalog-facts §1, §3, §6). */
function renunciationCertificate(member: Member, canadaRequiresCertificate: boolean): ChecklistItem[] {
  if (member.formerIndianCitizen === false) return [];
  const label =
    member.country === 'CA' && canadaRequiresCertificate
      ? 'Surrender certificate of your Indian passport'
      : 'Surrender or renunciation certificate, or your cancelled Indian passport';
  const hint =
    member.formerIndianCitizen === true
      ? member.country === 'CA' && canadaRequiresCertificate
        ? 'In Canada the surrender must be complete before you apply.'
        : undefined
      : 'Needed only if you were ever an Indian citizen.';
  return [doc('renunciation-certificate', label, hint, member.formerIndianCitizen === true)];
}

function signatureOrThumb(member: Member): ChecklistItem {
  return member.minor ? thumbImpression : signature;
}

const OCI_PHOTO = image(
  'photo',
  'Photo',
  'A recent front-facing photo on a plain light background; we crop and size it to the OCI portal’s square format.',
);

/** OCI card (catalog-facts §1). */
function ociChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const minor = member.minor || packageSlug === 'oci-card-for-minor';
  const m = { ...member, minor };
  const foreignPassport = doc('foreign-passport', 'Current foreign passport', 'The bio page and the signature page.');
  let items: ChecklistItem[];
  switch (packageSlug) {
    case 'new-oci-card':
    case 'oci-card-for-minor':
      items = [
        foreignPassport,
        ...renunciationCertificate(m, true),
        doc(
          'indian-origin-proof',
          'Proof of Indian origin',
          minor
            ? 'A parent’s Indian passport, OCI card or other proof that a parent or grandparent was an Indian citizen.'
            : 'Your old Indian passport, or a parent’s or grandparent’s.',
        ),
        addressProof(m.country),
        ...(minor
          ? [
              birthCertificate,
              ...parentsPassports,
              doc('parents-marriage-certificate', 'Parents’ marriage certificate'),
              doc(
                'parental-authorization-form',
                'Parental Authorization Form',
                'Notarised and signed by both parents.',
              ),
            ]
          : []),
      ];
      break;
    case 'oci-reissue':
      items = [
        doc('new-foreign-passport', 'New foreign passport', 'The bio page and the signature page.'),
        doc('existing-oci-card', 'Existing OCI card', 'Both sides of the card, or the OCI booklet’s pages.'),
        addressProof(m.country),
        doc('name-change-affidavit', 'Name-change affidavit', 'Only if your name has changed.', false),
        ...(minor
          ? [
              ...parentsPassports,
              doc(
                'parental-authorization-form',
                'Parental Authorization Form',
                'Notarised and signed by both parents.',
              ),
            ]
          : []),
      ];
      break;
    case 'lost-or-damaged-oci':
      items = [
        doc('police-report', 'Police report of the loss or damage'),
        doc('loss-affidavit', 'Affidavit describing the loss or damage', 'Signed before a notary.'),
        foreignPassport,
        addressProof(m.country),
        ...(minor ? parentsPassports : []),
      ];
      break;
    default:
      return null;
  }
  return [...items, OCI_PHOTO, signatureOrThumb(m)];
}

const PASSPORT_PHOTO = image(
  'photo',
  'Photo',
  'A recent front-facing photo on a white background; we size it to the 2×2 in format the consulate asks for.',
);

function statusProof(country: Country, minor: boolean): ChecklistItem {
  const whose = minor ? 'the child’s' : 'your';
  return doc(
    'status-proof',
    country === 'CA' ? 'Proof of status in Canada' : 'Proof of status in the USA',
    country === 'CA'
      ? `The PR card and landing paper, or the study or work permit, showing ${whose} status.`
      : `The US visa, I-797 approval notice or green card showing ${whose} status.`,
  );
}

/** Indian passport renewal abroad (catalog-facts §2). */
function passportChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const minor = member.minor || packageSlug === 'minor';
  const { country } = member;
  const currentPassport = doc(
    'current-passport',
    minor ? 'Child’s current Indian passport' : 'Current Indian passport',
    'The first five and the last two pages.',
  );
  const minorItems = [
    doc('annexure-d', 'Annexure D, signed by both parents', 'Annexure C instead if you are a single parent.'),
    ...parentsPassports,
    birthCertificate,
    ...(country === 'CA' ? [doc('parents-pr-cards', 'Both parents’ PR cards')] : []),
  ];
  let items: ChecklistItem[];
  switch (packageSlug) {
    case 'adult-36-pages':
    case 'adult-60-pages':
    case 'minor':
      items = [
        currentPassport,
        statusProof(country, minor),
        addressProof(country),
        ...(minor ? minorItems : [doc('annexure-e', 'Annexure E', 'The specimen signature declaration, signed.')]),
      ];
      break;
    case 'tatkal':
      items = [
        currentPassport,
        statusProof(country, minor),
        addressProof(country),
        ...(country === 'CA' ? [doc('emergency-letter', 'Letter explaining the emergency', 'Signed and dated.')] : []),
        ...(minor ? minorItems : []),
      ];
      break;
    case 'lost-or-damaged':
      items = [
        doc('police-report', 'Police report of the loss or damage'),
        doc('annexure-f', 'Annexure F', 'The declaration about the lost or damaged passport, signed.'),
        doc(
          'indian-nationality-proof',
          'Proof of Indian nationality',
          'An Indian birth certificate, school certificate or voter ID card.',
        ),
        doc('old-passport-copy', 'Copy of the old passport', 'If you have one.', false),
        ...(country === 'CA'
          ? [doc('personal-particulars-forms', 'Three Personal Particulars forms', 'Each one signed.')]
          : []),
        ...(minor ? minorItems : []),
      ];
      break;
    default:
      return null;
  }
  return [...items, PASSPORT_PHOTO, ...(minor ? [thumbImpression] : [])];
}

/** Surrender or renunciation certificate (catalog-facts §3). */
function renunciationChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  if (
    packageSlug !== 'surrender-certificate-from-june-2010' &&
    packageSlug !== 'surrender-certificate-before-june-2010'
  ) {
    return null;
  }
  const canada = member.country === 'CA';
  return [
    doc('last-indian-passport', 'Your last Indian passport', 'Every page, including the blank ones.'),
    doc('foreign-passport', canada ? 'Canadian passport' : 'US passport', 'The bio page.'),
    doc(
      'naturalisation-certificate',
      canada ? 'Canadian citizenship certificate' : 'US naturalisation certificate',
      'It shows the date you became a citizen, which sets the fee and any penalty.',
    ),
    addressProof(member.country),
    ...(canada ? [doc('landing-record', 'Record of landing or Confirmation of Permanent Residence')] : []),
    ...(member.minor ? [birthCertificate, ...parentsPassports] : []),
    doc(
      'lost-passport-affidavit',
      'If your Indian passport is lost: affidavit and police report',
      'A notarised affidavit, the police report and proof of the passport, such as your landing record.',
      false,
    ),
  ];
}

/** Power of attorney and civil document attestation (catalog-facts §5). */
function attestationChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const identity = [
    doc('passport-copy', 'Passport', 'The bio page.'),
    doc(
      'status-proof',
      'Proof of status',
      'Your visa, green card, PR card or citizenship document, showing you live where you apply.',
    ),
    addressProof(member.country),
  ];
  switch (packageSlug) {
    case 'property-power-of-attorney':
      return [
        doc(
          'power-of-attorney',
          'Power of attorney, signed before a notary',
          'Not yet a citizen of India? Have it apostilled first.',
        ),
        doc('witness-ids', 'Both witnesses’ photo IDs'),
        ...identity,
        image('executant-photo', 'Your passport photo', 'It is attested on the power of attorney.'),
      ];
    case 'civil-document-attestation':
      return [
        doc(
          'document-to-attest',
          'The document to attest, signed before a notary',
          'Not yet a citizen of India? Have it apostilled or authenticated first.',
        ),
        ...identity,
      ];
    default:
      return null;
  }
}

/** Indian e-Visa (catalog-facts §4). */
function eVisaChecklist(packageSlug: string): ChecklistItem[] | null {
  const base = [
    doc(
      'passport-bio-page',
      'Scan of your passport bio page',
      'The passport must be valid for at least 6 months after you arrive, with 2 blank pages.',
    ),
    image('photo', 'Photo', 'Front-facing on a plain light background, without glasses; we make it square.'),
  ];
  switch (packageSlug) {
    case 'e-tourist-30-days':
    case 'e-tourist-1-year':
    case 'e-tourist-5-years':
      return base;
    case 'e-business':
      return [
        ...base,
        doc('business-card', 'Your business card'),
        doc('invitation-letter', 'Invitation letter from the Indian company', 'On the company’s letterhead, signed.'),
      ];
    default:
      return null;
  }
}

/** Visa application centre support (catalog-facts §6). */
function applicationCentreChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const passport = doc(
    'passport-bio-page',
    'Passport bio page',
    'The passport must be valid for at least 6 months, with blank pages.',
  );
  switch (packageSlug) {
    case 'paper-visa-application': {
      const landing =
        member.formerIndianCitizen === false
          ? []
          : [
              doc(
                'landing-or-naturalisation',
                member.country === 'CA' ? 'Record of landing' : 'US naturalisation certificate',
                member.formerIndianCitizen === true ? undefined : 'Needed only if you were ever an Indian citizen.',
                member.formerIndianCitizen === true,
              ),
            ];
      return [
        passport,
        image('photo', 'Photo', 'Front-facing on a white background; we size it to 2×2 in.'),
        addressProof(member.country),
        ...renunciationCertificate(member, true),
        ...landing,
        ...(member.minor ? [birthCertificate, ...parentsPassports] : []),
      ];
    }
    case 'consular-appointment-file-check':
      return [
        doc('government-form', 'The completed government form for your service'),
        passport,
        addressProof(member.country),
        doc(
          'supporting-documents',
          'Other documents on the mission’s checklist',
          'Combine them into one PDF if there are several.',
          false,
        ),
      ];
    default:
      return null;
  }
}

/** Photo enhancement orders: the photo to enhance. */
function photoChecklist(packageSlug: string): ChecklistItem[] | null {
  if (!['digital-copy', 'print-copies-delivered', 'pickup-from-nearest-photo-studio'].includes(packageSlug))
    return null;
  return [image('photo', 'Your photo', 'A recent front-facing photo against a plain wall, taken at eye level.')];
}

/**
 * The documents one member must (or may) upload for a package, from the package, its country
 * choices and the member's kind: a minor brings the parents' passports and a thumb impression
 * instead of a signature; a former Indian citizen applying for an OCI card brings the surrender or
 * renunciation certificate. Null for a package this list does not know (a catalog change that
 * needs a checklist: src/server/db/seed's checklist test names it).
 */
export function documentChecklist(input: ChecklistInput): ChecklistItem[] | null {
  const countryChoice = input.choices?.applyingFrom ?? input.choices?.citizenship;
  const member: Member = {
    minor: input.memberKind === 'Minor',
    country: countryChoice === 'CA' ? 'CA' : 'US',
    formerIndianCitizen: input.formerIndianCitizen,
  };
  switch (input.serviceSlug) {
    case 'oci-card':
      return ociChecklist(input.packageSlug, member);
    case 'indian-passport-renewal':
      return passportChecklist(input.packageSlug, member);
    case 'renunciation-of-indian-passport':
      return renunciationChecklist(input.packageSlug, member);
    case 'power-of-attorney':
      return attestationChecklist(input.packageSlug, member);
    case 'indian-visa':
      return eVisaChecklist(input.packageSlug);
    case 'visa-application-centre-support':
      return applicationCentreChecklist(input.packageSlug, member);
    case 'photo-enhancement':
      return photoChecklist(input.packageSlug);
    default:
      return null;
  }
}

/** The required items not yet uploaded: what the customer must still do. */
export function missingRequiredItems(
  checklist: readonly ChecklistItem[],
  uploadedIds: Iterable<string>,
): ChecklistItem[] {
  const uploaded = new Set(uploadedIds);
  return checklist.filter((item) => item.required && !uploaded.has(item.id));
}
