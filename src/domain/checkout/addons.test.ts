import { describe, expect, it } from 'vitest';
import { ADDON_DETAILS } from './addons.ts';

describe('the add-ons’ sub-texts', () => {
  it('promise Expedite work we do: we check and prepare, the customer files (as the print pack says)', () => {
    const text = ADDON_DETAILS.Expedite.subText;
    expect(text).not.toMatch(/\b(files|submits)\b/i);
    expect(text).toContain('prepares your file');
    expect(text).toContain('within one business day of your last document');
  });

  it('say what the apostille does from each country it is offered in (catalog-facts §5)', () => {
    const text = ADDON_DETAILS.Apostilled.subText;
    // Canada: an apostilled document needs no attestation; the USA: the consulate still attests it.
    expect(text).not.toMatch(/without further attestation/);
    expect(text).toContain('From Canada, the apostille takes the place of the consulate’s attestation');
    expect(text).toContain('from the USA, the consulate still attests the document');
  });
});
