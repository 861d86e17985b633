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
  MinorTexts,
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
/** Choices from `[value, label]` pairs, with a minor's label third where the member speaks ("I have…"). */
export function options(pairs: readonly (readonly [string, string, string?])[]): ChoiceOption[] {
  return pairs.map(([value, label, minorLabel]) => ({
    value,
    label,
    ...(minorLabel ? { minor: { label: minorLabel } } : {}),
  }));
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

/** Text between questions; `minor`, its words on a minor's form where it speaks of the member. */
export function note(key: string, label: string, text: string, minor?: MinorTexts): FormField {
  return { type: 'description', key, label, text, ...(minor ? { minor } : {}) };
}

/**
 * A title about the member, as a minor's form says it (src/domain/forms/member-texts.ts): "Your
 * passport" is "{name}’s passport", "About you" is "About {name}" (MINOR_TITLES). Other titles have no minor wording.
 */
const MINOR_TITLES: Readonly<Record<string, string>> = {
  'About you': 'About {name}',
  'The passport you lost': 'The passport {name} lost',
  'The Indian passport you surrender': 'The Indian passport {name} gives up',
  'How you will submit it': 'How it will be submitted',
  'The Indian company you visit': 'The Indian company {name} visits',
  'The visa you need': 'The visa {name} needs',
  'What you are applying for': 'What {name} is applying for',
  // A minor's step asks the photo alone (the signature is an adult's): walk F read "Photo and
  // signature" over it. Not "{name}'s photo", the question's own label: three regions of one name.
  'Photo and signature': 'Photo',
};

function minorTitle(title: string): { minor: MinorTexts } | Record<string, never> {
  const worded = MINOR_TITLES[title];
  if (worded) return { minor: { title: worded } };
  return title.startsWith('Your ') ? { minor: { title: `{name}’s ${title.slice('Your '.length)}` } } : {};
}

/** A section; a title about the member ("Your …") gets its minor wording unless `extra` gives one. */
export function section(
  key: string,
  title: string,
  fields: FormField[],
  extra: Partial<FormSection> = {},
): FormSection {
  return { key, title, fields, ...minorTitle(title), ...extra };
}

/** A step; a title about the member ("Your …", "About you") gets its minor wording unless `extra` gives one. */
export function step(key: string, title: string, sections: FormSection[], extra: Partial<FormStep> = {}): FormStep {
  return { key, title, sections, ...minorTitle(title), ...extra };
}

export function definition(id: string, title: string, steps: FormStep[], intro?: string): FormDefinition {
  return { format: 1, id, version: 1, title, ...(intro ? { intro } : {}), steps };
}
