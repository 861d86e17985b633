import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormField } from '../forms/definition.ts';
import {
  answersNeededFor,
  documentOffers,
  type EarlierMember,
  HOUSEHOLD_TEXT,
  type HouseholdMember,
  householdPrefill,
  offerFits,
  offerHasCondition,
  parentOfOriginOffers,
  passportNames,
} from './household.ts';

const text = (key: string, extra: Partial<FormField> = {}) =>
  ({ type: 'text', key, label: key, ...extra }) as FormField;

/** The questions of the OCI form the household rules fill, in a definition of their own. */
const DEFINITION: FormDefinition = {
  format: 1,
  id: 'test/household',
  version: 1,
  title: 'Household',
  steps: [
    {
      key: 'about',
      title: 'About you',
      sections: [
        {
          key: 'names',
          title: 'Names',
          fields: [
            text('surname'),
            text('givenName', {
              transforms: ['uppercase'],
              rules: { matches: { pattern: '^[A-Za-z][A-Za-z ]*$', message: 'Letters A–Z' } },
            } as Partial<FormField>),
            text('dateOfBirth'),
            { type: 'image upload', key: 'photo', label: 'Photo' } as FormField,
            text('sex'),
            text('birthCity'),
            text('birthCountry'),
            text('presentNationality'),
            text('passportNumber'),
            text('passportCountry'),
            text('passportIssuePlace'),
            text('maritalStatus', { memberKinds: ['Adult'] }),
          ],
        },
        {
          key: 'spouse',
          title: 'Spouse',
          memberKinds: ['Adult'],
          fields: [
            {
              type: 'dependent',
              key: 'spouseDetails',
              when: { field: 'maritalStatus', equals: 'married' },
              fields: [
                text('spouseName'),
                text('spouseNationality'),
                text('spouseBirthPlace'),
                text('spouseBirthCountry'),
              ],
            },
          ],
        },
        {
          key: 'parents',
          title: 'Parents',
          fields: [
            text('fatherName'),
            text('motherName'),
            text('fatherPassportNumber', { memberKinds: ['Minor'] }),
            text('motherPassportNumber', { memberKinds: ['Minor'] }),
            text('parentsSituation', { memberKinds: ['Minor'] }),
            text('indianParent', { memberKinds: ['Minor'] }),
            text('indianParentDocument', { memberKinds: ['Minor'] }),
            text('parentsConsent', { memberKinds: ['Minor'] }),
            text('education'),
          ],
        },
        { key: 'address', title: 'Address', fields: [text('addressCountry'), text('addressLine1')] },
        { key: 'contact', title: 'Contact', fields: [text('email'), text('mobile')] },
      ],
    },
  ],
};

const priya: HouseholdMember = {
  id: 1,
  fullName: 'Priya Sharma',
  dateOfBirth: '1985-04-12',
  kind: 'Adult',
  relationship: 'Self',
  answers: {
    surname: 'SHARMA',
    givenName: 'PRIYA',
    sex: 'female',
    birthCity: 'Edison',
    passportNumber: '561234870',
    passportCountry: 'US',
    passportIssuePlace: 'U.S. Department of State',
    addressCountry: 'US',
    addressLine1: '1200 Market Street',
    email: 'priya@example.com',
  },
};
const rahul: HouseholdMember = {
  id: 2,
  fullName: 'Rahul Kumar Sharma',
  dateOfBirth: '1983-11-02',
  kind: 'Adult',
  relationship: 'Spouse',
  answers: { sex: 'male', passportNumber: '571298340' },
};
const anaya: HouseholdMember = {
  id: 3,
  fullName: 'Anaya Sharma',
  dateOfBirth: '2016-01-15',
  kind: 'Minor',
  relationship: 'Child',
  answers: {},
};
const TODAY = '2026-11-29';
const account = { email: 'priya@example.com', phone: '+14155550123' };
const values = (prefill: ReturnType<typeof householdPrefill>) =>
  Object.fromEntries(Object.entries(prefill.answers).map(([key, { value }]) => [key, value]));

