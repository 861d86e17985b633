import { formatFeeDate } from '../catalog/fee-schedule.ts';
import { ONLINE_ONLY_SERVICES } from '../catalog/filing.ts';
import { ROUTES } from '../config/routes.ts';
import { isCalendarDate } from '../forms/dates.ts';
import { answerFieldsByKey, type FormDefinition } from '../forms/definition.ts';
import { CENTRE_PROVIDERS, type CentreProvider } from '../jurisdiction/jurisdiction.ts';
import { type OrderStatus, toOrderStatus } from '../orders/status.ts';
import { type ChecklistItem, lossKindOf } from './checklist.ts';
import type { MemberKind } from './member-kinds.ts';
import { type CustodyParent, type OneParentProof, parentalConsentOf, signingParentOf } from './parental-consent.ts';
import { portalValue } from './portal-format.ts';
import { POSTING_ADDRESS_TEXT } from './posting-address.ts';

/**
 * A member's print pack (issue 32 §3): what the customer prints and posts with their file, as a
 * model of pages and blocks that the server draws as a PDF (src/server/modules/applications/
 * print-pack-pdf.ts). A cover checklist in the order the papers go in the envelope, the letters and
 * declarations SevaDocs prepares pre-filled from the answers (with the signature blocks of the
 * parents who consent for a minor: both, or one on the passport's Annexure C; a minor's own
 * declarations are made and signed by those parents too, never the child; and witness and notary
 * blocks where the mission asks for them: catalog-facts §1, §2, §5), and a mailing label. Shared
 * by the server and its tests; no I/O.
 */

export const PRINT_PACK_MESSAGES = {
  notPaid: 'The print pack is ready once the order is paid.',
  /** The cover's first words while the order is not complete (Forms incomplete). */
  notComplete: (send: 'post' | 'submit') =>
    `Not ready to ${send} yet: your application is not complete. Your order page lists what is still needed; ${send} nothing until our team has checked it with you.`,
  /** …and while it is complete but not yet checked (Order pending, In review). */
  notChecked: (send: 'post' | 'submit') =>
    `Do not ${send} this yet: our team checks your application with you first and tells you by e-mail when it is ready to send.`,
  /** The cover's fees paragraph opens with what the order's price paid (`paidFees`: its fee lines). */
  feesPaid: (paidFees: string) => `Fees: you paid the ${paidFees} with your order (see your receipt).`,
  /**
   * Nothing is left to pay, so the envelope carries no payment unless our team asks for one (a
   * fee the mission changed: price-lines' estimate note).
   */
  noPayment: 'Put no cheque, money order or card form in the envelope unless our team asks you to.',
  /** A price with no government fee (the file check): the service's own fee is the mission's, taken at the centre. */
  consularFeeAtCentre: (centre: string) =>
    `The consular fee of the service you apply for is not in your order: the mission sets it and you pay it at ${centre}.`,
  /** After what is not in the order (that sentence, or the package's fee note in its own words). */
  payAtCentre: (centre: string) =>
    `Pay what is not in your order as ${centre} asks; we go over it with you when we check your application.`,
  /** The centre when neither the order's mission nor the fee note names it. */
  anyCentre: 'the application centre',
} as const;

/** What the cover says first for an order in `status`: wait (and why), or nothing once it has been checked. */
export function packReadiness(status: string, send: 'post' | 'submit'): string | null {
  const s = toOrderStatus(status);
  if (s === 'Forms incomplete') return PRINT_PACK_MESSAGES.notComplete(send);
  if (s === 'Order pending' || s === 'In review') return PRINT_PACK_MESSAGES.notChecked(send);
  return null;
}

/** Paid and not refunded or cancelled: the customer still sends the papers. */
const PRINT_PACK_STATUSES: readonly OrderStatus[] = [
  'Forms incomplete',
  'Order pending',
  'In review',
  'Submitted',
  'Approved',
  'Rejected',
  'Completed',
];

/** Whether a member's print pack and copy-assist are offered for an order in this status. */
export function canUsePrintPack(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && PRINT_PACK_STATUSES.includes(s);
}

