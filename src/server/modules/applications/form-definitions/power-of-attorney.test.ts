import { describe, expect, it } from 'vitest';
import type { FormField, FormSection } from '../../../../domain/forms/definition.ts';
import { attestationDefinition } from './power-of-attorney.ts';

/** The executant's nationality question, wherever its step and section put it. */
function nationalityQuestion(kind: 'property' | 'civil'): FormField | undefined {
  const definition = attestationDefinition('power-of-attorney/x', 'Attestation', kind);
  const sections: FormSection[] = definition.steps.flatMap((step) => step.sections);
  return sections.flatMap((section) => section.fields).find((field) => field.key === 'executantNationality');
}

describe('power of attorney form: the executant’s nationality', () => {
  it('says what each country asks of a foreign citizen: a US document is apostilled, then attested; a Canadian apostille replaces the attestation, its fees refunded (catalog-facts §5)', () => {
    for (const kind of ['property', 'civil'] as const) {
      const question = nationalityQuestion(kind);
      expect(question && 'help' in question ? question.help : undefined).toBe(
        'Foreign citizens have the document apostilled. In the USA the consulate then attests it. In Canada the apostille takes its place, and we refund the attestation and application centre fees on request. Your checklist says which applies to you.',
      );
    }
  });
});
