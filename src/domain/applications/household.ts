import { checkAnswer } from '../forms/answers.ts';
import {
  type AnswerField,
  type FormDefinition,
  isAnswerField,
  isUploadField,
  walkFields,
} from '../forms/definition.ts';
import { memberFirstName } from '../forms/member-texts.ts';
import { answersSayTheSame, isEmptyAnswer, memberSteps } from '../forms/visibility.ts';
import { addressCountryConflict } from '../jurisdiction/address-answers.ts';
import type { MemberKind } from './member-kinds.ts';
import { ageOn, type MemberRelationship, samePerson } from './members.ts';
import { parentalConsentOf, signingParentOf } from './parental-consent.ts';

/**
 * What one family member's form may take from the rest of the order (issue 30 §1, decision
 * 0096): the server works it out when a member's form is opened, the browser
 * shows it. Nothing here is stored by itself: pre-filled answers are the form's starting values,
 * shown with where they came from, and saved like typed ones once the form is open.
 */

/** One member of the order as the rules need them: the "Who is applying" row and the answers so far. */
export interface HouseholdMember {
  id: number;
  fullName: string;
  dateOfBirth: string;
  kind: MemberKind;
  relationship: MemberRelationship;
  answers: Record<string, unknown>;
}

/**
 * A person of the customer's other applications (another order's member), with the answers given
 * there: a family renewing two passports, or coming back a year later, does not type them again.
 */
export interface EarlierMember extends HouseholdMember {
  /** The order they were given in (DOC-…), named beside each answer taken. */
  orderDisplayId: string;
}

/** A person's parents as a form asks for them: names, nationality, place of birth, passport. */
const PARENTS_KEYS = [
  'fatherName',
  'fatherNationality',
  'fatherBirthPlace',
  'fatherPassportNumber',
  'motherName',
  'motherNationality',
  'motherBirthPlace',
  'motherPassportNumber',
] as const;

/**
 * What stays true of a person from one application to the next and is taken from their earlier
 * one: who they are, their passports and nationality, their parents and spouse, their work, and
 * (HOUSEHOLD_GROUPS, beside these) their home and how to reach it. Not what each application asks
 * afresh: its reasons, dates and places, declarations and consents, criminal record and refusals,
 * or files (each order keeps its own).
 */
export const PERSON_FACT_KEYS = [
  'surname',
  'givenName',
  'changedName',
  'previousSurname',
  'previousGivenName',
  'nameChangeReason',
  'sex',
  'birthCity',
  'birthCountry',
  'birthDistrict',
  'birthState',
  'maritalStatus',
  'education',
  'visibleMark',
  'passportNumber',
  'passportCountry',
  'passportIssuePlace',
  'passportIssueDate',
  'passportExpiryDate',
  'presentNationality',
  'nationalityAcquiredBy',
  'nationalityAcquiredOn',
  'nationalityAcquiredAt',
  'naturalisationCertificateNumber',
  'otherNationality',
  'otherNationalityCountry',
  'lastIndianPassportNumber',
  'lastIndianPassportIssueDate',
  'lastIndianPassportIssuePlace',
  'surrenderCertificateNumber',
  'surrenderCertificateDate',
  'indianPassportNumber',
  'indianPassportIssueDate',
  'indianPassportExpiryDate',
  'indianPassportIssuePlace',
  'indianPassportFileNumber',
  ...PARENTS_KEYS,
  'spouseName',
  'spouseNationality',
  'spouseBirthPlace',
  'spouseBirthCountry',
  'occupation',
  'occupationDetails',
  'employerName',
  'designation',
  'employerAddress',
  'employerPhone',
  'businessName',
  'businessAddress',
  'panNumber',
  'emergencyName',
  'emergencyRelationship',
  'emergencyPhone',
  'emergencyAddress',
] as const;

/**
 * The people of earlier applications who are not in this order, once each (the first of each
 * wins: the caller lists reviewed answers and newer orders first), with one account holder at most.
 */
function relativesFrom(earlier: readonly EarlierMember[], everyone: readonly HouseholdMember[]): EarlierMember[] {
  const known: HouseholdMember[] = [...everyone];
  const kept: EarlierMember[] = [];
  for (const person of earlier) {
    if (known.some((m) => samePerson(m, person))) continue;
    if (person.relationship === 'Self' && known.some((m) => m.relationship === 'Self')) continue;
    known.push(person);
    kept.push(person);
  }
  return kept;
}

/** The account holder's contact details (their profile). */
export interface AccountContact {
  email: string;
  phone: string | null;
}

/** An answer given for the customer, and where it came from (shown beside the field). */
export interface Prefilled {
  value: unknown;
  from: string;
}

/** Answers of another member the customer can take with one tap ("Same address as Priya"). */
export interface CopyOffer {
  group: HouseholdGroup;
  memberId: number;
  label: string;
  from: string;
  values: Record<string, unknown>;
}

