import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checklistAnswers,
  checklistItemOfUpload,
  documentChecklist,
} from '../../../../domain/applications/checklist.ts';
import { type HouseholdMember, householdPrefill } from '../../../../domain/applications/household.ts';
import { MEMBER_KINDS } from '../../../../domain/applications/member-kinds.ts';
import { PARENTS_SITUATIONS } from '../../../../domain/applications/parental-consent.ts';
import { buildPrintPack } from '../../../../domain/applications/print-pack.ts';
import { checkAnswer, checkAnswers } from '../../../../domain/forms/answers.ts';
import { autofillFor } from '../../../../domain/forms/autofill.ts';
import {
  allFields,
  answerFieldsByKey,
  type FormDefinition,
  type FormField,
  formDefinitionSchema,
  isUploadField,
  walkFields,
} from '../../../../domain/forms/definition.ts';
import { FORM_FIELD_TYPES } from '../../../../domain/forms/field-types.ts';
import { definitionForMember } from '../../../../domain/forms/member-texts.ts';
import { validAnswers } from '../../../../domain/forms/testing.ts';
import { memberSteps, shownAnswerKeys } from '../../../../domain/forms/visibility.ts';
import { passportAnswers } from '../../../../domain/passports/passport-answers.ts';
import { PRIYA_FIELDS } from '../../../../domain/passports/testing.ts';
import { CATALOG } from '../../../db/seed/catalog-data.ts';
import { seededChecklistCases } from '../../../db/seed/checklist-cases.ts';
import { addressAbroad } from './blocks.ts';
import { definitionForPackage, SEEDED_FORM_DEFINITIONS } from './index.ts';

const TODAY = '2026-11-30';
const all = [...SEEDED_FORM_DEFINITIONS.values()];

/** A few questions each official form asks, beyond the ones every form shares. */
const QUESTIONS: Record<string, string[]> = {
  'oci-card/new-oci-card': [
    'birthCountry',
    'fatherName',
    'motherName',
    'spouseName',
    'occupation',
    'employerName',
    'passportNumber',
    'indiaAddress',
    'eligibility',
    'surrenderCertificateNumber',
    'photo',
    'signature',
  ],
  'oci-card/oci-reissue': ['ociNumber', 'reissueReasons', 'newName'],
  'oci-card/lost-or-damaged-oci': ['ociNumber', 'cardLossKind', 'policeReportNumber'],
  'indian-passport-renewal/adult-36-pages': [
    'birthDistrict',
    'fatherName',
    'spouseName',
    'occupation',
    'indianPassportNumber',
    'indiaAddress',
    'emergencyName',
    'reissueReason',
    'residenceStatus',
  ],
  'indian-passport-renewal/tatkal': ['urgencyReason', 'neededBy'],
  'indian-passport-renewal/lost-or-damaged': ['passportLossKind', 'policeReportNumber', 'hasOldPassportCopy'],
  'renunciation-of-indian-passport/surrender-certificate-from-june-2010': [
    'indianPassportNumber',
    'naturalisedOn',
    'travelledAfterNaturalisation',
    'tripsAfterNaturalisation',
  ],
  'power-of-attorney/property-power-of-attorney': [
    'attorneyName',
    'witness1Name',
    'propertyAddress',
    'propertyValue',
    'preferredTime',
  ],
  'power-of-attorney/civil-document-attestation': ['documentKind', 'documentPurpose'],
  'indian-visa/e-tourist-30-days': [
    'fatherName',
    'spouseName',
    'occupation',
    'passportNumber',
    'arrivalDate',
    'stayDays',
    'visitedIndia',
    'photo',
    'passportBioPage',
  ],
  'indian-visa/e-business': ['hostCompany', 'businessPurpose', 'invitationLetter'],
  'visa-application-centre-support/paper-visa-application': ['visaKind', 'vfsCentre', 'blsCentre', 'formerIndian'],
  'visa-application-centre-support/consular-appointment-file-check': [
    'consularService',
    'appointmentTime',
    'governmentForm',
  ],
};

function keysOf(definition: FormDefinition): Set<string> {
  return new Set([...allFields(definition)].map((f) => f.key));
}

