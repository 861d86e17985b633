import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../domain/forms/definition.ts';
import { memberSteps, shownFieldKeys } from '../../../../domain/forms/visibility.ts';
import { newOciDefinition } from './oci.ts';

const NOTE = 'spouseEligibilityNote';

/** The fields an adult's new OCI form shows for these answers, its steps all at once. */
function shownFor(answers: Record<string, string>): Set<string> {
  const steps = memberSteps(newOciDefinition('oci-card/new-oci-card', 'New OCI card'), 'Adult');
  return shownFieldKeys(steps, (key) => answers[key]);
}

describe('new OCI form: eligible through marriage to a spouse who is not yet an Indian citizen or OCI cardholder', () => {
  const married = { maritalStatus: 'married', eligibility: 'spouse' };

  it('says so on the family step, with what to do instead', () => {
    expect(shownFor({ ...married, spouseIndianOrigin: 'no' }).has(NOTE)).toBe(true);
    const within = (fields: readonly FormField[]): FormField[] =>
      fields.flatMap((field) => (field.type === 'dependent' ? [field, ...within(field.fields)] : [field]));
    const note = within(
      newOciDefinition('oci-card/new-oci-card', 'New OCI card').steps.flatMap((step) =>
        step.sections.flatMap((section) => section.fields),
      ),
    ).find((field) => field.key === NOTE);
    expect(note).toMatchObject({
      type: 'description',
      label: 'Your eligibility through marriage',
      text: 'You chose to apply as the spouse of an Indian citizen or OCI cardholder: your spouse must be one already, married to you for at least two years. If your spouse is applying for their first OCI card, apply once theirs is issued, or go back to “Your Indian origin” and choose another way you are eligible.',
    });
  });

  it('says nothing when the spouse is one, before the question is answered, or when eligible otherwise', () => {
    expect(shownFor({ ...married, spouseIndianOrigin: 'yes' }).has(NOTE)).toBe(false);
    expect(shownFor(married).has(NOTE)).toBe(false);
    expect(shownFor({ ...married, eligibility: 'descendant', spouseIndianOrigin: 'no' }).has(NOTE)).toBe(false);
  });
});
