import { MEMBER_KINDS, type MemberKind } from '../../../../domain/applications/member-kinds.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { SEEDED_FORM_DEFINITIONS } from '../../../../server/modules/applications/form-definitions/index.ts';
import { SHOWCASE_DEFINITION } from './showcase.ts';

export interface FormPreview {
  definition: FormDefinition;
  memberKind: MemberKind;
  step: number;
  /** Every definition the preview can show: [id, title]. */
  choices: [string, string][];
}

/**
 * What /dev/form-preview shows: `?form=<definition id>` (default: every field type),
 * `&member=Minor|Adult`, `&step=N`. The seeded definitions are static data read here directly;
 * the applications module's service will serve stored ones.
 */
export function formPreview(query: URLSearchParams): FormPreview {
  const id = query.get('form') ?? SHOWCASE_DEFINITION.id;
  const definition = SEEDED_FORM_DEFINITIONS.get(id) ?? SHOWCASE_DEFINITION;
  const member = query.get('member');
  const memberKind: MemberKind = MEMBER_KINDS.find((kind) => kind === member) ?? 'Adult';
  const step = Math.max(1, Number.parseInt(query.get('step') ?? '1', 10) || 1);
  const choices: [string, string][] = [
    [SHOWCASE_DEFINITION.id, SHOWCASE_DEFINITION.title],
    ...[...SEEDED_FORM_DEFINITIONS.values()].map((d): [string, string] => [d.id, `${d.title} (${d.id})`]),
  ];
  return { definition, memberKind, step, choices };
}
