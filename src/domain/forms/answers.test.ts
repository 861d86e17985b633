import { describe, expect, it } from 'vitest';
import { MEMBER_KINDS, type MemberKind } from '../applications/member-kinds.ts';
import { type AnswersMode, answerErrors, buildAnswersSchema, checkAnswer, checkAnswers } from './answers.ts';
import type { AnswerField, FormDefinition, FormField } from './definition.ts';
import { FORM_FIELD_TYPES, RULE_KEYS, TEXT_TRANSFORMS, UPLOAD_MODES } from './field-types.ts';
import type { FileRef } from './files.ts';

const TODAY = '2026-11-30';

function definitionOf(...fields: FormField[]): FormDefinition {
  return {
    format: 1,
    id: 'test/form',
    version: 1,
    title: 'Test form',
    steps: [{ key: 'stepOne', title: 'Step', sections: [{ key: 'sectionOne', title: 'Section', fields }] }],
  };
}

function run(
  fields: FormField[],
  values: Record<string, unknown>,
  mode: AnswersMode = 'complete',
  memberKind: MemberKind = 'Adult',
) {
  return checkAnswers(definitionOf(...fields), values, { mode, memberKind, today: TODAY });
}

/** The message for one field's answer, or the normalised value. */
function one(field: AnswerField, value: unknown) {
  const result = checkAnswer(field, value, TODAY);
  return 'error' in result ? result.error : result.value;
}

describe('the vocabulary of SPEC.md §3, word for word', () => {
  it('has the 24 dynamic form field types', () => {
    expect(FORM_FIELD_TYPES).toEqual([
      'text',
      'number',
      'date',
      'time',
      'select',
      'short answer',
      'paragraph',
      'multiple choice',
      'checkboxes',
      'dropdown',
      'file upload',
      'currency',
      'email',
      'password',
      'phone',
      'image upload',
      'description',
      'rating',
      'unique ID',
      'radio',
      'range',
      'country dropdown',
      'occupation dropdown',
      'dependent',
    ]);
  });

  it('has the rule keys, text transforms, upload modes and member kinds', () => {
    expect(RULE_KEYS).toEqual(['min', 'max', 'maxSize', 'fileTypes', 'matches']);
    expect(TEXT_TRANSFORMS).toEqual(['trim', 'uppercase', 'lowercase']);
    expect(UPLOAD_MODES).toEqual(['onUpload', 'onDrop']);
    expect(MEMBER_KINDS).toEqual(['Minor', 'Adult']);
  });
});

describe('required answers, partial and complete', () => {
  const surname: AnswerField = { type: 'text', key: 'surname', label: 'Surname', required: true };
  const nickname: AnswerField = { type: 'text', key: 'nickname', label: 'Nickname' };

  it('a complete form needs every required answer, named by its field', () => {
    expect(run([surname, nickname], {}).errors).toEqual({ surname: 'Surname is required' });
    expect(run([surname], { surname: '   ' }).errors).toEqual({
      surname: 'Surname should not be empty or contain only spaces',
    });
  });

  it('a partial save accepts missing answers but not malformed present ones', () => {
    expect(run([surname, nickname], {}, 'partial')).toEqual({ answers: {}, errors: {} });
    expect(run([surname], { surname: 42 }, 'partial').errors).toEqual({ surname: 'Surname must be text' });
  });

  it('leaves unanswered optional fields and unknown keys out of the answers', () => {
    expect(run([surname, nickname], { surname: 'Rao', nickname: '', hacker: 'x' })).toEqual({
      answers: { surname: 'Rao' },
      errors: {},
    });
  });

  it('a requiredWhen answer is required only while the answer it tests says so', () => {
    const reason: AnswerField = {
      type: 'radio',
      key: 'reason',
      label: 'Reason',
      required: true,
      options: [
        { value: 'expiring', label: 'Expiring' },
        { value: 'changes', label: 'Something must change' },
      ],
    };
    const changes: AnswerField = {
      type: 'checkboxes',
      key: 'changes',
      label: 'What must change',
      requiredWhen: { field: 'reason', equals: 'changes' },
      options: [{ value: 'address', label: 'Address' }],
    };
    expect(run([reason, changes], { reason: 'changes' }).errors).toEqual({ changes: 'What must change is required' });
    expect(run([reason, changes], { reason: 'changes', changes: [] }).errors).toEqual({
      changes: 'What must change is required',
    });
    expect(run([reason, changes], { reason: 'expiring' })).toEqual({ answers: { reason: 'expiring' }, errors: {} });
    expect(run([reason, changes], { reason: 'changes', changes: ['address'] }).errors).toEqual({});
    // A partial save never requires it.
    expect(run([reason, changes], { reason: 'changes' }, 'partial').errors).toEqual({});
  });

  it('names a field by its errorLabel when it has one', () => {
    const refused: AnswerField = {
      type: 'radio',
      key: 'refused',
      label: 'Have you ever been refused a visa?',
      errorLabel: 'Visa refusal',
      required: true,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    };
    // Not "Visa refusal is required", which reads as if a refusal were needed (walk F: "Address in India is required").
    expect(run([refused], {}).errors).toEqual({ refused: 'Visa refusal: please answer Yes or No' });
  });
});

