import { describe, expect, it } from 'vitest';
import { feesPaidElsewhere, filingOf } from './filing.ts';

describe('filingOf', () => {
  it('files the e-Visa online only, a photo order nowhere, and every other service with a mission', () => {
    expect(filingOf('indian-visa')).toBe('online');
    expect(filingOf('photo-enhancement')).toBe('none');
    for (const slug of [
      'oci-card',
      'indian-passport-renewal',
      'power-of-attorney',
      'visa-application-centre-support',
    ]) {
      expect(filingOf(slug)).toBe('mission');
    }
  });
});

describe('feesPaidElsewhere', () => {
  it('leaves the e-Visa’s fees to the portal and the File Check’s consular fee to the centre', () => {
    expect(feesPaidElsewhere('indian-visa')).toBe('portal');
    expect(feesPaidElsewhere('visa-application-centre-support')).toBe('centre');
  });

  it('has every fee in the "from" price of the other services', () => {
    for (const slug of ['oci-card', 'indian-passport-renewal', 'power-of-attorney', 'photo-enhancement']) {
      expect(feesPaidElsewhere(slug)).toBeNull();
    }
  });
});
