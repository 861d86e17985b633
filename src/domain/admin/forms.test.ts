import { describe, expect, it } from 'vitest';
import { type FormDefinition, formDefinitionSchema } from '../forms/definition.ts';
import {
  appendQuestions,
  checkAdminDefinition,
  parseCsv,
  QUESTION_IMPORT_LIMITS,
  questionsFromCsv,
  questionsFromJson,
} from './forms.ts';

const definition: FormDefinition = formDefinitionSchema.parse({
  format: 1,
  id: 'test/form',
  version: 1,
  title: 'Test form',
  steps: [
    {
      key: 'about',
      title: 'About you',
      sections: [{ key: 'names', title: 'Names', fields: [{ key: 'givenName', label: 'Given name', type: 'text' }] }],
    },
  ],
});

describe('parseCsv', () => {
  it('reads quoted values with commas, doubled quotes and line breaks, CRLF or LF, and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual({
      ok: true,
      rows: [
        ['a', 'b'],
        ['x, y', 'say "hi"\nthere'],
      ],
    });
    expect(parseCsv('a,,c\n\n')).toEqual({ ok: true, rows: [['a', '', 'c']] });
  });

  it('refuses an open quote, a quote inside a value and text after a closing quote', () => {
    expect(parseCsv('a\n"open')).toEqual({ ok: false, message: 'Line 2: a quoted value is not closed.' });
    expect(parseCsv('a"b')).toEqual({ ok: false, message: 'Line 1: a quote inside an unquoted value.' });
    expect(parseCsv('"a"b')).toEqual({ ok: false, message: 'Line 1: text after a closing quote.' });
  });
});

describe('questionsFromCsv and questionsFromJson', () => {
  it('turns rows into fields: required, options, numeric and date bounds, patterns', () => {
    const csv =
      'key,label,type,required,options,min,max\nage,Age,number,yes,,0,120\nwhen,When,date,,,2000-01-01,today\npick,Pick,select,,a|b=Bee,,';
    expect(questionsFromCsv(csv)).toEqual({
      ok: true,
      questions: [
        { key: 'age', label: 'Age', type: 'number', required: true, rules: { min: 0, max: 120 } },
        { key: 'when', label: 'When', type: 'date', rules: { min: '2000-01-01', max: 'today' } },
        {
          key: 'pick',
          label: 'Pick',
          type: 'select',
          options: [
            { value: 'a', label: 'a' },
            { value: 'b', label: 'Bee' },
          ],
        },
      ],
    });
  });

  it('names what is wrong with the file or each row', () => {
    expect(questionsFromCsv('key,label\na,b')).toEqual({ ok: false, errors: { file: 'Missing columns: type.' } });
    expect(questionsFromCsv('key,label,type,key\na,b,text,c').ok).toBe(false);
    expect(questionsFromCsv('key,label,type,min\nn,N,number,ten')).toEqual({
      ok: false,
      errors: { 'rows.1': 'Row 1: min must be a number.' },
    });
    const many = `key,label,type\n${Array.from({ length: QUESTION_IMPORT_LIMITS.rowsMax + 1 }, (_, i) => `k${i},L,text`).join('\n')}`;
    expect(questionsFromCsv(many).ok).toBe(false);
    expect(questionsFromJson({ questions: [] }).ok).toBe(false);
    expect(questionsFromJson({ questions: [{}], extra: 1 }).ok).toBe(false);
    expect(questionsFromJson({ questions: [{ key: 'a' }] })).toEqual({ ok: true, questions: [{ key: 'a' }] });
  });
});

