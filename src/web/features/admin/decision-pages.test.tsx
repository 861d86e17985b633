// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFUND_SPLIT_TEXT } from '../../../domain/admin/refund-split.ts';
import type { AdminRefundDetail, AutomaticRefund } from '../../../domain/admin/refunds.ts';
import { ADMIN_REFUND_MESSAGES, adminRefundListQuery } from '../../../domain/admin/refunds.ts';
import { ADMIN_USER_MESSAGES, type AdminUserDetail } from '../../../domain/admin/users.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { formatUtc } from './order-format.ts';
import { REFUND_DESK_TEXT } from './refund-confirm.tsx';
import { RefundPage } from './refund-page.tsx';
import { RefundsPage } from './refunds-page.tsx';
import { UserPage } from './user-page.tsx';

installBrowserStubs();
cleanupAfterEach();

const refund: AdminRefundDetail = {
  request: {
    id: 7,
    reference: 'RF-7K3Q9M2X',
    orderId: 3,
    orderDisplayId: 'DOC-000123',
    email: 'meera@example.com',
    reason: 'We cancelled the trip.',
    origin: 'customer',
    amountCents: 7900,
    currency: 'USD',
    status: 'Received',
    createdAt: '2026-11-20T10:00:00.000Z',
    approvedCents: null,
    partialReason: null,
    rejectionReason: null,
    decidedAt: null,
  },
  order: { displayId: 'DOC-000123', title: 'New OCI Card (USA)', status: 'Order pending', totalCents: 10000 },
  refundable: { provider: 'sandbox', paidCents: 10000, refundedCents: 5000, remainingCents: 5000, currency: 'USD' },
  // $20 government fee not refundable; $80 refundable, $50 of it refunded already: $30 by the policy.
  split: {
    feesPaidOut: true,
    feesCollected: true,
    nonRefundableLines: [{ label: 'Government fee', amountCents: 2000 }],
    nonRefundableCents: 2000,
    refundableCents: 8000,
    defaultCents: 3000,
  },
  feesPaid: null,
};

