/**
 * Property tests of the schema built from a definition (docs/decisions/0047-form-engine.md):
 * random definitions of every field type, answers generated to satisfy them, and junk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBER_KINDS, type MemberKind } from '../applications/member-kinds.ts';
import { type AnswersMode, buildAnswersSchema } from './answers.ts';
import {
  type AnswerField,
  type ChoiceOption,
  type Condition,
  type FormDefinition,
  type FormField,
  formDefinitionSchema,
} from './definition.ts';
import { FILE_TYPES, IMAGE_FILE_TYPES } from './field-types.ts';
import { OCCUPATIONS } from './occupations.ts';
import { answerFields, validAnswers, validValue } from './testing.ts';

const TODAY = '2026-11-30';
type Gen = fc.GeneratorValue;

const kinds = fc.constantFrom<MemberKind[] | undefined>(undefined, undefined, undefined, ['Minor'], ['Adult']);

function options(g: Gen): ChoiceOption[] {
  const count = g(fc.integer, { min: 1, max: 5 });
  return Array.from({ length: count }, (_, i) => ({ value: `opt${i}`, label: `Option ${i}` }));
}

const ANSWER_TYPES = [
  'text',
  'short answer',
  'paragraph',
  'unique ID',
  'email',
  'password',
  'number',
  'currency',
  'range',
  'rating',
  'date',
  'time',
  'select',
  'dropdown',
  'radio',
  'multiple choice',
  'checkboxes',
  'country dropdown',
  'occupation dropdown',
  'phone',
  'file upload',
  'image upload',
] as const;

/** One answer field of a random type with random, consistent rules. */
function answerField(g: Gen, key: string): AnswerField {
  const common = { key, label: `Question ${key}`, required: g(fc.boolean), memberKinds: g(() => kinds) };
  const type: (typeof ANSWER_TYPES)[number] = g(fc.constantFrom, ...ANSWER_TYPES);
  switch (type) {
    case 'text':
    case 'short answer':
    case 'paragraph':
    case 'unique ID': {
      const min = g(fc.integer, { min: 0, max: 5 });
      const transforms = g(
        fc.constantFrom,
        undefined,
        ['trim'] as const,
        ['trim', 'uppercase'] as const,
        ['lowercase'] as const,
      );
      const matches = g(fc.boolean) ? { pattern: '^[A-Za-z0-9]+$', message: 'Letters and digits only' } : undefined;
      return {
        ...common,
        type,
        rules: { min, max: min + g(fc.integer, { min: 1, max: 20 }), matches },
        transforms: transforms && [...transforms],
      };
    }
    case 'email':
      return { ...common, type, transforms: ['trim'] };
    case 'password':
      return { ...common, type, strong: g(fc.boolean) };
    case 'number': {
      const min = g(fc.integer, { min: -1000, max: 1000 });
      return {
        ...common,
        type,
        rules: { min, max: min + g(fc.integer, { min: 0, max: 1000 }) },
        decimals: g(fc.integer, { min: 0, max: 2 }),
      };
    }
    case 'currency': {
      const min = g(fc.integer, { min: 0, max: 100_000 });
      return {
        ...common,
        type,
        currency: g(fc.constantFrom, 'USD', 'CAD', 'INR'),
        rules: { min, max: min + g(fc.integer, { min: 0, max: 10_000_000 }) },
      };
    }
    case 'range': {
      const min = g(fc.integer, { min: -50, max: 50 });
      return {
        ...common,
        type,
        rules: { min, max: min + g(fc.integer, { min: 1, max: 200 }) },
        step: g(fc.constantFrom, 1, 5, 10),
      };
    }
    case 'rating': {
      const max = g(fc.integer, { min: 2, max: 10 });
      return { ...common, type, rules: { min: g(fc.integer, { min: 1, max }), max } };
    }
    case 'date': {
      const rules = g(
        fc.constantFrom,
        undefined,
        { min: '1900-01-01' },
        { min: 'today+4', max: 'today+30' },
        { min: '2010-06-01', max: 'today' },
      );
      return { ...common, type, rules };
    }
    case 'time':
      return { ...common, type, rules: g(fc.constantFrom, undefined, { min: '09:00', max: '17:30' }) };
    case 'select':
    case 'dropdown':
    case 'radio':
    case 'multiple choice':
      return { ...common, type, options: options(g) };
    case 'checkboxes': {
      const opts = options(g);
      const min = g(fc.integer, { min: 0, max: opts.length });
      return {
        ...common,
        type,
        options: opts,
        rules: { min, max: g(fc.integer, { min: Math.max(min, 1), max: opts.length }) },
      };
    }
    case 'country dropdown':
      return { ...common, type, countries: g(fc.constantFrom, undefined, ['US', 'CA'], ['IN']) };
    case 'occupation dropdown':
      return { ...common, type };
    case 'phone':
      return { ...common, type, defaultCountry: 'US' };
    case 'file upload':
      return {
        ...common,
        type,
        rules: {
          maxSize: g(fc.integer, { min: 1000, max: 2_000_000 }),
          fileTypes: g(fc.subarray, [...FILE_TYPES], { minLength: 1 }),
        },
        uploadMode: 'onDrop',
      };
    case 'image upload':
      return {
        ...common,
        type,
        rules: { fileTypes: g(fc.subarray, [...IMAGE_FILE_TYPES], { minLength: 1 }) },
        uploadMode: 'onUpload',
      };
  }
}

