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
        'If you are a foreign citizen: in the USA, your state apostilles the document first, and the consulate then attests it; in Canada, your province or Global Affairs Canada apostilles it instead, and the consulate does not attest it, so we refund the attestation fee and the application centre’s fee in your price when you ask on our Request a refund page.',
      );
    }
  });
});