describe('householdPrefill', () => {
  it('splits a name as passports print it: the last word is the surname', () => {
    expect(passportNames('Rahul Kumar Sharma')).toEqual({ surname: 'SHARMA', givenName: 'RAHUL KUMAR' });
    expect(passportNames(' Madonna ')).toEqual({ givenName: 'MADONNA' });
  });

  it('gives the account holder their names, date of birth and the account’s contact, with where each came from', () => {
    const prefill = householdPrefill(DEFINITION, { ...priya, answers: {} }, [priya, rahul, anaya], account, TODAY);
    expect(prefill.answers.surname).toEqual({ value: 'SHARMA', from: 'From “Who is applying”' });
    expect(prefill.answers.email).toEqual({ value: account.email, from: 'From your account' });
    expect(values(prefill)).toMatchObject({ givenName: 'PRIYA', dateOfBirth: '1985-04-12', mobile: account.phone });
    // The spouse's name is known from "Who is applying" even before the spouse's own form.
    expect(values(prefill)).toMatchObject({ maritalStatus: 'married', spouseName: 'Rahul Kumar Sharma' });
  });

  it('gives the spouse the other adult’s details, the family’s passport issuer, and one-tap address and contact', () => {
    const fresh = { ...rahul, answers: {} };
    const prefill = householdPrefill(DEFINITION, fresh, [priya, fresh, anaya], account, TODAY);
    expect(values(prefill)).toEqual({
      surname: 'SHARMA',
      givenName: 'RAHUL KUMAR',
      dateOfBirth: '1983-11-02',
      maritalStatus: 'married',
      spouseName: 'PRIYA SHARMA',
      spouseNationality: 'US',
      spouseBirthPlace: 'Edison',
      passportCountry: 'US',
      passportIssuePlace: 'U.S. Department of State',
    });
    // Not the account's e-mail: only one tap away, with Priya's answers.
    expect(prefill.answers.email).toBeUndefined();
    expect(prefill.offers.map((o) => [o.label, o.values])).toEqual([
      ['Same address as Priya', { addressCountry: 'US', addressLine1: '1200 Market Street' }],
      ['Same contact as Priya', { email: 'priya@example.com' }],
    ]);
    expect(prefill.offers[0]?.from).toBe('From Priya Sharma’s answers');
  });

  it('gives a spouse their own birth place and nationality from what the other spouse said of them, marked whose', () => {
    // A walk: Priya gave Rahul's birth place under "Your spouse", and his own form asked it again.
    const married = {
      ...priya,
      answers: {
        ...priya.answers,
        maritalStatus: 'married',
        spouseNationality: 'US',
        spouseBirthPlace: 'Pune',
        spouseBirthCountry: 'IN',
      },
    };
    const fresh = { ...rahul, answers: {} };
    const prefill = householdPrefill(DEFINITION, fresh, [married, fresh], account, TODAY);
    expect(values(prefill)).toMatchObject({ birthCity: 'Pune', birthCountry: 'IN', presentNationality: 'US' });
    expect(prefill.answers.birthCity?.from).toBe('From Priya Sharma’s answers');
    // Never over what the member said of themselves in an earlier application.
    const before: EarlierMember = {
      ...rahul,
      id: 102,
      answers: { birthCity: 'Mumbai' },
      orderDisplayId: 'DOC-33334444',
    };
    const again = householdPrefill(DEFINITION, fresh, [married, fresh], account, TODAY, 'US', [before]);
    expect(again.answers.birthCity).toEqual({ value: 'Mumbai', from: 'From Rahul’s application DOC-33334444' });
    expect(again.answers.birthCountry?.value).toBe('IN');
    // Not while she no longer says she is married: her spouse's answers describe nobody now.
    const single = { ...married, answers: { ...married.answers, maritalStatus: 'divorced' } };
    expect(householdPrefill(DEFINITION, fresh, [single, fresh], account, TODAY).answers.birthCity).toBeUndefined();
  });

  it('takes no birth place from an earlier application’s spouse, who may be a former one', () => {
    const now = { ...rahul, relationship: 'Self' as const, answers: {} };
    const former: EarlierMember = {
      ...priya,
      id: 101,
      relationship: 'Spouse',
      answers: { ...priya.answers, maritalStatus: 'married', spouseBirthPlace: 'Pune' },
      orderDisplayId: 'DOC-11112222',
    };
    const prefill = householdPrefill(DEFINITION, now, [now], account, TODAY, 'US', [former]);
    expect(prefill.answers.spouseBirthPlace?.value).toBe('Edison');
    expect(prefill.answers.birthCity).toBeUndefined();
  });

  it('gives a child the parents’ names and passport numbers, father and mother told apart by their answers', () => {
    const prefill = householdPrefill(DEFINITION, anaya, [priya, rahul, anaya], account, TODAY);
    expect(values(prefill)).toMatchObject({
      fatherName: 'Rahul Kumar Sharma',
      fatherPassportNumber: '571298340',
      motherName: 'PRIYA SHARMA',
      motherPassportNumber: '561234870',
      parentsSituation: 'together',
      email: account.email,
    });
    expect(prefill.answers.fatherPassportNumber?.from).toBe('From Rahul Kumar Sharma’s answers');
    // Adults-only questions are never filled for a minor.
    expect(prefill.answers.maritalStatus).toBeUndefined();
  });

  it('fills only a fresh form, one with no answers but an uploaded file, and offers a group while it would change something', () => {
    const photo = { documentId: '41', name: 'photo.jpg', type: 'image/jpeg', size: 2048 };
    const uploaded = { ...anaya, answers: { photo } };
    expect(values(householdPrefill(DEFINITION, uploaded, [priya, rahul, uploaded], account, TODAY))).toMatchObject({
      surname: 'SHARMA',
      motherName: 'PRIYA SHARMA',
    });
    // Saved answers: an empty one may be one the parent cleared (no surname on the passport), never put back.
    const own = { ...anaya, answers: { givenName: 'ANU', motherName: 'P. SHARMA', addressCountry: 'US' } };
    const prefill = householdPrefill(DEFINITION, own, [priya, rahul, own], account, TODAY);
    expect(prefill.answers).toEqual({});
    // The country picked first: the rest of Priya's address is still one tap away (a walk retyped it).
    expect(prefill.offers.map((o) => o.group)).toEqual(['address', 'contact']);
    // Once the member's answers say the same as Priya's, there is nothing left to copy.
    const same = { ...own, answers: { ...own.answers, addressLine1: '1200 Market Street' } };
    const after = householdPrefill(DEFINITION, same, [priya, rahul, same], account, TODAY);
    expect(after.offers.map((o) => o.group)).toEqual(['contact']);
  });

  it('leaves out what the field would refuse, and normalises what it takes', () => {
    const jose = { ...priya, fullName: 'José Núñez', answers: {} };
    const prefill = householdPrefill(DEFINITION, jose, [jose], account, TODAY);
    expect(prefill.answers.givenName).toBeUndefined();
    expect(prefill.answers.surname?.value).toBe('NÚÑEZ');
  });

  it('gives the first address the country the order is applied from, and later members the one-tap address instead', () => {
    const first = householdPrefill(DEFINITION, { ...priya, answers: {} }, [priya, rahul], account, TODAY, 'US');
    expect(first.answers.addressCountry).toEqual({ value: 'US', from: 'From the country you apply from' });
    const later = householdPrefill(DEFINITION, rahul, [priya, rahul], account, TODAY, 'US');
    expect(later.answers.addressCountry).toBeUndefined();
    expect(later.offers.map((o) => o.group)).toContain('address');
    expect(
      householdPrefill(DEFINITION, { ...priya, answers: {} }, [priya], account, TODAY).answers.addressCountry,
    ).toBeUndefined();
  });

  it('gives a school-age child “below matriculation” and the parent of Indian origin from the parents’ eligibility', () => {
    const withOrigin = (m: HouseholdMember, eligibility: string) => ({ ...m, answers: { ...m.answers, eligibility } });
    const both = householdPrefill(
      DEFINITION,
      anaya,
      [withOrigin(priya, 'descendant'), withOrigin(rahul, 'former-citizen'), anaya],
      account,
      TODAY,
    );
    expect(both.answers.indianParent).toEqual({ value: 'both', from: 'From the parents’ answers' });
    expect(both.answers.education).toEqual({ value: 'below-matriculation', from: 'From the date of birth' });
    // That parent's own Indian document, from their form (a walk typed the surrender number twice).
    const surrendered = {
      ...withOrigin(rahul, 'former-citizen'),
      answers: { ...rahul.answers, eligibility: 'former-citizen', surrenderCertificateNumber: 'SFO20130456' },
    };
    const withDocument = householdPrefill(
      DEFINITION,
      anaya,
      [withOrigin(priya, 'descendant'), surrendered, anaya],
      account,
      TODAY,
    );
    expect(withDocument.answers.indianParentDocument).toEqual({
      value: 'SFO20130456',
      from: 'From Rahul Kumar Sharma’s answers',
    });
    // The spouse of an Indian citizen is not of Indian origin: only the father is.
    const father = householdPrefill(
      DEFINITION,
      anaya,
      [withOrigin(priya, 'spouse'), withOrigin(rahul, 'descendant'), anaya],
      account,
      TODAY,
    );
    expect(father.answers.indianParent?.value).toBe('father');
    expect(
      householdPrefill(DEFINITION, anaya, [priya, rahul, anaya], account, TODAY).answers.indianParent,
    ).toBeUndefined();
    // Adults, and children under 5 or 14 and over, say their education themselves.
    expect(householdPrefill(DEFINITION, rahul, [priya, rahul], account, TODAY).answers.education).toBeUndefined();
    for (const dateOfBirth of ['2022-01-15', '2012-11-29']) {
      expect(
        householdPrefill(DEFINITION, { ...anaya, dateOfBirth }, [priya, rahul], account, TODAY).answers.education,
      ).toBeUndefined();
    }
    expect(
      householdPrefill(DEFINITION, { ...anaya, dateOfBirth: '2012-11-30' }, [priya, rahul], account, TODAY).answers
        .education?.value,
    ).toBe('below-matriculation');
  });

  it('offers a second child a brother’s or sister’s place of birth and citizenship with one tap, never a parent’s', () => {
    const vihaan: HouseholdMember = {
      id: 5,
      fullName: 'Vihaan Sharma',
      dateOfBirth: '2019-06-01',
      kind: 'Minor',
      relationship: 'Child',
      answers: {},
    };
    const born = {
      ...anaya,
      answers: { birthCity: 'Sunnyvale', birthCountry: 'US', presentNationality: 'US' },
    };
    const bornAbroad = { ...priya, answers: { ...priya.answers, birthCountry: 'IN', presentNationality: 'US' } };
    const prefill = householdPrefill(DEFINITION, vihaan, [bornAbroad, rahul, born, vihaan], account, TODAY);
    expect(prefill.offers.filter((o) => ['birthplace', 'citizenship'].includes(o.group))).toEqual([
      {
        group: 'birthplace',
        memberId: born.id,
        label: 'Born where Anaya was',
        from: 'From Anaya Sharma’s answers',
        values: { birthCity: 'Sunnyvale', birthCountry: 'US' },
      },
      {
        group: 'citizenship',
        memberId: born.id,
        label: 'Same citizenship as Anaya',
        from: 'From Anaya Sharma’s answers',
        values: { presentNationality: 'US' },
      },
    ]);
    // Offered, not given: a brother may be born elsewhere.
    expect(prefill.answers.birthCity).toBeUndefined();
    // An adult is offered neither from the children, nor a child from a parent born in India.
    const adult = householdPrefill(DEFINITION, { ...rahul, answers: {} }, [bornAbroad, rahul, born], account, TODAY);
    expect(adult.offers.map((o) => o.group)).not.toContain('birthplace');
    const onlyChild = householdPrefill(DEFINITION, vihaan, [bornAbroad, rahul, vihaan], account, TODAY);
    expect(onlyChild.offers.map((o) => o.group)).not.toContain('birthplace');
    expect(onlyChild.offers.map((o) => o.group)).not.toContain('citizenship');
  });

  it('offers a spouse the same visa trip and references with one tap, the trip never from another application (walk I)', () => {
    const visa: FormDefinition = {
      format: 1,
      id: 'test/visa',
      version: 1,
      title: 'e-Visa',
      steps: [
        {
          key: 'trip',
          title: 'Your trip',
          sections: [
            {
              key: 'journey',
              title: 'Your journey',
              fields: [text('portOfArrival'), text('arrivalDate'), text('placesToVisit')],
            },
          ],
        },
        {
          key: 'history',
          title: 'Travel and references',
          sections: [
            {
              key: 'refs',
              title: 'References',
              fields: [text('indiaReferenceName'), text('indiaReferencePhone'), text('homeReferenceName')],
            },
          ],
        },
      ],
    };
    const rajesh: HouseholdMember = {
      id: 7,
      fullName: 'Rajesh Kumar Mehta',
      dateOfBirth: '1980-02-02',
      kind: 'Adult',
      relationship: 'Self',
      answers: {
        portOfArrival: 'DEL',
        arrivalDate: '2026-12-28',
        placesToVisit: 'Delhi, Agra',
        indiaReferenceName: 'Sunil Mehta',
        indiaReferencePhone: '+919812345678',
      },
    };
    const anita: HouseholdMember = {
      id: 8,
      fullName: 'Anita Mehta',
      dateOfBirth: '1982-05-05',
      kind: 'Adult',
      relationship: 'Spouse',
      answers: {},
    };
    const offers = householdPrefill(visa, anita, [rajesh, anita], account, TODAY).offers;
    expect(offers.map((o) => [o.group, o.label, o.values])).toEqual([
      [
        'trip',
        'Same trip as Rajesh',
        { portOfArrival: 'DEL', arrivalDate: '2026-12-28', placesToVisit: 'Delhi, Agra' },
      ],
      [
        'references',
        'Same references as Rajesh',
        { indiaReferenceName: 'Sunil Mehta', indiaReferencePhone: '+919812345678' },
      ],
    ]);
    // Last year's trip is not this one; the people who vouch for a family may be the same.
    const lastYear = { ...rajesh, id: 107, orderDisplayId: 'DOC-11112222' };
    const alone = householdPrefill(visa, anita, [anita], account, TODAY, 'CA', [lastYear]).offers;
    expect(alone.map((o) => o.group)).toEqual(['references']);
  });

  it('gives a second child what their brother or sister said about the parents, not the consent', () => {
    const kabir: HouseholdMember = {
      id: 4,
      fullName: 'Kabir Sharma',
      dateOfBirth: '2022-03-01',
      kind: 'Minor',
      relationship: 'Child',
      answers: {},
    };
    const answered = {
      ...anaya,
      answers: {
        indianParent: 'father',
        indianParentDocument: 'Z1234567',
        fatherName: 'RAHUL K SHARMA',
        parentsConsent: ['both-agree'],
      },
    };
    const prefill = householdPrefill(DEFINITION, kabir, [priya, rahul, answered, kabir], account, TODAY);
    expect(prefill.answers.indianParent).toEqual({ value: 'father', from: 'From Anaya Sharma’s answers' });
    expect(prefill.answers.indianParentDocument?.value).toBe('Z1234567');
    // The parents' own answers come first; the consent is each child's own.
    expect(prefill.answers.fatherName).toEqual({
      value: 'Rahul Kumar Sharma',
      from: 'From Rahul Kumar Sharma’s answers',
    });
    expect(prefill.answers.parentsConsent).toBeUndefined();
    // A niece in the same order does not share Anaya's parents.
    const niece = { ...kabir, relationship: 'Other' as const };
    expect(
      householdPrefill(DEFINITION, niece, [priya, rahul, answered, niece], account, TODAY).answers.indianParent,
    ).toBeUndefined();
  });

  describe('a parent who does not apply, from the other parent’s “Your spouse” answers', () => {
    const parent = (prefix: 'father' | 'mother') => [
      text(`${prefix}Name`),
      text(`${prefix}Nationality`),
      text(`${prefix}BirthPlace`),
      text(`${prefix}PassportNumber`, { memberKinds: ['Minor'] }),
    ];
    /** The OCI form's Family step: the parents, and the spouse of a married adult (form-definitions/blocks.ts). */
    const FAMILY: FormDefinition = {
      ...DEFINITION,
      steps: [
        {
          key: 'family',
          title: 'Family',
          sections: [
            { key: 'about', title: 'About', fields: [text('sex'), text('maritalStatus', { memberKinds: ['Adult'] })] },
            { key: 'parents', title: 'Parents', fields: [...parent('father'), ...parent('mother')] },
            {
              key: 'spouse',
              title: 'Spouse',
              memberKinds: ['Adult'],
              fields: ['spouseName', 'spouseNationality', 'spouseBirthPlace', 'spouseBirthCountry'].map((key) =>
                text(key),
              ),
            },
            { key: 'spouseOrigin', title: 'Origin', memberKinds: ['Adult'], fields: [text('spouseDocumentNumber')] },
          ],
        },
      ],
    };
    const meera: HouseholdMember = {
      id: 11,
      fullName: 'Meera Iyer',
      dateOfBirth: '1988-02-03',
      kind: 'Adult',
      relationship: 'Self',
      answers: {
        sex: 'female',
        maritalStatus: 'married',
        presentNationality: 'US',
        birthCity: 'Pune',
        passportNumber: '561234870',
        spouseName: 'Arjun Iyer',
        spouseNationality: 'US',
        spouseBirthPlace: 'Chennai',
        spouseBirthCountry: 'IN',
        spouseDocumentNumber: 'Z1234567',
      },
    };
    const aarav: HouseholdMember = {
      id: 12,
      fullName: 'Aarav Iyer',
      dateOfBirth: '2018-05-20',
      kind: 'Minor',
      relationship: 'Child',
      answers: {},
    };

    it('gives the child the father she gave as her spouse, only what the father’s questions mean too', () => {
      const prefill = householdPrefill(FAMILY, aarav, [meera, aarav], account, TODAY);
      expect(values(prefill)).toMatchObject({
        fatherName: 'Arjun Iyer',
        fatherNationality: 'US',
        fatherBirthPlace: 'Chennai',
        motherName: 'Meera Iyer',
        motherBirthPlace: 'Pune',
        motherPassportNumber: '561234870',
      });
      expect(prefill.answers.fatherName?.from).toBe('From Meera Iyer’s answers');
      // Her spouse's Indian passport or OCI card number is not the passport he signs the consent with.
      expect(prefill.answers.fatherPassportNumber).toBeUndefined();
    });

    it('takes a mother given as the father’s spouse alike, and nothing from a spouse she no longer has', () => {
      const vikram = {
        ...meera,
        fullName: 'Vikram Iyer',
        answers: { ...meera.answers, sex: 'male', spouseName: 'Lakshmi Iyer' },
      };
      expect(values(householdPrefill(FAMILY, aarav, [vikram, aarav], account, TODAY))).toMatchObject({
        fatherName: 'Vikram Iyer',
        motherName: 'Lakshmi Iyer',
        motherNationality: 'US',
        motherBirthPlace: 'Chennai',
      });
      const divorced = { ...meera, answers: { ...meera.answers, maritalStatus: 'divorced' } };
      expect(householdPrefill(FAMILY, aarav, [divorced, aarav], account, TODAY).answers.fatherName).toBeUndefined();
    });

    it('never writes over what the customer gave for the child', () => {
      const typed = { ...aarav, answers: { fatherName: 'ARJUN K IYER' } };
      expect(householdPrefill(FAMILY, typed, [meera, typed], account, TODAY).answers).toEqual({});
    });
  });

  it('leaves the parents out when neither has said who is the father', () => {
    const unknown = [{ ...priya, answers: {} }, { ...rahul, answers: {} }, anaya];
    const prefill = householdPrefill(DEFINITION, anaya, unknown, null, TODAY);
    expect(prefill.answers.fatherName).toBeUndefined();
    expect(prefill.answers.email).toBeUndefined();
  });

  describe('from the customer’s other applications', () => {
    const earlier = (m: HouseholdMember, orderDisplayId: string, answers = m.answers): EarlierMember => ({
      ...m,
      id: m.id + 100,
      answers,
      orderDisplayId,
    });

    it('gives a member their own facts from an earlier application, not what each application asks afresh', () => {
      const before = earlier(priya, 'DOC-11112222', {
        ...priya.answers,
        givenName: 'PRIYA R',
        parentsConsent: ['yes'],
        fatherName: 'VIJAY SHARMA',
      });
      // Typed a little differently this time: the same person by name (case, spaces) and date of birth.
      const now = { ...priya, fullName: ' priya  SHARMA', answers: {} };
      const prefill = householdPrefill(DEFINITION, now, [now], account, TODAY, 'US', [before]);
      expect(values(prefill)).toMatchObject({
        passportNumber: '561234870',
        birthCity: 'Edison',
        fatherName: 'VIJAY SHARMA',
        addressLine1: '1200 Market Street',
      });
      expect(prefill.answers.passportNumber?.from).toBe('From Priya’s application DOC-11112222');
      // "Who is applying" and the account come first; a consent is never carried over.
      expect(prefill.answers.givenName?.from).toBe('From “Who is applying”');
      expect(prefill.answers.email?.from).toBe('From your account');
      expect(prefill.answers.parentsConsent).toBeUndefined();
      // Another date of birth is another person.
      const other = householdPrefill(DEFINITION, { ...now, dateOfBirth: '1986-04-12' }, [now], account, TODAY, 'US', [
        before,
      ]);
      expect(other.answers.passportNumber).toBeUndefined();
    });

    it('gives a child’s own order the parents’ answers from their orders, and their address one tap away', () => {
      const alone = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'US', [
        earlier(priya, 'DOC-11112222'),
        earlier(rahul, 'DOC-33334444'),
      ]);
      expect(values(alone)).toMatchObject({
        fatherName: 'Rahul Kumar Sharma',
        fatherPassportNumber: '571298340',
        motherName: 'PRIYA SHARMA',
        motherPassportNumber: '561234870',
        parentsSituation: 'together',
      });
      expect(alone.offers.map((o) => o.label)).toContain('Same address as Priya');
      // Named with the application they came from, not as if given in this order.
      expect(alone.answers.fatherPassportNumber?.from).toBe('From Rahul’s application DOC-33334444');
      expect(alone.answers.motherName?.from).toBe('From Priya’s application DOC-11112222');
      expect(alone.offers.find((o) => o.group === 'address')?.from).toBe('From Priya’s application DOC-11112222');
    });

    it('takes a spouse of another application’s details as theirs, without saying “Married” for this one', () => {
      // A former spouse, perhaps: only the member's own answers (or a spouse in this order) say married.
      const now = { ...priya, answers: {} };
      const prefill = householdPrefill(DEFINITION, now, [now], account, TODAY, 'US', [
        earlier({ ...rahul, answers: { ...rahul.answers, birthCity: 'Pune' } }, 'DOC-33334444'),
      ]);
      expect(prefill.answers.maritalStatus).toBeUndefined();
      expect(prefill.answers.spouseBirthPlace).toEqual({
        value: 'Pune',
        from: 'From Rahul’s application DOC-33334444',
      });
      // A spouse in this order is one.
      const together = householdPrefill(DEFINITION, now, [now, rahul], account, TODAY, 'US');
      expect(together.answers.maritalStatus).toEqual({ value: 'married', from: 'From “Who is applying”' });
    });

    it('says “Married” for the account holder’s spouse, whose details come from her earlier application', () => {
      // A walk: Priya's renewal gave "Your spouse"; Arjun's own order names him her spouse. Without
      // "Married" his form hid the spouse's questions and dropped their answers unsaved.
      const arjun: HouseholdMember = { ...rahul, fullName: 'Arjun Sharma', answers: {} };
      const before = earlier(
        { ...priya, answers: { ...priya.answers, maritalStatus: 'married', spouseName: 'ARJUN SHARMA' } },
        'DOC-11112222',
      );
      const prefill = householdPrefill(DEFINITION, arjun, [arjun], account, TODAY, 'US', [before]);
      expect(prefill.answers.maritalStatus).toEqual({ value: 'married', from: 'From “Who is applying”' });
      expect(prefill.answers.spouseName).toEqual({
        value: 'PRIYA SHARMA',
        from: 'From Priya’s application DOC-11112222',
      });
      expect(prefill.answers.spouseBirthPlace?.value).toBe('Edison');
    });

    describe('the parents’ passports, as each form keeps them', () => {
      // A passport's renewal keeps its number as indianPassportNumber (form-definitions/blocks.ts).
      const renewal = (m: HouseholdMember, orderDisplayId: string, indianPassportNumber: string) =>
        earlier(m, orderDisplayId, { sex: m.answers.sex, indianPassportNumber });
      const lost = (m: HouseholdMember, orderDisplayId: string, indianPassportNumber: string) =>
        earlier(m, orderDisplayId, { sex: m.answers.sex, passportLossKind: 'lost', indianPassportNumber });

      it('gives a child the Indian passport a parent renews, and the foreign one they travel on first', () => {
        const prefill = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'US', [
          renewal(priya, 'DOC-11112222', 'Z1234567'),
          earlier({ ...rahul, answers: { ...rahul.answers, indianPassportNumber: 'Y7654321' } }, 'DOC-33334444'),
        ]);
        expect(values(prefill)).toMatchObject({ motherPassportNumber: 'Z1234567', fatherPassportNumber: '571298340' });
        expect(prefill.answers.motherPassportNumber?.from).toBe('From Priya’s application DOC-11112222');
      });

      it('never gives a passport the account reported lost or damaged, from any order or person', () => {
        // Priya's renewal (reviewed, so listed first) of the passport she reported lost since.
        const reported = [renewal(priya, 'DOC-11112222', 'Z1234567'), lost(priya, 'DOC-99990000', 'z1234567')];
        const fromParent = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'US', reported);
        expect(fromParent.answers.motherPassportNumber).toBeUndefined();
        expect(fromParent.answers.motherName?.value).toBe('Priya Sharma');
        // The Lost or Damaged order in this one, and a brother's answer or the child's own earlier one.
        const inThisOrder = {
          ...priya,
          answers: { sex: 'female', passportLossKind: 'damaged', indianPassportNumber: 'Z1234567' },
        };
        const brother = { ...anaya, id: 4, fullName: 'Kabir Sharma', answers: { motherPassportNumber: 'Z1234567' } };
        const own = earlier({ ...anaya, answers: { motherPassportNumber: 'Z1234567' } }, 'DOC-77778888');
        const prefill = householdPrefill(DEFINITION, anaya, [inThisOrder, anaya, brother], account, TODAY, 'US', [own]);
        expect(prefill.answers.motherPassportNumber).toBeUndefined();
        // Another passport of hers is given.
        const renewed = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'US', [
          renewal(priya, 'DOC-12121212', 'Z7654321'),
          lost(priya, 'DOC-99990000', 'Z1234567'),
        ]);
        expect(renewed.answers.motherPassportNumber?.value).toBe('Z7654321');
      });

      it('never gives the Indian passport a parent surrenders with a renunciation', () => {
        const renunciation = earlier(priya, 'DOC-99990000', {
          sex: 'female',
          naturalisedCountry: 'US',
          indianPassportNumber: 'Z1234567',
        });
        const prefill = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'US', [renunciation]);
        expect(prefill.answers.motherPassportNumber).toBeUndefined();
      });
    });

    it('never gives nor offers a home in the other country than this order was priced for', () => {
      // Priya's earlier order was from the USA; this one is priced for applying from Canada.
      const now = { ...priya, answers: {} };
      const prefill = householdPrefill(DEFINITION, now, [now], account, TODAY, 'CA', [earlier(priya, 'DOC-11112222')]);
      expect(prefill.answers.addressLine1).toBeUndefined();
      expect(prefill.answers.addressCountry).toEqual({ value: 'CA', from: 'From the country you apply from' });
      // Her own facts still come: a passport does not change with the country applied from.
      expect(prefill.answers.passportNumber?.value).toBe('561234870');
      const child = householdPrefill(DEFINITION, anaya, [anaya], account, TODAY, 'CA', [
        earlier(priya, 'DOC-11112222'),
      ]);
      expect(child.offers.map((o) => o.group)).not.toContain('address');
      expect(child.answers.addressCountry?.value).toBe('CA');
    });

    it('counts a person once, and an account holder once', () => {
      // The same Priya in this order and an earlier one, and a second "Self" of an old order typed otherwise.
      const oldSelf = earlier({ ...priya, fullName: 'Priya S', dateOfBirth: '1985-04-12' }, 'DOC-55556666', {
        addressLine1: '9 Old Road',
      });
      const prefill = householdPrefill(DEFINITION, anaya, [priya, anaya], account, TODAY, 'US', [
        earlier(priya, 'DOC-11112222'),
        oldSelf,
      ]);
      expect(prefill.offers.filter((o) => o.group === 'address').map((o) => o.values.addressLine1)).toEqual([
        '1200 Market Street',
      ]);
    });
  });
});