/** The API path of a member's pack: the customer's, or the back office's for staff. */
export function printPackHref(orderDisplayId: string, memberId: number, as: 'customer' | 'staff' = 'customer'): string {
  const order =
    as === 'staff' ? `/api/v1/admin/orders/${orderDisplayId}` : `/api/v1/application/order/${orderDisplayId}`;
  return `${order}/members/${memberId}/print-pack`;
}

/** The page with a member's answers to copy into the portal. */
export function copyAssistHref(orderDisplayId: string, memberId: number): string {
  return `${ROUTES.COPY_ASSIST}?${new URLSearchParams({ orderId: orderDisplayId, member: String(memberId) })}`;
}

/** A line to write on by hand: what an unanswered question leaves in a letter. */
export const BLANK = '____________________';

export type PackBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A paragraph that must not be missed (the cover's "do not post yet"). */
  | { kind: 'notice'; text: string }
  /** Label and value rows; an empty value is a line to fill in by hand. */
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  /** Tick boxes, in the order the papers go in. */
  | { kind: 'checklist'; items: readonly { label: string; note?: string }[] }
  /** Who signs, with their printed name (blank when unknown). */
  | { kind: 'signature'; role: string; name: string }
  | { kind: 'witness'; number: number; name: string; address: string }
  | { kind: 'notary' }
  /** A mailing label: the lines in a box, or `missing` in their place when the address is not known. */
  | { kind: 'label'; heading: string; lines: readonly string[]; missing?: string };

export interface PackPage {
  title: string;
  blocks: PackBlock[];
}

export type PaperSize = 'letter' | 'a4';

export interface PrintPack {
  paper: PaperSize;
  /** For the file's name and every page's footer. */
  reference: string;
  pages: PackPage[];
}

/** US Letter where the order is applied from the USA or Canada, A4 everywhere else. */
export function paperSizeFor(country: string | null | undefined): PaperSize {
  return country === 'US' || country === 'CA' ? 'letter' : 'a4';
}

export interface PrintPackInput {
  orderDisplayId: string;
  serviceSlug: string;
  serviceName: string;
  packageName: string;
  /** The order's country choice (applyingFrom, else citizenship). */
  country: string | null;
  member: { fullName: string; kind: MemberKind; dateOfBirth: string };
  /** The member's form (null for a package without one) and their answers. */
  definition: FormDefinition | null;
  answers: Readonly<Record<string, unknown>>;
  /** The member's checklist, in its order. */
  checklist: readonly ChecklistItem[];
  /** Where the file is posted, as label lines: the address our team confirmed, else the stored mission's; null until known. */
  missionAddress: readonly string[] | null;
  /** The order's status: until our team has checked the application, the cover says to wait. */
  orderStatus: string;
  fees: PackFees;
}

/** What the cover says about fees comes from the order's price snapshot and the package's fee note. */
export interface PackFees {
  /** 0 for a service whose own consular fee the order does not carry (the file check). */
  governmentFeeCents: number;
  /** The third-party fees the order paid (ICWF, the centre's service fee), by their labels. */
  mandatoryFees: readonly { label: string }[];
  /** The package's fee note as worded for the order's choices, if it has one. */
  feeNote: string | null;
  /** The centre of the order's mission, once the order knows where it goes. */
  centre: CentreProvider | null;
}

/**
 * What the mailing label says while the order does not know where it is posted (no address our team
 * confirmed, none in our sources): the order page's own words (posting-address.ts).
 */
export const MISSION_ADDRESS_MISSING = `The mission’s address goes here. ${POSTING_ADDRESS_TEXT.wait}`;

/** Attestation comes back by post in the customer's own prepaid envelope (catalog-facts §5). */
const RETURN_ENVELOPE_SERVICES = new Set(['power-of-attorney']);
const RETURN_ENVELOPE = {
  label: 'A prepaid return envelope, addressed to you',
  note: 'The mission posts the attested papers back in it: a tracked service is safest.',
};

/**
 * '2016-09-30' → '30 SEPTEMBER 2016': a date on paper (the pack's letters and forms), which a notary
 * in the USA reads as well as the consulate; the portal's '10/05/2018' read as 5 October there.
 * Anything that is not a calendar date comes back as it is.
 */
export const letterDate = (isoDate: string): string =>
  isCalendarDate(isoDate) ? formatFeeDate(isoDate).toUpperCase() : isoDate;

/**
 * The answer of `key` as the portal writes it, but a date as paper writes it (letterDate), or ''
 * when unanswered (or the form has no such question).
 */
function answerReader(definition: FormDefinition | null, answers: Readonly<Record<string, unknown>>) {
  const fields = definition ? answerFieldsByKey(definition) : new Map();
  return (key: string): string => {
    const field = fields.get(key);
    if (!field) return '';
    return field.type === 'date' && typeof answers[key] === 'string'
      ? letterDate(answers[key])
      : (portalValue(field, answers[key]) ?? '');
  };
}

type Answer = ReturnType<typeof answerReader>;

const orBlank = (text: string) => text || BLANK;

/** The member's name as in the passport (given names, then surname), else as the order names them. */
function passportName(answer: Answer, fullName: string): string {
  const name = [answer('givenName'), answer('surname')].filter(Boolean).join(' ');
  return name || fullName.toUpperCase();
}

/** The member's address in the USA or Canada, as label lines (none when not answered); the state's postal code. */
function addressLines(answer: Answer, answers: Readonly<Record<string, unknown>>): string[] {
  const street = answer('addressLine1');
  if (!street) return [];
  const code = answer('usState') ? answers.usState : answer('caProvince') ? answers.caProvince : '';
  const region = typeof code === 'string' ? code : '';
  const postal = answer('zipCode') || answer('postalCode');
  const cityLine = [answer('addressCity'), [region, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, answer('addressLine2'), cityLine, answer('addressCountry')].filter(Boolean);
}

const sign = (role: string, name: string): PackBlock => ({ kind: 'signature', role, name });

/**
 * The OCI Parental Authorization Form: both parents sign it before a notary (catalog-facts §1), or
 * the one parent who signs alone (parental-consent.ts), saying why the other does not.
 */
function parentalAuthorization(answer: Answer, child: string, input: PrintPackInput): PackPage {
  const parents = minorSigners(answer, input);
  const born = answer('dateOfBirth') || letterDate(input.member.dateOfBirth);
  return {
    title: 'Parental Authorization Form',
    blocks: [
      { kind: 'paragraph', text: `For the ${input.packageName} application of a minor.` },
      {
        kind: 'fields',
        rows: [
          ['Child’s name', child],
          ['Date of birth', born],
          ['Place of birth', [answer('birthCity'), answer('birthCountry')].filter(Boolean).join(', ')],
          ['Child’s passport number', answer('passportNumber')],
          ...parents.rows,
        ],
      },
      {
        kind: 'paragraph',
        text: `${parents.parentsOf} ${child}, born on ${orBlank(born)}, authorise the application for an OCI card for ${parents.our} child and confirm that the particulars given in it are true.`,
      },
      ...parents.why,
      ...parents.signatures,
      { kind: 'notary' },
    ],
  };
}

/** The minor's rows that open Annexure C and D alike. */
function minorRows(answer: Answer, child: string, input: PrintPackInput): [string, string][] {
  return [
    ['Minor’s name', child],
    ['Date of birth', answer('dateOfBirth') || letterDate(input.member.dateOfBirth)],
    ['Present passport number', answer('indianPassportNumber')],
  ];
}

/** What the parents of a minor declare on Annexure C and D, in the words of those who sign (`we` or `I`). */
function minorDeclaration(signers: 'we' | 'I'): string {
  const [We, our] = signers === 'we' ? ['We', 'our'] : ['I', 'my'];
  return `${We} declare that ${our} child is a citizen of India, has not lost, surrendered or been deprived of that citizenship, and has not been refused a passport; that no criminal case is pending against ${our} child; and that the particulars in the application are true.`;
}

/** Annexure D of the passport rules: the declaration both parents sign for a minor's passport (catalog-facts §2). */
function annexureD(answer: Answer, child: string, input: PrintPackInput): PackPage {
  const father = answer('fatherName');
  const mother = answer('motherName');
  return {
    title: 'Annexure D: declaration by the parents of a minor',
    blocks: [
      {
        kind: 'fields',
        rows: [...minorRows(answer, child, input), ...bothParentsRows(answer)],
      },
      {
        kind: 'paragraph',
        text: `We, ${orBlank(father)} and ${orBlank(mother)}, are the parents of ${child} and apply for a passport for our child. ${minorDeclaration('we')}`,
      },
      sign('Father', father),
      sign('Mother', mother),
    ],
  };
}

/**
 * Why the other parent does not sign Annexure C, as the paper the checklist asks for shows it; a
 * single parent without a custody order writes it in by hand.
 */
const WHY_ONE_PARENT: Readonly<Record<OneParentProof, string>> = {
  'custody-order': 'I have sole legal custody of my child by the court order enclosed with this application.',
  'death-certificate': 'The child’s other parent has died; the death certificate is enclosed with this application.',
};

/** Who signs a minor's consent alone, as the answers say: the parent named where the form says who has sole custody. */
interface OneParentSigner {
  proof: OneParentProof | null;
  parent: CustodyParent | undefined;
  name: string;
  relation: string;
  role: string;
}

const ONE_PARENT_UNKNOWN: OneParentSigner = {
  proof: null,
  parent: undefined,
  name: '',
  relation: 'parent',
  role: 'Parent',
};

/** The one parent who signs alone, or null when both sign; named where the form says who (signingParentOf). */
function oneParentSigner(answer: Answer, input: PrintPackInput): OneParentSigner | null {
  const consent = parentalConsentOf(input.answers);
  if (consent.signers === 'both') return null;
  const parent = signingParentOf(input.answers);
  return {
    proof: consent.proof,
    parent,
    name: parent ? answer(`${parent}Name`) : '',
    relation: parent ?? 'parent',
    role: parent === 'father' ? 'Father' : parent === 'mother' ? 'Mother' : 'Parent',
  };
}

/** Why the other parent does not sign, as the paper the checklist asks for shows it (or a line to write it on). */
const whyOneParent = (proof: OneParentProof | null): PackBlock[] => [
  { kind: 'heading', text: 'Why the other parent does not sign' },
  { kind: 'paragraph', text: proof ? WHY_ONE_PARENT[proof] : BLANK },
];

/** The rows that name both parents of a minor, who sign together. */
const bothParentsRows = (answer: Answer): [string, string][] => [
  ['Father’s name', answer('fatherName')],
  ['Father’s passport number', answer('fatherPassportNumber')],
  ['Mother’s name', answer('motherName')],
  ['Mother’s passport number', answer('motherPassportNumber')],
];

/** The rows that name the one parent who signs alone (blank where the form does not say which). */
const oneParentRows = (answer: Answer, { parent, role, name }: OneParentSigner): [string, string][] => [
  ['Parent who signs', parent ? role : ''],
  ['Parent’s name', name],
  ['Parent’s passport number', parent ? answer(`${parent}PassportNumber`) : ''],
];

/**
 * The parents who sign for a minor (catalog-facts §1: "parents sign, the minor does not"): both, or
 * the one who signs alone (oneParentSigner), with the rows that name them, the words they open a
 * declaration with and their signature blocks.
 */
interface MinorSigners {
  rows: [string, string][];
  /** "We, F and M, the parents of" or "I, M, the mother of": the child's name follows. */
  parentsOf: string;
  we: 'we' | 'I';
  our: 'our' | 'my';
  /** Why the other parent does not sign: nothing when both sign. */
  why: PackBlock[];
  signatures: PackBlock[];
}

function minorSigners(answer: Answer, input: PrintPackInput): MinorSigners {
  const alone = oneParentSigner(answer, input);
  if (alone) {
    return {
      rows: oneParentRows(answer, alone),
      parentsOf: `I, ${orBlank(alone.name)}, the ${alone.relation} of`,
      we: 'I',
      our: 'my',
      why: whyOneParent(alone.proof),
      signatures: [sign(alone.role, alone.name)],
    };
  }
  const father = answer('fatherName');
  const mother = answer('motherName');
  return {
    rows: bothParentsRows(answer),
    parentsOf: `We, ${orBlank(father)} and ${orBlank(mother)}, the parents of`,
    we: 'we',
    our: 'our',
    why: [],
    signatures: [sign('Father', father), sign('Mother', mother)],
  };
}

/**
 * Who makes a declaration about the member's own document (Annexure F, the OCI loss affidavit): an
 * adult themselves, and for a minor the parents who sign for them (minorSigners), never the child.
 */
interface Declarant {
  /** The row that names the member, first, and those that name the parents who declare, last. */
  member: [string, string];
  parents: [string, string][];
  /** How the declaration opens: "I, NAME" or "We, F and M, the parents of NAME, a minor". */
  who: string;
  we: 'we' | 'I';
  our: 'our' | 'my';
  /** The application the declaration goes with, in the declarant's words. */
  application: string;
  /** Why the other parent does not sign, where one parent signs a minor's declaration alone. */
  why: PackBlock[];
  signatures: PackBlock[];
}

/** The declarant of `name`'s declaration; an adult is named in the row `label` and signs as `role`. */
function declarant(
  answer: Answer,
  name: string,
  input: PrintPackInput,
  adult: { label: string; role: string },
): Declarant {
  if (input.member.kind !== 'Minor') {
    return {
      member: [adult.label, name],
      parents: [],
      who: `I, ${name}`,
      we: 'I',
      our: 'my',
      application: 'my application',
      why: [],
      signatures: [sign(adult.role, name)],
    };
  }
  const { rows, parentsOf, we, our, why, signatures } = minorSigners(answer, input);
  return {
    member: ['Minor’s name', name],
    parents: rows,
    who: `${parentsOf} ${name}, a minor`,
    we,
    our,
    application: `${our} child’s application`,
    why,
    signatures,
  };
}

/**
 * Annexure C of the passport rules: the declaration one parent signs alone for a minor's passport,
 * saying why the other does not (catalog-facts §2: "Annexure C if single parent"; who signs alone:
 * parental-consent.ts, and who is named: oneParentSigner).
 */
function annexureC(answer: Answer, child: string, input: PrintPackInput): PackPage {
  const signer = oneParentSigner(answer, input) ?? ONE_PARENT_UNKNOWN;
  const { proof, name, relation, role } = signer;
  return {
    title: 'Annexure C: declaration by one parent of a minor',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ...minorRows(answer, child, input),
          ...oneParentRows(answer, signer),
          // The child's home, where the parent who has them lives (the form's address step).
          ['Parent’s address', addressLines(answer, input.answers).join(', ')],
          ['Place', ''],
        ],
      },
      {
        kind: 'paragraph',
        text: `I, ${orBlank(name)}, am the ${relation} of ${child}, who is in my custody, and apply for a passport for my child. ${minorDeclaration('I')}`,
      },
      ...whyOneParent(proof),
      sign(role, name),
    ],
  };
}

