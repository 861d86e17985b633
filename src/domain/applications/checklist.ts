import { PHOTO_SIZES } from '../photos/sizes.ts';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD, type UploadRule } from '../uploads/file-types.ts';
import { inSentence } from './completion.ts';
import type { MemberKind } from './member-kinds.ts';
import { ageOn, isIsoDate } from './members.ts';
import { BOTH_PARENTS, type OneParentProof, type ParentalConsent, parentalConsentOf } from './parental-consent.ts';

/** One document a member's application needs, ticked off when an upload for `id` is accepted. */
export interface ChecklistItem {
  /** Stable within its checklist (kebab-case): uploads are recorded against it. */
  id: string;
  label: string;
  /** What exactly to upload, when the label alone may not say. */
  hint?: string;
  /**
   * What goes in the envelope, where it is not the upload's scan: the original with its copies, the
   * number and size of photo prints (catalog-facts §1–§3). The print pack's checklist says it.
   */
  envelope?: string;
  required: boolean;
  /**
   * A document our team prepares (the Parental Authorization Form, a passport annexure): in the
   * print pack once the order is paid, and uploaded signed. Required only from then on
   * (`dueWhen`): before payment it cannot be had, so it is not listed as missing.
   */
  preparedByUs?: true;
  /**
   * Such a document's hint once the order is paid (`dueWhen` puts it in `hint`): its print pack is
   * there to print it from, so it no longer says "once you have paid".
   */
  hintOncePaid?: string;
  /** The types and size this item takes: passed to acceptUpload as `itemLimits`. */
  accept: UploadRule;
}

/**
 * The checklist item an upload question of a member's form files to: the question's key in
 * kebab-case (`photo` → `photo`, `passportBioPage` → `passport-bio-page`). Form keys are camelCase
 * (FIELD_RULES.keyPattern) and item ids kebab-case, so the one is named from the other; the file
 * is then the item's, and the Documents step does not ask for it again.
 */
export function checklistItemOfUpload(fieldKey: string): string {
  return fieldKey.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
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
  /**
   * The member's date of birth (YYYY-MM-DD) and the day their age is counted on (UTC, as the
   * member's kind is): a child under 5 gives a thumb impression, from 5 a child signs. Without a
   * date of birth a minor is taken to be under 5.
   */
  dateOfBirth?: string;
  today?: string;
  /** The member's name: a minor's own documents are named after the child ("Anaya’s photo"). */
  fullName?: string;
  /**
   * What happened to the passport or OCI card being replaced, once the member's form has asked:
   * a damaged one needs no police report.
   */
  lossKind?: LossKind;
  /**
   * Who gives a minor's consent, once the form's Parents' consent step has asked: one parent signs
   * Annexure C and brings their own passport and the paper that shows why (parental-consent.ts).
   * Unknown: both parents, Annexure D.
   */
  parentalConsent?: ParentalConsent;
  /** The member's sex, once the form has asked: a girl's OCI thumb impression is the right thumb. */
  sex?: 'male' | 'female';
  /**
   * True once the OCI form says the member is eligible as the spouse of an Indian citizen or OCI
   * cardholder: the registered marriage and the spouse's Indian passport or OCI card then show the
   * link to India, in place of the member's own Indian origin.
   */
  spouseOfIndian?: boolean;
  /**
   * What a re-issue changes, once the member's form has said (the passport form's "What must
   * change?", the OCI re-issue form's name change): each change brings its proof.
   */
  particularsChanged?: readonly ChangeWithProof[];
  /** How the member's name changed, where the form asks (the OCI re-issue): the proof is that paper. */
  nameChangeBasis?: NameChangeBasis;
  /**
   * Whether the member still has the Indian passport they surrender, once the renunciation form
   * has asked: kept, it goes in the envelope and no affidavit of its loss is listed; lost, the
   * affidavit and police report are required and a copy of the passport is enough.
   */
  indianPassportKept?: boolean;
}