describe('documentOffers', () => {
  const files = (member: HouseholdMember, documents: { id: number; itemId: string }[]) => ({ ...member, documents });
  const mother = files(priya, [
    { id: 11, itemId: 'foreign-passport' },
    { id: 12, itemId: 'address-proof' },
    { id: 13, itemId: 'indian-origin-proof' },
  ]);
  const father = files(rahul, [{ id: 21, itemId: 'foreign-passport' }]);
  const child = files(anaya, []);

  it('offers a child the parents’ passports, one parent per item, and the family’s other shared proofs', () => {
    const items = [
      'foreign-passport',
      'parent-passport-1',
      'parent-passport-2',
      'address-proof',
      'indian-origin-proof',
    ];
    expect(documentOffers(child, [mother, father, child], items)).toEqual([
      { itemId: 'parent-passport-1', documentId: 11, label: 'Use Priya’s passport copy' },
      { itemId: 'parent-passport-2', documentId: 21, label: 'Use Rahul’s passport copy' },
      { itemId: 'address-proof', documentId: 12, label: 'Use Priya’s copy' },
      { itemId: 'indian-origin-proof', documentId: 13, label: 'Use Priya’s copy' },
    ]);
  });

  describe('the papers of the parent who signs alone', () => {
    const meera = files({ ...priya, fullName: 'Meera Iyer', answers: { sex: 'female' } }, [
      { id: 31, itemId: 'foreign-passport' },
      { id: 32, itemId: 'status-proof' },
    ]);
    const arjun = files({ ...rahul, fullName: 'Arjun Iyer', answers: { sex: 'male' } }, [
      { id: 41, itemId: 'foreign-passport' },
    ]);
    const motherSigns = { parentsSituation: 'widowed', livingParent: 'mother' };
    const diya = { ...files(anaya, []), fullName: 'Diya Iyer', answers: motherSigns };
    const items = ['signing-parent-passport', 'signing-parent-pr-card', 'parent-death-certificate'];

    it('offers the signing parent’s own passport and PR card, as the answers name that parent', () => {
      expect(documentOffers(diya, [meera, arjun, diya], items)).toEqual([
        { itemId: 'signing-parent-passport', documentId: 31, label: 'Use Meera’s passport copy' },
        { itemId: 'signing-parent-pr-card', documentId: 32, label: 'Use Meera’s copy' },
      ]);
      // The father signs: his passport, never hers.
      const fatherSigns = {
        ...diya,
        answers: { parentsSituation: 'separated', soleCustody: 'yes', custodyParent: 'father' },
      };
      expect(documentOffers(fatherSigns, [meera, arjun, fatherSigns], items)).toEqual([
        { itemId: 'signing-parent-passport', documentId: 41, label: 'Use Arjun’s passport copy' },
      ]);
    });

    it('offers nothing while the answers do not say which parent signs, or which parent is which', () => {
      const single = { ...diya, answers: { parentsSituation: 'single' } };
      expect(documentOffers(single, [meera, diya], items)).toEqual([]);
      expect(documentOffers({ ...diya, answers: undefined }, [meera, diya], items)).toEqual([]);
      const unknownSex = { ...meera, answers: {} };
      expect(documentOffers(diya, [unknownSex, diya], items)).toEqual([]);
    });

    it('offers what a brother or sister uploaded for the same parent signing alone for the same reason', () => {
      const aarav = {
        ...files({ ...anaya, id: 4, fullName: 'Aarav Iyer' }, [
          { id: 51, itemId: 'signing-parent-passport' },
          { id: 52, itemId: 'parent-death-certificate' },
        ]),
        answers: motherSigns,
      };
      expect(documentOffers(diya, [meera, aarav, diya], items)).toEqual([
        { itemId: 'signing-parent-passport', documentId: 31, label: 'Use Meera’s passport copy' },
        { itemId: 'signing-parent-passport', documentId: 51, label: 'Use the copy uploaded for Aarav' },
        { itemId: 'signing-parent-pr-card', documentId: 32, label: 'Use Meera’s copy' },
        { itemId: 'parent-death-certificate', documentId: 52, label: 'Use the copy uploaded for Aarav' },
      ]);
      const fatherSigns = { ...aarav, answers: { parentsSituation: 'widowed', livingParent: 'father' } };
      expect(documentOffers(diya, [fatherSigns, diya], items)).toEqual([]);
    });

    it('names whose answers the browser needs: the child’s, the parents’ and the siblings’, only for these items', () => {
      const aarav = files({ ...anaya, id: 4 }, []);
      expect(answersNeededFor(diya, [meera, arjun, aarav, diya], ['photo', 'signing-parent-passport'])).toEqual([
        3, 1, 2, 4,
      ]);
      expect(answersNeededFor(diya, [meera, arjun, aarav, diya], ['parent-passport-1'])).toEqual([]);
      expect(answersNeededFor(meera, [meera, diya], items)).toEqual([]);
    });
  });

  describe('the parents’ papers a brother or sister already has', () => {
    const items = ['parent-passport-1', 'parent-passport-2', 'indian-origin-proof'];
    const aarav = files({ ...anaya, id: 4, fullName: 'Aarav Sharma' }, [
      { id: 61, itemId: 'parent-passport-1' },
      { id: 62, itemId: 'parent-passport-2' },
      { id: 63, itemId: 'indian-origin-proof' },
    ]);

    it('offers a child what a brother or sister of the same parents uploaded for the same item', () => {
      // The parents do not apply: their passports were uploaded for the first child only.
      expect(documentOffers(child, [aarav, child], items)).toEqual([
        { itemId: 'parent-passport-1', documentId: 61, label: 'Use the copy uploaded for Aarav' },
        { itemId: 'parent-passport-2', documentId: 62, label: 'Use the copy uploaded for Aarav' },
        { itemId: 'indian-origin-proof', documentId: 63, label: 'Use the copy uploaded for Aarav' },
      ]);
      // The parents' own files come first.
      expect(documentOffers(child, [mother, father, aarav, child], ['parent-passport-1'])).toEqual([
        { itemId: 'parent-passport-1', documentId: 11, label: 'Use Priya’s passport copy' },
        { itemId: 'parent-passport-1', documentId: 61, label: 'Use the copy uploaded for Aarav' },
      ]);
    });

    it('offers a file once: a brother’s or sister’s copy of the parent’s own as the parent’s', () => {
      // A walk: Aarav took Priya's copies; Anaya was offered each file twice, under two names.
      const withFiles = (m: typeof mother, file: (id: number) => string) => ({
        ...m,
        documents: m.documents.map((d) => ({ ...d, file: file(d.id) })),
      });
      const same = (id: number) => `file ${id % 10}`;
      const priyas = withFiles(mother, same);
      const aaravs = withFiles(
        files(aarav, [
          { id: 71, itemId: 'parent-passport-1' },
          { id: 73, itemId: 'indian-origin-proof' },
          { id: 74, itemId: 'address-proof' },
        ]),
        same,
      );
      expect(documentOffers(child, [priyas, aaravs, child], [...items, 'address-proof'])).toEqual([
        { itemId: 'parent-passport-1', documentId: 11, label: 'Use Priya’s passport copy' },
        { itemId: 'indian-origin-proof', documentId: 13, label: 'Use Priya’s copy' },
        { itemId: 'address-proof', documentId: 12, label: 'Use Priya’s copy' },
        // Another file for the same item is offered too.
        { itemId: 'address-proof', documentId: 74, label: 'Use the copy uploaded for Aarav' },
      ]);
      // Of two copies where neither is the parent's own, the one uploaded first.
      const diya = withFiles(
        files({ ...anaya, id: 6, fullName: 'Diya Sharma' }, [{ id: 81, itemId: 'parent-passport-1' }]),
        () => 'one',
      );
      const ravi = withFiles(
        files({ ...anaya, id: 7, fullName: 'Ravi Sharma' }, [{ id: 91, itemId: 'parent-passport-1' }]),
        () => 'one',
      );
      expect(documentOffers(child, [ravi, diya, child], ['parent-passport-1'])).toEqual([
        { itemId: 'parent-passport-1', documentId: 81, label: 'Use the copy uploaded for Diya' },
      ]);
    });

    it('never offers them to a child of other parents, nor an adult’s, whose proof of origin is their own', () => {
      // The account holder's young brother is a child of her parents, not of her and her husband.
      const brother = { ...aarav, relationship: 'Sibling' as const };
      expect(documentOffers(child, [brother, child], items)).toEqual([]);
      const cousin = { ...child, id: 5, relationship: 'Other' as const };
      expect(documentOffers(cousin, [aarav, cousin], items)).toEqual([]);
      expect(documentOffers(child, [{ ...aarav, relationship: 'Other' as const }, child], items)).toEqual([]);
      const grownUp = { ...aarav, kind: 'Adult' as const };
      expect(documentOffers(child, [grownUp, child], items)).toEqual([]);
    });
  });

  it('never offers a member’s own passport to another adult, nor a parent’s proof of origin to an adult', () => {
    expect(documentOffers(father, [mother, father, child], ['foreign-passport', 'indian-origin-proof'])).toEqual([]);
    expect(documentOffers(father, [mother, father], ['address-proof'])).toEqual([
      { itemId: 'address-proof', documentId: 12, label: 'Use Priya’s copy' },
    ]);
  });
});

