// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import type { ApplicationOrder } from '../../../domain/applications/application.ts';
import { POSTING_ADDRESS_MESSAGES } from '../../../domain/applications/posting-address.ts';
import { TULARE_JURISDICTION } from '../../../domain/jurisdiction/testing.ts';
import { deskServiceOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

/** A Tulare County order's mission, San Francisco, whose address our sources give. */
const SAN_FRANCISCO = TULARE_JURISDICTION;

/** A service order on the desk, its application's fields `application` over the fixture's. */
const serviceOrder = (status: string, application: Partial<ApplicationOrder>) =>
  deskServiceOrder(status, { application });

async function show(order: DeskOrder, onLoad?: () => void) {
  renderWithRouter(<OrderDeskPage order={order} renderAnswers={() => null} />, {
    path: '/admin/orders/DOC-48213907',
    ...(onLoad ? { onLoad } : {}),
  });
  await screen.findByRole('heading', { level: 1 });
  return screen.queryByRole('region', { name: 'Posting address' });
}

/** The panel of an order at `status` whose posting address desk@sevadocs.in confirmed as `lines`. */
async function showConfirmed(status: string, lines: string[]) {
  const confirmed = { lines, confirmedAt: '2026-12-01T12:00:00.000Z' };
  const panel = await show(
    deskServiceOrder(status, {
      application: { mission: SAN_FRANCISCO, postingAddress: confirmed },
      service: { postingAddress: { ...confirmed, confirmedBy: 'desk@sevadocs.in' } },
    }),
  );
  if (!panel) throw new Error('no posting address panel');
  return panel;
}

describe('the desk’s posting address', () => {
  it('starts from the mission’s address, checks the lines, and sends them', async () => {
    const panel = await show(serviceOrder('In review', { mission: SAN_FRANCISCO }));
    if (!panel) throw new Error('no posting address panel');
    expect(within(panel).getByText(/^Not confirmed yet/)).toBeTruthy();
    const field = within(panel).getByLabelText(/^Address, one envelope line per line/) as HTMLTextAreaElement;
    expect(field.value).toBe(
      'VFS Global\nfor the Consulate General of India, San Francisco\n228 Grant Avenue\n5th Floor\nSan Francisco, CA 94108',
    );

    // Checked before any call, with the shared rules' words.
    fireEvent.change(field, { target: { value: 'VFS Global\n\nfor the Consulate General of India, San Francisco\n' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', POSTING_ADDRESS_MESSAGES.tooFewLines);

    const api = fakeApi({
      'PUT /api/v1/admin/orders/DOC-48213907/posting-address': () => ok({}, POSTING_ADDRESS_MESSAGES.confirmed),
    });
    fireEvent.change(field, {
      target: { value: ' VFS Global \n\n228 Grant Avenue, 5th Floor\nSan Francisco, CA 94108' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      lines: ['VFS Global', '228 Grant Avenue, 5th Floor', 'San Francisco, CA 94108'],
      mission: 'Consulate General of India, San Francisco',
    });
  });

  it('says so when the mission moved since the page was opened, and reloads the order', async () => {
    let loads = 0;
    const panel = await show(serviceOrder('Forms incomplete', { mission: SAN_FRANCISCO }), () => {
      loads += 1;
    });
    if (!panel) throw new Error('no posting address panel');
    const movedTo = POSTING_ADDRESS_MESSAGES.missionChanged('Consulate General of India, New York');
    fakeApi({ 'PUT /api/v1/admin/orders/DOC-48213907/posting-address': () => fail(409, movedTo) });
    const loadsBefore = loads;
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', movedTo);
    await waitFor(() => expect(loads).toBeGreaterThan(loadsBefore));
  });

  it('does not reload the order after a refusal of the lines themselves (400), which stay as typed', async () => {
    let loads = 0;
    const panel = await show(serviceOrder('Forms incomplete', { mission: SAN_FRANCISCO }), () => {
      loads += 1;
    });
    if (!panel) throw new Error('no posting address panel');
    const refused = 'Check the address.';
    fakeApi({
      'PUT /api/v1/admin/orders/DOC-48213907/posting-address': () => fail(400, refused, { lines: 'Too long.' }),
    });
    const field = within(panel).getByRole('textbox') as HTMLTextAreaElement;
    const typed = 'VFS Global\n228 Grant Avenue\nSan Francisco, CA 94108';
    fireEvent.change(field, { target: { value: typed } });
    const loadsBefore = loads;
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', refused);
    await new Promise((settle) => setTimeout(settle, 50));
    expect(loads).toBe(loadsBefore);
    expect(field.value).toBe(typed);
  });

  it('sends none for an order with no mission yet', async () => {
    const panel = await show(serviceOrder('Forms incomplete', {}));
    if (!panel) throw new Error('no posting address panel');
    const api = fakeApi({
      'PUT /api/v1/admin/orders/DOC-48213907/posting-address': () => ok({}, POSTING_ADDRESS_MESSAGES.confirmed),
    });
    fireEvent.change(within(panel).getByRole('textbox'), {
      target: { value: 'VFS Global\n1025 Vermont Avenue NW\nWashington, DC 20005' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ mission: null }));
  });

  it('starts from the address confirmed before, and saves a change as a correction', async () => {
    const lines = ['Embassy of India', '2536 Massachusetts Avenue NW', 'Washington, DC 20008'];
    const panel = await showConfirmed('Submitted', lines);
    // Who confirmed it, as the fees paid record says who recorded them.
    expect(
      within(panel).getByText(/^Confirmed .* by desk@sevadocs\.in and e-mailed to the customer\. A change is e-mailed/),
    ).toBeTruthy();
    expect((within(panel).getByRole('textbox') as HTMLTextAreaElement).value).toBe(lines.join('\n'));
    expect(within(panel).getByRole('button', { name: 'Save and e-mail the correction' })).toBeTruthy();
  });

  it('waits for payment, and is not offered for an e-Visa, filed online', async () => {
    const unpaid = await show(serviceOrder('Payment pending', {}));
    expect(unpaid?.textContent).toContain('The posting address is confirmed once the order is paid');
    expect(within(unpaid as HTMLElement).queryByRole('textbox')).toBeNull();
    cleanup();
    // Past Submitted the file has gone: no correction to send (the server refuses one too).
    const completed = await show(serviceOrder('Completed', {}));
    expect(completed?.textContent).toContain('until it is Submitted');
    expect(within(completed as HTMLElement).queryByRole('textbox')).toBeNull();
    cleanup();
    expect(await show(serviceOrder('In review', { filing: 'online' }))).toBeNull();
  });

  it('still shows where the customer was told to post their file once the order is past Submitted (walk H)', async () => {
    const lines = ['VFS Global', '228 Grant Avenue, 5th Floor', 'San Francisco, CA 94108'];
    const panel = await showConfirmed('Completed', lines);
    expect(
      within(panel).getByText(/^Confirmed .* by desk@sevadocs\.in and e-mailed to the customer; no longer/),
    ).toBeTruthy();
    expect(panel.querySelector('address')?.textContent).toBe(lines.join('\n'));
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
