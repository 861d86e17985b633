import { describe, expect, it } from 'vitest';
import { countryCodeFromNameSlug, countryNameSlug } from './lookup.ts';

describe('country names in URLs', () => {
  it('finds the code of a lowercased, hyphenated English name', () => {
    expect(countryCodeFromNameSlug('united-states')).toBe('US');
    expect(countryCodeFromNameSlug('usa')).toBe('US');
    expect(countryCodeFromNameSlug('canada')).toBe('CA');
    expect(countryCodeFromNameSlug(countryNameSlug('United Kingdom'))).toBe('GB');
    expect(countryCodeFromNameSlug('new-oci-card')).toBeNull();
  });
});