describe('the background questions, one tap for a family that answers No', () => {
  const yesNo = (key: string) =>
    ({
      type: 'radio',
      key,
      label: key,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    }) as FormField;
  const WITH_BACKGROUND: FormDefinition = {
    ...DEFINITION,
    steps: [
      ...DEFINITION.steps,
      {
        key: 'more',
        title: 'More',
        sections: [
          {
            key: 'background',
            title: 'A few more questions',
            fields: [yesNo('convicted'), yesNo('proceedingsPending'), yesNo('refusedOrDeported')],
          },
        ],
      },
    ],
  };
  const allNo = { convicted: 'no', proceedingsPending: 'no', refusedOrDeported: 'no' };
  const offersTo = (member: HouseholdMember, others: HouseholdMember[]) =>
    householdPrefill(WITH_BACKGROUND, member, [member, ...others], account, TODAY)
      .offers.filter((o) => o.group === 'background')
      .map((o) => [o.label, o.values]);

  it('offers No to each when another member answered No to each', () => {
    expect(offersTo(anaya, [{ ...priya, answers: { ...priya.answers, ...allNo } }])).toEqual([
      ['No to each, as Priya answered', allNo],
    ]);
  });

  it('never offers a No given in another application: each application asks them afresh', () => {
    const before: EarlierMember = {
      ...priya,
      id: 101,
      answers: { ...priya.answers, ...allNo },
      orderDisplayId: 'DOC-1',
    };
    const offers = householdPrefill(WITH_BACKGROUND, anaya, [anaya], account, TODAY, 'US', [before]).offers;
    expect(offers.map((o) => o.group)).toEqual(['address', 'contact']);
  });

  it('never copies a yes, nor a No over this member’s own yes, nor what is not all answered', () => {
    const convicted = { ...priya, answers: { ...allNo, convicted: 'yes', convictionDetails: 'Speeding, 2010' } };
    expect(offersTo(anaya, [convicted])).toEqual([]);
    const halfway = { ...priya, answers: { convicted: 'no', proceedingsPending: 'no' } };
    expect(offersTo(anaya, [halfway])).toEqual([]);
    const saidYes = { ...anaya, answers: { refusedOrDeported: 'yes' } };
    expect(offersTo(saidYes, [{ ...priya, answers: allNo }])).toEqual([]);
    // Already No to each: nothing to offer.
    expect(offersTo({ ...anaya, answers: allNo }, [{ ...priya, answers: allNo }])).toEqual([]);
  });
});