/** Annexure E: the adult applicant's own declaration with the passport renewal (catalog-facts §2). */
function annexureE(answer: Answer, name: string): PackPage {
  return {
    title: 'Annexure E: declaration by the applicant',
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Name', name],
          ['Date of birth', answer('dateOfBirth')],
          ['Present passport number', answer('indianPassportNumber')],
          ['Date of issue', answer('indianPassportIssueDate')],
          ['Place of issue', answer('indianPassportIssuePlace')],
        ],
      },
      {
        kind: 'paragraph',
        text: `I, ${name}, apply for the re-issue of my Indian passport. I declare that I am a citizen of India, that I have not acquired the citizenship of another country, that no criminal case is pending against me, and that the particulars in my application are true.`,
      },
      sign('Applicant', name),
    ],
  };
}

/**
 * A police report is asked only for a lost or stolen document (the forms ask its number only then,
 * checklist.ts `policeReport`); a damaged one is handed in with the application instead of being
 * promised back if found.
 */
const isDamaged = (input: PrintPackInput) => lossKindOf(input.answers) === 'damaged';

/**
 * Annexure F: the declaration about a lost or damaged passport (catalog-facts §2), made for a minor
 * by the parents, whose Annexure C or D (which says why one parent signs alone) goes with it.
 */