describe('text, short answer and paragraph', () => {
  const name: AnswerField = { type: 'text', key: 'givenName', label: 'Given name', rules: { min: 2, max: 5 } };

  it('checks min and max length in the spec’s wording', () => {
    expect(one(name, 'A')).toBe('Given name should be at least 2 characters');
    expect(one(name, 'Priyanka')).toBe('Given name should not exceed 5 characters');
    expect(one(name, 'Priya')).toBe('Priya');
  });

  it('has default maximum lengths per type', () => {
    expect(one({ type: 'short answer', key: 'a', label: 'City' }, 'x'.repeat(101))).toBe(
      'City should not exceed 100 characters',
    );
    expect(one({ type: 'text', key: 'a', label: 'Street' }, 'x'.repeat(201))).toBe(
      'Street should not exceed 200 characters',
    );
    expect(one({ type: 'paragraph', key: 'a', label: 'Details' }, 'x'.repeat(2000))).toHaveLength(2000);
    expect(one({ type: 'paragraph', key: 'a', label: 'Details' }, 'x'.repeat(2001))).toBe(
      'Details should not exceed 2000 characters',
    );
  });

  it('checks the matches rule with its own message', () => {
    const zip: AnswerField = {
      type: 'short answer',
      key: 'zip',
      label: 'ZIP code',
      rules: { matches: { pattern: '^\\d{5}(-\\d{4})?$', message: 'Enter a 5-digit ZIP code, such as 94107' } },
    };
    expect(one(zip, '9410')).toBe('Enter a 5-digit ZIP code, such as 94107');
    expect(one(zip, '94107-1234')).toBe('94107-1234');
  });

  it('applies the text transforms in order before the rules', () => {
    const field: AnswerField = { type: 'text', key: 'a', label: 'Surname', transforms: ['trim', 'uppercase'] };
    expect(one(field, '  Sharma ')).toBe('SHARMA');
    expect(one({ ...field, transforms: ['lowercase'] }, 'ShArMa')).toBe('sharma');
    expect(one({ ...field, transforms: undefined }, ' Sharma ')).toBe(' Sharma ');
    expect(one({ ...field, transforms: ['trim'], rules: { min: 3 } }, '  ab  ')).toBe(
      'Surname should be at least 3 characters',
    );
  });

  it('refuses the NUL character, which PostgreSQL cannot store', () => {
    expect(one({ type: 'paragraph', key: 'a', label: 'Details' }, 'a\u0000b')).toBe(
      'Please remove the hidden control character (NUL) from this text',
    );
  });
});

