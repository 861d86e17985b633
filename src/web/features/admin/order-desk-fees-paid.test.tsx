// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import type { ApplicationOrder } from '../../../domain/applications/application.ts';
import { FEES_PAID_MESSAGES, type FeesPaidRecord } from '../../../domain/applications/fees-paid.ts';
import { deskServiceOrder, OCI_DESK_PRICE } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** A service order on the desk, with the fees paid record `feesPaid` (none by default). */
const serviceOrder = (
  status: string,
  {
    application = {},
    feesPaid = null,
  }: { application?: Partial<ApplicationOrder>; feesPaid?: FeesPaidRecord | null } = {},
) => deskServiceOrder(status, { application, service: { feesPaid } });

async function show(order: DeskOrder) {
  renderWithRouter(<OrderDeskPage order={order} renderAnswers={() => null} />, { path: '/admin/orders/DOC-48213907' });
  await screen.findByRole('heading', { level: 1 });
  return screen.queryByRole('region', { name: 'Fees paid at the centre' });
}

describe('the desk’s fees paid at the centre', () => {
  it('checks the reference, and sends it trimmed', async () => {
    const panel = await show(serviceOrder('In review'));
    if (!panel) throw new Error('no fees paid panel');
    // The fees this order's price carries, by its own lines' names (a power of attorney carries no ICWF).
    expect(within(panel).getByText(/^Not recorded yet/).textContent).toBe(
      'Not recorded yet: record the centre’s reference once our team has paid the fees this order’s price carries (Government fee, ICWF and VFS Global service fee). Submitted waits for it: the refund policy keeps those fees from then on. The customer is not e-mailed.',
    );
    const field = within(panel).getByLabelText(/^The centre’s reference for the payment/) as HTMLInputElement;
    expect(field.value).toBe('');

    // Checked before any call, with the shared rules' words.
    const api = fakeApi({
      'PUT /api/v1/admin/orders/DOC-48213907/fees-paid': () => ok({}, FEES_PAID_MESSAGES.recorded),
    });
    fireEvent.change(field, { target: { value: 'AB' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Record the fees paid' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', FEES_PAID_MESSAGES.referenceLength);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(field, { target: { value: ' VFS-WAS-2026-004211 ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Record the fees paid' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ reference: 'VFS-WAS-2026-004211' }),
    );
  });

  it('shows the record once made: when, by whom and the reference', async () => {
    const panel = await show(
      serviceOrder('In review', {
        feesPaid: {
          reference: 'VFS-WAS-2026-004211',
          paidAt: '2026-12-01T12:00:00.000Z',
          recordedBy: 'meera@example.com',
        },
      }),
    );
    if (!panel) throw new Error('no fees paid panel');
    expect(panel.textContent).toMatch(/Recorded .* by meera@example\.com: reference VFS-WAS-2026-004211\./);
    expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe('VFS-WAS-2026-004211');
    expect(within(panel).getByRole('button', { name: 'Save the corrected reference' })).toBeTruthy();
  });

  it('waits for payment, and is not offered for an e-Visa or a price with no such fees', async () => {
    const unpaid = await show(serviceOrder('Payment pending'));
    expect(unpaid?.textContent).toContain('The fees paid at the centre are recorded once the order is paid');
    expect(within(unpaid as HTMLElement).queryByRole('textbox')).toBeNull();
    cleanup();
    expect(await show(serviceOrder('In review', { application: { filing: 'online' } }))).toBeNull();
    cleanup();
    const onPortal = { ...OCI_DESK_PRICE, feesPaidOnPortal: true };
    expect(
      await show(
        serviceOrder('In review', { application: { price: onPortal } as unknown as Partial<ApplicationOrder> }),
      ),
    ).toBeNull();
    cleanup();
    const none = { ...OCI_DESK_PRICE, governmentFeeCents: 0, mandatoryFees: [] };
    expect(
      await show(serviceOrder('In review', { application: { price: none } as unknown as Partial<ApplicationOrder> })),
    ).toBeNull();
  });
});
