// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import { DESK_REFUND_MESSAGES } from '../../../domain/admin/refunds.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { DeskRefundForm } from './desk-refund-form.tsx';

installBrowserStubs();
cleanupAfterEach();

const paid = {
  displayId: 'DOC-000123',
  status: 'Order pending',
  email: 'meera@example.com',
  openRefund: null,
  unfinishedRefunds: [],
  refundable: {
    provider: 'sandbox',
    paidCents: 10000,
    refundedCents: 2500,
    remainingCents: 7500,
    currency: 'USD' as const,
  },
};

/**
 * The desk's data as its loader gives it: once reloaded, the request a refusal reopened is the order's
 * open one; the one an unclear answer left Approved is among its unfinished refunds.
 */
const reloadDesk: { withReopened?: () => void; withUnfinished?: () => void } = {};
function DeskAfterReload() {
  const [openRefund, setOpenRefund] = useState<DeskOrder['openRefund']>(null);
  const [unfinishedRefunds, setUnfinished] = useState<DeskOrder['unfinishedRefunds']>([]);
  reloadDesk.withReopened = () =>
    setOpenRefund({ id: 42, reference: 'RF-7K3Q9M2X', status: 'In review', amountCents: 4000 });
  reloadDesk.withUnfinished = () =>
    setUnfinished([{ id: 42, reference: 'RF-7K3Q9M2X', approvedCents: 4000, origin: 'staff' }]);
  return <DeskRefundForm {...paid} openRefund={openRefund} unfinishedRefunds={unfinishedRefunds} />;
}

