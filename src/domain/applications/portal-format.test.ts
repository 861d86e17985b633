import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/definition.ts';
import { copyAssistSteps, portalDate, portalValue } from './portal-format.ts';

const DEFINITION: FormDefinition = {
  format: 1,
  id: 'test/portal',
  version: 1,
  title: 'Portal order',
  steps: [
    {
      key: 'aboutYou',
      title: 'About you',
      minor: { title: 'About {name}' },
      sections: [
        {
          key: 'names',
          title: 'Names',
          fields: [
            { type: 'text', key: 'surname', label: 'Surname' },
            { type: 'text', key: 'givenName', label: 'Given name(s)' },
            { type: 'date', key: 'dateOfBirth', label: 'Date of birth' },
            {
              type: 'radio',
              key: 'sex',
              label: 'Sex',
              options: [
                { value: 'female', label: 'Female' },
                { value: 'male', label: 'Male' },
              ],
            },
            { type: 'country dropdown', key: 'birthCountry', label: 'Country of birth' },
            {
              type: 'dependent',
              key: 'inIndia',
              when: { field: 'birthCountry', equals: 'IN' },
              fields: [{ type: 'short answer', key: 'birthDistrict', label: 'District of birth' }],
            },
            { type: 'image upload', key: 'photo', label: 'Your photo' },
          ],
        },
      ],
    },
    {
      key: 'contactStep',
      title: 'Contact',
      sections: [
        {
          key: 'contact',
          title: 'How to reach you',
          fields: [
            { type: 'email', key: 'email', label: 'Email' },
            { type: 'phone', key: 'mobile', label: 'Mobile number' },
            {
              type: 'checkboxes',
              key: 'languages',
              label: 'Languages',
              options: [
                { value: 'hi', label: 'Hindi' },
                { value: 'en', label: 'English' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const ANSWERS = {
  surname: 'Sharma',
  givenName: 'Aarav',
  dateOfBirth: '2016-09-30',
  sex: 'male',
  birthCountry: 'US',
  birthDistrict: 'Pune',
  photo: { documentId: '4', name: 'aarav.jpg', type: 'image/jpeg', size: 1000 },
  email: 'Priya.Sharma@example.com',
  mobile: '+1-4155550100',
  languages: ['hi', 'en'],
};

describe('portal formatting', () => {
  it('writes dates as DD/MM/YYYY', () => {
    expect(portalDate('2016-09-30')).toBe('30/09/2016');
    expect(portalDate('1985-04-12')).toBe('12/04/1985');
    expect(portalDate('not a date')).toBe('not a date');
  });

  it('writes answers in capitals, choices and countries by name; e-mail as typed; phones with a space', () => {
    const [names, contact] = DEFINITION.steps;
    const field = (step: typeof names, key: string) => {
      const found = step?.sections[0]?.fields.find((f) => f.key === key);
      if (!found || found.type === 'dependent' || found.type === 'description') throw new Error(key);
      return found;
    };
    expect(portalValue(field(names, 'givenName'), 'Aarav')).toBe('AARAV');
    expect(portalValue(field(names, 'sex'), 'male')).toBe('MALE');
    expect(portalValue(field(names, 'birthCountry'), 'IN')).toBe('INDIA');
    expect(portalValue(field(names, 'dateOfBirth'), '2016-09-30')).toBe('30/09/2016');
    expect(portalValue(field(contact, 'email'), 'Priya.Sharma@example.com')).toBe('Priya.Sharma@example.com');
    expect(portalValue(field(contact, 'mobile'), '+1-4155550100')).toBe('+1 4155550100');
    expect(portalValue(field(contact, 'languages'), ['hi', 'en'])).toBe('HINDI, ENGLISH');
    expect(portalValue(field(names, 'surname'), '  ')).toBeNull();
    expect(portalValue(field(names, 'photo'), ANSWERS.photo)).toBeNull();
  });

  it('lists a member’s answers in the form’s order, shown questions only, no uploads, worded for a minor', () => {
    const steps = copyAssistSteps(DEFINITION, { kind: 'Minor', fullName: 'Aarav Sharma' }, ANSWERS);
    expect(steps.map((s) => s.title)).toEqual(['About Aarav', 'Contact']);
    expect(steps[0]?.sections[0]?.rows).toEqual([
      { key: 'surname', label: 'Surname', value: 'SHARMA' },
      { key: 'givenName', label: 'Given name(s)', value: 'AARAV' },
      { key: 'dateOfBirth', label: 'Date of birth', value: '30/09/2016' },
      { key: 'sex', label: 'Sex', value: 'MALE' },
      // Born in the USA: the district of birth in India is not asked, and the photo is uploaded.
      { key: 'birthCountry', label: 'Country of birth', value: 'UNITED STATES' },
    ]);
    const unanswered = copyAssistSteps(DEFINITION, { kind: 'Adult', fullName: 'Priya Sharma' }, {});
    expect(unanswered[0]?.sections[0]?.rows.every((row) => row.value === null)).toBe(true);
  });
});
