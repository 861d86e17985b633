import { describe, expect, it } from 'vitest';
import { samePhoneNumber } from './same-number.ts';

describe('samePhoneNumber', () => {
  it('matches one line however it was written', () => {
    expect(samePhoneNumber('+1-4155550123', '+1 (415) 555-0123')).toBe(true);
    expect(samePhoneNumber('+91-9876543210', '+91 98765 43210')).toBe(true);
  });

  it('matches a number typed with its trunk prefix 0, or its calling code with leading zeros (a self-referral)', () => {
    expect(samePhoneNumber('+91-09876543210', '+91-9876543210')).toBe(true);
    expect(samePhoneNumber('+91 098765 43210', '+91-9876543210')).toBe(true);
    expect(samePhoneNumber('+001-4155550123', '+1-4155550123')).toBe(true);
    expect(samePhoneNumber('+0044-02079460958', '+44 20 7946 0958')).toBe(true);
  });

  it('tells different lines and calling codes apart, and matches nothing to an empty number', () => {
    expect(samePhoneNumber('+91-09876543210', '+1-9876543210')).toBe(false);
    expect(samePhoneNumber('+1-4155550123', '+1-4155550124')).toBe(false);
    expect(samePhoneNumber('+1-4155550123', '+91-4155550123')).toBe(false);
    expect(samePhoneNumber('', '')).toBe(false);
  });
});
