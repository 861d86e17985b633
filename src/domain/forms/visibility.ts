import type { MemberKind } from '../applications/member-kinds.ts';
import {
  type AnswerField,
  type Condition,
  type FormDefinition,
  type FormField,
  type FormSection,
  type FormStep,
  isAnswerField,
} from './definition.ts';

/** Whether a step, section or field is asked of a member of this kind. */
export function forMember(item: { memberKinds?: readonly MemberKind[] }, memberKind: MemberKind): boolean {
  return !item.memberKinds || item.memberKinds.includes(memberKind);
}

/** No answer: nothing, an empty or blank string, or no choice ticked. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Whether two answers are the same, no answer (isEmptyAnswer) of any form being alike. */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (isEmptyAnswer(a) || isEmptyAnswer(b)) return isEmptyAnswer(a) && isEmptyAnswer(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether `answers` already say what a one-tap copy's `values` would give: such a copy is not
 * offered (a second "Same address as …" after an identical one was taken changes nothing).
 */
export function answersSayTheSame(
  answers: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
) {
  return Object.entries(values).every(([key, value]) => sameAnswer(answers[key], value));
}

/** Whether a dependent's condition holds for the tested field's answer (undefined when it is not shown). */
export function conditionHolds(condition: Condition, value: unknown): boolean {
  if ('answered' in condition) return !isEmptyAnswer(value);
  if ('includes' in condition) return Array.isArray(value) && value.includes(condition.includes);
  if ('oneOf' in condition) return typeof value === 'string' && condition.oneOf.includes(value);
  return value === condition.equals;
}

/** Whether an answer is required: always (`required`), or while its `requiredWhen` holds on the answer it tests. */
export function isRequired(field: AnswerField, answerOf: (key: string) => unknown): boolean {
  if (field.required) return true;
  return field.requiredWhen ? conditionHolds(field.requiredWhen, answerOf(field.requiredWhen.field)) : false;
}

/**
 * Sections as they stand for these answers: each answer whose `requiredWhen` holds marked
 * `required` (the browser's "(optional)" and aria-required follow the answer it tests).
 */
export function sectionsRequiredNow(
  sections: readonly FormSection[],
  answerOf: (key: string) => unknown,
): FormSection[] {
  const resolve = (fields: readonly FormField[]): FormField[] =>
    fields.map((field) => {
      if (field.type === 'dependent') return { ...field, fields: resolve(field.fields) };
      if (isAnswerField(field) && field.requiredWhen && isRequired(field, answerOf))
        return { ...field, required: true };
      return field;
    });
  return sections.map((section) => ({ ...section, fields: resolve(section.fields) }));
}

/** The steps a member of this kind goes through, each with the sections they are asked. */
export function memberSteps(definition: FormDefinition, memberKind: MemberKind): FormStep[] {
  return definition.steps
    .filter((step) => forMember(step, memberKind))
    .map((step) => ({ ...step, sections: memberSections(step, memberKind) }))
    .filter((step) => step.sections.length > 0);
}

function memberSections(step: FormStep, memberKind: MemberKind): FormSection[] {
  return step.sections
    .filter((section) => forMember(section, memberKind))
    .map((section) => ({ ...section, fields: memberFields(section.fields, memberKind) }))
    .filter((section) => section.fields.length > 0);
}

/** A list of fields without those not asked of this member kind (inside dependents too). */
export function memberFields(fields: readonly FormField[], memberKind: MemberKind): FormField[] {
  return fields.flatMap((field): FormField[] => {
    if (!forMember(field, memberKind)) return [];
    if (field.type !== 'dependent') return [field];
    const inner = memberFields(field.fields, memberKind);
    return inner.length > 0 ? [{ ...field, fields: inner }] : [];
  });
}

/**
 * Calls `visit` for every answer field shown to a member, in document order. Whether a
 * dependent's fields are shown is decided when it is reached, from `answerOf` for the field it
 * tests; that field comes earlier (the definition schema checks it), and a field that was not
 * shown counts as unanswered.
 */
export function forEachShownField(
  steps: readonly FormStep[],
  answerOf: (key: string) => unknown,
  visit: (field: AnswerField, step: FormStep) => void,
): void {
  walkShown(steps, answerOf, (field, step) => {
    if (isAnswerField(field)) visit(field, step);
  });
}

/** The walk behind forEachShownField, visiting descriptions and shown dependents too. */
function walkShown(
  steps: readonly FormStep[],
  answerOf: (key: string) => unknown,
  visit: (field: FormField, step: FormStep) => void,
): void {
  const shown = new Set<string>();
  const value = (key: string) => (shown.has(key) ? answerOf(key) : undefined);
  const walk = (fields: readonly FormField[], step: FormStep) => {
    for (const field of fields) {
      if (field.type === 'dependent' && !conditionHolds(field.when, value(field.when.field))) continue;
      shown.add(field.key);
      visit(field, step);
      if (field.type === 'dependent') walk(field.fields, step);
    }
  };
  for (const step of steps) for (const section of step.sections) walk(section.fields, step);
}

/**
 * The keys of every field shown (answers, descriptions and the dependents whose condition holds)
 * among a member's steps, for these answers: what the browser renders.
 */
export function shownFieldKeys(steps: readonly FormStep[], answerOf: (key: string) => unknown): Set<string> {
  const keys = new Set<string>();
  walkShown(steps, answerOf, (field) => keys.add(field.key));
  return keys;
}

/** The keys of the questions dependents and `requiredWhen` test: the only answers that change what is shown or required. */
export function conditionSources(definition: FormDefinition): string[] {
  const sources = new Set<string>();
  const walk = (fields: readonly FormField[]) => {
    for (const field of fields) {
      if (isAnswerField(field) && field.requiredWhen) sources.add(field.requiredWhen.field);
      if (field.type !== 'dependent') continue;
      sources.add(field.when.field);
      walk(field.fields);
    }
  };
  for (const step of definition.steps) for (const section of step.sections) walk(section.fields);
  return [...sources];
}

/** The keys of the answers shown to a member given these answers (the browser asks with what is typed so far). */
export function shownAnswerKeys(
  definition: FormDefinition,
  memberKind: MemberKind,
  values: Readonly<Record<string, unknown>>,
): Set<string> {
  const keys = new Set<string>();
  forEachShownField(
    memberSteps(definition, memberKind),
    (key) => values[key],
    (field) => keys.add(field.key),
  );
  return keys;
}

/** Which member step (0-based index into memberSteps) each answer field of the definition is on. */
export function stepIndexByField(steps: readonly FormStep[]): Map<string, number> {
  const byKey = new Map<string, number>();
  const walk = (fields: readonly FormField[], index: number) => {
    for (const field of fields) {
      if (field.type === 'dependent') walk(field.fields, index);
      else byKey.set(field.key, index);
    }
  };
  steps.forEach((step, index) => {
    for (const section of step.sections) walk(section.fields, index);
  });
  return byKey;
}
