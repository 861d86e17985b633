// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type AdminUserDetail } from '../../../domain/admin/users.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { UserPage } from './user-page.tsx';

installBrowserStubs();
cleanupAfterEach();

/** An unverified account whose address is in ADMIN_EMAILS (the page cannot tell: only the API refuses it). */
const unclaimed: AdminUserDetail = {
  user: {
    id: 21,
    name: 'Someone',
    email: 'owner@sevadocs.example',
    phone: '+1-4155550123',
    role: 'customer',
    storedRole: 'customer',
    adminByConfig: false,
    emailVerified: false,
    disabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  orders: { results: [], totalCount: 0, page: 1, limit: 20 },
};

describe("a user's page, verifying by hand", () => {
  it('shows the API’s refusal of an ADMIN_EMAILS address: the owner must open the link', async () => {
    fakeApi({ 'POST /api/v1/users/verify-user': () => fail(409, ADMIN_USER_MESSAGES.adminEmailNeedsLink) });
    renderWithRouter(<UserPage detail={unclaimed} viewerId={1} />);
    const verify = await screen.findByRole('button', { name: 'Mark e-mail verified' });
    await act(async () => fireEvent.click(verify));
    const outcome = await screen.findByText(ADMIN_USER_MESSAGES.adminEmailNeedsLink);
    expect(outcome.getAttribute('role')).toBe('status');
    expect(outcome.className).toContain('text-red-700');
  });
});