/** A condition on one of the choice questions seen so far, or null when there is none. */
function conditionOn(g: Gen, earlier: AnswerField[]): Condition | null {
  const sources = earlier.filter((f) => 'options' in f || f.type === 'occupation dropdown');
  if (sources.length === 0 || g(fc.boolean)) {
    const any = earlier.at(g(fc.integer, { min: 0, max: Math.max(0, earlier.length - 1) }));
    return any ? { field: any.key, answered: true } : null;
  }
  const source = sources[g(fc.integer, { min: 0, max: sources.length - 1 })] as AnswerField;
  const values = 'options' in source ? source.options.map((o) => o.value) : OCCUPATIONS.map((o) => o.value);
  if (source.type === 'checkboxes') return { field: source.key, includes: g(fc.constantFrom, ...values) };
  return g(fc.boolean)
    ? { field: source.key, equals: g(fc.constantFrom, ...values) }
    : { field: source.key, oneOf: g(fc.subarray, values, { minLength: 1 }) };
}

const definitionArb: fc.Arbitrary<FormDefinition> = fc.gen().map((g) => {
  let next = 0;
  const earlier: AnswerField[] = [];
  const fieldList = (depth: number, count: number): FormField[] =>
    Array.from({ length: count }, (): FormField => {
      const key = `f${next++}`;
      const roll = g(fc.integer, { min: 0, max: 9 });
      if (roll === 0) return { type: 'description', key, label: 'Note', text: 'Read this first.' };
      const when = roll <= 2 && depth < 3 ? conditionOn(g, earlier) : null;
      if (when) {
        return {
          type: 'dependent',
          key,
          when,
          memberKinds: g(() => kinds),
          fields: fieldList(depth + 1, g(fc.integer, { min: 1, max: 3 })),
        };
      }
      const field = answerField(g, key);
      earlier.push(field);
      return field;
    });
  const steps = Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, (_, s) => ({
    key: `step${s}`,
    title: `Step ${s}`,
    sections: Array.from({ length: g(fc.integer, { min: 1, max: 2 }) }, (_, c) => ({
      key: `step${s}section${c}`,
      title: 'Section',
      fields: fieldList(1, g(fc.integer, { min: 1, max: 5 })),
    })),
  }));
  return { format: 1, id: 'random/form', version: 1, title: 'Random form', steps };
});

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Per field: a valid answer, junk, or nothing. */
function anyAnswers(definition: FormDefinition): fc.Arbitrary<Record<string, unknown>> {
  const entries = answerFields(definition).map((f) => [f.key, fc.oneof(validValue(f, TODAY), junk)] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
}

/**
 * The oracle, written apart from the engine: which keys a member is shown for these raw values
 * (a dependent holds on the raw answer of its field, if that field was shown).
 */
function expectedShown(definition: FormDefinition, kind: MemberKind, values: Record<string, unknown>): Set<string> {
  const shown = new Set<string>();
  const holds = (when: Condition) => {
    const value = shown.has(when.field) ? values[when.field] : undefined;
    if ('answered' in when) return value !== undefined;
    if ('includes' in when) return Array.isArray(value) && value.includes(when.includes);
    if ('oneOf' in when) return when.oneOf.includes(value as string);
    return value === when.equals;
  };
  const walk = (fields: readonly FormField[]) => {
    for (const f of fields) {
      if (f.memberKinds && !f.memberKinds.includes(kind)) continue;
      if (f.type === 'dependent') {
        if (holds(f.when)) walk(f.fields);
      } else if (f.type !== 'description') shown.add(f.key);
    }
  };
  for (const step of definition.steps) for (const section of step.sections) walk(section.fields);
  return shown;
}

const parse = (definition: FormDefinition, memberKind: MemberKind, mode: AnswersMode, values: unknown) =>
  buildAnswersSchema(definition, { mode, memberKind, today: TODAY }).safeParse(values);

const memberKind = fc.constantFrom(...MEMBER_KINDS);

describe('the schema built from random definitions', () => {
  it('generated definitions are valid definitions', () => {
    fc.assert(
      fc.property(definitionArb, (definition) => {
        const result = formDefinitionSchema.safeParse(definition);
        expect(result.success ? [] : result.error.issues).toEqual([]);
      }),
    );
  });

  it('accepts answers generated to satisfy the definition, keeping exactly the shown ones', () => {
    fc.assert(
      fc.property(
        definitionArb.chain((d) => fc.tuple(fc.constant(d), validAnswers(d, TODAY), memberKind)),
        ([definition, values, kind]) => {
          const result = parse(definition, kind, 'complete', values);
          expect(result.success ? [] : result.error.issues).toEqual([]);
          const shown = expectedShown(definition, kind, values);
          expect(new Set(Object.keys(result.data ?? {}))).toEqual(shown);
        },
      ),
    );
  });

  it('never keeps a hidden answer or names a hidden field, whatever it is given', () => {
    fc.assert(
      fc.property(
        definitionArb.chain((d) =>
          fc.tuple(fc.constant(d), anyAnswers(d), memberKind, fc.constantFrom<AnswersMode>('partial', 'complete')),
        ),
        ([definition, values, kind, mode]) => {
          const result = parse(definition, kind, mode, values);
          const keys = result.success ? Object.keys(result.data) : result.error.issues.map((i) => String(i.path[0]));
          const everShown = expectedShown(definition, kind, values);
          for (const key of keys) expect(everShown).toContain(key);
        },
      ),
    );
  });

  it('partial ⊆ complete: what the complete form accepts, a partial save accepts the same way', () => {
    fc.assert(
      fc.property(
        definitionArb.chain((d) =>
          fc.tuple(fc.constant(d), fc.oneof(validAnswers(d, TODAY), anyAnswers(d)), memberKind),
        ),
        ([definition, values, kind]) => {
          const complete = parse(definition, kind, 'complete', values);
          const partial = parse(definition, kind, 'partial', values);
          if (complete.success) expect(partial).toEqual(complete);
          if (!partial.success) expect(complete.success).toBe(false);
        },
      ),
    );
  });

  it('a partial save accepts any part of a valid form', () => {
    fc.assert(
      fc.property(
        definitionArb.chain((d) =>
          fc.tuple(
            fc.constant(d),
            validAnswers(d, TODAY).chain((v) => fc.subarray(Object.entries(v)).map(Object.fromEntries)),
            memberKind,
          ),
        ),
        ([definition, values, kind]) => {
          const result = parse(definition, kind, 'partial', values);
          expect(result.success ? [] : result.error.issues).toEqual([]);
        },
      ),
    );
  });

  it('stored answers are a fixed point: parsing them again changes nothing', () => {
    fc.assert(
      fc.property(
        definitionArb.chain((d) => fc.tuple(fc.constant(d), anyAnswers(d), memberKind)),
        ([definition, values, kind]) => {
          const once = parse(definition, kind, 'partial', values);
          if (!once.success) return;
          expect(parse(definition, kind, 'partial', once.data)).toEqual(once);
          const complete = parse(definition, kind, 'complete', values);
          if (complete.success) expect(parse(definition, kind, 'complete', complete.data)).toEqual(complete);
        },
      ),
    );
  });
});