function annexureF(answer: Answer, name: string, input: PrintPackInput): PackPage {
  const damaged = isDamaged(input);
  const by = declarant(answer, name, input, { label: 'Name', role: 'Applicant' });
  return {
    title: 'Annexure F: declaration about a lost or damaged passport',
    blocks: [
      {
        kind: 'fields',
        rows: [
          by.member,
          ['Date of birth', answer('dateOfBirth')],
          ['Passport number', answer('indianPassportNumber')],
          ['What happened', answer('passportLossKind')],
          ['Date', answer('passportLossDate')],
          ['Place', answer('passportLossPlace')],
          ...(damaged ? [] : [['Police report number', answer('policeReportNumber')] as const]),
          ...by.parents,
        ],
      },
      { kind: 'heading', text: 'What happened' },
      { kind: 'paragraph', text: orBlank(answer('passportLossCircumstances')) },
      {
        kind: 'paragraph',
        text: damaged
          ? `${by.who}, declare that the above is true, and ${by.we} hand in the damaged passport with this application.`
          : `${by.who}, declare that the above is true, and that if the passport is found ${by.we} will return it to the nearest passport authority.`,
      },
      ...by.signatures,
    ],
  };
}

/**
 * The affidavit about a lost or damaged OCI card, sworn before a notary (catalog-facts §1): for a
 * minor by the parents, and by one parent alone saying why, as no consent form goes with it.
 */