describe('email, password and unique ID', () => {
  it('email: the spec’s message, stored trimmed and lower-cased', () => {
    const email: AnswerField = { type: 'email', key: 'email', label: 'Email' };
    expect(one(email, 'priya@')).toBe('Please enter a valid email address');
    expect(one(email, ' Priya@Example.COM ')).toBe('priya@example.com');
  });

  it('password: never transformed; `strong` uses the spec’s strength message', () => {
    const password: AnswerField = { type: 'password', key: 'portalPassword', label: 'Portal password', strong: true };
    expect(one(password, 'Str0ng!Pass ')).toBe(
      'Password must meet the strength requirements:\n- only letters, digits and $@!%*#?&',
    );
    expect(one(password, 'weak')).toBe(
      [
        'Password must meet the strength requirements:',
        '- at least 8 characters long',
        '- one uppercase',
        '- one digit',
        '- one special character',
      ].join('\n'),
    );
    expect(one({ ...password, strong: false }, ' spaced out ')).toBe(' spaced out ');
  });

  it('unique ID: read without spaces and hyphens, letters and digits only, with its pattern', () => {
    const passport: AnswerField = {
      type: 'unique ID',
      key: 'passportNumber',
      label: 'Passport number',
      transforms: ['uppercase'],
      rules: { matches: { pattern: '^[A-Z][0-9]{7}$', message: 'An Indian passport number is a letter and 7 digits' } },
    };
    expect(one(passport, 'z 123-4567')).toBe('Z1234567');
    expect(one(passport, 'Z12345')).toBe('An Indian passport number is a letter and 7 digits');
    expect(one({ type: 'unique ID', key: 'a', label: 'OCI card number' }, 'A12/34')).toBe(
      'OCI card number should contain only letters and digits',
    );
  });
});

describe('number, currency, range and rating', () => {
  it('number: a JSON number, decimals, min and max', () => {
    const trips: AnswerField = { type: 'number', key: 'trips', label: 'Number of trips', rules: { min: 1, max: 20 } };
    expect(one(trips, '3')).toBe('Number of trips must be a number');
    expect(one(trips, Number.NaN)).toBe('Number of trips must be a number');
    expect(one(trips, 2.5)).toBe('Number of trips must be a whole number');
    expect(one(trips, 0)).toBe('Number of trips must be at least 1');
    expect(one(trips, 21)).toBe('Number of trips must be at most 20');
    expect(one(trips, 20)).toBe(20);
    const height: AnswerField = { type: 'number', key: 'h', label: 'Height', decimals: 1 };
    expect(one(height, 172.5)).toBe(172.5);
    expect(one(height, 172.55)).toBe('Height can have at most 1 decimal places');
  });

  it('currency: integer cents in the field’s currency', () => {
    const value: AnswerField = {
      type: 'currency',
      key: 'value',
      label: 'Property value',
      currency: 'INR',
      rules: { min: 100_00, max: 10_000_000_00 },
    };
    expect(one(value, 12.5)).toBe('Property value must be an amount such as 1250.00');
    expect(one(value, 99_99)).toBe('Property value must be at least ₹100');
    expect(one(value, 10_000_000_01)).toBe('Property value must be at most ₹1,00,00,000');
    expect(one(value, 5_000_000_00)).toBe(5_000_000_00);
    expect(one({ type: 'currency', key: 'v', label: 'Fee' }, -1)).toBe('Fee must be at least $0');
  });

  it('range: within its bounds, on its steps', () => {
    const range: AnswerField = {
      type: 'range',
      key: 'stay',
      label: 'Length of stay',
      rules: { min: 10, max: 180 },
      step: 10,
    };
    expect(one(range, 5)).toBe('Length of stay must be at least 10');
    expect(one(range, 190)).toBe('Length of stay must be at most 180');
    expect(one(range, 25)).toBe('Length of stay must be in steps of 10');
    expect(one(range, 30)).toBe(30);
    expect(one({ type: 'range', key: 'r', label: 'Confidence' }, 100)).toBe(100);
    expect(one({ type: 'range', key: 'r', label: 'Confidence' }, 101)).toBe('Confidence must be at most 100');
  });

  it('rating: whole stars from min to max (default 1 to 5)', () => {
    const rating: AnswerField = { type: 'rating', key: 'r', label: 'Your experience' };
    expect(one(rating, 0)).toBe('Your experience must be a rating from 1 to 5');
    expect(one(rating, 6)).toBe('Your experience must be a rating from 1 to 5');
    expect(one(rating, 3.5)).toBe('Your experience must be a rating from 1 to 5');
    expect(one(rating, 5)).toBe(5);
    expect(one({ ...rating, rules: { min: 2, max: 10 } }, 1)).toBe('Your experience must be a rating from 2 to 10');
    expect(one({ ...rating, rules: { min: 2, max: 10 } }, 10)).toBe(10);
  });
});

