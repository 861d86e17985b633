import { describe, expect, it } from 'vitest';
import { priceFor, priceMatches, resolveChoices, startingPrice } from './pricing.ts';

const us = { applyingFrom: 'US', citizenship: null, destination: null, id: 1 };
const ca = { applyingFrom: 'CA', citizenship: null, destination: null, id: 2 };
const anywhere = { applyingFrom: null, citizenship: null, destination: null, id: 3 };

describe('pricing by parameter choices', () => {
  it('matches a price when every set parameter equals the choice; null matches anything', () => {
    expect(priceMatches(us, { applyingFrom: 'US' })).toBe(true);
    expect(priceMatches(us, { applyingFrom: 'CA' })).toBe(false);
    expect(priceMatches(us, {})).toBe(false);
    expect(priceMatches(anywhere, { applyingFrom: 'CA' })).toBe(true);
  });

  it('finds the price for the choices or null when the package is not offered', () => {
    expect(priceFor([us, ca], { applyingFrom: 'CA' })?.id).toBe(2);
    expect(priceFor([us], { applyingFrom: 'CA' })).toBeNull();
  });

  it('keeps a requested choice among the options, else takes the first option', () => {
    const options = { applyingFrom: ['US', 'CA'] };
    expect(resolveChoices(['applyingFrom'], options, { applyingFrom: 'ca' })).toEqual({ applyingFrom: 'CA' });
    expect(resolveChoices(['applyingFrom'], options, { applyingFrom: 'FR' })).toEqual({ applyingFrom: 'US' });
    expect(resolveChoices(['applyingFrom'], options, {})).toEqual({ applyingFrom: 'US' });
    expect(resolveChoices([], options, { applyingFrom: 'CA' })).toEqual({});
  });
});

describe('startingPrice (the "from" price of a service)', () => {
  const usd = (totalCents: number) => ({ currency: 'USD' as const, totalCents });
  const cad = (totalCents: number) => ({ currency: 'CAD' as const, totalCents });

  it('is the lowest full price across every package and price', () => {
    expect(startingPrice([{ prices: [usd(35400), usd(29390)] }, { prices: [usd(10290)] }])).toEqual({
      amountCents: 10290,
      currency: 'USD',
    });
  });

  it('prefers US dollars, even over a smaller amount in another currency', () => {
    expect(startingPrice([{ prices: [cad(4300), usd(10290)] }, { prices: [cad(900)] }])).toEqual({
      amountCents: 10290,
      currency: 'USD',
    });
  });

  it('stays in the first currency met when no price is in US dollars', () => {
    expect(startingPrice([{ prices: [cad(43240), cad(12940)] }])).toEqual({ amountCents: 12940, currency: 'CAD' });
  });

  it('is null for a service with no priced package', () => {
    expect(startingPrice([])).toBeNull();
    expect(startingPrice([{ prices: [] }])).toBeNull();
  });
});