function ociLossAffidavit(answer: Answer, name: string, input: PrintPackInput): PackPage {
  const damaged = isDamaged(input);
  const by = declarant(answer, name, input, { label: 'Deponent', role: 'Deponent' });
  return {
    title: 'Affidavit: lost or damaged OCI card',
    blocks: [
      {
        kind: 'fields',
        rows: [
          by.member,
          ['Date of birth', answer('dateOfBirth')],
          ['OCI card number', answer('ociNumber')],
          ['Date of issue', answer('ociIssueDate')],
          ['What happened', answer('cardLossKind')],
          ['Date', answer('cardLossDate')],
          ...(damaged ? [] : [['Police report number', answer('policeReportNumber')] as const]),
          ...by.parents,
        ],
      },
      { kind: 'heading', text: 'What happened' },
      { kind: 'paragraph', text: orBlank(answer('cardLossCircumstances')) },
      {
        kind: 'paragraph',
        text: damaged
          ? `${by.who}, solemnly affirm that the above is true to the best of ${by.our} knowledge, and that the damaged card is enclosed with ${by.application}.`
          : `${by.who}, solemnly affirm that the above is true to the best of ${by.our} knowledge, and that ${by.we} will return the card to the mission if it is found.`,
      },
      ...by.why,
      ...by.signatures,
      { kind: 'notary' },
    ],
  };
}