describe('date and time', () => {
  const issued: AnswerField = { type: 'date', key: 'issued', label: 'Date of issue' };

  it('without rules, a date lies between SPEC.md §5’s bounds: 2000-01-01 and today', () => {
    expect(one(issued, '1999-12-31')).toBe('Date of issue must be on or after January 1, 2000');
    expect(one(issued, '2000-01-01')).toBe('2000-01-01');
    expect(one(issued, TODAY)).toBe(TODAY);
    expect(one(issued, '2026-12-01')).toBe('Date of issue cannot be in the future');
  });

  it('takes only Monday to Friday for a day at a consulate (weekdaysOnly), naming the day it refuses', () => {
    const visit: AnswerField = {
      type: 'date',
      key: 'preferredDate',
      label: 'Preferred date',
      rules: { min: '2026-01-01', max: '2027-12-31', weekdaysOnly: true },
    };
    expect(one(visit, '2026-12-13')).toBe(
      'Preferred date must be a weekday: December 13, 2026 is a Sunday, when consulates and application centres are closed',
    );
    expect(one(visit, '2026-12-12')).toBe(
      'Preferred date must be a weekday: December 12, 2026 is a Saturday, when consulates and application centres are closed',
    );
    expect(one(visit, '2026-12-14')).toBe('2026-12-14');
    expect(one(visit, '2026-12-18')).toBe('2026-12-18');
    // Without the rule a Sunday is a date like any other.
    expect(one({ ...visit, rules: { min: '2026-01-01', max: '2027-12-31' } }, '2026-12-13')).toBe('2026-12-13');
  });

  it('refuses what is not a real ISO date', () => {
    for (const bad of ['2026-02-30', '30/11/2026', '2026-1-5', 20261130]) {
      expect(one(issued, bad)).toBe('Date of issue must be a real date (year, month and day)');
    }
  });

  it('takes fixed and relative bounds from its rules; a bound left out stays the spec’s', () => {
    const birth: AnswerField = { type: 'date', key: 'dob', label: 'Date of birth', rules: { min: '1900-01-01' } };
    expect(one(birth, '1962-08-15')).toBe('1962-08-15');
    expect(one(birth, '2026-12-01')).toBe('Date of birth cannot be in the future');
    const arrival: AnswerField = {
      type: 'date',
      key: 'arrival',
      label: 'Arrival date',
      rules: { min: 'today+4', max: 'today+30' },
    };
    expect(one(arrival, '2026-12-03')).toBe('Arrival date must be on or after December 4, 2026');
    expect(one(arrival, '2026-12-04')).toBe('2026-12-04');
    expect(one(arrival, '2026-12-31')).toBe('Arrival date must be on or before December 30, 2026');
    const expiry: AnswerField = {
      type: 'date',
      key: 'exp',
      label: 'Date of expiry',
      rules: { min: 'today', max: 'today+3660' },
    };
    expect(one(expiry, '2026-11-29')).toBe('Date of expiry cannot be in the past');
  });

  it('compares a date with the earlier answers its rules name: not before one, at most N years after another', () => {
    const fields: FormField[] = [
      { type: 'date', key: 'dob', label: 'Date of birth', rules: { min: '1900-01-01' } },
      { type: 'date', key: 'acquired', label: 'Date you acquired it', rules: { min: '1950-01-01', notBefore: 'dob' } },
      { type: 'date', key: 'issued', label: 'Date of issue', rules: { notBefore: 'dob' } },
      {
        type: 'date',
        key: 'expires',
        label: 'Date of expiry',
        rules: { max: 'today+3660', notBefore: 'issued', atMostYearsAfter: { field: 'issued', years: 11 } },
      },
    ];
    const dob = '1988-03-14';
    expect(run(fields, { dob, acquired: '1960-01-01', issued: '2001-01-01', expires: '2027-01-01' }).errors).toEqual({
      acquired: 'Date you acquired it cannot be before the date of birth (March 14, 1988)',
      expires: 'Date of expiry is more than 11 years after the date of issue: please check both dates',
    });
    expect(run(fields, { dob, issued: '2020-05-01', expires: '2020-04-30' }).errors).toEqual({
      expires: 'Date of expiry cannot be before the date of issue (May 1, 2020)',
    });
    expect(run(fields, { dob, acquired: dob, issued: '2020-05-01', expires: '2031-05-01' }).errors).toEqual({});
    // Nothing to compare with yet (a partial save): the date alone is checked.
    expect(run(fields, { expires: '2030-01-01' }, 'partial').errors).toEqual({});
  });

  it('keeps a passport valid at least N months after an earlier date: a visa applicant’s arrival', () => {
    const fields: FormField[] = [
      { type: 'date', key: 'arrival', label: 'Expected date of arrival', rules: { min: 'today', max: 'today+365' } },
      {
        type: 'date',
        key: 'expires',
        label: 'Date of expiry',
        rules: { max: 'today+3660', atLeastMonthsAfter: { field: 'arrival', months: 6 } },
      },
    ];
    expect(run(fields, { arrival: '2026-12-15', expires: '2026-12-11' }).errors).toEqual({
      expires: 'Date of expiry must be at least 6 months after the expected date of arrival: on or after June 15, 2027',
    });
    expect(run(fields, { arrival: '2026-12-15', expires: '2027-06-14' }).errors).toEqual({
      expires: 'Date of expiry must be at least 6 months after the expected date of arrival: on or after June 15, 2027',
    });
    expect(run(fields, { arrival: '2026-12-15', expires: '2027-06-15' }).errors).toEqual({});
    // Counted in calendar months: six months after August 31 is the end of February.
    expect(run(fields, { arrival: '2027-08-31', expires: '2028-02-29' }).errors).toEqual({});
  });

  it('time: HH:MM on a 24-hour clock, within its bounds', () => {
    const time: AnswerField = {
      type: 'time',
      key: 't',
      label: 'Preferred time',
      rules: { min: '09:00', max: '16:30' },
    };
    expect(one(time, '24:00')).toBe('Preferred time must be a time such as 09:30');
    expect(one(time, '9:30')).toBe('Preferred time must be a time such as 09:30');
    expect(one(time, '08:59')).toBe('Preferred time must be at 09:00 or later');
    expect(one(time, '16:31')).toBe('Preferred time must be at 16:30 or earlier');
    expect(one(time, '09:30')).toBe('09:30');
  });
});

