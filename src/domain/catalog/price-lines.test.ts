import { describe, expect, it } from 'vitest';
import { estimateNote, PRICE_MESSAGES, priceLines } from './price-lines.ts';

const oci = {
  currency: 'CAD' as const,
  governmentFeeCents: 42100,
  mandatoryFees: [
    { label: 'ICWF', amountCents: 400 },
    { label: 'BLS International service fee', amountCents: 740 },
  ],
  serviceFeeCents: 9900,
  compareAtServiceFeeCents: 12900,
  isEstimate: false,
};

describe('priceLines', () => {
  it('lists the government fee, each mandatory fee and our fee with its former amount', () => {
    expect(priceLines(oci)).toEqual([
      { label: 'Government fee', amountCents: 42100, wasCents: null },
      { label: 'ICWF', amountCents: 400, wasCents: null },
      { label: 'BLS International service fee', amountCents: 740, wasCents: null },
      { label: 'Our service fee', amountCents: 9900, wasCents: 12900 },
    ]);
  });

  it('has no "Government fee $0" line when there is no government fee (a photo)', () => {
    const photo = { ...oci, currency: 'USD' as const, governmentFeeCents: 0, mandatoryFees: [], serviceFeeCents: 899 };
    expect(priceLines({ ...photo, compareAtServiceFeeCents: 899 })).toEqual([
      { label: 'Our service fee', amountCents: 899, wasCents: null },
    ]);
  });
});

describe('estimateNote', () => {
  it('says in one sentence what the customer pays and what happens if the fee differs', () => {
    expect(PRICE_MESSAGES.perApplicant).toBe('per applicant');
    expect(estimateNote({ ...oci, isEstimate: true })).toBe(
      'You pay the CA$421 government fee shown; if the government charges a different amount, we refund the difference or ask you for it before your application is submitted.',
    );
    expect(estimateNote(oci)).toBeNull();
  });
});
