// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminReferralReward,
  adminReferralRewardListQuery,
  ADMIN_REFERRAL_REWARD_MESSAGES as M,
} from '../../../domain/admin/referral-rewards.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { ReferralRewardsPage } from './referral-rewards-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const earned: AdminReferralReward = {
  id: 41,
  state: 'earned',
  referrerEmail: 'kavya.rao@example.com',
  friendOrderDisplayId: 'DOC-48213907',
  friend: 'Aarav S.',
  amountCents: 500,
  currency: 'CAD',
  earnedAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
  withdrawnAt: null,
  withdrawnAfterSent: false,
};
/** Sent on 22 November, then the friend's order was refunded in full. */
const withdrawnAfterSent: AdminReferralReward = {
  ...earned,
  id: 40,
  state: 'reversed',
  friendOrderDisplayId: 'DOC-48213901',
  earnedAt: '2026-11-10T10:00:00.000Z',
  sentAt: '2026-11-22T09:00:00.000Z',
  withdrawnAt: '2026-11-25T09:00:00.000Z',
  withdrawnAfterSent: true,
};

function renderPage(search = '') {
  const query = adminReferralRewardListQuery.parse(Object.fromEntries(new URLSearchParams(search)));
  return renderWithRouter(
    <ReferralRewardsPage
      list={{ results: [earned, withdrawnAfterSent], totalCount: 2, page: 1, limit: 25 }}
      query={query}
    />,
    { path: `/admin/referral-rewards${search}` },
  );
}

describe('the referral rewards page', () => {
  it("lists each reward with the referrer's e-mail, the friend's order, the amount and state, in a table that scrolls on a phone", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Referral rewards' });
    // The data table's own scroll box: a 390 px screen scrolls the table, not the page.
    expect(table.parentElement?.className).toContain('overflow-x-auto');
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('kavya.rao@example.com')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'DOC-48213907' }).getAttribute('href')).toBe(
      '/admin/orders/DOC-48213907',
    );
    expect(within(first).getByText('Aarav S.')).toBeTruthy();
    expect(within(first).getByText('CA$5')).toBeTruthy();
    expect(within(first).getByText('To send')).toBeTruthy();
    // The card withdrawn after it went out is flagged, and offers nothing to do.
    expect(within(second).getByText('Withdrawn')).toBeTruthy();
    expect(within(second).getByText(M.withdrawnAfterSent)).toBeTruthy();
    expect(within(second).getByText('2026-11-22')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('filters by state through the URL, keeping the search', async () => {
    renderPage('?status=earned&q=kavya');
    const filters = await screen.findByRole('navigation', { name: 'Filter by state' });
    expect(within(filters).getByRole('link', { name: 'To send' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Withdrawn' }).getAttribute('href')).toBe(
      '/admin/referral-rewards?status=reversed&q=kavya',
    );
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('href')).toBe(
      '/admin/referral-rewards?q=kavya',
    );
  });

  it("marks a card sent through the API and shows the server's answer, a refusal too", async () => {
    let answered = false;
    const api = fakeApi({
      'POST /api/v1/admin/referral-rewards/41/sent': () => {
        const first = !answered;
        answered = true;
        return first ? ok({ ...earned, state: 'sent' }, M.markedSent) : fail(409, M.alreadySent);
      },
    });
    renderPage();
    const markSent = () => screen.findByRole('button', { name: 'Mark sent for DOC-48213907' });
    const first = await markSent();
    await act(async () => fireEvent.click(first));
    expect(await screen.findByText(M.markedSent)).toBeTruthy();
    // A second press (this page's rows are fixed here; another tab's would be stale the same way).
    const again = await markSent();
    await act(async () => fireEvent.click(again));
    expect(await screen.findByText(M.alreadySent)).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/v1/admin/referral-rewards/41/sent'],
      ['POST', '/api/v1/admin/referral-rewards/41/sent'],
    ]);
  });
});