describe('one-tap copies take only what this form’s fields take', () => {
  const STRICT: FormDefinition = {
    ...DEFINITION,
    steps: [
      {
        key: 'contact',
        title: 'Contact',
        sections: [
          {
            key: 'address',
            title: 'Address',
            fields: [text('addressCountry'), text('addressLine1', { transforms: ['uppercase'] } as Partial<FormField>)],
          },
          {
            key: 'contact',
            title: 'Contact',
            fields: [
              text('email'),
              text('mobile', {
                rules: { matches: { pattern: '^[+0-9 -]+$', message: 'Digits' } },
              } as Partial<FormField>),
            ],
          },
        ],
      },
    ],
  };

  it('normalises a value as a save would, and offers no group with an answer the field refuses', () => {
    // Taking a copy empties what it leaves out: a refused answer would blank the member's own.
    const other = { ...priya, answers: { ...priya.answers, mobile: 'call me after 6' } };
    const offers = householdPrefill(STRICT, anaya, [anaya, other], account, TODAY).offers;
    expect(offers.find((o) => o.group === 'address')?.values).toEqual({
      addressCountry: 'US',
      addressLine1: '1200 MARKET STREET',
    });
    expect(offers.find((o) => o.group === 'contact')).toBeUndefined();
  });
});

describe('offerFits: asked again in the browser as the member answers', () => {
  const no = { convicted: 'no', proceedingsPending: 'no', refusedOrDeported: 'no' };
  it('takes the background offer away once this member answers Yes to any of its questions', () => {
    expect(offerFits('background', no, {})).toBe(true);
    expect(offerFits('background', no, { proceedingsPending: 'yes' })).toBe(false);
    expect(offerFits('background', no, { proceedingsPending: 'no' })).toBe(true);
  });
  it('has a condition only for the background questions', () => {
    expect(offerHasCondition('background')).toBe(true);
    expect(offerHasCondition('address')).toBe(false);
    expect(offerFits('address', { addressLine1: '1 Main St' }, { addressLine1: '9 Elm St' })).toBe(true);
  });
});

