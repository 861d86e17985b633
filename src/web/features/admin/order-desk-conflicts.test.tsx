// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import { PICKUP_READY_MESSAGES } from '../../../domain/photos/pickup-ready.ts';
import { SHIPMENT_MESSAGES } from '../../../domain/photos/shipment.ts';
import { deskPhotoOrder, deskServiceOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const inReview = {
  ...deskServiceOrder('In review'),
  nextStatuses: ['Submitted', 'Forms incomplete'],
} as DeskOrder;
/** The same order once another member of staff sent it back to the customer. */
const sentBack = {
  ...deskServiceOrder('Forms incomplete'),
  nextStatuses: ['In review', 'Cancelled'],
} as DeskOrder;

/**
 * The desk as its route shows it: the order is the loader's, so a reload after a refusal gives the
 * order as it is now (`next`), and the stub's loader counts the loads.
 */
const desk: { first: DeskOrder; next: DeskOrder; loads: number; show?: (order: DeskOrder) => void } = {
  first: inReview,
  next: inReview,
  loads: 0,
};
function Desk() {
  const [order, setOrder] = useState(desk.first);
  desk.show = setOrder;
  return <OrderDeskPage order={order} renderAnswers={() => null} />;
}

function showDesk(first: DeskOrder) {
  Object.assign(desk, { first, next: first, loads: 0 });
  renderWithRouter(<Desk />, {
    path: '/admin/orders/DOC-48213907',
    onLoad: () => {
      desk.loads += 1;
      desk.show?.(desk.next);
    },
  });
  return desk;
}

const moved = 'Another member of staff changed this order’s status to Forms incomplete. Check it and try again.';

describe('a desk form refused because the order changed under staff', () => {
  it('reloads the order after a 409, keeps the refusal said and the remark typed, and chooses nothing anew', async () => {
    showDesk(inReview);
    const form = await screen.findByRole('form', { name: 'Change status' });
    const api = fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/status': () => {
        desk.next = sentBack;
        return fail(409, moved);
      },
    });
    const loadsBefore = desk.loads;
    const select = within(form).getByRole('combobox', { name: 'New status' }) as HTMLSelectElement;
    const remark = within(form).getByRole('textbox') as HTMLTextAreaElement;
    await act(async () => fireEvent.change(select, { target: { value: 'Submitted' } }));
    await act(async () => fireEvent.change(remark, { target: { value: 'All checked, ready to post.' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Change status' })));

    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      status: 'Submitted',
      fromStatus: 'In review',
    });
    await waitFor(() => expect(desk.loads).toBeGreaterThan(loadsBefore));
    // The order as it is now: the other status, its own next steps.
    await waitFor(() => expect(within(select).queryByRole('option', { name: 'Submitted' })).toBeNull());
    // The same form (not remounted): the refusal stays announced, the remark stays, nothing is chosen.
    expect(screen.getByRole('form', { name: 'Change status' })).toBe(form);
    expect(within(form).getByRole('alert').textContent).toBe(moved);
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('All checked, ready to post.');
    expect(select.value).toBe('');
  });

  it('reloads after a 409 on a note, the text kept', async () => {
    showDesk(inReview);
    const form = await screen.findByRole('form', { name: 'Message the customer' });
    fakeApi({
      'POST /api/v1/admin/orders/DOC-48213907/messages': () => fail(409, 'This order was deleted meanwhile.'),
    });
    const loadsBefore = desk.loads;
    const body = within(form).getByRole('textbox') as HTMLTextAreaElement;
    await act(async () => fireEvent.change(body, { target: { value: 'Your photo needs a plain background.' } }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send message' })));
    await waitFor(() => expect(desk.loads).toBeGreaterThan(loadsBefore));
    expect(within(form).getByRole('alert').textContent).toBe('This order was deleted meanwhile.');
    expect(body.value).toBe('Your photo needs a plain background.');
  });

  it('does not reload after a 400, a server failure or no answer', async () => {
    showDesk(inReview);
    const form = await screen.findByRole('form', { name: 'Add an internal note' });
    const body = within(form).getByRole('textbox') as HTMLTextAreaElement;
    await act(async () => fireEvent.change(body, { target: { value: 'Called the customer.' } }));
    const loadsBefore = desk.loads;
    for (const answer of [
      () => fail(400, 'Check the note.', { body: 'Too long.' }),
      () => fail(500, 'Something went wrong on our side.'),
    ]) {
      fakeApi({ 'POST /api/v1/admin/orders/DOC-48213907/notes': answer });
      await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add note' })));
      await within(form).findByRole('alert');
    }
    expect(within(form).getByRole('alert').textContent).toBe('Something went wrong on our side.');
    expect(body.value).toBe('Called the customer.');
    expect(desk.loads).toBe(loadsBefore);
  });
});

describe('a photo order’s hand-over refused because the order changed under staff', () => {
  const home = deskPhotoOrder({ pricingPlanId: 2, deliveryMethod: 'home', shipment: null });
  const pickup = deskPhotoOrder({ pricingPlanId: 1, options: ['pickup'], deliveryMethod: 'pickup', pickupReady: null });

  /** A hand-over form as staff see it: its name, its one number's label, its button and its call. */
  const SHIPMENT_FORM = {
    form: 'Record the shipment',
    field: 'Tracking number',
    button: 'Record the shipment',
    path: 'PUT /api/v1/admin/orders/PHO-51234567/shipment',
  };
  const PICKUP_FORM = {
    form: 'Record the prints ready for pickup',
    field: 'Studio order number',
    button: 'Ready for pickup',
    path: 'PUT /api/v1/admin/orders/PHO-51234567/pickup-ready',
  };

  /** Fills a hand-over form's one number and saves it; the server refuses with a 409, the order reloading as `next`. */
  async function refusedSave({ form, field, button, path }: typeof SHIPMENT_FORM, next: DeskOrder, refusal: string) {
    const panel = await screen.findByRole('region', { name: 'Plan and delivery' });
    const api = fakeApi({
      [path]: () => {
        desk.next = next;
        return fail(409, refusal);
      },
    });
    const loadsBefore = desk.loads;
    const saving = within(panel).getByRole('form', { name: form });
    await act(async () =>
      fireEvent.change(within(saving).getByLabelText(field), { target: { value: '9400111899223' } }),
    );
    await act(async () => fireEvent.click(within(saving).getByRole('button', { name: button })));
    await waitFor(() => expect(desk.loads).toBeGreaterThan(loadsBefore));
    expect(api.calls.some((call) => `${call.method} ${call.path}` === path)).toBe(true);
    return panel;
  }

  it.each([
    [
      'the shipment',
      SHIPMENT_FORM,
      home,
      'Refunded',
      SHIPMENT_MESSAGES.notPaid,
      'The order is Refunded: the shipment is recorded only while it is Order pending, In review, Submitted, Approved or Completed.',
    ],
    [
      'the prints ready for pickup',
      PICKUP_FORM,
      pickup,
      'Cancelled',
      PICKUP_READY_MESSAGES.notPaid,
      'The order is Cancelled: the studio’s order number is recorded only while it is Order pending, In review, Submitted, Approved or Completed.',
    ],
  ] as const)(
    'keeps the refusal of recording %s said, and why the form is gone, once the order reloads',
    async (_what, hand, order, status, refusal, note) => {
      showDesk(order);
      const panel = await refusedSave(hand, { ...order, status }, refusal);
      await waitFor(() => expect(within(panel).queryByRole('form', { name: hand.form })).toBeNull());
      expect(within(panel).getByRole('alert').textContent).toBe(refusal);
      expect(within(panel).getByText(note)).toBeTruthy();
    },
  );

  it('keeps the shipment’s refusal said beside the pickup form offered once the delivery changed', async () => {
    showDesk(home);
    const panel = await refusedSave(SHIPMENT_FORM, pickup, SHIPMENT_MESSAGES.notHome);
    await within(panel).findByRole('form', { name: 'Record the prints ready for pickup' });
    expect(within(panel).queryByRole('form', { name: 'Record the shipment' })).toBeNull();
    expect(within(panel).getByRole('alert').textContent).toBe(SHIPMENT_MESSAGES.notHome);
    expect(within(panel).getByText('The order’s delivery changed: the shipment is no longer recorded.')).toBeTruthy();
  });
});
