import { describe, expect, it } from 'vitest';
import { priceFor, priceMatches, resolveChoices } from './pricing.ts';

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