describe('choices', () => {
  const options = [
    { value: 'single', label: 'Single' },
    { value: 'married', label: 'Married' },
  ];

  it('select, dropdown, radio and multiple choice take one of their options', () => {
    for (const type of ['select', 'dropdown', 'radio', 'multiple choice'] as const) {
      const field: AnswerField = { type, key: 'marital', label: 'Marital status', options };
      expect(one(field, 'married'), type).toBe('married');
      expect(one(field, 'Married'), type).toBe('Choose one of the listed options for Marital status');
      expect(one(field, ['married']), type).toBe('Choose one of the listed options for Marital status');
    }
  });

  it('checkboxes: options only, once each in the options’ order, min and max', () => {
    const field: AnswerField = {
      type: 'checkboxes',
      key: 'purpose',
      label: 'Purpose of visit',
      options: [
        { value: 'tourism', label: 'Tourism' },
        { value: 'family', label: 'Visiting family' },
        { value: 'yoga', label: 'Yoga programme' },
      ],
      rules: { min: 2, max: 2 },
    };
    expect(one(field, ['yoga', 'tourism', 'yoga'])).toEqual(['tourism', 'yoga']);
    expect(one(field, ['tourism'])).toBe('Choose at least 2 options for Purpose of visit');
    expect(one(field, ['tourism', 'family', 'yoga'])).toBe('Choose at most 2 options for Purpose of visit');
    expect(one(field, ['surfing', 'tourism'])).toBe('Choose one of the listed options for Purpose of visit');
    expect(one(field, 'tourism')).toBe('Choose one of the listed options for Purpose of visit');
  });

  it('a required checkboxes question needs one ticked (a consent box)', () => {
    const consent: AnswerField = {
      type: 'checkboxes',
      key: 'consent',
      label: 'Consent',
      required: true,
      options: [{ value: 'given', label: 'We both consent' }],
    };
    expect(run([consent], { consent: [] }).errors).toEqual({ consent: 'Consent is required' });
    expect(run([consent], { consent: ['given'] }).answers).toEqual({ consent: ['given'] });
  });

  it('country dropdown: ISO codes, narrowed by its list', () => {
    const country: AnswerField = { type: 'country dropdown', key: 'birthCountry', label: 'Country of birth' };
    expect(one(country, 'IN')).toBe('IN');
    expect(one(country, 'in')).toBe('Choose a country from the list for Country of birth');
    expect(one(country, 'XX')).toBe('Choose a country from the list for Country of birth');
    expect(one({ ...country, countries: ['US', 'CA'] }, 'IN')).toBe(
      'Choose a country from the list for Country of birth',
    );
  });

  it('occupation dropdown: one of the official forms’ occupations', () => {
    const occupation: AnswerField = { type: 'occupation dropdown', key: 'occupation', label: 'Occupation' };
    expect(one(occupation, 'it-professional')).toBe('it-professional');
    expect(one(occupation, 'astronaut')).toBe('Choose an occupation from the list for Occupation');
  });
});