/** The execution page of a power of attorney: signed before a notary with two witnesses (catalog-facts §5). */
function powerOfAttorneyExecution(answer: Answer, name: string): PackPage {
  return {
    title: 'Power of attorney: execution page',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Attach this page to the power of attorney. Sign it in front of a notary, with both witnesses present.',
      },
      {
        kind: 'fields',
        rows: [
          ['Executant', name],
          ['Attorney holder', answer('attorneyName')],
          ['Attorney holder’s address', answer('attorneyAddress')],
        ],
      },
      sign('Executant', name),
      { kind: 'witness', number: 1, name: answer('witness1Name'), address: answer('witness1Address') },
      { kind: 'witness', number: 2, name: answer('witness2Name'), address: answer('witness2Address') },
      { kind: 'notary' },
    ],
  };
}

/**
 * The documents we prepare, by the checklist item they answer: each is pre-filled from the member's
 * answers. A checklist item not named here is the customer's own paper.
 */
const PREPARED: Readonly<Record<string, (answer: Answer, name: string, input: PrintPackInput) => PackPage>> = {
  'parental-authorization-form': parentalAuthorization,
  'annexure-c': annexureC,
  'annexure-d': annexureD,
  'annexure-e': annexureE,
  'annexure-f': annexureF,
  'loss-affidavit': ociLossAffidavit,
  'power-of-attorney': powerOfAttorneyExecution,
};

const feeList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/**
 * What the order paid, and what it did not: a price without a government fee leaves the service's
 * consular fee to the centre, and a fee note that names a centre (VFS Global's $20 reference fee,
 * return shipping) says, in its own words, what the centre may add. Only when neither applies is
 * there nothing to pay, and nothing to put in the envelope.
 */