describe('seeded form definitions', () => {
  it('are valid definitions', () => {
    for (const definition of all) {
      const result = formDefinitionSchema.safeParse(definition);
      expect(result.success ? [] : result.error.issues, definition.id).toEqual([]);
    }
  });

  it('exist for every seeded application package, and not for photo orders', () => {
    for (const service of CATALOG) {
      for (const pkg of service.packages) {
        const definition = definitionForPackage(service.slug, pkg.slug);
        if (service.brand === 'SEVAPHOTOS') expect(definition, pkg.slug).toBeNull();
        else expect(definition?.id, `${service.slug}/${pkg.slug}`).toBe(`${service.slug}/${pkg.slug}`);
      }
    }
    const packages = CATALOG.filter((s) => s.brand === 'SEVADOCS').flatMap((s) => s.packages);
    expect(SEEDED_FORM_DEFINITIONS.size).toBe(packages.length);
    expect(definitionForPackage('oci-card', 'no-such-package')).toBeNull();
  });

  it('ask the real questions: names as in the passport, birth, addresses, contact, and for most, parents', () => {
    for (const definition of all) {
      const keys = keysOf(definition);
      for (const key of ['surname', 'givenName', 'changedName', 'dateOfBirth', 'addressCountry', 'email', 'mobile']) {
        expect(keys, `${definition.id} ${key}`).toContain(key);
      }
    }
    for (const [id, expected] of Object.entries(QUESTIONS)) {
      const keys = keysOf(SEEDED_FORM_DEFINITIONS.get(id) as FormDefinition);
      for (const key of expected) expect(keys, `${id} ${key}`).toContain(key);
    }
  });

  it('ask a minor’s parents for their consent, and an adult about work and a spouse', () => {
    for (const id of ['oci-card/oci-card-for-minor', 'indian-passport-renewal/minor']) {
      const definition = SEEDED_FORM_DEFINITIONS.get(id) as FormDefinition;
      const minor = shownAnswerKeys(definition, 'Minor', {});
      const adult = shownAnswerKeys(definition, 'Adult', {});
      expect(minor, id).toContain('parentsConsent');
      expect(minor, id).toContain('fatherPassportNumber');
      // A parent who has died has no passport: the Family step, before the consent, must not demand it.
      const fields = definition.steps
        .flatMap((step) => step.sections)
        .flatMap((section) => [...walkFields(section.fields)].map(({ field }) => field));
      for (const key of ['fatherPassportNumber', 'motherPassportNumber']) {
        const field = fields.find((f) => 'key' in f && f.key === key);
        expect(field && 'required' in field ? field.required : true, `${id} ${key}`).toBe(false);
      }
      expect(shownAnswerKeys(definition, 'Minor', { parentsSituation: 'widowed' }), id).toContain('livingParent');
      expect(minor, id).not.toContain('livingParent');
      expect(minor, id).not.toContain('occupation');
      expect(adult, id).not.toContain('parentsConsent');
      expect(adult, id).toContain('occupation');
      expect(adult, id).toContain('maritalStatus');
      expect(memberSteps(definition, 'Minor').map((s) => s.key)).toContain('consentStep');
      expect(memberSteps(definition, 'Adult').map((s) => s.key)).not.toContain('consentStep');
    }
  });

  it('ask the parents’ situation in the values the checklist and the print pack read, and say who signs what', () => {
    for (const id of ['oci-card/oci-card-for-minor', 'indian-passport-renewal/minor']) {
      const definition = SEEDED_FORM_DEFINITIONS.get(id) as FormDefinition;
      const fields = definition.steps
        .flatMap((step) => step.sections)
        .flatMap((section) => [...walkFields(section.fields)].map(({ field }) => field));
      const situation = fields.find((f) => f.key === 'parentsSituation');
      const values = situation && 'options' in situation ? situation.options?.map((o) => o.value) : [];
      expect(values, id).toEqual([...PARENTS_SITUATIONS]);
      const note = fields.find((f) => f.key === 'consentNote');
      const text = note?.type === 'description' ? note.text : '';
      if (id.startsWith('oci-card')) {
        // catalog-facts §1: the parents sign, the minor does not; the box under the photo is the
        // child's own mark (K14: a parent may not sign there for the child).
        expect(text, id).toContain(
          "the parents sign the consent form and the application's declaration, and the child signs neither",
        );
        expect(text, id).toContain('under 5 a thumb impression (the left thumb for a boy, the right for a girl)');
        expect(text, id).toContain(
          'from 5 the child signs in their own hand, and a parent may not sign there for them',
        );
      } else {
        // The passport's papers: Annexure D or C, no notary, and a left thumb whatever the child's sex.
        expect(text, id).toContain('both sign Annexure D, or one parent signs Annexure C alone');
        expect(text, id).toContain('gives a left thumb impression');
        expect(text, id).not.toMatch(/notary|right for a girl/);
        expect(text, id).toContain('a parent may not sign there for them');
      }
      expect(text, id).not.toContain('signs the application itself');
    }
  });

  it('let a child’s form go on without a parent’s Indian document: parents applying for their own first OCI card have none yet', () => {
    for (const id of ['oci-card/new-oci-card', 'oci-card/oci-card-for-minor']) {
      const definition = SEEDED_FORM_DEFINITIONS.get(id) as FormDefinition;
      const field = [...allFields(definition)].find((f) => 'key' in f && f.key === 'indianParentDocument');
      expect(field, id).toMatchObject({ required: false });
      expect(field, id).toHaveProperty('help', expect.stringContaining('leave it blank'));
      // The review's check asks for the parent of Indian origin, not for their document.
      const { errors } = checkAnswers(definition, {}, { mode: 'complete', memberKind: 'Minor', today: TODAY });
      expect(errors, id).toHaveProperty('indianParent');
      expect(errors, id).not.toHaveProperty('indianParentDocument');
    }
  });

  it('take the naturalisation date on the right side of 1 June 2010 for each renunciation package', () => {
    const check = (pkg: string, date: string) =>
      checkAnswers(
        definitionForPackage('renunciation-of-indian-passport', pkg) as FormDefinition,
        { naturalisedOn: date },
        {
          mode: 'partial',
          memberKind: 'Adult',
          today: TODAY,
        },
      ).errors;
    expect(check('surrender-certificate-from-june-2010', '2010-05-31')).toEqual({
      naturalisedOn: 'Date you became a citizen must be on or after June 1, 2010',
    });
    expect(check('surrender-certificate-from-june-2010', '2010-06-01')).toEqual({});
    expect(check('surrender-certificate-before-june-2010', '2010-06-01')).toEqual({
      naturalisedOn: 'Date you became a citizen must be on or before May 31, 2010',
    });
  });

  it('can each be completed by a member of either kind', () => {
    for (const definition of all) {
      for (const memberKind of MEMBER_KINDS) {
        const [values] = fc.sample(validAnswers(definition, TODAY), { numRuns: 1, seed: 47 });
        const result = checkAnswers(definition, values, { mode: 'complete', memberKind, today: TODAY });
        expect(result.errors, `${definition.id} ${memberKind}`).toEqual({});
      }
    }
  });

  it('file every upload question to an item of the member’s checklist, which the Documents step then skips', () => {
    // An upload question whose item the checklist lacks is refused by the upload route ("Choose a
    // document from the checklist"), and the required question then holds the form: the e-Visa's
    // passport page did, while the Documents step asked for the same page again.
    let checked = 0;
    for (const { where, input } of seededChecklistCases({ today: TODAY })) {
      const definition = definitionForPackage(input.serviceSlug, input.packageSlug);
      if (!definition) continue;
      const dateOfBirth = input.memberKind === 'Minor' ? '2016-09-30' : '1980-03-12';
      const ids = new Set(documentChecklist({ ...input, dateOfBirth })?.map((item) => item.id));
      for (const step of memberSteps(definition, input.memberKind)) {
        for (const section of step.sections) {
          for (const { field } of walkFields(section.fields)) {
            if (!isUploadField(field)) continue;
            expect(ids.has(checklistItemOfUpload(field.key)), `${where} ${field.key}`).toBe(true);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('ask a visa applicant for a passport valid 6 months after arrival, and nobody else', () => {
    for (const definition of all) {
      const expiry = [...allFields(definition)].find((f) => f.key === 'passportExpiryDate');
      if (expiry?.type !== 'date') continue;
      const visa = /^(indian-visa|visa-application-centre-support\/paper-visa-application)/.test(definition.id);
      expect(expiry.rules?.atLeastMonthsAfter, definition.id).toEqual(
        visa ? { field: 'arrivalDate', months: 6 } : undefined,
      );
    }
    const [eVisa] = all.filter((d) => d.id === 'indian-visa/e-tourist-1-year');
    const errors = checkAnswers(
      eVisa as FormDefinition,
      { arrivalDate: '2026-12-15', passportIssueDate: '2017-01-10', passportExpiryDate: '2027-01-09' },
      { mode: 'partial', memberKind: 'Adult', today: TODAY },
    ).errors;
    expect(errors.passportExpiryDate).toBe(
      'Date of expiry must be at least 6 months after the expected date of arrival: on or after June 15, 2027',
    );
  });

  it('take a renewal of an Indian passport issued before 2000 and long expired', () => {
    const renewal = definitionForPackage('indian-passport-renewal', 'adult-36-pages') as FormDefinition;
    const { errors } = checkAnswers(
      renewal,
      { dateOfBirth: '1970-05-01', indianPassportIssueDate: '1995-03-01', indianPassportExpiryDate: '2005-02-28' },
      { mode: 'partial', memberKind: 'Adult', today: TODAY },
    );
    expect(errors).toEqual({});
  });

  it.each([
    ['indian-passport-renewal', 'lost-or-damaged', 'passportLossKind', 'passportLossDate'],
    ['oci-card', 'lost-or-damaged-oci', 'cardLossKind', 'cardLossDate'],
  ])(
    '%s/%s: refuse a police report dated before the loss it reports, and either date in the future',
    (service, pkg, kind, date) => {
      const lost = definitionForPackage(service, pkg) as FormDefinition;
      const check = (lossDate: string, policeReportDate: string) =>
        checkAnswers(
          lost,
          { [kind]: 'lost', [date]: lossDate, policeReportDate },
          { mode: 'partial', memberKind: 'Adult', today: TODAY },
        ).errors;
      expect(check('2026-11-20', '2026-11-01')).toEqual({
        policeReportDate:
          'Date of the police report cannot be before the date of the loss or damage (November 20, 2026)',
      });
      expect(check('2026-11-20', '2026-11-20')).toEqual({});
      expect(check('2026-11-20', '2026-11-21')).toEqual({});
      expect(check('2026-11-20', '2026-12-01')).toEqual({
        policeReportDate: 'Date of the police report cannot be in the future',
      });
      expect(check('2026-12-01', '2026-11-25')).toEqual({
        [date]: 'Date of the loss or damage cannot be in the future',
      });
    },
  );

  it('oci-card/lost-or-damaged-oci: refuse a loss dated before the card was issued', () => {
    const lost = definitionForPackage('oci-card', 'lost-or-damaged-oci') as FormDefinition;
    const check = (ociIssueDate: string, cardLossDate: string) =>
      checkAnswers(lost, { ociIssueDate, cardLossDate }, { mode: 'partial', memberKind: 'Adult', today: TODAY }).errors;
    expect(check('2019-06-01', '2019-05-31')).toEqual({
      cardLossDate: 'Date of the loss or damage cannot be before the date of issue (June 1, 2019)',
    });
    expect(check('2019-06-01', '2019-06-01')).toEqual({});
  });

  it("put an Indian passport read on a renunciation in the surrendered passport's questions", () => {
    const renunciation = definitionForPackage(
      'renunciation-of-indian-passport',
      'surrender-certificate-from-june-2010',
    ) as FormDefinition;
    const asked = shownAnswerKeys(renunciation, 'Adult', {});
    const indian = { ...PRIYA_FIELDS, issuingState: 'IN', nationality: 'IN', passportNumber: 'Z1234567' };
    const filled = Object.fromEntries(passportAnswers(indian, asked).map((a) => [a.key, a.value]));
    expect(filled).toMatchObject({ indianPassportNumber: 'Z1234567', indianPassportExpiryDate: '2031-07-15' });
    expect(filled).not.toHaveProperty('passportNumber');
    expect(filled).not.toHaveProperty('passportCountry');
  });

  it('keep a certificate’s or police report’s number as printed, slashes and hyphens too', () => {
    const asked = all.flatMap((definition) =>
      [...allFields(definition)].flatMap((field) =>
        (field.type === 'short answer' || field.type === 'unique ID') &&
        (field.key === 'surrenderCertificateNumber' || field.key === 'policeReportNumber')
          ? [{ definition, field }]
          : [],
      ),
    );
    expect(asked.length).toBeGreaterThanOrEqual(4);
    for (const { definition, field } of asked) {
      expect(checkAnswer(field, ' sfo/sur/2019-0456 ', TODAY), `${definition.id} ${field.key}`).toEqual({
        value: 'SFO/SUR/2019-0456',
      });
    }
  });

  it('use the engine’s field types widely', () => {
    const used = new Set(all.flatMap((d) => [...allFields(d)].map((f) => f.type)));
    const unused = FORM_FIELD_TYPES.filter((t) => !used.has(t));
    // A customer application has no use for a password, a star rating or a confirmation of one.
    expect(unused).toEqual(['password', 'rating']);
  });
});

describe('the address block and the browser’s autofill', () => {
  it('names a token for every answer of the block but its country and date, and nothing elsewhere', () => {
    const keys = [...walkFields(addressAbroad().fields)].map(({ field }) => field.key);
    expect(keys.filter((key) => autofillFor(key) !== undefined).sort()).toEqual(
      ['addressCity', 'addressLine1', 'addressLine2', 'caProvince', 'postalCode', 'usState', 'zipCode'].sort(),
    );
    expect(autofillFor('zipCode')).toBe('postal-code');
    expect(autofillFor('passportNumber')).toBeUndefined();
  });
});

describe('a minor’s form names the child, never “you” (issue 30 §3)', () => {
  const YOU = /\b(you|your|yours|yourself)\b/i;
  /** A choice the member speaks ("I was an Indian citizen") is the parent speaking on a minor's form. */
  const I = /\b(I|I’m|My|my|me)\b/;
  /** Every text of a member's steps that says who the member is: titles, intros, questions and what messages call them. */
  function memberTexts(definition: FormDefinition, kind: 'Adult' | 'Minor', fullName: string): string[] {
    const texts: string[] = [];
    for (const step of memberSteps(definitionForMember(definition, { kind, fullName }), kind)) {
      texts.push(step.title, ...(step.intro ? [step.intro] : []));
      for (const section of step.sections) {
        texts.push(section.title, ...(section.intro ? [section.intro] : []));
        for (const { field } of walkFields(section.fields)) {
          if (field.type === 'description') continue;
          if (field.label) texts.push(field.label);
          if ('errorLabel' in field && field.errorLabel) texts.push(field.errorLabel);
          if ('options' in field)
            texts.push(...field.options.flatMap((o) => [o.label, ...(o.description ? [o.description] : [])]));
        }
      }
    }
    return texts;
  }

  it.each(all.map((d) => [d.id, d] as const))('%s: a minor’s titles and questions say “Anaya”, not “you”', (_, d) => {
    expect(formDefinitionSchema.safeParse(d).success).toBe(true);
    const texts = memberTexts(d, 'Minor', 'Anaya Sharma');
    expect(texts.filter((text) => YOU.test(text) || I.test(text) || text.includes('{name}'))).toEqual([]);
  });

  /** Help and notes that speak of the member's own passport, names, nationality or journey as "your". */
  const MEMBERS_OWN = /\byour (passport|surname|names?|nationality|naturalisation|country)\b|\byou arrive\b/i;

  it.each(all.map((d) => [d.id, d] as const))('%s: a minor’s help and notes say whose passport and names', (_, d) => {
    const texts: string[] = [];
    const minor = definitionForMember(d, { kind: 'Minor', fullName: 'Anaya Sharma' });
    for (const step of memberSteps(minor, 'Minor')) {
      for (const section of step.sections) {
        for (const { field } of walkFields(section.fields)) {
          if (field.type === 'description') texts.push(field.text);
          else if ('help' in field && field.help) texts.push(field.help);
        }
      }
    }
    expect(texts.filter((text) => MEMBERS_OWN.test(text) || text.includes('{name}'))).toEqual([]);
  });

  it('the New OCI Card: a child’s name and visible mark as in the child’s passport', () => {
    const oci = definitionForPackage('oci-card', 'new-oci-card') as FormDefinition;
    const help = (kind: 'Adult' | 'Minor', key: string) => {
      const fields = [...allFields(definitionForMember(oci, { kind, fullName: 'Anaya Sharma' }))];
      const field = fields.find((f) => f.key === key);
      return field && 'help' in field ? field.help : undefined;
    };
    expect(help('Minor', 'surname')).toBe(
      'Exactly as printed in Anaya’s passport. Leave it out only if the passport shows no surname.',
    );
    expect(help('Minor', 'givenName')).toBe(
      'First and middle names as printed in Anaya’s passport, without the surname.',
    );
    expect(help('Minor', 'visibleMark')).toBe('A scar or mole others can see, as written in Anaya’s passport, if any.');
    // A child has no maiden name (a walk's parent read it on their son's form).
    expect(help('Minor', 'changedName')).toBe('A name before adoption, or an alias.');
    expect(help('Adult', 'changedName')).toBe('A maiden name, a name before adoption, or an alias.');
    expect(help('Adult', 'givenName')).toBe(
      'First and middle names as printed in your passport, without your surname.',
    );
  });

  it('the New OCI Card: the child’s photo, name and steps; an adult keeps “you”', () => {
    const oci = definitionForPackage('oci-card', 'new-oci-card') as FormDefinition;
    const minor = memberTexts(oci, 'Minor', 'Anaya Sharma');
    expect(minor).toEqual(
      expect.arrayContaining(['Anaya’s photo', 'About Anaya', 'Anaya’s name, as in the passport', 'Anaya’s parents']),
    );
    const adult = memberTexts(oci, 'Adult', 'Priya Sharma');
    expect(adult).toEqual(
      expect.arrayContaining(['Your photo', 'Your signature', 'About you', 'I was an Indian citizen']),
    );
    expect(adult.join(' ')).not.toContain('Priya');
    // The child's step asks the photo alone: its title does not promise a signature (walk F).
    expect(minor).not.toContain('Photo and signature');
    expect(adult).toContain('Photo and signature');
  });

  it('an OCI re-issue: the choices the member speaks name the child', () => {
    const reissue = definitionForPackage('oci-card', 'oci-reissue') as FormDefinition;
    expect(memberTexts(reissue, 'Minor', 'Anaya Sharma')).toEqual(
      expect.arrayContaining(['Anaya has a new passport', 'Anaya’s name has changed']),
    );
    expect(memberTexts(reissue, 'Adult', 'Priya Sharma')).toEqual(
      expect.arrayContaining(['I have a new passport', 'My name has changed']),
    );
  });
});

describe('the New OCI Card of a married couple', () => {
  it('asks a spouse nothing the other already said of them under “Your spouse”, and says whose it is', () => {
    const oci = definitionForPackage('oci-card', 'new-oci-card') as FormDefinition;
    const priya: HouseholdMember = {
      id: 1,
      fullName: 'Priya Sharma',
      dateOfBirth: '1985-04-12',
      kind: 'Adult',
      relationship: 'Self',
      answers: {
        maritalStatus: 'married',
        spouseName: 'Rahul Sharma',
        spouseNationality: 'US',
        spouseBirthPlace: 'Pune',
        spouseBirthCountry: 'IN',
      },
    };
    const rahul: HouseholdMember = { ...priya, id: 2, fullName: 'Rahul Sharma', relationship: 'Spouse', answers: {} };
    const { answers } = householdPrefill(oci, rahul, [priya, rahul], null, TODAY, 'US');
    const from = 'From Priya Sharma’s answers';
    expect(answers).toMatchObject({
      birthCity: { value: 'Pune', from },
      birthCountry: { value: 'IN', from },
      presentNationality: { value: 'US', from },
    });
  });
});

describe('one form for both countries an order is made from', () => {
  const CANADA = /\bCanad(?:a|ian)\b/;
  const USA = /\b(?:USA|US|United States|American)\b/;

  /** The help and notes of `definition`, each with whether a country answer shows it (the visa's centres). */
  function advice(definition: FormDefinition): { key: string; text: string; forOneCountry: boolean }[] {
    const byKey = answerFieldsByKey(definition);
    const found: { key: string; text: string; forOneCountry: boolean }[] = [];
    const visit = (fields: readonly FormField[], forOneCountry: boolean) => {
      for (const field of fields) {
        if (field.type === 'dependent') {
          visit(field.fields, forOneCountry || byKey.get(field.when.field)?.type === 'country dropdown');
          continue;
        }
        const minor = Object.values(field.minor ?? {});
        const own = field.type === 'description' ? [field.text] : 'help' in field && field.help ? [field.help] : [];
        for (const text of [...own, ...minor]) found.push({ key: field.key, text, forOneCountry });
      }
    };
    for (const step of definition.steps) for (const section of step.sections) visit(section.fields, false);
    return found;
  }

  it.each(all.map((d) => [d.id, d] as const))(
    '%s: says what is true in one country only where that country is answered',
    (_, d) => {
      // A walk: a US order's surrender certificate said "Canada: the surrender must be complete…".
      const oneCountry = advice(d).filter(
        ({ text, forOneCountry }) => !forOneCountry && CANADA.test(text) !== USA.test(text),
      );
      expect(oneCountry.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
    },
  );
});

describe('the lost or damaged OCI card of a minor, whose parents swear the affidavit', () => {
  const lostOci = definitionForPackage('oci-card', 'lost-or-damaged-oci') as FormDefinition;
  const father: HouseholdMember = {
    id: 1,
    fullName: 'Ravi Rao',
    dateOfBirth: '1984-02-01',
    kind: 'Adult',
    relationship: 'Self',
    answers: { sex: 'male', passportNumber: '561234870' },
  };
  const mother: HouseholdMember = {
    id: 2,
    fullName: 'Priya Rao',
    dateOfBirth: '1986-05-20',
    kind: 'Adult',
    relationship: 'Spouse',
    answers: { sex: 'female', passportNumber: '571298340' },
  };
  const child: HouseholdMember = {
    id: 3,
    fullName: 'Anaya Rao',
    dateOfBirth: '2019-02-03',
    kind: 'Minor',
    relationship: 'Child',
    answers: {},
  };

  it('asks a minor’s parents as the first card’s form does, and no adult’s', () => {
    const parentKeys = ['fatherName', 'fatherPassportNumber', 'motherName', 'motherPassportNumber'];
    expect([...shownAnswerKeys(lostOci, 'Minor', {})]).toEqual(expect.arrayContaining(parentKeys));
    const newCard = definitionForPackage('oci-card', 'oci-card-for-minor') as FormDefinition;
    const parentsOf = (d: FormDefinition) =>
      d.steps.flatMap((step) => step.sections).find((section) => section.key === 'parentsSection');
    expect(parentsOf(lostOci)).toEqual(parentsOf(newCard));
    expect(shownAnswerKeys(lostOci, 'Adult', {})).not.toContain('fatherName');
  });

  it('takes the parents from the order, and prints them on the affidavit instead of lines to fill in', () => {
    const prefill = householdPrefill(lostOci, child, [father, mother, child], null, TODAY);
    const answers = {
      ...Object.fromEntries(Object.entries(prefill.answers).map(([key, { value }]) => [key, value])),
      cardLossKind: 'lost',
    };
    expect(answers).toMatchObject({
      fatherName: 'Ravi Rao',
      fatherPassportNumber: '561234870',
      motherName: 'Priya Rao',
      motherPassportNumber: '571298340',
    });
    const checklist =
      documentChecklist({
        serviceSlug: 'oci-card',
        packageSlug: 'lost-or-damaged-oci',
        choices: { applyingFrom: 'US' },
        memberKind: 'Minor',
        ...checklistAnswers(answers),
      }) ?? [];
    const pack = buildPrintPack({
      orderDisplayId: 'DOC-12345678',
      serviceSlug: 'oci-card',
      serviceName: 'OCI Card',
      packageName: 'Lost or damaged OCI card',
      country: 'US',
      member: { fullName: child.fullName, kind: 'Minor', dateOfBirth: child.dateOfBirth },
      definition: lostOci,
      answers,
      checklist,
      missionAddress: null,
      orderStatus: 'Submitted',
      fees: { governmentFeeCents: 10000, mandatoryFees: [], feeNote: null, centre: null },
    });
    const affidavit = pack.pages.find((page) => page.title === 'Affidavit: lost or damaged OCI card');
    const blocks = affidavit?.blocks ?? [];
    expect(JSON.stringify(blocks)).toContain('We, RAVI RAO and PRIYA RAO, the parents of ANAYA RAO, a minor,');
    expect(blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []))).toEqual(
      expect.arrayContaining([
        ['Father’s name', 'RAVI RAO'],
        ['Father’s passport number', '561234870'],
        ['Mother’s name', 'PRIYA RAO'],
        ['Mother’s passport number', '571298340'],
      ]),
    );
    expect(blocks.flatMap((b) => (b.kind === 'signature' ? [`${b.role}: ${b.name}`] : []))).toEqual([
      'Father: RAVI RAO',
      'Mother: PRIYA RAO',
    ]);
  });
});

describe('a passport renewal’s changes, whatever its reason', () => {
  const renewals = ['adult-36-pages', 'adult-60-pages', 'minor', 'tatkal'] as const;

  it.each(renewals)(
    '%s: asks what must change of every reason, and requires a change only of “Something in it must change”',
    (pkg) => {
      const renewal = definitionForPackage('indian-passport-renewal', pkg) as FormDefinition;
      const memberKind = pkg === 'minor' ? 'Minor' : 'Adult';
      expect(shownAnswerKeys(renewal, memberKind, {})).not.toContain('particularsChanged');
      for (const reissueReason of ['expiring', 'expired-long', 'pages', 'changes']) {
        expect(shownAnswerKeys(renewal, memberKind, { reissueReason }), reissueReason).toContain('particularsChanged');
      }
      // A passport that expires within a year, with a new address: both said, so the change's proof is asked.
      const expiring = checkAnswers(
        renewal,
        { reissueReason: 'expiring', particularsChanged: ['address', 'spouse-name'] },
        { mode: 'partial', memberKind, today: TODAY },
      );
      expect(expiring.errors).toEqual({});
      expect(expiring.answers).toEqual({ reissueReason: 'expiring', particularsChanged: ['address', 'spouse-name'] });
      for (const reissueReason of ['expiring', 'expired-long', 'pages']) {
        const { errors } = checkAnswers(renewal, { reissueReason }, { mode: 'complete', memberKind, today: TODAY });
        expect(errors, reissueReason).not.toHaveProperty('particularsChanged');
      }
      const mustChange = checkAnswers(
        renewal,
        { reissueReason: 'changes' },
        { mode: 'complete', memberKind, today: TODAY },
      );
      expect(mustChange.errors.particularsChanged).toBe('What must change is required');
    },
  );

  it('keeps Tatkal to the changes it can make, whatever the reason', () => {
    const tatkal = definitionForPackage('indian-passport-renewal', 'tatkal') as FormDefinition;
    const field = [...allFields(tatkal)].find((f) => f.key === 'particularsChanged');
    expect(field && 'options' in field ? field.options.map((o) => o.value) : []).toEqual([
      'address',
      'spouse-name',
      'ecr',
    ]);
    const { errors } = checkAnswers(
      tatkal,
      { reissueReason: 'expiring', particularsChanged: ['name'] },
      { mode: 'partial', memberKind: 'Adult', today: TODAY },
    );
    expect(errors).toHaveProperty('particularsChanged');
  });
});
