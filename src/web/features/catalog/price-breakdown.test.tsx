import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PackagePrice } from '../../../domain/catalog/service-detail.ts';
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
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('PriceBreakdown', () => {
  it('shows each fee apart, the former service fee struck through, and the total', () => {
    const shown = text(renderToStaticMarkup(<PriceBreakdown price={price} />));
    expect(shown).toBe(
      'Government fee $275 ICWF $3 VFS Global service fee $15.90 Our service fee was $99 now $79 Total $372.90 USD',
    );
  });

  it('adds the estimate note only for estimated fees', () => {
    const html = renderToStaticMarkup(<PriceBreakdown price={{ ...price, isEstimate: true }} />);
    expect(text(html)).toContain('The government fee is an estimate');
    expect(text(html)).not.toContain('isEstimate');
  });
});
