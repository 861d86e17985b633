import { describe, expect, it } from 'vitest';
import { referralLink, referralTerms } from './referral.ts';

describe('referral programme', () => {
  it('links to sign-up with the code the sign-up form reads (?ref=)', () => {
    expect(referralLink('https://sevadocs.example/', 'AB7K2M9Q')).toBe('https://sevadocs.example/signup?ref=AB7K2M9Q');
  });

  it('states SPEC.md §1: $5 off for the friend, a $5 gift card per completed application', () => {
    const [friend, referrer] = referralTerms();
    expect(friend).toBe('Your friend gets $5 off our processing fees when they sign up through your unique link.');
    expect(referrer).toBe(
      'You get a $5 gift card from an online retailer for each application your friend completes through that link.',
    );
    expect(referralTerms(750, 1000)[0]).toContain('$7.50 off');
  });
});
