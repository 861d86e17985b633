// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DeskOrder, ORDER_DESK_MESSAGES } from '../../../domain/admin/orders.ts';
import { erasedEmail } from '../../../domain/data-rights/schemas.ts';
import type { PhotoCheck } from '../../../domain/photos/compliance.ts';
import { FAILED_RULE_CHOICE_LABELS } from '../../../domain/photos/failed-rules.ts';
import type { OrderPhoto, PhotoOrder } from '../../../domain/photos/orders.ts';
import { PICKUP_READY_MESSAGES } from '../../../domain/photos/pickup-ready.ts';
import { SECOND_LOOK_MESSAGES } from '../../../domain/photos/second-look.ts';
import { PRINTS_OUT_DESK_LINE, SHIPMENT_MESSAGES } from '../../../domain/photos/shipment.ts';
import { deskPhotoOrder } from '../../testing/desk-fixtures.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { OrderDeskPage } from './order-desk-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const check = (rule: PhotoCheck['rule'], passed: boolean): PhotoCheck => ({
  rule,
  passed,
  measured: 'measured',
  expected: 'expected',
  fix: passed ? null : `Fix ${rule}`,
});

const photo = (id: number, failed: PhotoCheck['rule'][]): OrderPhoto => {
  const rules: PhotoCheck['rule'][] = ['one-face', 'head-height', 'eye-line', 'tilt', 'background'];
  const checks = rules.map((rule) => check(rule, !failed.includes(rule)));
  return {
    id,
    itemId: 5,
    name: `photo-${id}.jpg`,
    size: 240_000,
    type: 'image/jpeg',
    state: 'done',
    report: { sizeId: 'us-2x2', checks, passed: failed.length === 0, fitted: null },
    error: null,
    url: `/photos/${id}`,
    links: { original: 'o', fitted: null, printSheet: null },
    uploadedAt: '2026-11-02T10:00:00.000Z',
    failedRuleChoice: null,
    secondLook: null,
    secondLookReason: null,
    retakeUrl: null,
  };
};

async function show(order: DeskOrder) {
  renderWithRouter(<OrderDeskPage order={order} renderAnswers={() => null} />, {
    path: '/admin/orders/PHO-51234567',
  });
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('region', { name: 'Plan and delivery' });
}

/** Why a hand-over form is gone, as the desk says it (its status words from HANDOVER_STATUSES). */
const handOverClosed = (status: string, record: string) =>
  `The order is ${status}: ${record} is recorded only while it is Order pending, In review, Submitted, Approved or Completed.`;

/** The definition list's value for a term. */
const termValue = (panel: HTMLElement, term: string) => within(panel).getByText(term).nextElementSibling?.textContent;