export interface HouseholdPrefill {
  answers: Record<string, Prefilled>;
  offers: CopyOffer[];
}

/**
 * Answers a family usually shares, offered as one tap each: the home (abroad and in India), how to
 * reach it, and the questions of good character, which most families answer No to for everyone.
 */
export const HOUSEHOLD_GROUPS = {
  address: [
    'addressCountry',
    'addressLine1',
    'addressLine2',
    'addressCity',
    'usState',
    'zipCode',
    'caProvince',
    'postalCode',
    'livingThereSince',
    'hasIndiaAddress',
    'indiaAddress',
    'indiaCity',
    'indiaDistrict',
    'indiaState',
    'indiaPinCode',
  ],
  contact: ['email', 'mobile', 'otherPhone'],
  background: ['convicted', 'proceedingsPending', 'refusedOrDeported'],
  // Offered only from a brother or sister (FROM_SIBLINGS): a walk retyped a second child's
  // "Sunnyvale, United States", and "By birth" with "No" other nationality, as the first's.
  birthplace: ['birthCity', 'birthCountry', 'birthDistrict', 'birthState'],
  citizenship: ['presentNationality', 'nationalityAcquiredBy', 'otherNationality', 'otherNationalityCountry'],
  // A family's visa trip, and the people who vouch for it: walk I's wife retyped the arrival date,
  // port, stay and places, and both references, as her husband had given them.
  trip: [
    'visaKind',
    'visaDuration',
    'entries',
    'tourPurpose',
    'businessPurpose',
    'portOfArrival',
    'arrivalDate',
    'stayDays',
    'placesToVisit',
  ],
  references: [
    'indiaReferenceName',
    'indiaReferenceAddress',
    'indiaReferencePhone',
    'homeReferenceName',
    'homeReferencePhone',
  ],
} as const;
export type HouseholdGroup = keyof typeof HOUSEHOLD_GROUPS;
export const HOUSEHOLD_GROUP_NAMES = Object.keys(HOUSEHOLD_GROUPS) as [HouseholdGroup, ...HouseholdGroup[]];

/**
 * A group offered only when the other member's answers fit it: the background questions only as a
 * No to each of them. A yes, with its details, is that person's own story, never copied to another.
 */
const OFFERED_WHEN: Partial<
  Record<
    HouseholdGroup,
    (values: Record<string, unknown>, keys: readonly string[], mine: Record<string, unknown>) => boolean
  >
> = {
  // Nor over this member's own yes (a radio's answer stays until changed).
  background: (values, keys, mine) => keys.every((key) => values[key] === 'no' && mine[key] !== 'yes'),
};

/**
 * Whether another member's `values` for `group` may be offered over this member's answers `mine`
 * (`keys`: the group's questions asked). The browser asks again as the member answers: a Yes typed
 * after the form opened takes the background offer away.
 */
export function offerFits(
  group: HouseholdGroup,
  values: Record<string, unknown>,
  mine: Record<string, unknown>,
  keys: readonly string[] = Object.keys(values),
): boolean {
  return OFFERED_WHEN[group]?.(values, keys, mine) ?? true;
}

/**
 * Groups offered only from a brother or sister of the same parents (siblingsOf): children of one
 * family are often born in one town and citizens of one country the same way; a parent's birth in
 * India or naturalisation is theirs alone, and offered to a child would invite a wrong answer.
 */
const FROM_SIBLINGS: readonly HouseholdGroup[] = ['birthplace', 'citizenship'];

/** Whether `offerFits` can ever say no for `group` (only those are asked again as the member answers). */
export const offerHasCondition = (group: HouseholdGroup): boolean => OFFERED_WHEN[group] !== undefined;

/**
 * Passport facts that are the same for a family travelling on one country's passports: taken
 * from the first member who gave them, shown as theirs and open to change.
 */
const SHARED_PASSPORT_KEYS = ['passportCountry', 'passportIssuePlace'] as const;

export const HOUSEHOLD_TEXT = {
  fromMembers: 'From “Who is applying”',
  fromAccount: 'From your account',
  fromOrder: 'From the country you apply from',
  fromAge: 'From the date of birth',
  fromParents: 'From the parents’ answers',
  fromMember: (name: string) => `From ${name}’s answers`,
  fromEarlier: (name: string, orderDisplayId: string) => `From ${name}’s application ${orderDisplayId}`,
  /** A parent of Indian origin named on the origin step, offered as the father or the mother (`parentOfOriginOffers`). */
  parentOfOrigin: (name: string, role: ParentRole) => `${name} is the ${role}`,
  fromOrigin: 'From the Indian origin answers',
  sameAs: (group: HouseholdGroup, firstName: string) =>
    ({
      address: `Same address as ${firstName}`,
      contact: `Same contact as ${firstName}`,
      background: `No to each, as ${firstName} answered`,
      birthplace: `Born where ${firstName} was`,
      citizenship: `Same citizenship as ${firstName}`,
      trip: `Same trip as ${firstName}`,
      references: `Same references as ${firstName}`,
    })[group],
} as const;

