import { describe, expect, it } from 'vitest';
import { type FormDefinition, type FormField, formDefinitionSchema } from './definition.ts';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function definitionOf(fields: unknown[]): unknown {
  return {
    format: 1,
    id: 'oci-card/new-oci-card',
    version: 1,
    title: 'OCI registration',
    steps: [{ key: 'personal', title: 'About you', sections: [{ key: 'names', title: 'Names', fields }] }],
  };
}

/** The messages a definition is refused with (empty when it is accepted). */
function problems(fields: unknown[]): string[] {
  const result = formDefinitionSchema.safeParse(definitionOf(fields));
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const married = { type: 'radio', key: 'married', label: 'Marital status', options: yesNo } as const satisfies FormField;

describe('formDefinitionSchema', () => {
  it('accepts a definition using every kind of field', () => {
    const fields: FormField[] = [
      { type: 'description', key: 'intro', label: 'Before you start', text: 'Keep your passport at hand.' },
      { type: 'text', key: 'surname', label: 'Surname', required: true, transforms: ['trim', 'uppercase'] },
      { type: 'short answer', key: 'city', label: 'City' },
      { type: 'paragraph', key: 'details', label: 'Details', rules: { max: 500 } },
      {
        type: 'unique ID',
        key: 'passportNumber',
        label: 'Passport number',
        rules: { matches: { pattern: '^[A-Z]\\d{7}$', message: 'A letter and 7 digits' } },
      },
      { type: 'email', key: 'email', label: 'Email' },
      { type: 'password', key: 'portalPassword', label: 'Portal password', strong: true },
      { type: 'number', key: 'trips', label: 'Trips', rules: { min: 0, max: 50 } },
      { type: 'currency', key: 'income', label: 'Annual income', currency: 'CAD' },
      { type: 'range', key: 'stay', label: 'Stay in days', rules: { min: 1, max: 180 }, step: 1 },
      { type: 'rating', key: 'rating', label: 'Rating', rules: { max: 10 } },
      { type: 'date', key: 'dob', label: 'Date of birth', rules: { min: '1900-01-01', max: 'today' } },
      { type: 'time', key: 'time', label: 'Time', rules: { min: '09:00', max: '17:00' } },
      { type: 'select', key: 'sex', label: 'Sex', options: yesNo },
      { type: 'dropdown', key: 'state', label: 'State', options: yesNo },
      { type: 'multiple choice', key: 'route', label: 'Route', options: yesNo },
      { type: 'checkboxes', key: 'purpose', label: 'Purpose', options: yesNo, rules: { min: 1, max: 2 } },
      { type: 'country dropdown', key: 'country', label: 'Country', countries: ['US', 'CA'] },
      { type: 'occupation dropdown', key: 'occupation', label: 'Occupation' },
      { type: 'phone', key: 'phone', label: 'Phone', defaultCountry: 'US' },
      {
        type: 'file upload',
        key: 'proof',
        label: 'Proof',
        rules: { maxSize: 1_000_000, fileTypes: ['application/pdf'] },
        uploadMode: 'onUpload',
      },
      { type: 'image upload', key: 'photo', label: 'Photo', uploadMode: 'onDrop', memberKinds: ['Adult'] },
      married,
      {
        type: 'dependent',
        key: 'spouse',
        label: 'Spouse',
        when: { field: 'married', equals: 'yes' },
        fields: [{ type: 'text', key: 'spouseName', label: 'Spouse name' }],
      },
    ];
    const result = formDefinitionSchema.safeParse(definitionOf(fields));
    expect(result.success ? [] : result.error.issues).toEqual([]);
    expect(result.data as FormDefinition).toEqual(definitionOf(fields));
  });

  it('refuses unknown types, unknown properties and malformed keys', () => {
    expect(problems([{ type: 'signature', key: 'a', label: 'A' }])).not.toEqual([]);
    expect(problems([{ type: 'text', key: 'a', label: 'A', requried: true }])).not.toEqual([]);
    expect(problems([{ type: 'text', key: 'first.name', label: 'A' }])).toEqual([
      'Keys are camelCase: a lowercase letter, then letters and digits',
    ]);
  });

  it('refuses a key used twice, even across steps and sections', () => {
    expect(problems([{ type: 'text', key: 'names', label: 'Names' }])).toEqual([
      'The key "names" is used more than once; every step, section and field needs its own',
    ]);
  });

  it('refuses a dependent on a question that does not come before it', () => {
    const dependent = {
      type: 'dependent',
      key: 'spouse',
      when: { field: 'married', equals: 'yes' },
      fields: [{ type: 'text', key: 's', label: 'S' }],
    };
    expect(problems([dependent, married])).toEqual([
      '"spouse" depends on "married", which is not a question that comes before it',
    ]);
    const self = {
      ...dependent,
      when: { field: 'inner', answered: true },
      fields: [{ type: 'text', key: 'inner', label: 'I' }],
    };
    expect(problems([self])).toEqual(['"spouse" depends on "inner", which is not a question that comes before it']);
  });

  it('refuses a requiredWhen on a question that does not come before it, or for a value it cannot have', () => {
    const spouseName = {
      type: 'text',
      key: 'spouseName',
      label: 'Spouse',
      requiredWhen: { field: 'married', equals: 'yes' },
    };
    expect(problems([married, spouseName])).toEqual([]);
    expect(problems([spouseName, married])).toEqual([
      '"spouseName" depends on "married", which is not a question that comes before it',
    ]);
    expect(problems([married, { ...spouseName, requiredWhen: { field: 'partner', answered: true } }])).toEqual([
      '"spouseName" depends on "partner", which is not a question that comes before it',
    ]);
    expect(problems([married, { ...spouseName, requiredWhen: { field: 'married', equals: 'perhaps' } }])).toEqual([
      '"spouseName" tests for "perhaps", which is not one of that question\'s options',
    ]);
  });

  it('refuses a date compared with a question that is not an earlier date', () => {
    const birth = { type: 'date', key: 'dob', label: 'Date of birth', rules: { min: '1900-01-01' } };
    const issued = { type: 'date', key: 'issued', label: 'Issued', rules: { notBefore: 'dob' } };
    const expires = {
      type: 'date',
      key: 'expires',
      label: 'Expires',
      rules: { max: 'today+3660', atMostYearsAfter: { field: 'issued', years: 11 } },
    };
    expect(problems([birth, issued, expires])).toEqual([]);
    const validAfter = {
      type: 'date',
      key: 'valid',
      label: 'Valid until',
      rules: { atLeastMonthsAfter: { field: 'arrival', months: 6 } },
    };
    expect(problems([birth, validAfter])).toEqual([
      '"valid" is compared with "arrival", which is not a date question that comes before it',
    ]);
    expect(problems([issued, birth])).toEqual([
      '"issued" is compared with "dob", which is not a date question that comes before it',
    ]);
    expect(problems([{ type: 'text', key: 'dob', label: 'D' }, issued])).toEqual([
      '"issued" is compared with "dob", which is not a date question that comes before it',
    ]);
  });

  it('refuses a value test on a free-text question and a value the question cannot have', () => {
    const text = { type: 'text', key: 'city', label: 'City' };
    const onText = {
      type: 'dependent',
      key: 'g',
      when: { field: 'city', equals: 'Pune' },
      fields: [{ type: 'text', key: 's', label: 'S' }],
    };
    expect(problems([text, onText])[0]).toMatch(/^"g" depends on "city": only a choice question/);
    const answered = { ...onText, when: { field: 'city', answered: true } };
    expect(problems([text, answered])).toEqual([]);
    const wrongValue = { ...onText, when: { field: 'married', oneOf: ['yes', 'maybe'] } };
    expect(problems([married, wrongValue])).toEqual([
      '"g" tests for "maybe", which is not one of that question\'s options',
    ]);
    const includes = { ...onText, when: { field: 'married', includes: 'yes' } };
    expect(problems([married, includes])).toEqual(['"g": an \'includes\' condition needs a checkboxes question']);
    const country = { type: 'country dropdown', key: 'c', label: 'Country', countries: ['US', 'CA'] };
    expect(problems([country, { ...onText, when: { field: 'c', equals: 'IN' } }])).toEqual([
      '"g" tests for "IN", which is not one of that question\'s options',
    ]);
  });

  it('refuses rules that cannot hold', () => {
    expect(problems([{ type: 'number', key: 'n', label: 'N', rules: { min: 5, max: 1 } }])).toEqual([
      '"n": its min rule is above its max rule',
    ]);
    expect(problems([{ type: 'date', key: 'd', label: 'Arrival', rules: { min: 'today+4' } }])).toEqual([
      '"d": its min rule is above its max rule',
    ]);
    expect(problems([{ type: 'date', key: 'd', label: 'D', rules: { min: 'yesterday' } }])).toEqual([
      "A date bound is 'YYYY-MM-DD', 'today', or 'today+N' / 'today-N' days",
    ]);
    expect(problems([{ type: 'time', key: 't', label: 'T', rules: { min: '17:00', max: '09:00' } }])).toEqual([
      '"t": its min rule is above its max rule',
    ]);
    expect(
      problems([{ type: 'text', key: 't', label: 'T', rules: { matches: { pattern: '([a-z', message: 'm' } } }]),
    ).toEqual(['"t": its matches rule is not a valid regular expression']);
    expect(problems([{ type: 'text', key: 't', label: 'T', transforms: ['uppercase', 'lowercase'] }])).toEqual([
      '"t": uppercase and lowercase cannot both apply',
    ]);
    expect(
      problems([{ type: 'image upload', key: 'p', label: 'P', rules: { fileTypes: ['application/pdf'] } }]),
    ).toEqual(['"p": an image upload accepts only image file types']);
    expect(problems([{ type: 'file upload', key: 'p', label: 'P', rules: { maxSize: 50 * 1024 * 1024 } }])).not.toEqual(
      [],
    );
    expect(problems([{ type: 'password', key: 'p', label: 'P', transforms: ['trim'] }])).not.toEqual([]);
  });

  it('refuses duplicate options and a question label without a short name for messages', () => {
    expect(problems([{ ...married, options: [...yesNo, { value: 'yes', label: 'Again' }] }])).toEqual([
      '"married" lists the same option value twice',
    ]);
    expect(problems([{ ...married, label: 'Are you married?' }])).toEqual([
      '"married": a label that is a question needs an errorLabel, the short name its messages use',
    ]);
  });

  it('nests dependents at most 3 deep', () => {
    const nest = (depth: number): unknown =>
      depth === 0
        ? { type: 'text', key: 'leaf', label: 'Leaf' }
        : {
            type: 'dependent',
            key: `level${depth}`,
            when: { field: 'married', equals: 'yes' },
            fields: [nest(depth - 1)],
          };
    expect(problems([married, nest(3)])).toEqual([]);
    expect(problems([married, nest(4)])).toEqual(['"level1": dependent questions nest at most 3 deep']);
  });
});
