import type { FormDefinition } from '../forms/definition.ts';
import { memberSteps, stepIndexByField } from '../forms/visibility.ts';
import { checklistItemOfUpload } from './checklist.ts';
import type { MemberKind } from './member-kinds.ts';

/**
 * Where a member uploads a checklist item: the form step that asks for it (photo, signature), else
 * the Documents step (undefined for a documents-only package: the member's page is the documents).
 * The review page and the order page's "Replace …'s photo" link there: the Documents step does not
 * ask again for what a form step asks.
 */
export function itemStep(definition: FormDefinition | null, kind: MemberKind, itemId: string): number | undefined {
  if (!definition) return undefined;
  const steps = memberSteps(definition, kind);
  const asked = [...stepIndexByField(steps)].find(([key]) => checklistItemOfUpload(key) === itemId)?.[1];
  return (asked ?? steps.length) + 1;
}
