import type { MemberKind } from '../applications/member-kinds.ts';
import type {
  ChoiceOptionMinorTexts,
  FormDefinition,
  FormField,
  FormSection,
  FormStep,
  MinorTexts,
} from './definition.ts';

/** Stands for the member's first name in a definition's minor texts ("{name}’s photo"). */
export const MEMBER_NAME_TOKEN = '{name}';

/** The name a minor's texts call the child: the first word of the member's full name. */
export function memberFirstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** Minor texts of a step, section, field (MinorTexts) or choice (ChoiceOptionMinorTexts). */
type Texts = MinorTexts | ChoiceOptionMinorTexts;

function named(minor: Texts, name: string): Texts {
  return Object.fromEntries(
    Object.entries(minor).map(([key, text]) => [key, String(text).replaceAll(MEMBER_NAME_TOKEN, name)]),
  );
}

/** An item with its minor texts in place of the adult's (and no `minor` left). */
function withMinorTexts<T extends { minor?: Texts | undefined }>(item: T, name: string): Omit<T, 'minor'> {
  const { minor, ...rest } = item;
  return minor ? { ...rest, ...named(minor, name) } : rest;
}

function fieldFor(field: FormField, name: string): FormField {
  const own = withMinorTexts(field, name) as FormField;
  if (own.type === 'dependent') return { ...own, fields: own.fields.map((f) => fieldFor(f, name)) };
  if ('options' in own) return { ...own, options: own.options.map((o) => withMinorTexts(o, name)) } as FormField;
  return own;
}

function sectionFor(section: FormSection, name: string): FormSection {
  return { ...withMinorTexts(section, name), fields: section.fields.map((f) => fieldFor(f, name)) };
}

function stepFor(step: FormStep, name: string): FormStep {
  return { ...withMinorTexts(step, name), sections: step.sections.map((s) => sectionFor(s, name)) };
}

/**
 * The definition as one member reads it (issue 30 §3: "A minor's steps name the child, never
 * 'you'"): for a minor, every text the definition words for a minor (`minor`) replaces the
 * adult's, with `{name}` as the child's first name; an adult's definition is the one given. The
 * form engine renders it and the server's answer checks word their messages with it, so the two
 * say the same.
 */
export function definitionForMember(
  definition: FormDefinition,
  member: { kind: MemberKind; fullName?: string | undefined },
): FormDefinition {
  if (member.kind !== 'Minor') return definition;
  const name = memberFirstName(member.fullName ?? '') || 'the child';
  return { ...definition, steps: definition.steps.map((s) => stepFor(s, name)) };
}