/** Types $40 and a reason, asks for the refund and confirms it. */
async function refundForty() {
  const amount = await screen.findByRole('textbox', { name: 'Amount to refund (USD)' });
  await act(async () => fireEvent.change(amount, { target: { value: '40' } }));
  await act(async () =>
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason (e-mailed to the customer)' }), {
      target: { value: 'The appointment was not available.' },
    }),
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the refund of $40' })));
}

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
    let question = screen.getByRole('alertdialog', { name: 'Refund $40 to meera@example.com?' });
    // It takes the focus as it opens; Escape closes it and gives the focus back to the Refund button.
    await waitFor(() => expect(document.activeElement).toBe(question));
    await act(async () => fireEvent.keyDown(question, { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund $40' })));
    expect(api.calls).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
    question = screen.getByRole('alertdialog', { name: 'Refund $40 to meera@example.com?' });
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
    const unfinished = renderWithRouter(
      <DeskRefundForm
        {...paid}
        unfinishedRefunds={[{ id: 5, reference: 'RF-2B4D6F8H', approvedCents: 900, origin: 'customer' }]}
      />,
    );
    // An approved refund the provider never confirmed may have been made: a second one could give it
    // twice. It says who opened it: here the customer's request, approved on the refunds desk.
    expect(
      await screen.findByText(
        /Refund RF-2B4D6F8H \(asked for by the customer\) waits for the payment provider's answer/,
      ),
    ).toBeTruthy();
    const retry = screen.getByRole('link', { name: 'retry or record it on the refunds desk' });
    expect(retry.getAttribute('href')).toBe('/admin/refunds/5');
    expect(screen.queryByRole('textbox', { name: 'Amount to refund (USD)' })).toBeNull();
    unfinished.unmount();
    renderWithRouter(<DeskRefundForm {...paid} refundable={{ ...paid.refundable, remainingCents: 0 }} />);
    expect(await screen.findByText(/All of the payment has been refunded/)).toBeTruthy();
  });

  it('after the provider refuses, says so once with a link to the request it reopened, and reloads the desk', async () => {
    const refused =
      'The payment provider did not make the refund, so nothing was refunded. Refund request RF-7K3Q9M2X is open again on the refunds desk: decide it there.';
    expect(DESK_REFUND_MESSAGES.providerFailed('RF-7K3Q9M2X')).toBe(refused);
    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-000123/refunds': () =>
        fail(502, refused, { refundRequest: 'RF-7K3Q9M2X', refundRequestId: '42', refundRequestStatus: 'In review' }),
    });
    let loads = 0;
    renderWithRouter(<DeskAfterReload />, { onLoad: () => (loads += 1) });
    await refundForty();

    // Announced, and said once: the form's own line stays quiet.
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(refused)).toBeTruthy();
    expect(screen.getAllByText(refused)).toHaveLength(1);
    const link = within(alert).getByRole('link', { name: 'Decide RF-7K3Q9M2X on the refunds desk' });
    expect(link.getAttribute('href')).toBe('/admin/refunds/42');
    // The confirmation that had the focus is gone: the notice takes it, and the link is next.
    const notice = document.getElementById('desk-refund-named');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(notice?.contains(link)).toBe(true);
    expect(api.calls).toHaveLength(1);

    // The desk's data is loaded again, and names the request: no second refund is offered beside it,
    // and the notice stays as it was (not announced again).
    await waitFor(() => expect(loads).toBe(2));
    await act(async () => reloadDesk.withReopened?.());
    expect(screen.getByRole('alert')).toBe(alert);
    expect(screen.queryByRole('textbox', { name: 'Amount to refund (USD)' })).toBeNull();
    expect(screen.queryByText(/waits for a decision/)).toBeNull();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/admin/refunds/42']);
  });

  it('after an unclear answer, links to the approved request to retry or record, and offers no second refund', async () => {
    const unclear =
      'The payment provider did not answer clearly, so the refund may have been made. Refund RF-7K3Q9M2X stays approved: retry it on the refunds desk, and the provider makes it at most once.';
    expect(DESK_REFUND_MESSAGES.providerUnclear('RF-7K3Q9M2X')).toBe(unclear);
    fakeApi({
      'POST /api/v1/admin/orders/DOC-000123/refunds': () =>
        fail(502, unclear, { refundRequest: 'RF-7K3Q9M2X', refundRequestId: '42', refundRequestStatus: 'Approved' }),
    });
    let loads = 0;
    renderWithRouter(<DeskAfterReload />, { onLoad: () => (loads += 1) });
    await refundForty();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(unclear)).toBeTruthy();
    const link = within(alert).getByRole('link', { name: 'Retry or record RF-7K3Q9M2X on the refunds desk' });
    expect(link.getAttribute('href')).toBe('/admin/refunds/42');
    await waitFor(() => expect(loads).toBe(2));
    await act(async () => reloadDesk.withUnfinished?.());
    expect(screen.getByRole('alert')).toBe(alert);
    expect(screen.queryByRole('textbox', { name: 'Amount to refund (USD)' })).toBeNull();
    expect(screen.queryByText(/waits for the payment provider/)).toBeNull();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/admin/refunds/42']);
  });

  it('reloads the desk after a 409 (what is left changed meanwhile), the refusal said and the form kept', async () => {
    const changed = 'Only $20 is left to refund on this order now.';
    fakeApi({ 'POST /api/v1/admin/orders/DOC-000123/refunds': () => fail(409, changed) });
    let loads = 0;
    renderWithRouter(<DeskRefundForm {...paid} />, { onLoad: () => (loads += 1) });
    const amount = await screen.findByRole('textbox', { name: 'Amount to refund (USD)' });
    const reason = screen.getByRole('textbox', { name: 'Reason (e-mailed to the customer)' });
    await act(async () => fireEvent.change(amount, { target: { value: '40' } }));
    await act(async () => fireEvent.change(reason, { target: { value: 'The appointment was not available.' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refund $40' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm the refund of $40' })));
    expect(await screen.findByText(changed)).toBeTruthy();
    await waitFor(() => expect(loads).toBe(2));
    expect((amount as HTMLInputElement).value).toBe('40');
    expect((reason as HTMLTextAreaElement).value).toBe('The appointment was not available.');
  });

  it('says the provider’s refusal alone when the answer names no request', async () => {
    fakeApi({
      'POST /api/v1/admin/orders/DOC-000123/refunds': () =>
        fail(502, 'The payment provider did not answer clearly, so the refund may have been made.'),
    });
    let loads = 0;
    renderWithRouter(<DeskRefundForm {...paid} />, { onLoad: () => (loads += 1) });
    await refundForty();
    expect(await screen.findByText(/did not answer clearly/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(loads).toBe(1);
  });
});
