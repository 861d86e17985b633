import { describe, expect, it } from 'vitest';
import { nationalDigits } from './national-digits.ts';

describe('nationalDigits', () => {
  it('keeps the digits of a number written the usual ways', () => {
    expect(nationalDigits('(416) 967-1111', '+1')).toBe('4169671111');
    expect(nationalDigits('416.967.1111', '+1')).toBe('4169671111');
    expect(nationalDigits('98765 43210', '+91')).toBe('9876543210');
  });

  it('drops the dial code the text starts with, and only then', () => {
    expect(nationalDigits('+1 (416) 967-1111', '+1')).toBe('4169671111');
    expect(nationalDigits(' +91 98765 43210', '+91')).toBe('9876543210');
    // No plus: a national number that happens to start with the code's digits.
    expect(nationalDigits('1234567', '+1')).toBe('1234567');
    // Another country's code: kept, for the check to refuse.
    expect(nationalDigits('+44 20 7946 0958', '+1')).toBe('442079460958');
  });
});
