import { REFERRAL_DISCOUNT_CENTS, REFERRAL_REWARD_CENTS } from '../checkout/referral.ts';
import { ROUTES } from '../config/routes.ts';

/** The query parameter of a referral link that the sign-up form reads the code from. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** A referrer's unique link: the sign-up page with their code filled in. */
export function referralLink(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/$/, '')}${ROUTES.SIGN_UP}?${new URLSearchParams({ [REFERRAL_QUERY_PARAM]: code })}`;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

/** SPEC.md §1 referral terms, worded once for the page, the API and the tests. */
export function referralTerms(
  friendDiscountCents: number = REFERRAL_DISCOUNT_CENTS,
  giftCardCents: number = REFERRAL_REWARD_CENTS,
): string[] {
  return [
    `Your friend gets ${dollars(friendDiscountCents)} off our processing fees when they sign up through your unique link.`,
    `You get a ${dollars(giftCardCents)} gift card from an online retailer for each application your friend completes through that link.`,
    'Government, consular and outsourcer fees are charged at cost and cannot be discounted.',
    'Gift cards are e-mailed within 14 days of the referred application being completed. There is no limit on how many friends you refer.',
    'The referral must be made through your own link or code before your friend creates their account; codes cannot be added afterwards.',
  ];
}
