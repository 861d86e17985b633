import { describe, expect, it } from 'vitest';
import { PAYMENT_BADGE_GROUPS, paymentBadges } from './payment-badges.ts';

describe('payment badges', () => {
  it('keeps separate desktop and mobile badge lists covering every payment method', () => {
    for (const group of PAYMENT_BADGE_GROUPS) {
      expect(group.desktop.length).toBeGreaterThan(0);
      expect(group.mobile.length).toBeGreaterThan(0);
    }
    for (const viewport of ['desktop', 'mobile'] as const) {
      const ids = paymentBadges(viewport).map((b) => b.id);
      expect(ids).toEqual([
        'visa',
        'mastercard',
        'amex',
        'apple-pay',
        'google-pay',
        'upi',
        'secure-website',
        'star-rating',
      ]);
      for (const badge of paymentBadges(viewport)) {
        expect(badge.name.length).toBeGreaterThan(0);
        expect(badge.src).toMatch(/^\/badges\/[a-z-]+\.svg$/);
      }
    }
    const trust = PAYMENT_BADGE_GROUPS.find((g) => g.id === 'trust');
    expect(trust?.mobile.map((b) => b.src)).not.toEqual(trust?.desktop.map((b) => b.src));
  });
});