type ParentRole = 'father' | 'mother';

/** The answers `parentOfOriginOffers` reads: it is worked out again as they change in the open form. */
export const PARENT_OF_ORIGIN_KEYS = [
  'eligibility',
  'relativeRelationship',
  'relativeName',
  'fatherName',
  'motherName',
] as const;

/**
 * An adult who is of Indian origin through a parent names that parent on the origin step, then
 * their father and mother on the parents step: the same person typed twice (a walk did). "Parent"
 * does not say which, so the name is offered with one tap as either, while neither is answered.
 * Worked out from the form's own answers as they are now, in the browser: the household prefill
 * is made when a form opens, before the origin step is answered.
 */
export function parentOfOriginOffers(
  answers: Readonly<Record<string, unknown>>,
): { role: ParentRole; key: `${ParentRole}Name`; name: string }[] {
  const name = text(answers.relativeName);
  if (answers.eligibility !== 'descendant' || answers.relativeRelationship !== 'parent' || !name) return [];
  if (!isEmptyAnswer(answers.fatherName) || !isEmptyAnswer(answers.motherName)) return [];
  return (['father', 'mother'] as const).map((role) => ({ role, key: `${role}Name` as const, name }));
}

/** "Priya Sharma" → surname SHARMA, given names PRIYA: the last word is the surname, as most passports print it. */
export function passportNames(fullName: string): { surname?: string; givenName: string } {
  const words = fullName.trim().toUpperCase().split(/\s+/);
  if (words.length < 2) return { givenName: words.join(' ') };
  return { surname: words.at(-1) as string, givenName: words.slice(0, -1).join(' ') };
}

/**
 * `value` as this form's field for `key` takes it, normalised as a save would; undefined when the
 * field is not asked, the value is empty, or it does not fit (a name with letters a passport does
 * not print, an option another service's form had): left for the customer, not failing the autosave.
 */
function fitAnswer(
  asked: ReadonlyMap<string, AnswerField>,
  key: string,
  value: unknown,
  today: string,
): { value: unknown } | undefined {
  const field = asked.get(key);
  if (!field || isEmptyAnswer(value)) return undefined;
  const checked = checkAnswer(field, value, today);
  return 'value' in checked ? { value: checked.value } : undefined;
}

/** A person of the customer's other applications, not of this order. */
const isEarlier = (person: HouseholdMember): person is EarlierMember => 'orderDisplayId' in person;

