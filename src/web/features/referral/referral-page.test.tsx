// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_MESSAGES } from '../../../domain/checkout/referral.ts';
import type { ReferralReward } from '../../../domain/checkout/referral-reward-api.ts';
import type { ReferEarn } from '../../../domain/content/schemas.ts';
import { cleanupAfterEach, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { ReferralPage } from './referral-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const REFER_EARN: ReferEarn = {
  content: {
    title: 'Refer a friend',
    description: 'Give $5, get a $5 gift card.',
    howItsWorksData: ['Share your link', 'Your friend signs up', 'You get a gift card'],
  },
  friendDiscountCents: 500,
  giftCardCents: 500,
  referral: { code: 'K7M2Q9XP', link: 'http://localhost:3000/sign-up?ref=K7M2Q9XP' },
};

const reward = (overrides: Partial<ReferralReward> = {}): ReferralReward => ({
  id: 1,
  state: 'earned',
  amountCents: 500,
  currency: 'USD',
  friend: 'Aarav S.',
  earnedAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
  ...overrides,
});

const renderPage = (rewards: ReferralReward[] | null) =>
  renderWithRouter(
    <ReferralPage
      referEarn={rewards ? REFER_EARN : { ...REFER_EARN, referral: null }}
      signedIn={rewards !== null}
      rewards={rewards}
    />,
    { path: '/refer-friend' },
  );

describe('/refer-friend rewards', () => {
  it("lists the referrer's rewards with state, amount, date and the friend's first name only", async () => {
    renderPage([
      reward({
        id: 2,
        state: 'sent',
        amountCents: 500,
        currency: 'CAD',
        friend: 'Meena',
        sentAt: '2026-11-28T09:00:00.000Z',
      }),
      reward(),
    ]);
    const section = await screen.findByRole('region', { name: 'Your rewards' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('CA$5 gift card for referring Meena');
    expect(items[0]?.textContent).toContain('Earned November 20, 2026');
    expect(items[0]?.textContent).toContain('Gift card e-mailed on November 28, 2026');
    expect(within(items[0] as HTMLElement).getByText('Sent')).toBeTruthy();
    expect(items[1]?.textContent).toContain('$5 gift card for referring Aarav S.');
    expect(within(items[1] as HTMLElement).getByText('Earned')).toBeTruthy();
  });

  it('says how the first reward comes when there is none, and shows no rewards to a visitor', async () => {
    const signedIn = renderPage([]);
    const section = await screen.findByRole('region', { name: 'Your rewards' });
    expect(within(section).getByText(REFERRAL_REWARD_MESSAGES.empty)).toBeTruthy();
    signedIn.unmount();

    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Get your referral link' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your rewards' })).toBeNull();
  });
});