export function feesParagraph(fees: PackFees): string {
  const M = PRINT_PACK_MESSAGES;
  const paid = [
    ...(fees.governmentFeeCents > 0 ? ['government fee'] : []),
    ...fees.mandatoryFees.map((fee) => fee.label),
  ];
  const noteCentre = CENTRE_PROVIDERS.find((centre) => fees.feeNote?.includes(centre));
  const centre = fees.centre ?? noteCentre ?? M.anyCentre;
  const notInOrder = [
    ...(fees.governmentFeeCents === 0 ? [M.consularFeeAtCentre(centre)] : []),
    ...(fees.feeNote && noteCentre ? [fees.feeNote] : []),
  ];
  return [
    ...(paid.length > 0 ? [M.feesPaid(feeList.format(paid))] : []),
    ...notInOrder,
    notInOrder.length > 0 ? M.payAtCentre(centre) : M.noPayment,
  ].join(' ');
}

/**
 * The envelope's order: the printed and signed government form first (the missions' checklists
 * open with it), then the member's checklist in its own order (the document, then the proofs, a
 * minor's parents' papers and consent, then the photo and signature), the ones in this pack marked.
 */
function coverPage(input: PrintPackInput, name: string, prepared: ReadonlySet<string>): PackPage {
  const online = ONLINE_ONLY_SERVICES.has(input.serviceSlug);
  const wait = packReadiness(input.orderStatus, online ? 'submit' : 'post');
  const items = [
    ...(online
      ? []
      : [{ label: 'The government application form, printed from the portal and signed', note: 'On top.' }]),
    ...input.checklist.map((item) => ({
      label: item.label,
      ...(prepared.has(item.id)
        ? { note: 'In this pack: sign it as the page shows.' }
        : item.envelope
          ? { note: item.envelope }
          : item.required
            ? {}
            : { note: item.hint ?? 'Only if it applies.' }),
    })),
    ...(RETURN_ENVELOPE_SERVICES.has(input.serviceSlug) ? [RETURN_ENVELOPE] : []),
  ];
  return {
    title: 'Your checklist',
    blocks: [
      ...(wait ? [{ kind: 'notice' as const, text: wait }] : []),
      {
        kind: 'fields',
        rows: [
          ['Order', input.orderDisplayId],
          ['Application', `${input.serviceName}: ${input.packageName}`],
          ['Applicant', name],
          ['Date of birth', letterDate(input.member.dateOfBirth)],
        ],
      },
      {
        kind: 'paragraph',
        text: online
          ? 'This application is filed online only: keep these pages for your records and nothing needs posting.'
          : 'Put the papers in the envelope in this order, ticking each one as it goes in. Sign only where a page asks you to, and in front of a notary or witnesses where it says so.',
      },
      { kind: 'checklist', items },
      ...(online ? [] : [{ kind: 'paragraph' as const, text: feesParagraph(input.fees) }]),
      {
        kind: 'paragraph',
        text: 'SevaDocs never files on a government portal for you: you submit the application, and we check it with you first.',
      },
    ],
  };
}

function labelPage(input: PrintPackInput, answer: Answer, name: string): PackPage {
  const from = addressLines(answer, input.answers);
  return {
    title: 'Mailing label',
    blocks: [
      { kind: 'paragraph', text: 'Cut out the labels and stick them on the envelope.' },
      input.missionAddress
        ? { kind: 'label', heading: 'To', lines: input.missionAddress }
        : { kind: 'label', heading: 'To', lines: [], missing: MISSION_ADDRESS_MISSING },
      { kind: 'label', heading: 'From', lines: from.length > 0 ? [name, ...from] : [name] },
      { kind: 'fields', rows: [['Reference', `${input.orderDisplayId} · ${name}`]] },
    ],
  };
}

/** The member's whole print pack: cover checklist, prepared documents in checklist order, mailing label. */
export function buildPrintPack(input: PrintPackInput): PrintPack {
  const answer = answerReader(input.definition, input.answers);
  const name = passportName(answer, input.member.fullName);
  const letters = input.checklist.flatMap((item) => {
    const prepare = PREPARED[item.id];
    return prepare ? [{ id: item.id, page: prepare(answer, name, input) }] : [];
  });
  const prepared = new Set(letters.map((letter) => letter.id));
  return {
    paper: paperSizeFor(input.country),
    reference: `${input.orderDisplayId} · ${name}`,
    pages: [
      coverPage(input, name, prepared),
      ...letters.map((letter) => letter.page),
      ...(ONLINE_ONLY_SERVICES.has(input.serviceSlug) ? [] : [labelPage(input, answer, name)]),
    ],
  };
}