/** Where an answer taken from `person` came from: their answers in this order, or their application of another. */
function sourceOf(person: HouseholdMember): string {
  return isEarlier(person)
    ? HOUSEHOLD_TEXT.fromEarlier(memberFirstName(person.fullName), person.orderDisplayId)
    : HOUSEHOLD_TEXT.fromMember(person.fullName);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A member's name as their form gives it (given names and surname), else as "Who is applying" does. */
function nameOf(member: HouseholdMember): string {
  const given = text(member.answers.givenName);
  if (!given) return member.fullName;
  return [given, text(member.answers.surname)].filter(Boolean).join(' ');
}

/** The adult members who are a minor's parents: the account holder and spouse for a child, the parents for a sibling. */
function parentsOf<M extends Pick<HouseholdMember, 'kind' | 'relationship'>>(member: M, others: readonly M[]): M[] {
  const roles: readonly MemberRelationship[] =
    member.relationship === 'Child' ? ['Self', 'Spouse'] : member.relationship === 'Sibling' ? ['Parent'] : [];
  return others.filter((o) => o.kind === 'Adult' && roles.includes(o.relationship)).slice(0, 2);
}

/** Who is the father and who the mother, from the parents' own answers to "Sex" (one known decides both). */
function fatherAndMother<M extends { answers?: Readonly<Record<string, unknown>> }>(
  parents: readonly M[],
): { father?: M; mother?: M } {
  const sex = (p: M | undefined) => p?.answers?.sex;
  const [a, b] = parents;
  if (!a) return {};
  if (sex(a) === 'male') return { father: a, ...(b ? { mother: b } : {}) };
  if (sex(a) === 'female') return { mother: a, ...(b ? { father: b } : {}) };
  if (sex(b) === 'male') return { father: b, mother: a };
  if (sex(b) === 'female') return { mother: b, father: a };
  return {};
}

/**
 * Answers about the parents that brothers and sisters in one order share: their parents' names
 * and passports, how the parents live, which parent is of Indian origin and that parent's
 * document. Not the consent, which a parent gives for each child.
 */
const SIBLINGS_SHARED_KEYS = [
  ...PARENTS_KEYS,
  'parentsSituation',
  'custodyParent',
  'livingParent',
  'indianParent',
  'indianParentDocument',
] as const;

/** The account holder's children for a child, their brothers and sisters for a sibling: the members with the same parents. */
function siblingsOf<M extends Pick<HouseholdMember, 'relationship'>>(member: M, others: readonly M[]): M[] {
  if (member.relationship !== 'Child' && member.relationship !== 'Sibling') return [];
  return others.filter((o) => o.relationship === member.relationship);
}

/**
 * What a married adult's "Your spouse" answers (form-definitions/blocks.ts `spouse`) say of the
 * spouse that a child's parent questions (`parent`) ask too, by the parent key's ending: the same
 * person when that adult is the child's parent. Not the spouse's country of birth (no parent
 * question asks it), nor their "Indian passport or OCI card number": the child's form asks for the
 * passport the parent signs the consent with, which an OCI card's number is not.
 */
const SPOUSE_AS_PARENT = [
  ['Name', 'spouseName'],
  ['Nationality', 'spouseNationality'],
  ['BirthPlace', 'spouseBirthPlace'],
] as const;

/**
 * What a married adult's "Your spouse" answers say of the spouse that the spouse's own form asks
 * too, one to one (own key, spouse key): the place and country of birth, and the nationality. Not
 * the name (one line there, the passport's surname and given names apart here), nor the district
 * and state of a birth in India (not asked there), nor the "Indian passport or OCI card number",
 * which may be either.
 */
const SPOUSE_AS_SELF = [
  ['birthCity', 'spouseBirthPlace'],
  ['birthCountry', 'spouseBirthCountry'],
  ['presentNationality', 'spouseNationality'],
] as const;

/**
 * Where a parent's own form keeps their passport's number (form-definitions/): the foreign passport
 * they travel on (OCI, visa, renunciation and power of attorney forms), else the Indian passport of
 * a passport's renewal. Not an OCI form's last Indian passport, given up for the foreign one.
 */
const PASSPORT_NUMBER_KEYS = ['passportNumber', 'indianPassportNumber'] as const;

/** A minor's questions for a parent's passport, the one the parent signs the consent with. */
const PARENT_PASSPORT_KEYS: readonly string[] = ['fatherPassportNumber', 'motherPassportNumber'];

/**
 * Answers only a form that gives up its Indian passport asks: a Lost or Damaged passport order's
 * loss (form-definitions/passport.ts), a renunciation's surrender (renunciation.ts).
 */
const GIVING_UP_KEYS = ['passportLossKind', 'passportLossDate', 'naturalisedCountry', 'hasIndianPassport'] as const;

const passportKey = (value: unknown) => text(value)?.toUpperCase();

/**
 * The Indian passports the customer reported lost, stolen or damaged, or surrenders, in any order
 * of theirs: no parent signs a child's consent with one, though an earlier renewal gave its number.
 */
function givenUpPassports(people: readonly HouseholdMember[]): Set<string> {
  const givingUp = people.filter(({ answers }) => GIVING_UP_KEYS.some((key) => !isEmptyAnswer(answers[key])));
  return new Set(givingUp.flatMap(({ answers }) => passportKey(answers.indianPassportNumber) ?? []));
}

/** Eligibility answers that are Indian origin of one's own (a spouse of one is not). */
const OWN_INDIAN_ORIGIN: readonly unknown[] = ['former-citizen', 'descendant'];

/** Which parent of a minor is of Indian origin, from the parents' own eligibility answers, if either says so. */
function indianParentOf(father?: HouseholdMember, mother?: HouseholdMember): string | undefined {
  const fromFather = OWN_INDIAN_ORIGIN.includes(father?.answers.eligibility);
  const fromMother = OWN_INDIAN_ORIGIN.includes(mother?.answers.eligibility);
  if (fromFather && fromMother) return 'both';
  if (fromFather) return 'father';
  if (fromMother) return 'mother';
  return undefined;
}

/** The spouse among the others: the account holder's spouse, or the account holder for the spouse. */
function spouseOf(member: HouseholdMember, others: readonly HouseholdMember[]): HouseholdMember | undefined {
  const partner = member.relationship === 'Self' ? 'Spouse' : member.relationship === 'Spouse' ? 'Self' : null;
  return partner ? others.find((o) => o.kind === 'Adult' && o.relationship === partner) : undefined;
}

/** The answer fields a member of this kind can be asked, dependents' fields included, by key. */
function askedFields(definition: FormDefinition, kind: MemberKind): Map<string, AnswerField> {
  const fields = new Map<string, AnswerField>();
  for (const step of memberSteps(definition, kind)) {
    for (const section of step.sections) {
      for (const { field } of walkFields(section.fields)) if (isAnswerField(field)) fields.set(field.key, field);
    }
  }
  return fields;
}

/**
 * Whether a member's form is fresh: its stored answers hold nothing but the files an upload wrote
 * (a photo sent from the order page answers the form's photo question too). Once other answers
 * were saved, an empty one may be one the customer cleared (a surname their passport does not
 * print), and a save keeps no empty answer to tell it from one never given.
 */
function isFreshForm(asked: ReadonlyMap<string, AnswerField>, answers: Record<string, unknown>): boolean {
  return Object.keys(answers).every((key) => {
    const field = asked.get(key);
    return field !== undefined && isUploadField(field);
  });
}

/**
 * What `member`'s form starts with from the rest of the order while it is fresh (`isFreshForm`:
 * the browser saves these at once, so a later opening would put back what the customer cleared),
 * and the answers of others it can take with one tap, at any time:
 * - their names and date of birth from "Who is applying";
 * - the account's e-mail and phone for the account holder and for their children;
 * - a married couple's spouse details from each other (and "Married", which asks for them), and
 *   a member's own birth place and nationality from what their spouse gave about them;
 * - a minor's parents (names, nationality, passport numbers, place of birth) from the adult
 *   members who are the parents, and "Married and both involved" when both apply; a parent who
 *   does not apply from the other parent's answers about their spouse; never a passport the
 *   customer reported lost or damaged, or surrenders (`givenUpPassports`);
 * - the passport's issuing country and place from the first member who gave them;
 * - a school-age child's education (below matriculation until 14), and which parent is of Indian
 *   origin from the parents' own eligibility answers;
 * - for a minor, what a brother or sister in the order already said about their parents (which
 *   parent is of Indian origin and that parent's OCI card or passport, the parents' details);
 * - the address's country from the country the order is applied from (the consulate serves
 *   residents of that country), while no member has given an address;
 * - "Same address as …" and "Same contact as …" from each other member who answered them.
 * From the customer's other applications (`earlier`): the member's own facts (PERSON_FACT_KEYS)
 * as they gave them there, after the names above; and the people not in this order count among
 * the others (a child's renewal takes the parent's answers from the parent's own renewal).
 */
export function householdPrefill(
  definition: FormDefinition,
  member: HouseholdMember,
  everyone: readonly HouseholdMember[],
  account: AccountContact | null,
  today: string,
  applyingFrom: string | null = null,
  earlier: readonly EarlierMember[] = [],
): HouseholdPrefill {
  const asked = askedFields(definition, member.kind);
  const others = [...everyone.filter((m) => m.id !== member.id), ...relativesFrom(earlier, everyone)];
  const answers: Record<string, Prefilled> = {};
  const fresh = isFreshForm(asked, member.answers);
  const givenUp = givenUpPassports([...everyone, ...earlier]);
  const give = (key: string, value: unknown, from: string) => {
    if (!fresh || !isEmptyAnswer(member.answers[key]) || key in answers) return;
    // From the parent, a brother or sister, or the child's own earlier application alike.
    if (PARENT_PASSPORT_KEYS.includes(key) && givenUp.has(passportKey(value) ?? '')) return;
    const fit = fitAnswer(asked, key, value, today);
    if (fit) answers[key] = { value: fit.value, from };
  };

  const names = passportNames(member.fullName);
  if (names.surname) give('surname', names.surname, HOUSEHOLD_TEXT.fromMembers);
  give('givenName', names.givenName, HOUSEHOLD_TEXT.fromMembers);
  give('dateOfBirth', member.dateOfBirth, HOUSEHOLD_TEXT.fromMembers);

  if (account && (member.relationship === 'Self' || (member.kind === 'Minor' && member.relationship === 'Child'))) {
    give('email', account.email, HOUSEHOLD_TEXT.fromAccount);
    give('mobile', account.phone, HOUSEHOLD_TEXT.fromAccount);
  }

  const before = earlier.find((person) => samePerson(person, member));
  if (before) {
    const from = HOUSEHOLD_TEXT.fromEarlier(memberFirstName(before.fullName), before.orderDisplayId);
    // Not a home in the other country than this order was priced for: the review would refuse it.
    const address = addressCountryConflict(before.answers, applyingFrom) ? [] : HOUSEHOLD_GROUPS.address;
    const keys = [...PERSON_FACT_KEYS, ...address, ...HOUSEHOLD_GROUPS.contact];
    for (const key of keys) give(key, before.answers[key], from);
  }

  const spouse = spouseOf(member, others);
  if (spouse && member.kind === 'Adult') {
    const from = sourceOf(spouse);
    // Married, as "Who is applying" says: of a spouse in this order, and of a member it names the
    // account holder's spouse (whose answers may be of an earlier application). An account holder's
    // spouse of an earlier application only may be a former one (the member's own earlier answer,
    // above, says what it said). The spouse's details are asked only of a married member: without
    // it, they would be dropped unsaved as the form opens.
    const current = !isEarlier(spouse) || member.relationship === 'Spouse';
    if (current) give('maritalStatus', 'married', HOUSEHOLD_TEXT.fromMembers);
    give('spouseName', nameOf(spouse), from);
    give('spouseNationality', spouse.answers.presentNationality ?? spouse.answers.passportCountry, from);
    give('spouseBirthPlace', spouse.answers.birthCity, from);
    give('spouseBirthCountry', spouse.answers.birthCountry, from);
    // The other way: what the spouse typed about this member under "Your spouse" (a walk typed
    // Rahul's birth place twice). Only of this member as their spouse now, while they say married.
    if (current && spouse.answers.maritalStatus === 'married') {
      for (const [own, spouseKey] of SPOUSE_AS_SELF) give(own, spouse.answers[spouseKey], from);
    }
  }

  if (member.kind === 'Minor') {
    const parents = parentsOf(member, others);
    const { father, mother } = fatherAndMother(parents);
    for (const [prefix, parent] of [
      ['father', father],
      ['mother', mother],
    ] as const) {
      if (!parent) continue;
      const from = sourceOf(parent);
      give(`${prefix}Name`, nameOf(parent), from);
      give(`${prefix}Nationality`, parent.answers.presentNationality ?? parent.answers.passportCountry, from);
      give(`${prefix}BirthPlace`, parent.answers.birthCity, from);
      for (const key of PASSPORT_NUMBER_KEYS) give(`${prefix}PassportNumber`, parent.answers[key], from);
    }
    // The other parent as this parent gave them under "Your spouse": a father who does not apply
    // was typed once, in the mother's form (a walk left every father field empty). Only while she
    // says she is married: the answers of a spouse she no longer has describe nobody now.
    for (const [prefix, partner] of [
      ['father', mother],
      ['mother', father],
    ] as const) {
      if (partner?.answers.maritalStatus !== 'married') continue;
      for (const [ending, spouseKey] of SPOUSE_AS_PARENT) {
        give(`${prefix}${ending}`, partner.answers[spouseKey], sourceOf(partner));
      }
    }
    if (parents.length === 2 && member.relationship === 'Child') {
      give('parentsSituation', 'together', HOUSEHOLD_TEXT.fromMembers);
    }
    const indianParent = indianParentOf(father, mother);
    give('indianParent', indianParent, HOUSEHOLD_TEXT.fromParents);
    // That parent's own Indian document, as they gave it in their form (a walk typed it again).
    const origin = indianParent === 'mother' ? mother : indianParent ? (father ?? mother) : undefined;
    if (origin) {
      const { surrenderCertificateNumber, lastIndianPassportNumber, ociNumber } = origin.answers;
      const document = [surrenderCertificateNumber, lastIndianPassportNumber, ociNumber].find((v) => !isEmptyAnswer(v));
      give('indianParentDocument', document, sourceOf(origin));
    }
    const age = member.dateOfBirth ? ageOn(member.dateOfBirth, today) : null;
    // Matriculation is the 10th year of school, at 15 or 16: a child of 5 to 13 is still below it.
    if (age !== null && age >= 5 && age < 14) give('education', 'below-matriculation', HOUSEHOLD_TEXT.fromAge);
    // What the parents' own answers did not give, a brother or sister already answered.
    for (const sibling of siblingsOf(member, others)) {
      for (const key of SIBLINGS_SHARED_KEYS) give(key, sibling.answers[key], sourceOf(sibling));
    }
  }

  const passportSource = others.find((o) => !isEmptyAnswer(o.answers.passportCountry));
  if (passportSource) {
    for (const key of SHARED_PASSPORT_KEYS) {
      give(key, passportSource.answers[key], sourceOf(passportSource));
    }
  }

  const offers = copyOffers(asked, member, others, today, applyingFrom);
  if (!offers.some((offer) => offer.group === 'address'))
    give('addressCountry', applyingFrom, HOUSEHOLD_TEXT.fromOrder);

  return { answers, offers };
}

/**
 * Groups each application asks afresh: never offered from another application, only from this
 * order (last year's trip is not this one).
 */
const ASKED_AFRESH: readonly HouseholdGroup[] = ['background', 'trip'];

/**
 * One offer per group and distinct set of answers, from the others who gave them, unless this
 * member's answers say the same already, and no address in the other country than the order's
 * `applyingFrom` (addressCountryConflict: the review would refuse it). Not only while this member
 * has none: a parent who picked the country first, or answered a question of the group that cannot
 * be cleared (a radio), still takes the rest with one tap (a walk had to retype the address). Each value is checked and
 * normalised by this form's field, as a prefilled answer is: a group with one it does not take
 * (another service's form, a rule changed since) is not offered from that member.
 */
function copyOffers(
  asked: ReadonlyMap<string, AnswerField>,
  member: HouseholdMember,
  others: readonly HouseholdMember[],
  today: string,
  applyingFrom: string | null,
): CopyOffer[] {
  const offers: CopyOffer[] = [];
  for (const group of Object.keys(HOUSEHOLD_GROUPS) as HouseholdGroup[]) {
    const keys = HOUSEHOLD_GROUPS[group].filter((key) => asked.has(key));
    if (keys.length === 0) continue;
    const seen = new Set<string>();
    for (const other of FROM_SIBLINGS.includes(group) ? siblingsOf(member, others) : others) {
      if (isEarlier(other) && ASKED_AFRESH.includes(group)) continue;
      const given = keys.filter((key) => !isEmptyAnswer(other.answers[key]));
      const fits = given.map((key) => [key, fitAnswer(asked, key, other.answers[key], today)] as const);
      // All or nothing: taking a copy empties the group's questions it leaves out, so an answer of
      // theirs this form refuses would blank the member's own instead of giving one.
      if (fits.some(([, fit]) => fit === undefined)) continue;
      const values = Object.fromEntries(fits.map(([key, fit]) => [key, fit?.value]));
      const signature = JSON.stringify(values);
      if (Object.keys(values).length === 0 || seen.has(signature)) continue;
      if (!offerFits(group, values, member.answers, keys)) continue;
      if (group === 'address' && addressCountryConflict(values, applyingFrom)) continue;
      if (answersSayTheSame(member.answers, values)) continue;
      seen.add(signature);
      offers.push({
        group,
        memberId: other.id,
        label: HOUSEHOLD_TEXT.sameAs(group, memberFirstName(other.fullName)),
        from: sourceOf(other),
        values,
      });
    }
  }
  return offers;
}

/** A member of the order with the files uploaded for their checklist, for offering those files again. */
export interface MemberFiles extends Pick<HouseholdMember, 'id' | 'fullName' | 'kind' | 'relationship'> {
  /**
   * `file`, where the caller knows it, tells one file from another: a copy taken with "Use Priya’s
   * copy" is a document of its own holding the same file, and is offered once (`documentOffers`).
   */
  documents: readonly { id: number; itemId: string | null; file?: string }[];
  /**
   * Their saved answers, where known: a minor's say which parent signs alone, a parent's "Sex"
   * which parent they are (`answersNeededFor` names whose). Without them, no file is offered for
   * the signing parent's papers: another parent's would pass for the signer's.
   */
  answers?: Readonly<Record<string, unknown>>;
}

/** "Use Priya’s passport copy": another member's file offered for one of this member's checklist items. */
export interface DocumentOffer {
  itemId: string;
  documentId: number;
  label: string;
}

/**
 * A parent's own passport among their checklist items (checklist.ts): the foreign one of an OCI
 * order, the new one of an OCI card's reissue, the Indian one of a passport's renewal.
 */
const PASSPORT_ITEMS: readonly string[] = ['foreign-passport', 'new-foreign-passport', 'current-passport'];

/**
 * A parent's own papers that are the ones asked of "the parent who signs" alone (checklist.ts):
 * their passport, and in Canada their PR card, which a parent's proof of status in Canada is (the
 * PR card and landing paper). A file of the family is offered, never required: the customer sees
 * whose copy it is before taking it.
 */
const SIGNER_SOURCE_ITEMS: Readonly<Record<string, readonly string[]>> = {
  'signing-parent-passport': PASSPORT_ITEMS,
  'signing-parent-pr-card': ['status-proof'],
};

/** The checklist items whose sources depend on the answers: who signs a minor's consent alone. */
const SIGNER_ITEMS: readonly string[] = [...Object.keys(SIGNER_SOURCE_ITEMS), 'parent-death-certificate'];

const answersOf = (member: MemberFiles) => member.answers ?? {};

/**
 * Where a minor's consent is signed by one parent alone (parental-consent.ts), the files that are
 * that parent's papers: the signing parent's own passport (or PR card) when they apply too, told
 * apart from the other parent by their answer to "Sex", and what a brother or sister whose same
 * parent signs alone uploaded for the same item (the death certificate of the other parent too:
 * one death, one paper). Nothing while the answers do not say which parent signs: the first
 * parent's passport may be the other parent's, and must not stand for the signer's.
 */
function signerSources(itemId: string, member: MemberFiles, others: readonly MemberFiles[]): [MemberFiles, string][] {
  const consent = parentalConsentOf(answersOf(member));
  const signer = signingParentOf(answersOf(member));
  if (consent.signers === 'both' || !signer) return [];
  const parent = fatherAndMother(parentsOf(member, others))[signer];
  const own = parent ? (SIGNER_SOURCE_ITEMS[itemId] ?? []).map((item): [MemberFiles, string] => [parent, item]) : [];
  // The same parent signing alone for the same reason: the same passport, PR card and death.
  const siblings = siblingsOf(member, others).filter((sibling) => {
    const theirs = parentalConsentOf(answersOf(sibling));
    return signingParentOf(answersOf(sibling)) === signer && theirs.signers === 'one' && theirs.proof === consent.proof;
  });
  return [...own, ...siblings.map((sibling): [MemberFiles, string] => [sibling, itemId])];
}

/**
 * Whose answers `documentOffers` reads for `member`'s items: theirs, their parents' and their
 * brothers' and sisters', while an item's sources depend on who signs the consent alone; none
 * otherwise. The browser loads only these members' forms to show the same offers the server takes.
 */
export function answersNeededFor(
  member: MemberFiles,
  everyone: readonly MemberFiles[],
  itemIds: readonly string[],
): number[] {
  if (member.kind !== 'Minor' || !itemIds.some((id) => SIGNER_ITEMS.includes(id))) return [];
  const others = everyone.filter((m) => m.id !== member.id);
  return [member, ...parentsOf(member, others), ...siblingsOf(member, others)].map((m) => m.id);
}

/**
 * What a minor's brothers and sisters under age (`siblingsOf`: the same parents) uploaded for the
 * same item, where that item is a paper of the parents they share: the second child needs the
 * parents' passports and the family's proof of Indian origin as the first did. Not an adult's
 * proof of origin, which is their own.
 */
function siblingSources(itemId: string, member: MemberFiles, others: readonly MemberFiles[]): [MemberFiles, string][] {
  if (member.kind !== 'Minor') return [];
  return siblingsOf(member, others)
    .filter((sibling) => sibling.kind === 'Minor')
    .map((sibling) => [sibling, itemId]);
}

/**
 * Which other members' files a checklist item can take, and from which of their items: a
 * minor's parents' passports from the parents' own, the papers of the parent who signs alone
 * (`signerSources`), the proof of Indian origin from a parent's (a parent's or grandparent's
 * Indian passport proves the child's too), the parents' passports and proof of origin from a
 * brother's or sister's same item (`siblingSources`), and a proof of address or the parents'
 * marriage certificate from anyone in the family who has one.
 */
function sourcesFor(itemId: string, member: MemberFiles, others: readonly MemberFiles[]): [MemberFiles, string][] {
  if (SIGNER_ITEMS.includes(itemId)) return member.kind === 'Minor' ? signerSources(itemId, member, others) : [];
  const parents = parentsOf(member, others);
  switch (itemId) {
    case 'parent-passport-1':
    case 'parent-passport-2': {
      const parent = parents[itemId === 'parent-passport-1' ? 0 : 1];
      const own = parent ? PASSPORT_ITEMS.map((item): [MemberFiles, string] => [parent, item]) : [];
      return [...own, ...siblingSources(itemId, member, others)];
    }
    case 'indian-origin-proof':
      if (member.kind !== 'Minor') return [];
      return [...parents.map((p): [MemberFiles, string] => [p, itemId]), ...siblingSources(itemId, member, others)];
    case 'address-proof':
    case 'parents-marriage-certificate':
      return others.map((o) => [o, itemId]);
    default:
      return [];
  }
}

/**
 * An offer's button. A brother's or sister's file is named by whose checklist it was uploaded
 * for: it is their parents' paper, not their own ("Aarav’s copy" of a parent's passport reads as
 * Aarav's passport).
 */
function offerLabel(source: MemberFiles, sourceItem: string, sibling: boolean): string {
  const name = memberFirstName(source.fullName);
  if (sibling) return `Use the copy uploaded for ${name}`;
  return PASSPORT_ITEMS.includes(sourceItem) ? `Use ${name}’s passport copy` : `Use ${name}’s copy`;
}

/** A file offered for an item, before the copies of one file are taken out. */
interface FoundFile {
  documentId: number;
  file: string | undefined;
  /** A brother's or sister's upload (maybe a copy of the parent's own). */
  sibling: boolean;
  label: string;
}

/** Whether `a` is offered rather than `b`, of the same file: a parent's own over a copy, else the one uploaded first. */
const offeredBefore = (a: FoundFile, b: FoundFile) =>
  a.sibling !== b.sibling ? !a.sibling : a.documentId < b.documentId;

/**
 * The files of other members that `member`'s checklist items (not uploaded yet) can use, one offer
 * per file: a brother's or sister's copy of a parent's file is the parent's file (a walk offered
 * "Use Priya’s copy" and "Use the copy uploaded for Aarav" for one passport), offered as theirs.
 */
export function documentOffers(
  member: MemberFiles,
  everyone: readonly MemberFiles[],
  itemIds: readonly string[],
): DocumentOffer[] {
  const others = everyone.filter((m) => m.id !== member.id);
  const siblings = siblingsOf(member, others);
  return itemIds.flatMap((itemId) => {
    const found = sourcesFor(itemId, member, others).flatMap(([source, sourceItem]) =>
      source.documents
        .filter((d) => d.itemId === sourceItem)
        .map((d): FoundFile => {
          const sibling = siblings.includes(source);
          return { documentId: d.id, file: d.file, sibling, label: offerLabel(source, sourceItem, sibling) };
        }),
    );
    const copied = (offer: FoundFile) =>
      offer.file !== undefined && found.some((o) => o.file === offer.file && offeredBefore(o, offer));
    return found.filter((offer) => !copied(offer)).map(({ documentId, label }) => ({ itemId, documentId, label }));
  });
}
