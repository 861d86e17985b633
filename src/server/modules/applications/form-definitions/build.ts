/**
 * Small helpers for writing the seeded definitions: each returns plain definition JSON (the
 * format of src/domain/forms/definition.ts), with `required` on unless said otherwise, since
 * most questions of the official forms must be answered.
 */
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import type {
  AnswerField,
  ChoiceOption,
  Condition,
  DependentField,
  FormDefinition,
  FormField,
  FormSection,
  FormStep,
} from '../../../../domain/forms/definition.ts';

type Extra<F> = Partial<Omit<F, 'type' | 'key' | 'label'>>;
/** The field interface whose `type` admits T ('short answer' → TextField). */
type Of<T extends AnswerField['type']> = AnswerField extends infer F
  ? F extends { type: infer U }
    ? T extends U
      ? F
      : never
    : never
  : never;

/** A required question of `type`. */
export function ask<T extends AnswerField['type']>(
  type: T,
  key: string,
  label: string,
  extra: Extra<Of<T>> = {},
): Of<T> {
  return { type, key, label, required: true, ...extra } as Of<T>;
}

export function optional<F extends AnswerField>(field: F): F {
  return { ...field, required: false };
}

export function only<F extends { memberKinds?: MemberKind[] }>(memberKind: MemberKind, item: F): F {
  return { ...item, memberKinds: [memberKind] };
}

/** Options from [value, label] pairs. */
export function options(pairs: readonly (readonly [string, string])[]): ChoiceOption[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

export const YES_NO = options([
  ['yes', 'Yes'],
  ['no', 'No'],
]);

/** A yes/no question as a short row of radio buttons; `short` is what its messages call it. */
export function yesNo(key: string, label: string, short: string, extra: Extra<Of<'radio'>> = {}): Of<'radio'> {
  return ask('radio', key, label, { errorLabel: short, options: YES_NO, ...extra });
}

/** Fields shown (and validated) only while `when` holds. */
export function dependent(key: string, when: Condition, fields: FormField[], label?: string): DependentField {
  return label ? { type: 'dependent', key, label, when, fields } : { type: 'dependent', key, when, fields };
}

/** Fields shown only after a yes to the yes/no question `field`. */
export function ifYes(field: string, fields: FormField[], label?: string): DependentField {
  return dependent(`${field}IfYes`, { field, equals: 'yes' }, fields, label);
}

export function note(key: string, label: string, text: string): FormField {
  return { type: 'description', key, label, text };
}

export function section(
  key: string,
  title: string,
  fields: FormField[],
  extra: Partial<FormSection> = {},
): FormSection {
  return { key, title, fields, ...extra };
}

export function step(key: string, title: string, sections: FormSection[], extra: Partial<FormStep> = {}): FormStep {
  return { key, title, sections, ...extra };
}

export function definition(id: string, title: string, steps: FormStep[], intro?: string): FormDefinition {
  return { format: 1, id, version: 1, title, ...(intro ? { intro } : {}), steps };
}