describe('parentOfOriginOffers: the parent of Indian origin offered as father or mother (decision 0193)', () => {
  const descendant = { eligibility: 'descendant', relativeRelationship: 'parent', relativeName: ' Sunita Iyer ' };

  it('offers the name for either parent, while neither is answered', () => {
    expect(parentOfOriginOffers(descendant)).toEqual([
      { role: 'father', key: 'fatherName', name: 'Sunita Iyer' },
      { role: 'mother', key: 'motherName', name: 'Sunita Iyer' },
    ]);
    expect(HOUSEHOLD_TEXT.parentOfOrigin('Sunita Iyer', 'mother')).toBe('Sunita Iyer is the mother');
    expect(HOUSEHOLD_TEXT.fromOrigin).toBe('From the Indian origin answers');
  });

  it('offers nothing once a parent is answered, for a grandparent, another way of eligibility, or no name', () => {
    expect(parentOfOriginOffers({ ...descendant, fatherName: 'RAJ IYER' })).toEqual([]);
    expect(parentOfOriginOffers({ ...descendant, motherName: 'SUNITA IYER' })).toEqual([]);
    expect(parentOfOriginOffers({ ...descendant, relativeRelationship: 'grandparent' })).toEqual([]);
    expect(parentOfOriginOffers({ ...descendant, eligibility: 'former-citizen' })).toEqual([]);
    expect(parentOfOriginOffers({ ...descendant, relativeName: '  ' })).toEqual([]);
  });
});
