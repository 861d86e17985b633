import { describe, expect, it } from 'vitest';
import { paymentMethodOf } from './payment.ts';

describe('paymentMethodOf', () => {
  it('reads each provider’s own name for how a payment was made', () => {
    expect(paymentMethodOf('card')).toBe('card'); // Stripe, Razorpay
    expect(paymentMethodOf('CARD')).toBe('card'); // Square
    expect(paymentMethodOf('upi')).toBe('upi');
    expect(paymentMethodOf('netbanking')).toBe('netbanking');
    expect(paymentMethodOf('WALLET')).toBe('wallet');
  });

  it('names any other method "other", and none when the provider says nothing', () => {
    expect(paymentMethodOf('emi')).toBe('other');
    expect(paymentMethodOf('BANK_ACCOUNT')).toBe('other');
    expect(paymentMethodOf(null)).toBeUndefined();
    expect(paymentMethodOf(undefined)).toBeUndefined();
    expect(paymentMethodOf('')).toBeUndefined();
  });
});
