import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PackagePrice } from '../../domain/catalog/service-detail.ts';
import { PriceBreakdown } from './price-breakdown.tsx';

const price: PackagePrice = {
  id: 1,
  applyingFrom: 'US',
  citizenship: null,
  destination: null,
  currency: 'USD',
  governmentFeeCents: 27500,
  mandatoryFees: [
    { label: 'ICWF', amountCents: 300 },
    { label: 'VFS Global service fee', amountCents: 1590 },
  ],
  serviceFeeCents: 7900,
  compareAtServiceFeeCents: 9900,
  totalCents: 37290,
  isEstimate: false,
  feesPaidOnPortal: false,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('PriceBreakdown', () => {
  it('shows each fee apart, the former service fee struck through, and the total with one currency mark', () => {
    const shown = text(renderToStaticMarkup(<PriceBreakdown price={price} />));
    expect(shown).toBe(
      'Government fee $275 ICWF $3 VFS Global service fee $15.90 Our service fee was $99 now $79 Total $372.90',
    );
  });

  it("reads 'CA$531.40', not 'CA$531.40 CAD', and 'per applicant' when the price is per person", () => {
    const cad: PackagePrice = { ...price, applyingFrom: 'CA', currency: 'CAD', totalCents: 53140 };
    const shown = text(renderToStaticMarkup(<PriceBreakdown price={cad} perApplicant />));
    expect(shown).toMatch(/Total CA\$531\.40 per applicant$/);
    expect(shown).not.toContain('CAD');
  });

  it('has no government fee line for a photo, whose government fee is zero', () => {
    const photo = { ...price, governmentFeeCents: 0, mandatoryFees: [], serviceFeeCents: 899, totalCents: 899 };
    const shown = text(renderToStaticMarkup(<PriceBreakdown price={{ ...photo, compareAtServiceFeeCents: 1000 }} />));
    expect(shown).toBe('Our service fee was $10 now $8.99 Total $8.99');
  });

  it('says under an estimated government fee what the customer pays and what happens if it differs', () => {
    const html = renderToStaticMarkup(<PriceBreakdown price={{ ...price, isEstimate: true }} />);
    expect(text(html)).toContain(
      'You pay the $275 government fee shown; if the government charges a different amount, we refund the difference or ask you for it before your application is submitted.',
    );
    expect(text(renderToStaticMarkup(<PriceBreakdown price={price} />))).not.toContain('government charges');
  });

  it('announces a dated change of the government fee before it takes effect (issue 32 §2)', () => {
    const scheduledChange = {
      id: 2,
      effectiveFrom: '2027-07-01',
      governmentFeeCents: 30000,
      mandatoryFees: price.mandatoryFees,
      totalCents: 39790,
    };
    const html = renderToStaticMarkup(<PriceBreakdown price={{ ...price, scheduledChange }} perApplicant />);
    expect(text(html)).toMatch(/per applicant From 1 July 2027 the government fee is \$300 \(total \$397\.90\)\.$/);
    expect(text(renderToStaticMarkup(<PriceBreakdown price={{ ...price, scheduledChange: null }} />))).not.toContain(
      'From ',
    );
  });

  it('totals our fee alone for an e-Visa and lists what the customer pays on the official portal under it', () => {
    const eVisa: PackagePrice = {
      ...price,
      governmentFeeCents: 2500,
      mandatoryFees: [{ label: 'Bank charge (2.5%)', amountCents: 63 }],
      serviceFeeCents: 1200,
      compareAtServiceFeeCents: 2400,
      totalCents: 1200,
      feesPaidOnPortal: true,
    };
    expect(text(renderToStaticMarkup(<PriceBreakdown price={eVisa} perApplicant />))).toBe(
      'Our service fee was $24 now $12 Total $12 per applicant Paid by you on the official portal when you submit, not in our price: Government fee $25 Bank charge (2.5%) $0.63',
    );
    const estimated = text(renderToStaticMarkup(<PriceBreakdown price={{ ...eVisa, isEstimate: true }} />));
    expect(estimated).toMatch(
      /These amounts are our best estimate: the portal shows the exact fee before you pay it\.$/,
    );
    expect(estimated).not.toContain('we refund the difference');
  });

  it("shows the package's fee note for the choices", () => {
    const note = 'Holding a passport other than a US one? VFS Global adds a $20 reference fee.';
    expect(text(renderToStaticMarkup(<PriceBreakdown price={price} note={note} />))).toContain(note);
  });
});
