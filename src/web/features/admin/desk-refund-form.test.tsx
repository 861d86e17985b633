// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESK_REFUND_MESSAGES } from '../../../domain/admin/refunds.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { DeskRefundForm } from './desk-refund-form.tsx';

installBrowserStubs();
cleanupAfterEach();

const paid = {
  displayId: 'DOC-000123',
  status: 'Order pending',
  email: 'meera@example.com',
  openRefund: null,
  refundable: {
    provider: 'sandbox',
    paidCents: 10000,
    refundedCents: 2500,
    remainingCents: 7500,
    currency: 'USD' as const,
  },
};

describe('the order desk’s refund form (decision 0187)', () => {
  it('checks the amount against what is left and the reason, then posts cents, the reason and one key per form', async () => {
    const api = fakeApi({ 'POST /api/v1/admin/orders/DOC-000123/refunds': () => ok({}, 'Refunded $40.', 201) });
    renderWithRouter(<DeskRefundForm {...paid} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount to refund (USD)' });
    const reason = screen.getByRole('textbox', { name: 'Reason (e-mailed to the customer)' });
    expect(screen.getByText(/\$75 left to refund/)).toBeTruthy();

    await act(async () => fireEvent.change(amount, { target: { value: '80' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $80' })));
    expect(screen.getByText(DESK_REFUND_MESSAGES.reasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-describedby')).toBe('desk-refund-reason-error');
    await act(async () => fireEvent.change(reason, { target: { value: ' The appointment was not available. ' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $80' })));
    expect(screen.getByText('At most $75 is left to refund.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);

    await act(async () => fireEvent.change(amount, { target: { value: '40' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
    // Nothing goes before the confirmation, which names the amount and the customer.
    expect(api.calls).toEqual([]);
    const question = screen.getByRole('alertdialog', { name: 'Refund $40 to meera@example.com?' });
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Confirm the refund of $40' })));
    expect(await screen.findByText('Refunded $40.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    const [call] = api.calls;
    expect([call?.method, call?.path]).toEqual(['POST', '/api/v1/admin/orders/DOC-000123/refunds']);
    expect(call?.body).toEqual({
      amountCents: 4000,
      reason: 'The appointment was not available.',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    // The next refund is another one: a new key.
    await act(async () => fireEvent.change(amount, { target: { value: '5' } }));
    await act(async () => fireEvent.change(reason, { target: { value: 'A second goodwill refund.' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $5' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the refund of $5' })));
    await screen.findAllByText('Refunded $40.');
    const keys = api.calls.map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offers no form for a cancelled order, one with a request waiting, or nothing left', async () => {
    const view = renderWithRouter(<DeskRefundForm {...paid} status="Cancelled" />);
    expect(await screen.findByText(/cancellation refund request/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    view.unmount();
    const waiting = renderWithRouter(
      <DeskRefundForm
        {...paid}
        openRefund={{ id: 4, reference: 'RF-7K3Q9M2X', status: 'Received', amountCents: 100 }}
      />,
    );
    expect(await screen.findByRole('link', { name: 'decide it on the refunds desk' })).toBeTruthy();
    waiting.unmount();
    renderWithRouter(<DeskRefundForm {...paid} refundable={{ ...paid.refundable, remainingCents: 0 }} />);
    expect(await screen.findByText(/All of the payment has been refunded/)).toBeTruthy();
  });
});