describe('phone', () => {
  const phone: AnswerField = { type: 'phone', key: 'phone', label: 'Mobile number' };

  it('is country code, hyphen, number, with the spec’s messages', () => {
    expect(one(phone, ' +1-4155550123 ')).toBe('+1-4155550123');
    expect(one(phone, '+91-98765')).toBe('Enter valid phone number');
    expect(one(phone, '1-4155550123')).toBe('Invalid country code');
    expect(one(phone, '4155550123')).toBe('Enter valid phone number');
  });
});

describe('file upload and image upload', () => {
  const ref: FileRef = { documentId: 'doc_123', name: 'passport.pdf', type: 'application/pdf', size: 200_000 };
  const passportCopy: AnswerField = {
    type: 'file upload',
    key: 'passportCopy',
    label: 'Passport bio page',
    rules: { maxSize: 300 * 1024, fileTypes: ['application/pdf'] },
    uploadMode: 'onDrop',
  };

  it('takes a reference to an uploaded document', () => {
    expect(one(passportCopy, ref)).toEqual(ref);
    expect(one(passportCopy, { ...ref, size: 300 * 1024 + 1 })).toBe('Passport bio page must be at most 300 KB');
    expect(one(passportCopy, { ...ref, size: 0 })).toBe(
      'Passport bio page: the file is empty. Please choose another file',
    );
    expect(one(passportCopy, { ...ref, type: 'image/png' })).toBe('Passport bio page must be a PDF file');
    expect(one(passportCopy, { ...ref, documentId: '../etc' })).toBe(
      'Passport bio page: the upload did not finish. Please choose the file again',
    );
    expect(one(passportCopy, 'passport.pdf')).toBe(
      'Passport bio page: the upload did not finish. Please choose the file again',
    );
  });

  it('keeps a file name to 500 characters, ending in an ellipsis (SPEC.md §5)', () => {
    const long = `${'a'.repeat(600)}.pdf`;
    const stored = one(passportCopy, { ...ref, name: long }) as FileRef;
    expect([...stored.name]).toHaveLength(500);
    expect(stored.name).toBe(`${'a'.repeat(499)}…`);
    expect((one(passportCopy, { ...ref, name: 'x'.repeat(500) }) as FileRef).name).toBe('x'.repeat(500));
  });

  it('image upload defaults to image types and 5 MB', () => {
    const photo: AnswerField = { type: 'image upload', key: 'photo', label: 'Photo' };
    expect(one(photo, ref)).toBe('Photo must be a JPEG, PNG, HEIC or HEIF file');
    expect(one(photo, { ...ref, type: 'image/jpeg', size: 5 * 1024 * 1024 })).toMatchObject({ type: 'image/jpeg' });
    expect(one(photo, { ...ref, type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('Photo must be at most 5 MB');
  });
});

describe('description', () => {
  it('takes no answer: a value under its key is dropped', () => {
    const fields: FormField[] = [
      { type: 'description', key: 'note', label: 'Before you start', text: 'Have your passport at hand.' },
      { type: 'text', key: 'surname', label: 'Surname' },
    ];
    expect(run(fields, { note: 'typed anyway', surname: 'Rao' }).answers).toEqual({ surname: 'Rao' });
  });
});

describe('dependent', () => {
  const fields: FormField[] = [
    {
      type: 'radio',
      key: 'changedName',
      label: 'Have you ever changed your name?',
      errorLabel: 'Name change',
      required: true,
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
    {
      type: 'dependent',
      key: 'previousNameGroup',
      when: { field: 'changedName', equals: 'yes' },
      fields: [
        { type: 'text', key: 'previousName', label: 'Previous name', required: true },
        {
          type: 'select',
          key: 'changeReason',
          label: 'Reason for the change',
          options: [
            { value: 'marriage', label: 'Marriage' },
            { value: 'other', label: 'Other' },
          ],
        },
        {
          type: 'dependent',
          key: 'otherReasonGroup',
          when: { field: 'changeReason', equals: 'other' },
          fields: [{ type: 'paragraph', key: 'otherReason', label: 'Describe the reason', required: true }],
        },
      ],
    },
  ];

  it('is validated while its condition holds', () => {
    expect(run(fields, { changedName: 'yes' }).errors).toEqual({ previousName: 'Previous name is required' });
    expect(run(fields, { changedName: 'yes', previousName: 'Iyer', changeReason: 'other' }).errors).toEqual({
      otherReason: 'Describe the reason is required',
    });
  });

  it('drops hidden answers, valid or not, and is not validated', () => {
    const values = { changedName: 'no', previousName: 42, changeReason: 'other', otherReason: 'Deed poll' };
    expect(run(fields, values)).toEqual({ answers: { changedName: 'no' }, errors: {} });
  });

  it('hides a nested dependent when its parent group hides, whatever its own condition says', () => {
    const values = { changedName: 'no', changeReason: 'other', otherReason: 'Deed poll' };
    expect(run(fields, values, 'partial').answers).toEqual({ changedName: 'no' });
  });

  it('tests oneOf, includes and answered', () => {
    const base: FormField[] = [
      {
        type: 'checkboxes',
        key: 'visited',
        label: 'Countries visited',
        options: [
          { value: 'pk', label: 'Pakistan' },
          { value: 'bd', label: 'Bangladesh' },
        ],
      },
      {
        type: 'dependent',
        key: 'pkGroup',
        when: { field: 'visited', includes: 'pk' },
        fields: [{ type: 'short answer', key: 'pkYear', label: 'Year of visit', required: true }],
      },
      { type: 'email', key: 'email', label: 'Email' },
      {
        type: 'dependent',
        key: 'emailGroup',
        when: { field: 'email', answered: true },
        fields: [{ type: 'short answer', key: 'emailOwner', label: 'Whose e-mail is it', required: true }],
      },
    ];
    expect(run(base, { visited: ['bd'] }).errors).toEqual({});
    expect(run(base, { visited: ['bd', 'pk'] }).errors).toEqual({ pkYear: 'Year of visit is required' });
    expect(run(base, { email: 'a@b.co' }).errors).toEqual({ emailOwner: 'Whose e-mail is it is required' });
    const oneOf: FormField[] = [
      fields[0] as FormField,
      {
        type: 'dependent',
        key: 'g',
        when: { field: 'changedName', oneOf: ['yes', 'no'] },
        fields: [{ type: 'short answer', key: 'x', label: 'X', required: true }],
      },
    ];
    expect(run(oneOf, { changedName: 'no' }).errors).toEqual({ x: 'X is required' });
    expect(run(oneOf, {}, 'partial').errors).toEqual({});
  });

  it('treats an invalid tested answer as unanswered', () => {
    expect(run(fields, { changedName: 'maybe', previousName: 'Iyer' })).toEqual({
      answers: {},
      errors: { changedName: 'Choose one of the listed options for Name change' },
    });
  });
});

describe('member kinds', () => {
  const fields: FormField[] = [
    { type: 'text', key: 'surname', label: 'Surname', required: true },
    {
      type: 'checkboxes',
      key: 'parentalConsent',
      label: 'Parents’ consent',
      required: true,
      memberKinds: ['Minor'],
      options: [{ value: 'given', label: 'We both consent' }],
    },
  ];

  it('asks a minor what it does not ask an adult, and drops an adult’s answer to it', () => {
    expect(run(fields, { surname: 'Rao' }, 'complete', 'Minor').errors).toEqual({
      parentalConsent: 'Parents’ consent is required',
    });
    expect(run(fields, { surname: 'Rao', parentalConsent: ['given'] }, 'complete', 'Adult')).toEqual({
      answers: { surname: 'Rao' },
      errors: {},
    });
  });
});

describe('buildAnswersSchema', () => {
  const definition = definitionOf(
    { type: 'email', key: 'email', label: 'Email', required: true },
    { type: 'text', key: 'city', label: 'City', transforms: ['trim'] },
  );

  it('parses to the normalised answers', () => {
    const schema = buildAnswersSchema(definition, { mode: 'complete', memberKind: 'Adult', today: TODAY });
    expect(schema.parse({ email: 'A@B.CO', city: ' Pune ', extra: 1 })).toEqual({ email: 'a@b.co', city: 'Pune' });
  });

  it('puts each message at its field’s key, for react-hook-form and the API envelope', () => {
    const schema = buildAnswersSchema(definition, { mode: 'complete', memberKind: 'Adult', today: TODAY });
    const result = schema.safeParse({ city: 'x'.repeat(201) });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((i) => [i.path, i.message])).toEqual([
      [['email'], 'Email is required'],
      [['city'], 'City should not exceed 200 characters'],
    ]);
    expect(answerErrors(result.error)).toEqual({
      email: 'Email is required',
      city: 'City should not exceed 200 characters',
    });
  });

  it('refuses what is not an object of answers', () => {
    const schema = buildAnswersSchema(definition, { mode: 'partial', memberKind: 'Adult', today: TODAY });
    for (const bad of [null, [], 'answers', 3]) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      if (!result.success)
        expect(answerErrors(result.error)).toEqual({ answers: 'Answers must be an object keyed by question' });
    }
    expect(schema.parse({})).toEqual({});
  });
});