describe('the requiredWhen column', () => {
  const header = 'key,label,type,options,requiredWhen';
  const reason = 'reissueReason,Reason for renewal,radio,expired|changes|lost,';
  const rowsOf = (csv: string) => {
    const parsed = questionsFromCsv(csv);
    return parsed.ok ? parsed.questions : parsed.errors;
  };

  it('reads each kind of condition in the definition format’s own words', () => {
    expect(
      rowsOf(
        [
          header,
          'changes,Changes to make,text,,reissueReason equals changes',
          'lostWhere,Place of loss,text,,reissueReason oneOf lost | changes',
          'visaNumber,Visa number,text,,documents includes visa',
          'notes,Notes,text,,reissueReason ANSWERED',
        ].join('\n'),
      ),
    ).toEqual([
      {
        key: 'changes',
        label: 'Changes to make',
        type: 'text',
        requiredWhen: { field: 'reissueReason', equals: 'changes' },
      },
      {
        key: 'lostWhere',
        label: 'Place of loss',
        type: 'text',
        requiredWhen: { field: 'reissueReason', oneOf: ['lost', 'changes'] },
      },
      { key: 'visaNumber', label: 'Visa number', type: 'text', requiredWhen: { field: 'documents', includes: 'visa' } },
      { key: 'notes', label: 'Notes', type: 'text', requiredWhen: { field: 'reissueReason', answered: true } },
    ]);
  });

  it('gives the draft the same question as the JSON import, the rule included', () => {
    const rule = { field: 'reissueReason', equals: 'changes' };
    const csv = questionsFromCsv(
      `${header}\n${reason}\nchanges,Changes to make,paragraph,,reissueReason equals changes`,
    );
    if (!csv.ok) throw new Error('the CSV was refused');
    const fromCsv = appendQuestions(definition, { step: 'about', section: 'names' }, csv.questions);
    const fromJson = appendQuestions(definition, { step: 'about', section: 'names' }, [
      {
        key: 'reissueReason',
        label: 'Reason for renewal',
        type: 'radio',
        options: ['expired', 'changes', 'lost'].map((v) => ({ value: v, label: v })),
      },
      { key: 'changes', label: 'Changes to make', type: 'paragraph', requiredWhen: rule },
    ]);
    expect(fromCsv.ok).toBe(true);
    expect(fromCsv).toEqual(fromJson);
    expect(fromCsv.ok && fromCsv.definition.steps[0]?.sections[0]?.fields.at(-1)).toMatchObject({ requiredWhen: rule });
  });

  it('names a value that is not a condition, and a condition on a question that does not come before', () => {
    expect(rowsOf(`${header}\n${reason}\nchanges,Changes to make,text,,reissueReason is changes`)).toEqual({
      'rows.2':
        'Row 2: requiredWhen must be an earlier question\'s key and a test, such as "reissueReason equals changes", "reissueReason oneOf lost|stolen", "documents includes visa" or "reissueReason answered".',
    });
    expect(rowsOf(`${header}\nchanges,Changes to make,text,,reissueReason equals`)).toHaveProperty('rows.1');
    const later = questionsFromCsv(`${header}\nchanges,Changes to make,text,,reissueReason equals changes\n${reason}`);
    if (!later.ok) throw new Error('the CSV was refused');
    expect(appendQuestions(definition, { step: 'about', section: 'names' }, later.questions)).toEqual({
      ok: false,
      errors: {
        'rows.1.requiredWhen':
          'Row 1: "changes" depends on "reissueReason", which is not a question that comes before it',
      },
    });
  });
});

describe('appendQuestions', () => {
  it('appends to the section when every row is valid, and reports problems by row otherwise', () => {
    const added = appendQuestions(definition, { step: 'about', section: 'names' }, [
      { key: 'familyName', label: 'Family name', type: 'text' },
    ]);
    expect(added.ok && added.definition.steps[0]?.sections[0]?.fields.map((f) => f.key)).toEqual([
      'givenName',
      'familyName',
    ]);
    const bad = appendQuestions(definition, { step: 'about', section: 'names' }, [
      { key: 'fine', label: 'Fine', type: 'text' },
      { key: 'givenName', label: 'Again', type: 'text' },
    ]);
    expect(bad).toEqual({
      ok: false,
      errors: {
        'rows.2.key': 'Row 2: The key "givenName" is used more than once; every step, section and field needs its own',
      },
    });
    expect(appendQuestions(definition, { step: 'x', section: 'names' }, []).ok).toBe(false);
    expect(definition.steps[0]?.sections[0]?.fields).toHaveLength(1);
  });
});

describe('checkAdminDefinition', () => {
  it('sets the version, keeps the id, and lists each problem by path', () => {
    const checked = checkAdminDefinition({ ...definition, version: 99 }, 'test/form', 3);
    expect(checked.ok && checked.definition.version).toBe(3);
    expect(checkAdminDefinition(definition, 'other/form', 2)).toEqual({
      ok: false,
      errors: { id: "The definition's id must stay other/form." },
    });
    const bad = checkAdminDefinition({ ...definition, title: '', steps: [] }, 'test/form', 2);
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(['steps', 'title']);
    expect(checkAdminDefinition('nonsense', 'test/form', 2).ok).toBe(false);
  });
});