describe('a refund request page', () => {
  it('starts from all that is left when the order never went to the authorities, and says why', async () => {
    const cancelled: AdminRefundDetail = {
      ...refund,
      order: refund.order && { ...refund.order, status: 'Cancelled' },
      split: {
        feesPaidOut: false,
        feesCollected: true,
        nonRefundableLines: [],
        nonRefundableCents: 0,
        refundableCents: 10000,
        defaultCents: 5000,
      },
    };
    renderWithRouter(<RefundPage detail={cancelled} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('50.00');
    expect(screen.getByText(REFUND_SPLIT_TEXT.notPaidOut)).toBeTruthy();
    // Nothing kept: no word of a payment at the centre.
    expect(screen.queryByText(REFUND_SPLIT_TEXT.noFeesRecord)).toBeNull();
    expect(screen.getByText(REFUND_SPLIT_TEXT.refundableAll)).toBeTruthy();
    expect(screen.queryByText(REFUND_SPLIT_TEXT.paidOut)).toBeNull();
    expect(screen.queryByText(REFUND_SPLIT_TEXT.keptTotal)).toBeNull();
    expect(
      screen.getByText(/The policy's amount is \$50: all that was paid, less what was refunded already\./),
    ).toBeTruthy();
  });

  it('keeps nothing and speaks of no fees for an e-Visa whose fees the customer paid on the portal', async () => {
    const eVisa: AdminRefundDetail = {
      ...refund,
      order: refund.order && { ...refund.order, title: 'e-Tourist Visa (30 days)', status: 'Completed' },
      refundable: { provider: 'sandbox', paidCents: 2400, refundedCents: 0, remainingCents: 2400, currency: 'USD' },
      request: { ...refund.request, amountCents: 2400 },
      split: {
        feesPaidOut: true,
        feesCollected: false,
        nonRefundableLines: [],
        nonRefundableCents: 0,
        refundableCents: 2400,
        defaultCents: 2400,
      },
    };
    renderWithRouter(<RefundPage detail={eVisa} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('24.00');
    expect(screen.getByText(REFUND_SPLIT_TEXT.noneCollected)).toBeTruthy();
    expect(screen.getByText(REFUND_SPLIT_TEXT.refundableOurs)).toBeTruthy();
    expect(screen.queryByText(REFUND_SPLIT_TEXT.paidOut)).toBeNull();
    expect(screen.queryByText(REFUND_SPLIT_TEXT.keptTotal)).toBeNull();
    expect(screen.getByText(/The policy's amount is \$24: all that was paid\./)).toBeTruthy();
  });

  it('names what the kept fees went to, as the desk recorded it, or says no payment at the centre is recorded', async () => {
    const recorded = {
      reference: 'VFS-WAS-2026-004211',
      paidAt: '2026-11-18T15:30:00.000Z',
      recordedBy: 'desk@sevadocs.in',
    };
    renderWithRouter(<RefundPage detail={{ ...refund, feesPaid: recorded }} />);
    expect(
      await screen.findByText(
        REFUND_SPLIT_TEXT.feesPaidAtCentre('Nov 18, 2026, 3:30 PM UTC', 'VFS-WAS-2026-004211', 'desk@sevadocs.in'),
      ),
    ).toBeTruthy();
    cleanup();
    renderWithRouter(<RefundPage detail={refund} />);
    expect(await screen.findByText(REFUND_SPLIT_TEXT.noFeesRecord)).toBeTruthy();
  });

  it('starts from the policy’s amount, checks the amount, and sends cents only once staff confirm it', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/refunds/7/approve': () => ok({ ...refund.request, status: 'Refunded' }, 'Refunded $40.'),
    });
    renderWithRouter(<RefundPage detail={refund} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('30.00');
    expect(screen.getByText('Government fee')).toBeTruthy();
    // Kept because the order was submitted: what the customer's "not refundable once submitted" promised.
    expect(screen.getByText(`(${REFUND_SPLIT_TEXT.keptFee})`)).toBeTruthy();
    expect(screen.getByText(REFUND_SPLIT_TEXT.keptTotal)).toBeTruthy();
    expect(screen.getByText('Refundable (our fees and add-ons, after discounts)')).toBeTruthy();

    await act(async () => fireEvent.change(amount, { target: { value: '60' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $60' })));
    expect(screen.getByText('At most $50 is left to refund.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await act(async () => fireEvent.change(amount, { target: { value: '40' } }));
    // Less than the $79 asked: the customer is told why (decision 0187).
    await act(async () =>
      fireEvent.change(
        screen.getByRole('textbox', { name: 'Why less than the $79 asked for (e-mailed to the customer)' }),
        {
          target: { value: 'The government fee was paid out.' },
        },
      ),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
    // Nothing is refunded before the confirmation, which names the amount; Cancel goes back.
    expect(api.calls).toEqual([]);
    const question = screen.getByRole('alertdialog', { name: 'Refund $40 to meera@example.com?' });
    // It takes the focus as it opens; Cancel gives it back to the Refund button.
    await waitFor(() => expect(document.activeElement).toBe(question));
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund $40' })));
    expect(api.calls).toEqual([]);
    await act(async () => fireEvent.change(amount, { target: { value: '45' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $45' })));
    // Changing the amount closes the question: the new amount is confirmed on its own.
    await act(async () => fireEvent.change(amount, { target: { value: '40' } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the refund of $40' })));
    expect(await screen.findByText('Refunded $40.')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/v1/admin/refunds/7/approve',
        { amountCents: 4000, partialReason: 'The government fee was paid out.' },
      ],
    ]);
  });

  it('asks why only when less than was asked is refunded, and sends no reason with the whole amount (decision 0187)', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/refunds/7/approve': () => ok({ ...refund.request, status: 'Refunded' }, 'Refunded $79.'),
    });
    const roomy: AdminRefundDetail = {
      ...refund,
      refundable: { provider: 'sandbox', paidCents: 10000, refundedCents: 0, remainingCents: 10000, currency: 'USD' },
      split: null,
    };
    renderWithRouter(<RefundPage detail={roomy} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    const why = /Why less than the \$79 asked for/;
    // All that was asked: no reason to give.
    expect((amount as HTMLInputElement).value).toBe('79.00');
    expect(screen.queryByRole('textbox', { name: why })).toBeNull();

    await act(async () => fireEvent.change(amount, { target: { value: '50' } }));
    const reason = screen.getByRole('textbox', { name: why });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $50' })));
    expect(screen.getByText(ADMIN_REFUND_MESSAGES.partialReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe('refund-partial-reason-error');
    await act(async () => fireEvent.change(reason, { target: { value: 'abc' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $50' })));
    expect(screen.getByText(ADMIN_REFUND_MESSAGES.partialReasonTooShort)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Back to the whole amount: the field goes, and what was typed in it is not sent.
    await act(async () => fireEvent.change(amount, { target: { value: '79' } }));
    expect(screen.queryByRole('textbox', { name: why })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $79' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the refund of $79' })));
    expect(await screen.findByText('Refunded $79.')).toBeTruthy();
    expect(api.calls.map((c) => c.body)).toEqual([{ amountCents: 7900 }]);
  });

  it('shows why less than asked was refunded on a decided request', async () => {
    renderWithRouter(
      <RefundPage
        detail={{
          ...refund,
          request: { ...refund.request, status: 'Refunded', approvedCents: 4000, partialReason: 'Fees paid out.' },
        }}
      />,
    );
    expect(await screen.findByText('Why less than asked')).toBeTruthy();
    expect(screen.getByText('Fees paid out.')).toBeTruthy();
  });

  it('starts from what the customer asked when the policy would give more', async () => {
    renderWithRouter(<RefundPage detail={{ ...refund, request: { ...refund.request, amountCents: 1999 } }} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('19.99');
  });

  it("shows the server's refusal, and offers no decision once the request is decided", async () => {
    const api = fakeApi({
      'POST /api/v1/admin/refunds/7/reject': () => fail(409, 'This refund request was already decided (Refunded).'),
    });
    const view = renderWithRouter(<RefundPage detail={refund} />);
    const reason = await screen.findByRole('textbox', { name: 'Reason (e-mailed to the customer)' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject the request' })));
    expect(screen.getByText('Tell the customer why the refund is rejected')).toBeTruthy();
    await act(async () => fireEvent.change(reason, { target: { value: 'The visa was already issued.' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject the request' })));
    // A rejection is e-mailed at once and stands: it asks first, and Cancel sends nothing.
    const asked = screen.getByRole('alertdialog', {
      name: REFUND_DESK_TEXT.rejectTitle('RF-7K3Q9M2X', refund.request.email),
    });
    expect(document.activeElement).toBe(asked);
    await act(async () => fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' })));
    expect(api.calls).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject the request' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: REFUND_DESK_TEXT.rejectConfirm })));
    expect(api.calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/refunds/7/reject', { reason: 'The visa was already issued.' }],
    ]);
    expect(await screen.findByText('This refund request was already decided (Refunded).')).toBeTruthy();
    view.unmount();

    renderWithRouter(
      <RefundPage
        detail={{
          ...refund,
          request: {
            ...refund.request,
            status: 'Refunded',
            approvedCents: 5000,
            decidedAt: '2026-12-03T10:15:00.000Z',
          },
        }}
      />,
    );
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getByText('Decided').nextElementSibling?.textContent).toBe(formatUtc('2026-12-03T10:15:00.000Z'));
    // Received in the same words as Decided, not an ISO day beside a written one.
    expect(screen.getByText('Received').nextElementSibling?.textContent).toBe(formatUtc('2026-11-20T10:00:00.000Z'));
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject the request' })).toBeNull();
  });

  it('offers a stuck approval a retry of the same refund, or a record of the one made by hand, and nothing else', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/refunds/7/retry': () =>
        ok({ ...refund.request, status: 'Refunded', approvedCents: 5000 }, 'Refunded $50.'),
    });
    renderWithRouter(
      <RefundPage detail={{ ...refund, request: { ...refund.request, status: 'Approved', approvedCents: 5000 } }} />,
    );
    const retry = await screen.findByRole('button', { name: 'Retry the refund of $50' });
    expect(screen.queryByRole('button', { name: 'Reject the request' })).toBeNull();
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText('Refunded $50.')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['POST', '/api/v1/admin/refunds/7/retry']]);
  });

  it('records a stuck approval as refunded by hand, by the refund id at the provider, checked first', async () => {
    const message = 'Recorded: $50.00 was refunded by hand at the payment provider. The customer has been e-mailed.';
    const api = fakeApi({
      'POST /api/v1/admin/refunds/7/recorded-by-hand': () =>
        ok({ ...refund.request, status: 'Refunded', approvedCents: 5000 }, message),
    });
    renderWithRouter(
      <RefundPage detail={{ ...refund, request: { ...refund.request, status: 'Approved', approvedCents: 5000 } }} />,
    );
    const record = await screen.findByRole('button', { name: 'Record the refund of $50 made by hand' });
    const id = screen.getByLabelText("The refund's id at the payment provider");
    fireEvent.change(id, { target: { value: 're 1' } });
    await act(async () => fireEvent.click(record));
    expect(screen.getByText("A refund's id is up to 100 letters, digits and the signs _ - . :")).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);

    fireEvent.change(id, { target: { value: ' re_3PqManual ' } });
    await act(async () => fireEvent.click(record));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v1/admin/refunds/7/recorded-by-hand', { providerRefundId: 're_3PqManual' }],
    ]);
  });
});

describe('the refund requests page', () => {
  /** An automatic refund of a stray $803.80 charge. */
  const automaticRefund = (overrides: Pick<AutomaticRefund, 'provider' | 'status'>): AutomaticRefund => ({
    orderId: 9,
    orderDisplayId: 'DOC-55827988',
    attemptId: 31,
    attempt: 2,
    amountCents: 80380,
    currency: 'USD',
    createdAt: '2026-11-29T04:50:00.000Z',
    ...overrides,
  });

  it('says beside a refunded request what was refunded, not only what was asked', async () => {
    renderWithRouter(
      <RefundsPage
        list={{
          results: [
            { ...refund.request, status: 'Refunded', amountCents: 2500, approvedCents: 1500 },
            { ...refund.request, id: 8, reference: 'RF-2B8D4F6H', status: 'Rejected', approvedCents: null },
          ],
          totalCount: 2,
          page: 1,
          limit: 25,
        }}
        query={adminRefundListQuery.parse({ status: '' })}
        automatic={[]}
      />,
      { path: '/admin/refunds' },
    );
    const row = (await screen.findByRole('link', { name: 'RF-7K3Q9M2X' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('$25')).toBeTruthy();
    expect(within(row).getByText('Refunded $15')).toBeTruthy();
    const rejected = screen.getByRole('link', { name: 'RF-2B8D4F6H' }).closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
  });

  it('lists the automatic refunds of stray charges below the requests, each linking its order', async () => {
    renderWithRouter(
      <RefundsPage
        list={{ results: [refund.request], totalCount: 1, page: 1, limit: 25 }}
        query={adminRefundListQuery.parse({})}
        automatic={[automaticRefund({ provider: 'stripe', status: 'succeeded' })]}
      />,
      { path: '/admin/refunds' },
    );
    const section = await screen.findByRole('region', { name: 'Automatic refunds of stray charges' });
    expect(within(section).getByRole('link', { name: 'DOC-55827988' }).getAttribute('href')).toBe(
      '/admin/orders/DOC-55827988',
    );
    expect(within(section).getByText('$803.80')).toBeTruthy();
    // The requests' orders link their desks too.
    expect(screen.getByRole('link', { name: 'DOC-000123' }).getAttribute('href')).toBe('/admin/orders/DOC-000123');
    // A refund that was made offers nothing more.
    expect(within(section).queryByRole('button', { name: 'Send the refund again' })).toBeNull();
  });

  it('offers an automatic refund its provider did not make a send-again and a record of one made by hand', async () => {
    const retried = 'The refund is being sent to the payment provider again. The customer is e-mailed once it is made.';
    const recorded = 'Recorded: $803.80 was refunded by hand at the payment provider. The customer is e-mailed.';
    const api = fakeApi({
      'POST /api/v1/admin/refunds/automatic/31/retry': () => ok(null, retried, 202),
      'POST /api/v1/admin/refunds/automatic/31/recorded-by-hand': () => ok(null, recorded),
    });
    renderWithRouter(
      <RefundsPage
        list={{ results: [], totalCount: 0, page: 1, limit: 25 }}
        query={adminRefundListQuery.parse({})}
        automatic={[automaticRefund({ provider: 'square', status: 'failed' })]}
      />,
      { path: '/admin/refunds' },
    );
    const section = await screen.findByRole('region', { name: 'Automatic refunds of stray charges' });
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Send the refund again' })));
    expect(await within(section).findByText(retried)).toBeTruthy();

    const id = within(section).getByLabelText("Refunded by hand? The refund's id at the provider");
    const record = within(section).getByRole('button', { name: 'Record the refund made by hand' });
    await act(async () => fireEvent.click(record));
    expect(within(section).getByText("Enter the refund's id from the payment provider's dashboard")).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(id, { target: { value: 'R3fund-by-hand' } });
    await act(async () => fireEvent.click(record));
    expect(await within(section).findByText(recorded)).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v1/admin/refunds/automatic/31/retry', undefined],
      ['POST', '/api/v1/admin/refunds/automatic/31/recorded-by-hand', { providerRefundId: 'R3fund-by-hand' }],
    ]);
  });
});

const user: AdminUserDetail = {
  user: {
    id: 12,
    name: 'Priya Sharma',
    email: 'priya@example.com',
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

describe("a user's page", () => {
  it('changes the role, disables and verifies through the API', async () => {
    const api = fakeApi({
      'PATCH /api/v1/admin/users/12/role': () => ok(user.user, 'Role changed'),
      'POST /api/v1/users/verify-user': () => ok(user.user, 'E-mail marked as verified'),
    });
    renderWithRouter(<UserPage detail={user} viewerId={1} />);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await act(async () => fireEvent.change(role, { target: { value: 'staff' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save role' })));
    expect(await screen.findByText('Role changed')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark e-mail verified' })));
    expect(await screen.findByText('E-mail marked as verified')).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/api/v1/admin/users/12/role', { role: 'staff' }],
      ['POST', '/api/v1/users/verify-user', { userId: 12 }],
    ]);
    expect(screen.getByRole('button', { name: 'Disable account' })).toBeTruthy();
  });

  it("offers no change of one's own account or of an ADMIN_EMAILS admin's role", async () => {
    const view = renderWithRouter(<UserPage detail={user} viewerId={12} />);
    expect(await screen.findByText(/This is your own account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    view.unmount();
    renderWithRouter(
      <UserPage detail={{ ...user, user: { ...user.user, role: 'admin', adminByConfig: true } }} viewerId={1} />,
    );
    expect(await screen.findByText(/admin through ADMIN_EMAILS; remove its address/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
  });

  it('shows the API’s refusal to verify an ADMIN_EMAILS address: the owner must open the link', async () => {
    // The page cannot tell an unverified ADMIN_EMAILS address from a customer's: only the API refuses it.
    fakeApi({ 'POST /api/v1/users/verify-user': () => fail(409, ADMIN_USER_MESSAGES.adminEmailNeedsLink) });
    renderWithRouter(<UserPage detail={user} viewerId={1} />);
    const verify = await screen.findByRole('button', { name: 'Mark e-mail verified' });
    await act(async () => fireEvent.click(verify));
    const outcome = await screen.findByText(ADMIN_USER_MESSAGES.adminEmailNeedsLink);
    expect(outcome.getAttribute('role')).toBe('status');
    expect(outcome.className).toContain('text-red-700');
  });
});