describe('the photo order desk', () => {
  it('says an erased customer’s delivery details went with the account, and offers no hand-over', async () => {
    const paid = deskPhotoOrder({ pricingPlanId: 1, options: ['pickup'], deliveryMethod: 'pickup', delivery: null });
    const panel = await show({ ...paid, customer: { ...paid.customer, email: erasedEmail(paid.customer.id) } });
    expect(within(panel).getByText(ORDER_DESK_MESSAGES.deliveryErased)).toBeTruthy();
    expect(panel.textContent).not.toContain('no delivery chosen yet');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('names the plan and options, and shows every pickup detail with the customer’s message', async () => {
    const panel = await show(
      deskPhotoOrder({
        pricingPlanId: 1,
        options: ['pickup'],
        totalCents: 1298,
        delivery: {
          method: 'pickup',
          serviceType: 'CVS',
          pinCode: '10118',
          addressLine: '350 5th Ave, New York',
          message: 'Please call before',
        },
      }),
    );
    expect(within(panel).getByText(/Digital Copy \+ Pickup From Nearest Photo studio · \$12\.98/)).toBeTruthy();
    expect(panel.textContent).not.toContain('Plan 1');
    expect(termValue(panel, 'Photo studio')).toBe('CVS Photo');
    expect(termValue(panel, 'Studio address')).toBe('350 5th Ave, New York');
    expect(termValue(panel, 'Pin code')).toBe('10118');
    expect(termValue(panel, 'Message for the studio')).toBe('Please call before');
  });

  it('shows the whole home delivery address: state, type, phone and the delivery note', async () => {
    const panel = await show(
      deskPhotoOrder({
        pricingPlanId: 2,
        totalCents: 1999,
        delivery: {
          method: 'home',
          addressId: 3,
          address: {
            fullName: 'Priya Sharma',
            addressLine: '12 Elm Street',
            city: 'Edison',
            state: 'NJ',
            postalCode: '08817',
            country: 'US',
            type: 'home',
            additionalInfo: 'Ring twice',
            phone: '+1-7325550123',
          },
        },
      }),
    );
    expect(within(panel).getByText(/Get Print Copies delivered to home · \$19\.99/)).toBeTruthy();
    expect(panel.textContent).not.toContain('Plan 2');
    expect(termValue(panel, 'Deliver to')).toBe('Priya Sharma');
    expect(termValue(panel, 'Address')).toBe('12 Elm Street, Edison, NJ 08817, US');
    expect(termValue(panel, 'Address type')).toBe('Home');
    expect(termValue(panel, 'Delivery notes')).toBe('Ring twice');
    expect(within(panel).getByRole('link', { name: '+1-7325550123' }).getAttribute('href')).toBe('tel:+17325550123');
  });

  it('records the shipment of prints posted to home, and shows the one recorded', async () => {
    const home = { pricingPlanId: 2 as const, totalCents: 1999, deliveryMethod: 'home' as const };
    const panel = await show(deskPhotoOrder({ ...home, shipment: null }));
    expect(within(panel).getByText('Not posted yet.')).toBeTruthy();
    // The fixture's one 2 × 2 in item: one sheet in the envelope.
    expect(within(panel).getByText('To mail: one 4 × 6 in print sheet, one per printed item.')).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Record the shipment' });
    fireEvent.change(within(form).getByLabelText('Tracking number'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the shipment' }));
    // Checked before any call: the message says what a tracking number is.
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', SHIPMENT_MESSAGES.trackingNumber);
    cleanup();

    const shipped = await show(
      deskPhotoOrder({
        ...home,
        shipment: { carrier: 'FedEx', trackingNumber: '123456789012', shippedAt: '2026-12-04T15:00:00.000Z' },
      }),
    );
    expect(within(shipped).getByText(/^Posted with FedEx, tracking number 123456789012 ·/)).toBeTruthy();
    expect(within(shipped).getByRole('link', { name: 'Track' }).getAttribute('href')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(within(shipped).getByRole('button', { name: 'Replace the shipment' })).toBeTruthy();
  });

  it('records prints ready at the studio for pickup instead of a shipment, and shows the one recorded', async () => {
    const pickup = { pricingPlanId: 1 as const, options: ['pickup' as const], deliveryMethod: 'pickup' as const };
    const panel = await show(deskPhotoOrder({ ...pickup, pickupReady: null }));
    expect(within(panel).queryByRole('form', { name: 'Record the shipment' })).toBeNull();
    expect(within(panel).getByText('Not ready at the studio yet.')).toBeTruthy();
    expect(
      within(panel).getByText('To place with the studio: one 4 × 6 in print sheet, one per printed item.'),
    ).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Record the prints ready for pickup' });
    fireEvent.change(within(form).getByLabelText('Studio order number'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ready for pickup' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty(
      'textContent',
      PICKUP_READY_MESSAGES.storeOrderNumber,
    );
    cleanup();

    const ready = await show(
      deskPhotoOrder({ ...pickup, pickupReady: { storeOrderNumber: '48210397', readyAt: '2026-12-04T15:00:00.000Z' } }),
    );
    expect(within(ready).getByText(/^Ready: Studio order number 48210397 ·/)).toBeTruthy();
    // It sends the number the page showed, so one recorded meanwhile is not replaced unseen.
    const api = fakeApi({
      'PUT /api/v1/admin/orders/PHO-51234567/pickup-ready': () =>
        ok({ storeOrderNumber: '48210398', readyAt: '2026-12-04T16:00:00.000Z' }, 'Pickup recorded'),
    });
    const replace = within(ready).getByRole('form', { name: 'Record the prints ready for pickup' });
    fireEvent.change(within(replace).getByLabelText('Studio order number'), { target: { value: '4821 0398' } });
    fireEvent.click(within(ready).getByRole('button', { name: 'Replace the order number' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      storeOrderNumber: '48210398',
      replaces: '48210397',
    });
  });

  it('offers neither form once the order is cancelled or refunded, nor before it is paid, and says why', async () => {
    for (const status of ['Cancelled', 'Refunded', 'Payment pending']) {
      const pickup = await show({
        ...deskPhotoOrder({ pricingPlanId: 1, options: ['pickup'], deliveryMethod: 'pickup' }),
        status,
      });
      expect(within(pickup).queryByRole('form', { name: 'Record the prints ready for pickup' }), status).toBeNull();
      expect(within(pickup).getByText(handOverClosed(status, 'the studio’s order number'))).toBeTruthy();
      // One note: the shipment's form is not this order's way, so it says nothing.
      expect(within(pickup).queryByText(/the shipment is recorded/)).toBeNull();
      cleanup();
      const home = await show({ ...deskPhotoOrder({ pricingPlanId: 2, deliveryMethod: 'home' }), status });
      expect(within(home).queryByRole('form', { name: 'Record the shipment' }), status).toBeNull();
      expect(within(home).getByText(handOverClosed(status, 'the shipment'))).toBeTruthy();
      expect(within(home).queryByText(/order number is recorded/)).toBeNull();
      cleanup();
    }
  });

  it('has no pickup to record for prints posted to home', async () => {
    const panel = await show(deskPhotoOrder({ pricingPlanId: 2, deliveryMethod: 'home' }));
    expect(within(panel).queryByRole('form', { name: 'Record the prints ready for pickup' })).toBeNull();
  });

  it('reads each photo’s check in the verdict’s words, failed rules by their labels', async () => {
    await show(
      deskPhotoOrder({
        pricingPlanId: 1,
        totalCents: 999,
        items: [
          {
            id: 5,
            photoSize: 'us-2x2',
            documentType: 'US passport',
            personName: null,
            label: '2 × 2 in',
            photos: [photo(1, []), photo(2, ['head-height', 'eye-line'])],
          },
        ],
      }),
    );
    const items = screen.getByRole('region', { name: 'Photo items' });
    const [passed, failed] = within(items).getAllByRole('listitem').slice(1);
    expect(passed?.textContent).toContain('check done · Meets every rule ·');
    expect(passed?.textContent).not.toContain('passed:');
    expect(failed?.textContent).toContain('check done · 2 rules to fix: Head size. Also to fix: Eye height. ·');
    expect(failed?.textContent).not.toContain('head-height');
  });

  it('shows per photo the customer’s choice for a rule it failed, not only the rule to fix', async () => {
    const chose = (id: number, choice: 'accept-risk' | 'person-check'): OrderPhoto => ({
      ...photo(id, ['head-height']),
      failedRuleChoice: { choice, chosenAt: '2026-11-02T10:05:00.000Z' },
    });
    await show(
      deskPhotoOrder({
        pricingPlanId: 1,
        items: [
          {
            id: 5,
            photoSize: 'us-2x2',
            documentType: 'US passport',
            personName: null,
            label: '2 × 2 in',
            photos: [chose(1, 'accept-risk'), chose(2, 'person-check'), photo(3, [])],
          },
        ],
      }),
    );
    const items = screen.getByRole('region', { name: 'Photo items' });
    const [risk, person, clean] = within(items).getAllByRole('listitem').slice(1);
    expect(risk?.textContent).toContain(
      `1 rule to fix: Head size. · the customer chose “${FAILED_RULE_CHOICE_LABELS['accept-risk']}”`,
    );
    expect(person?.textContent).toContain(`the customer chose “${FAILED_RULE_CHOICE_LABELS['person-check']}”`);
    expect(clean?.textContent).not.toContain('the customer chose');
  });

  it('says beside the status control that Approved waits for the shipment or pickup to be recorded', async () => {
    const submitted = (part: Partial<PhotoOrder>): DeskOrder => ({
      ...deskPhotoOrder({ shipment: null, pickupReady: null, ...part }),
      status: 'Submitted',
      nextStatuses: ['Rejected', 'Cancelled'],
    });
    await show(submitted({ pricingPlanId: 2, deliveryMethod: 'home' }));
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText(PRINTS_OUT_DESK_LINE.home('Approved'))).toBeTruthy();
    cleanup();

    await show(submitted({ pricingPlanId: 1, options: ['pickup'], deliveryMethod: 'pickup' }));
    expect(
      within(screen.getByRole('region', { name: 'Status' })).getByText(PRINTS_OUT_DESK_LINE.pickup('Approved')),
    ).toBeTruthy();
    cleanup();

    // Recorded: Approved is offered, and nothing needs saying.
    await show({
      ...submitted({
        pricingPlanId: 2,
        deliveryMethod: 'home',
        shipment: { carrier: 'USPS', trackingNumber: '9400100000000000000000', shippedAt: '2026-12-04T15:00:00.000Z' },
      }),
      nextStatuses: ['Approved', 'Rejected', 'Cancelled'],
    });
    expect(within(screen.getByRole('region', { name: 'Status' })).queryByText(/is offered once/)).toBeNull();
  });

  it('says when the prints are held for a person’s check, with the way to the photo checks desk', async () => {
    await show(deskPhotoOrder({ pricingPlanId: 1, printsHeld: true }));
    const items = screen.getByRole('region', { name: 'Photo items' });
    expect(within(items).getByText(SECOND_LOOK_MESSAGES.orderHeld)).toBeTruthy();
    expect(within(items).getByRole('link', { name: 'Photo checks' }).getAttribute('href')).toBe('/admin/photo-checks');
  });

  it('says nothing of a hold when none is open', async () => {
    await show(deskPhotoOrder({ pricingPlanId: 1, printsHeld: false }));
    expect(screen.queryByText(SECOND_LOOK_MESSAGES.orderHeld)).toBeNull();
  });
});
