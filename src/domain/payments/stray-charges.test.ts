import { describe, expect, it } from 'vitest';
import { STRAY_CHARGE_REASONS, strayChargeAmount } from './payment.ts';
import { STRAY_CHARGES_TEXT, strayChargeState, strayChargeWhy } from './stray-charges.ts';

const day = (iso: string) => iso.slice(0, 10);
const refunded = { reason: 'order-changed' as const, refund: 'succeeded' as const, refundedAt: '2026-11-21T09:00:00Z' };

describe('a stray charge on the order page', () => {
  it('says where its refund stands: pending, made on its day, or failed', () => {
    expect(strayChargeState(refunded, day)).toBe('Refunded on 2026-11-21');
    expect(strayChargeState({ ...refunded, refund: 'pending', refundedAt: null }, day)).toBe(
      STRAY_CHARGES_TEXT.pending,
    );
    expect(strayChargeState({ ...refunded, refund: 'failed', refundedAt: null }, day)).toBe(STRAY_CHARGES_TEXT.failed);
  });

  it('says a charge given back at the provider as that, with no reason beside it: we refunded nothing', () => {
    // The list's lead claims no refund of ours, which a charge the provider gave back never had.
    expect(STRAY_CHARGES_TEXT.lead).not.toMatch(/we refund/i);
    const atProvider = { ...refunded, reason: 'refunded' as const };
    expect(strayChargeState(atProvider, day)).toBe(STRAY_CHARGES_TEXT.atProvider);
    expect(strayChargeWhy(atProvider)).toBeNull();
  });

  it('gives the e-mail’s reason as a sentence, and none for a charge kept without one', () => {
    expect(strayChargeWhy({ reason: 'cancelled' })).toBe('The payment arrived after your order was cancelled.');
    expect(strayChargeWhy({ reason: 'coupon' })).toBe(`Your${STRAY_CHARGE_REASONS.coupon.slice('your'.length)}.`);
    expect(strayChargeWhy({ reason: null })).toBeNull();
  });

  it('names the amount the provider took, in its own currency when the charge was converted', () => {
    const refund = { providerAmountCents: 31_557_00, currency: 'USD' as const };
    expect(strayChargeAmount({ attempt: { exchangeRate: '88.4', currency: 'INR' }, refund })).toEqual({
      amountCents: 31_557_00,
      currency: 'INR',
    });
    expect(strayChargeAmount({ attempt: { exchangeRate: null, currency: 'USD' }, refund })).toEqual({
      amountCents: 31_557_00,
      currency: 'USD',
    });
  });
});