/** The answers of the replacement forms' "What happened to the passport / card?" (form-definitions). */
export const LOSS_KINDS = ['lost', 'stolen', 'damaged'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/**
 * The changes of a re-issue that bring a paper of their own, as the passport form names them
 * (`particularsChanged`). A new address is shown by the proof of address every renewal brings,
 * a new appearance or signature by the new photo and the signature on the application form.
 */
const CHANGES_WITH_PROOF = ['name', 'spouse-name', 'ecr', 'birth-date', 'birth-place'] as const;
export type ChangeWithProof = (typeof CHANGES_WITH_PROOF)[number];

/** The answers of the OCI re-issue form's "How it changed" (form-definitions). */
const NAME_CHANGE_BASES = ['marriage', 'divorce', 'deed-poll'] as const;
export type NameChangeBasis = (typeof NAME_CHANGE_BASES)[number];

/** Below this age a child gives a thumb impression instead of a signature (catalog-facts §1, §2). */
export const THUMB_IMPRESSION_UNDER_AGE = 5;

/** Whether a minor born on `dateOfBirth` is under 5 on `today`, and so gives a thumb impression. */
export function givesThumbImpression(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) < THUMB_IMPRESSION_UNDER_AGE;
}

/** The answers a checklist depends on: when one changes, the member's checklist is read again. */
export const CHECKLIST_ANSWER_KEYS = [
  'eligibility',
  'formerIndian',
  'passportLossKind',
  'cardLossKind',
  'parentsSituation',
  'soleCustody',
  'sex',
  'reissueReason',
  'particularsChanged',
  'reissueReasons',
  'nameChangeBasis',
  'hasIndianPassport',
] as const;

/**
 * What a member's answers say about their checklist (the questions live in the form definitions):
 * the OCI form's eligibility "I was an Indian citizen" or "I am married to an Indian citizen", or
 * the visa form's "Were you an Indian citizen before?"; what happened to the passport or card a
 * replacement is for; which parents sign a minor's consent; and what a re-issue changes. Each is
 * left out while unanswered.
 */
export function checklistAnswers(
  answers: Readonly<Record<string, unknown>>,
): Pick<
  ChecklistInput,
  | 'formerIndianCitizen'
  | 'spouseOfIndian'
  | 'lossKind'
  | 'parentalConsent'
  | 'sex'
  | 'particularsChanged'
  | 'nameChangeBasis'
  | 'indianPassportKept'
> {
  const lossKind = lossKindOf(answers);
  const consent = parentalConsentOf(answers);
  const { sex, hasIndianPassport } = answers;
  return {
    ...indianOriginOf(answers),
    ...(lossKind ? { lossKind } : {}),
    ...(consent.signers === 'one' ? { parentalConsent: consent } : {}),
    ...(sex === 'male' || sex === 'female' ? { sex } : {}),
    ...changesOf(answers),
    ...(hasIndianPassport === 'yes' || hasIndianPassport === 'no'
      ? { indianPassportKept: hasIndianPassport === 'yes' }
      : {}),
  };
}

function indianOriginOf(
  answers: Readonly<Record<string, unknown>>,
): Pick<ChecklistInput, 'formerIndianCitizen' | 'spouseOfIndian'> {
  const { eligibility, formerIndian } = answers;
  if (typeof eligibility === 'string' && eligibility !== '') {
    return {
      formerIndianCitizen: eligibility === 'former-citizen',
      ...(eligibility === 'spouse' ? { spouseOfIndian: true } : {}),
    };
  }
  if (formerIndian === 'yes' || formerIndian === 'no') return { formerIndianCitizen: formerIndian === 'yes' };
  return {};
}

/**
 * The changes a re-issue makes that need a proof: the passport form asks "What must change, if
 * anything?" whatever the reason (an expiring passport may carry a new address too); the OCI re-issue form's "What has changed?" may be a name change, and
 * then asks how it changed.
 */
function changesOf(
  answers: Readonly<Record<string, unknown>>,
): Pick<ChecklistInput, 'particularsChanged' | 'nameChangeBasis'> {
  const { reissueReason, particularsChanged, reissueReasons, nameChangeBasis } = answers;
  const changes =
    typeof reissueReason === 'string' && Array.isArray(particularsChanged)
      ? CHANGES_WITH_PROOF.filter((change) => particularsChanged.includes(change))
      : Array.isArray(reissueReasons) && reissueReasons.includes('name-change')
        ? (['name'] as const)
        : [];
  if (changes.length === 0) return {};
  const basis = changes.includes('name') ? NAME_CHANGE_BASES.find((b) => b === nameChangeBasis) : undefined;
  return { particularsChanged: changes, ...(basis ? { nameChangeBasis: basis } : {}) };
}

