import { describe, expect, it } from 'vitest';
import { estimateNote, PRICE_MESSAGES, portalLines, priceLines } from './price-lines.ts';
import { priceTotalCents } from './service-detail.ts';

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
  feesPaidOnPortal: false,
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

describe('fees paid on the official portal (the e-Visa)', () => {
  const eVisa = {
    ...oci,
    currency: 'USD' as const,
    governmentFeeCents: 2500,
    mandatoryFees: [{ label: 'Bank charge (2.5%)', amountCents: 63 }],
    serviceFeeCents: 1200,
    compareAtServiceFeeCents: 2400,
    isEstimate: true,
    feesPaidOnPortal: true,
  };

  it('lists our fee as the price and the portal’s fees apart, with no promise to refund a difference', () => {
    expect(priceLines(eVisa)).toEqual([{ label: 'Our service fee', amountCents: 1200, wasCents: 2400 }]);
    expect(portalLines(eVisa)).toEqual([
      { label: 'Government fee', amountCents: 2500, wasCents: null },
      { label: 'Bank charge (2.5%)', amountCents: 63, wasCents: null },
    ]);
    expect(portalLines(oci)).toEqual([]);
    expect(estimateNote(eVisa)).toBeNull();
    expect(PRICE_MESSAGES.paidOnPortal).toBe('Paid by you on the official portal when you submit, not in our price:');
  });

  it('totals our fee alone', () => {
    expect(priceTotalCents(eVisa)).toBe(1200);
    expect(priceTotalCents({ ...eVisa, feesPaidOnPortal: false })).toBe(3763);
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