/** The passport form asks `passportLossKind`, the OCI form `cardLossKind`: a member's form has one at most. */
export function lossKindOf(answers: Readonly<Record<string, unknown>>): LossKind | undefined {
  const answer = answers.passportLossKind ?? answers.cardLossKind;
  return LOSS_KINDS.find((kind) => kind === answer);
}

type Country = 'US' | 'CA';

interface Member {
  minor: boolean;
  country: Country;
  formerIndianCitizen: boolean | undefined;
  /** A minor under 5 (or of unknown age) gives a thumb impression; an older child signs. */
  underFive: boolean;
  lossKind: LossKind | undefined;
  consent: ParentalConsent;
  sex: ChecklistInput['sex'];
  spouseOfIndian: boolean;
  changes: readonly ChangeWithProof[];
  nameChangeBasis: NameChangeBasis | undefined;
  indianPassportKept: boolean | undefined;
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
/**
 * From 5 the child signs the box under their photo, and this is the signature the OCI portal takes
 * (600 × 200): the child's own, as the centres' checklists say ("parent cannot sign on behalf of
 * the child under any circumstances", catalog-facts K14). What the parents sign, and the child
 * does not, is the consent and the application's declaration (catalog-facts §1: "parents sign,
 * the minor does not"); the hint says both, so a parent does not sign here in the child's place.
 */
const childSignature = image(
  'signature',
  'Child’s signature',
  'The child signs in black ink on plain white paper, the way they usually write their name. Only the child signs here, never a parent for them: the parents sign the consent form and the application’s declaration instead.',
);
/**
 * A child under 5 does not sign: a thumb impression takes the signature's place (catalog-facts §1,
 * §2): the left thumb for a boy, the right for a girl; both said until the form gives the child's sex.
 */
function thumbImpression(sex: ChecklistInput['sex']): ChecklistItem {
  const thumb =
    sex === 'male'
      ? 'the child’s left thumb'
      : sex === 'female'
        ? 'the child’s right thumb'
        : 'the left thumb for a boy, the right thumb for a girl';
  return {
    ...image(
      'thumb-impression',
      'Child’s thumb impression',
      `In place of a signature: ${thumb}, in blue or black ink on plain white paper.`,
    ),
    envelope: `Where the forms ask for the child’s signature: ${thumb}.`,
  };
}
/** The passport form's box is for a "Left Hand Thumb Impression", a girl's as a boy's: the OCI's rule is not its. */
const passportThumbImpression: ChecklistItem = {
  ...image(
    'thumb-impression',
    'Child’s thumb impression',
    'In place of a signature: the child’s left thumb, in blue or black ink on plain white paper.',
  ),
  envelope: 'Where the forms ask for the child’s signature: the child’s left thumb.',
};
const parentsPassports = [
  doc('parent-passport-1', 'First parent’s passport', 'The bio page and the page with the address, if there is one.'),
  doc('parent-passport-2', 'Second parent’s passport', 'The bio page and the page with the address, if there is one.'),
];
const birthCertificate = doc('birth-certificate', 'Child’s birth certificate', 'It must name both parents.');
/** One parent signs alone: a child's birth certificate may name only that parent, and that is enough. */
const oneParentBirthCertificate = doc(
  'birth-certificate',
  'Child’s birth certificate',
  'It names the child’s parents.',
);

/**
 * Where one parent signs a minor's consent alone: only that parent's passport is asked for. An id
 * of its own: the first parent's passport uploaded while both were to sign may be the other
 * parent's, and must not stand for the signer's (nor be offered as a household copy of theirs).
 */
const signingParentPassport = doc(
  'signing-parent-passport',
  'Passport of the parent who signs',
  'The bio page and the page with the address, if there is one.',
);

/** The paper that shows why one parent signs alone (parental-consent.ts), when there is one. */
function oneParentProof(proof: OneParentProof | null): ChecklistItem[] {
  switch (proof) {
    case 'custody-order':
      return [
        doc(
          'custody-order',
          'Court order giving sole custody',
          'The court’s order that gives the parent who signs sole legal custody of the child.',
        ),
      ];
    case 'death-certificate':
      return [doc('parent-death-certificate', 'Death certificate of the other parent')];
    case null:
      return [];
  }
}

/**
 * Every member's checklist carries it, and a family uploads one copy for all ("Use Anjali's copy"):
 * "in your name" read wrong on a child's or a spouse's list, so the hint names the applicant.
 */
function addressProof(country: Country): ChecklistItem {
  const whose = 'in the applicant’s name (a child’s may be in a parent’s name)';
  return doc(
    'address-proof',
    'Proof of current address',
    country === 'CA'
      ? `A Canadian driver’s licence, utility bill, bank statement or lease ${whose}.`
      : `A US driver’s licence, state ID, utility bill, bank statement or lease ${whose}.`,
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

/**
 * The police report of a lost or stolen passport or OCI card (catalog-facts §1, §2). The forms ask
 * its number only for a loss or theft, so a damaged one brings none; until the form says (or for a
 * package without a form) it is asked for, as most replacements are for a loss.
 */
function policeReport(member: Member): ChecklistItem[] {
  return member.lossKind === 'damaged' ? [] : [doc('police-report', 'Police report of the loss or theft')];
}

function signatureOrThumb(member: Member, form: 'oci' | 'passport' = 'oci'): ChecklistItem {
  if (!member.minor) return signature;
  if (!member.underFive) return childSignature;
  return form === 'passport' ? passportThumbImpression : thumbImpression(member.sex);
}

/** Where a document our team prepares comes from, as its hint says it: before payment, and once paid. */
const fromThePrintPack = (paid: boolean) =>
  paid
    ? 'Print it from your print pack'
    : 'We prepare it from your answers: once you have paid, print it from the print pack on your order page';

/** A document our team prepares from the answers, which the customer signs and uploads (`hint`: how, by payment). */
function preparedByUs(id: string, label: string, hint: (paid: boolean) => string): ChecklistItem {
  return { ...doc(id, label, hint(false)), hintOncePaid: hint(true), preparedByUs: true };
}

/**
 * A passport annexure our team prepares from the answers (the print pack holds it once the order is
 * paid): the customer signs it and uploads it. Required: the mission's checklist asks for it signed.
 */
function declaration(id: string, label: string, what: string): ChecklistItem {
  return preparedByUs(id, label, (paid) => `${what} ${fromThePrintPack(paid)}, sign it and upload it here.`);
}

/**
 * Our team prepares it from the answers (catalog-facts §1 minor add-ons: notarised, signed by both
 * parents); the mission will not take the child's application without it.
 */
const parentalAuthorizationForm = preparedByUs(
  'parental-authorization-form',
  'Parental Authorization Form',
  (paid) => `${fromThePrintPack(paid)}. Both parents sign it before a notary; then upload it here.`,
);

/** The same form, signed by the one parent who signs alone (parental-consent.ts). */
const oneParentAuthorizationForm = preparedByUs(
  'parental-authorization-form',
  'Parental Authorization Form',
  (paid) => `${fromThePrintPack(paid)}. The parent who signs alone signs it before a notary; then upload it here.`,
);

/**
 * A minor's OCI: the Parental Authorization Form and the passports of the parents who sign it
 * (catalog-facts §1), with the parents' marriage certificate where asked. One parent alone (the
 * form's Parents' consent step: "the living parent signs; we need the death certificate", or sole
 * custody) signs it with the paper that shows why, and brings only their own passport, as for the
 * passport's Annexure C; the marriage certificate is then asked for only if there is one.
 */
function ociParentItems(
  { consent }: Member,
  { marriage, form }: { marriage: boolean; form: boolean },
): ChecklistItem[] {
  if (consent.signers === 'both') {
    return [
      ...parentsPassports,
      ...(marriage ? [doc('parents-marriage-certificate', 'Parents’ marriage certificate')] : []),
      ...(form ? [parentalAuthorizationForm] : []),
    ];
  }
  return [
    signingParentPassport,
    ...oneParentProof(consent.proof),
    ...(marriage
      ? [
          doc(
            'parents-marriage-certificate',
            'Parents’ marriage certificate',
            'If the child’s parents were married.',
            false,
          ),
        ]
      : []),
    ...(form ? [oneParentAuthorizationForm] : []),
  ];
}

/**
 * `item` as the order's payment leaves it: one our team prepares is required only once the order
 * is paid, when its print pack holds it (a list of what is missing before then could not be done),
 * and its hint then says to print it from there.
 */
export function dueWhen(paid: boolean, item: ChecklistItem): ChecklistItem {
  if (!item.preparedByUs) return item;
  return paid ? { ...item, hint: item.hintOncePaid ?? item.hint } : { ...item, required: false };
}

const OCI_PHOTO: ChecklistItem = {
  ...image(
    'photo',
    'Photo',
    'A recent front-facing photo on a plain light background; we crop and size it to the OCI portal’s square format.',
  ),
  envelope: 'A 2 × 2 in print of the photo, on a plain light background.',
};

/**
 * What shows the member's link to India (catalog-facts §1): their own or a forebear's Indian
 * papers, a child's through a parent. An adult eligible as the spouse of an Indian citizen or OCI
 * cardholder shows it through the marriage instead (the site's OCI guide: "Marriage certificate if
 * you apply on the basis of your spouse's Indian origin"; the form: "The marriage is registered and
 * has lasted at least two years"), with the spouse's Indian passport or OCI card.
 */
function indianOriginProof({ minor, spouseOfIndian }: Member): ChecklistItem[] {
  if (minor) {
    return [
      doc(
        'indian-origin-proof',
        'Proof of Indian origin',
        'A parent’s Indian passport, OCI card or other proof that a parent or grandparent was an Indian citizen.',
      ),
    ];
  }
  if (!spouseOfIndian) {
    return [
      doc('indian-origin-proof', 'Proof of Indian origin', 'Your old Indian passport, or a parent’s or grandparent’s.'),
    ];
  }
  return [
    doc(
      'marriage-certificate',
      'Marriage certificate',
      'The certificate of your registered marriage. The marriage must have lasted at least two years when you apply.',
    ),
    doc(
      'spouse-indian-document',
      'Your spouse’s Indian passport or OCI card',
      'The bio page of the passport, or both sides of the OCI card.',
    ),
  ];
}

/** The paper each way of changing a name is proved by (the OCI re-issue form's "How it changed"). */
const NAME_CHANGE_PROOF: Record<NameChangeBasis, string> = {
  marriage: 'Marriage certificate',
  divorce: 'Divorce decree',
  'deed-poll': 'Deed poll or court order',
};

/**
 * The proof of a new name (catalog-facts §1, §2; the passport FAQ: "a change of name after marriage
 * needs the marriage certificate, and other name changes a gazette notification or deed poll"):
 * the paper of the way the form says the name changed, or each way's until it says.
 */
function nameChangeProof(basis: NameChangeBasis | undefined): ChecklistItem {
  return basis
    ? doc('name-change-proof', `${NAME_CHANGE_PROOF[basis]}, as proof of the new name`)
    : doc(
        'name-change-proof',
        'Proof of the name change',
        'The marriage certificate after a marriage, the divorce decree after a divorce; otherwise the gazette notification, deed poll or court order.',
      );
}

/** OCI card (catalog-facts §1). */
function ociChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const { minor } = member;
  const foreignPassport = doc('foreign-passport', 'Current foreign passport', 'The bio page and the signature page.');
  let items: ChecklistItem[];
  switch (packageSlug) {
    case 'new-oci-card':
    case 'oci-card-for-minor':
      items = [
        foreignPassport,
        ...renunciationCertificate(member, true),
        ...indianOriginProof(member),
        addressProof(member.country),
        ...(minor
          ? [
              member.consent.signers === 'both' ? birthCertificate : oneParentBirthCertificate,
              ...ociParentItems(member, { marriage: true, form: true }),
            ]
          : []),
      ];
      break;
    case 'oci-reissue':
      items = [
        doc('new-foreign-passport', 'New foreign passport', 'The bio page and the signature page.'),
        doc('existing-oci-card', 'Existing OCI card', 'Both sides of the card, or the OCI booklet’s pages.'),
        addressProof(member.country),
        doc('name-change-affidavit', 'Name-change affidavit', 'Only if your name has changed.', false),
        ...(member.changes.includes('name') ? [nameChangeProof(member.nameChangeBasis)] : []),
        ...(minor ? ociParentItems(member, { marriage: false, form: true }) : []),
      ];
      break;
    case 'lost-or-damaged-oci':
      items = [
        ...policeReport(member),
        doc('loss-affidavit', 'Affidavit describing the loss or damage', 'Signed before a notary.'),
        foreignPassport,
        addressProof(member.country),
        ...(minor ? ociParentItems(member, { marriage: false, form: false }) : []),
      ];
      break;
    default:
      return null;
  }
  return [...items, OCI_PHOTO, signatureOrThumb(member)];
}

/**
 * The passport photo, with the prints the mission asks for in the envelope: four for a lost or
 * damaged passport in Canada (catalog-facts §2, K34, K37), two otherwise.
 */
function passportPhoto(prints: 'Two' | 'Four'): ChecklistItem {
  return {
    ...image(
      'photo',
      'Photo',
      `A recent front-facing photo on a white background; we size it to the ${PHOTO_SIZES['in-passport'].widthPx} × ${PHOTO_SIZES['in-passport'].heightPx} px photo the passport portal asks for.`,
    ),
    envelope: `${prints} 2 × 2 in prints of the photo, on a white background.`,
  };
}

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

/** The birth particulars a re-issue corrects, as the birth certificate must show them. */
function correctedBirth({ changes }: Member): string | undefined {
  const date = changes.includes('birth-date');
  const place = changes.includes('birth-place');
  if (date && place) return 'date and place of birth';
  if (date) return 'date of birth';
  return place ? 'place of birth' : undefined;
}

/**
 * The proof of each change a passport re-issue makes (the form: "Each change needs its proof, which
 * your checklist lists"; CHANGES_WITH_PROOF). A child's corrected birth particulars are shown by the
 * birth certificate the child's list already asks for (`passportConsentItems`).
 */
function changeProofs(member: Member): ChecklistItem[] {
  const changed = (change: ChangeWithProof) => member.changes.includes(change);
  const birth = correctedBirth(member);
  return [
    ...(changed('name') ? [nameChangeProof(member.nameChangeBasis)] : []),
    ...(changed('spouse-name')
      ? [
          doc(
            'spouse-name-proof',
            'Proof for the spouse’s name',
            'The marriage certificate to add or change the spouse’s name; the divorce decree or the death certificate to remove it.',
          ),
        ]
      : []),
    ...(changed('ecr')
      ? [
          doc(
            'ecr-removal-proof',
            'Proof for removing the “Emigration Check Required” note',
            `A pass certificate of class 10 (matriculation) or higher, or the ${member.country === 'CA' ? 'PR card' : 'green card'}: either one is enough.`,
          ),
        ]
      : []),
    ...(birth && !member.minor
      ? [doc('birth-particulars-proof', `Birth certificate showing the correct ${birth}`)]
      : []),
  ];
}

/**
 * A minor's passport: the parents' declaration, with the passports (and in Canada the PR cards) of
 * the parents who sign it, and the child's birth certificate (catalog-facts §2). Both parents sign
 * Annexure D; one parent alone signs Annexure C, with the paper that shows why
 * (parental-consent.ts), and no second parent's papers are asked for.
 */
function passportConsentItems(member: Member): ChecklistItem[] {
  const { consent, country } = member;
  const birth = correctedBirth(member);
  const childsBirthCertificate = (item: ChecklistItem): ChecklistItem =>
    birth ? { ...item, hint: `${item.hint} It must also show the correct ${birth}.` } : item;
  if (consent.signers === 'both') {
    return [
      declaration(
        'annexure-d',
        'Annexure D, signed by both parents',
        'The declaration both parents sign; if only one parent can sign, say so in the form’s Parents’ consent step and we prepare Annexure C instead.',
      ),
      ...parentsPassports,
      childsBirthCertificate(birthCertificate),
      ...(country === 'CA' ? [doc('parents-pr-cards', 'Both parents’ PR cards')] : []),
    ];
  }
  return [
    declaration(
      'annexure-c',
      'Annexure C, signed by the parent',
      'The declaration of the one parent who signs, saying why the other parent does not.',
    ),
    signingParentPassport,
    ...oneParentProof(consent.proof),
    childsBirthCertificate(oneParentBirthCertificate),
    ...(country === 'CA' ? [doc('signing-parent-pr-card', 'PR card of the parent who signs')] : []),
  ];
}

/** Indian passport renewal abroad (catalog-facts §2). */
function passportChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const { minor, country } = member;
  const currentPassport: ChecklistItem = {
    ...doc(
      'current-passport',
      minor ? 'Child’s current Indian passport' : 'Current Indian passport',
      'The first five and the last two pages.',
    ),
    envelope: 'The original passport, with copies of its first five and last two pages.',
  };
  const minorItems = passportConsentItems(member);
  let items: ChecklistItem[];
  switch (packageSlug) {
    case 'adult-36-pages':
    case 'adult-60-pages':
    case 'minor':
      items = [
        currentPassport,
        statusProof(country, minor),
        addressProof(country),
        ...changeProofs(member),
        ...(minor
          ? minorItems
          : [
              declaration(
                'annexure-e',
                'Annexure E',
                'Your declaration that you are a citizen of India and hold no other citizenship.',
              ),
            ]),
      ];
      break;
    case 'tatkal':
      items = [
        currentPassport,
        statusProof(country, minor),
        addressProof(country),
        ...changeProofs(member),
        ...(country === 'CA' ? [doc('emergency-letter', 'Letter explaining the emergency', 'Signed and dated.')] : []),
        ...(minor ? minorItems : []),
      ];
      break;
    case 'lost-or-damaged':
      items = [
        ...policeReport(member),
        declaration('annexure-f', 'Annexure F', 'The declaration about the lost or damaged passport.'),
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
  const prints = packageSlug === 'lost-or-damaged' && country === 'CA' ? 'Four' : 'Two';
  return [...items, passportPhoto(prints), ...(minor ? [signatureOrThumb(member, 'passport')] : [])];
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
  // Unanswered yet: both listed, the affidavit as optional.
  const lost = member.indianPassportKept === false;
  const lastPassport = member.minor ? 'Child’s last Indian passport' : 'Your last Indian passport';
  return [
    lost
      ? doc('last-indian-passport', lastPassport, 'A copy of its pages, if you have one.', false)
      : {
          ...doc('last-indian-passport', lastPassport, 'Every page, including the blank ones.'),
          envelope: 'The original passport, with a copy of every page.',
        },
    doc('foreign-passport', canada ? 'Canadian passport' : 'US passport', 'The bio page.'),
    doc(
      'naturalisation-certificate',
      canada ? 'Canadian citizenship certificate' : 'US naturalisation certificate',
      'It shows when citizenship was granted, which sets the fee and any penalty.',
    ),
    addressProof(member.country),
    ...(canada ? [doc('landing-record', 'Record of landing or Confirmation of Permanent Residence')] : []),
    ...(member.minor ? [birthCertificate, ...parentsPassports] : []),
    // Not asked of a customer who said they still have the passport (walk H read it there).
    ...(member.indianPassportKept === true
      ? []
      : [
          doc(
            'lost-passport-affidavit',
            lost
              ? 'Affidavit and police report of the lost Indian passport'
              : 'Affidavit and police report, if the Indian passport is lost',
            'A notarised affidavit, the police report and proof of the passport, such as the record of landing.',
            lost,
          ),
        ]),
  ];
}

/**
 * What a document signed by someone who is not an Indian citizen needs, by the country it is signed
 * in (catalog-facts §5): in the USA the state's apostille, then the consulate's attestation; in
 * Canada the apostille of the province or Global Affairs Canada takes the attestation's place, so
 * the consulate's and the application centre's fees in the price are not spent. The price holds
 * them all the same (the customer may pay before the form asks, and answers may change), so they
 * are given back through a refund request, which staff approve in part.
 */
function apostilleHint(country: Country): string {
  return country === 'CA'
    ? 'Not an Indian citizen? Your province or Global Affairs Canada apostilles it instead, and the consulate does not attest it: we refund the attestation fee and the application centre’s fee in your price when you ask on our Request a refund page.'
    : 'Not an Indian citizen? Your state apostilles it first; the consulate then attests it.';
}

/**
 * What shows an executant lives where they apply, in that country's documents: unlike a passport
 * renewal's applicant (statusProof), they may be its citizen.
 */
function residenceProofHint(country: Country): string {
  return country === 'CA'
    ? 'Your PR card, work or study permit, or Canadian citizenship document, showing you live in Canada.'
    : 'Your visa, green card or US citizenship document, showing you live in the USA.';
}

/** Power of attorney and civil document attestation (catalog-facts §5). */
function attestationChecklist(packageSlug: string, member: Member): ChecklistItem[] | null {
  const identity = [
    doc('passport-copy', 'Passport', 'The bio page.'),
    doc('status-proof', 'Proof of status', residenceProofHint(member.country)),
    addressProof(member.country),
  ];
  switch (packageSlug) {
    case 'property-power-of-attorney':
      return [
        doc('power-of-attorney', 'Power of attorney, signed before a notary', apostilleHint(member.country)),
        doc('witness-ids', 'Both witnesses’ photo IDs'),
        ...identity,
        image('executant-photo', 'Your passport photo', 'It is attested on the power of attorney.'),
      ];
    case 'civil-document-attestation':
      return [
        doc('document-to-attest', 'The document to attest, signed before a notary', apostilleHint(member.country)),
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
 * choices, the member's kind and age, and what their answers say: a minor brings the parents'
 * passports, and a thumb impression instead of a signature while under 5; a former Indian citizen
 * applying for an OCI card brings the surrender or renunciation certificate. A minor's own items
 * are named after the child. Null for a package this list does not know (a catalog change that
 * needs a checklist: src/server/db/seed's checklist test names it).
 */
export function documentChecklist(input: ChecklistInput): ChecklistItem[] | null {
  const items = serviceChecklist(input);
  const minor = isMinor(input);
  const name = input.fullName?.trim().split(/\s+/)[0];
  return items && minor && name ? items.map((item) => namedForChild(item, name)) : items;
}

/** Packages only a minor applies for: their items are the child's whatever the member's kind says. */
const MINOR_PACKAGES = new Set(['oci-card/oci-card-for-minor', 'indian-passport-renewal/minor']);

const isMinor = (input: ChecklistInput) =>
  input.memberKind === 'Minor' || MINOR_PACKAGES.has(`${input.serviceSlug}/${input.packageSlug}`);

/** The items that are the child's own (the parents' papers keep their labels). */
const CHILDS_OWN = new Set([
  'photo',
  'signature',
  'thumb-impression',
  'foreign-passport',
  'new-foreign-passport',
  'existing-oci-card',
  'current-passport',
  'birth-certificate',
  'status-proof',
  'passport-bio-page',
  'renunciation-certificate',
  'indian-origin-proof',
  'last-indian-passport',
  'naturalisation-certificate',
  'landing-record',
  'landing-or-naturalisation',
]);

/**
 * A minor's own item named after the child ("Anaya’s photo", "Anaya’s current foreign passport"):
 * the parent fills the form, so "you" and "Child’s" would be ambiguous. The label goes on in
 * sentence case, an acronym or a nationality keeping its capital ("Anaya’s US passport").
 */
function namedForChild(item: ChecklistItem, name: string): ChecklistItem {
  if (!CHILDS_OWN.has(item.id)) return item;
  const bare = item.label.replace(/^(?:Child’s|Your) /, '').replace(/\byour\b/g, 'their');
  const label = `${name}’s ${inSentence(bare)}`;
  const hint = item.hint?.replace('if you were ever', `if ${name} was ever`).replace(/^The child /, `${name} `);
  return { ...item, label, ...(hint ? { hint } : {}) };
}

function serviceChecklist(input: ChecklistInput): ChecklistItem[] | null {
  const countryChoice = input.choices?.applyingFrom ?? input.choices?.citizenship;
  const member: Member = {
    minor: isMinor(input),
    country: countryChoice === 'CA' ? 'CA' : 'US',
    formerIndianCitizen: input.formerIndianCitizen,
    underFive:
      input.dateOfBirth === undefined || !isIsoDate(input.dateOfBirth) || input.today === undefined
        ? true
        : givesThumbImpression(input.dateOfBirth, input.today),
    lossKind: input.lossKind,
    consent: input.parentalConsent ?? BOTH_PARENTS,
    sex: input.sex,
    spouseOfIndian: input.spouseOfIndian === true,
    changes: input.particularsChanged ?? [],
    nameChangeBasis: input.nameChangeBasis,
    indianPassportKept: input.indianPassportKept,
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
