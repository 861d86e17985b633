// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import { PAID_LINES_TEXT } from '../../../../domain/checkout/receipt.ts';
import { STRAY_CHARGES_TEXT } from '../../../../domain/payments/stray-charges.ts';
import { type OrderPhoto, PHOTO_ORDER_MESSAGES, type PhotoOrder } from '../../../../domain/photos/orders.ts';
import { SECOND_LOOK_MESSAGES, SECOND_LOOK_TEXT } from '../../../../domain/photos/second-look.ts';
import { TAP_TARGET } from '../../../components/ui/tap-target.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { PaidPhotoOrder } from './paid-order.tsx';
import { photoOrderAt } from './testing.tsx';
import { PAID_TEXT } from './text.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const LINES = [
  { id: 'digital-copy', label: 'Digital Copy', value: '$8.99', icon: 'image', kind: 'charge', amountCents: 899 },
  { id: 'print-copies', label: 'Print copies', value: '$5', icon: 'printer', kind: 'charge', amountCents: 500 },
] as const;

/** Paid, then whatever `status` the test gives it. */
const PAID: PhotoOrder['timeline'] = [
  { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-12-01T10:00:00Z' },
  { fromStatus: 'Payment pending', status: 'Order pending', by: 'system', remark: null, at: '2026-12-01T10:05:00Z' },
];

function show(
  refundedCents: number,
  status = 'Cancelled',
  items: PhotoOrder['items'] = [],
  more: Partial<PhotoOrder> = {},
) {
  fakeApi({
    'GET /api/v1/orders/PHO-1001/cost-summary': () =>
      ok(
        { currency: 'USD', lines: LINES, totalCents: 1399, appliedCoupon: null, refundedCents },
        'Cost summary loaded',
      ),
    'GET /api/v1/orders/PHO-1001/refund-requests': () => ok([], 'Refund requests loaded'),
  });
  const order = photoOrderAt(4, { status, totalCents: 1399, costSummary: [...LINES], items, timeline: PAID, ...more });
  renderWithRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaidPhotoOrder order={order} />
    </QueryClientProvider>,
  );
}

describe('a paid photo order’s page', () => {
  it('shows what was refunded of the payment, and what it comes to', async () => {
    show(500);
    const refunded = await screen.findByText(PAID_LINES_TEXT.refunded);
    expect(refunded.nextElementSibling?.textContent).toBe(formatMoney({ amountCents: -500, currency: 'USD' }));
    expect(screen.getByText(PAID_LINES_TEXT.net).nextElementSibling?.textContent).toBe('$8.99');
  });

  it('says nothing was charged for an order cancelled before it was paid, with no paid lines', async () => {
    show(0, 'Cancelled', [], {
      timeline: [
        { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-12-01T10:00:00Z' },
        { fromStatus: 'Payment pending', status: 'Cancelled', by: 'staff', remark: null, at: '2026-12-02T10:00:00Z' },
      ],
    });
    expect(await screen.findByText(PAID_LINES_TEXT.notCharged)).toBeTruthy();
    expect(screen.queryByText(PAID_LINES_TEXT.title)).toBeNull();
    expect(screen.queryByText(PAID_LINES_TEXT.total)).toBeNull();
  });

  it('lists a payment the order could not take, paid or not, with its refund; a cancelled one no longer says nothing was charged', async () => {
    const charge = {
      amountCents: 1399,
      currency: 'USD' as const,
      provider: 'sandbox' as const,
      reason: 'cancelled' as const,
      refund: 'succeeded' as const,
      receivedAt: '2026-12-02T11:00:00.000Z',
      refundedAt: '2026-12-03T11:00:00.000Z',
    };
    const cancelled: PhotoOrder['timeline'] = [
      { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-12-01T10:00:00Z' },
      { fromStatus: 'Payment pending', status: 'Cancelled', by: 'staff', remark: null, at: '2026-12-02T10:00:00Z' },
    ];
    show(0, 'Cancelled', [], { timeline: cancelled, strayCharges: [charge] });
    const list = await screen.findByRole('list', { name: STRAY_CHARGES_TEXT.title });
    expect(list.textContent).toContain('$13.99');
    expect(list.textContent).toContain(STRAY_CHARGES_TEXT.refunded('Dec 3, 2026'));
    expect(screen.getByText(PAID_LINES_TEXT.cancelledUnpaid)).toBeTruthy();
    expect(screen.queryByText(PAID_LINES_TEXT.notCharged)).toBeNull();
    cleanup();

    show(0, 'Completed', [], {
      strayCharges: [{ ...charge, reason: 'already-paid', refund: 'pending', refundedAt: null }],
    });
    const paidList = await screen.findByRole('list', { name: STRAY_CHARGES_TEXT.title });
    expect(paidList.textContent).toContain(STRAY_CHARGES_TEXT.pending);
    expect(screen.getByText(PAID_LINES_TEXT.total)).toBeTruthy();
  });

  it('offers the refund request for this order while it is not cancelled or refunded', async () => {
    show(0, 'Completed');
    const link = await screen.findByRole('link', { name: PAID_LINES_TEXT.askRefund });
    expect(link.getAttribute('href')).toBe('/refund-request?orderId=PHO-1001');
    // A link on its own under the lines: a thumb's target (WCAG 2.5.8), not the 17 px of its text.
    expect(link.className).toContain(TAP_TARGET);
  });

  it('says how the prints were posted, with the carrier’s tracking page in a new tab', async () => {
    show(0, 'Submitted', [], {
      shipment: { carrier: 'USPS', trackingNumber: '9400100000000000000000', shippedAt: '2026-12-04T15:00:00Z' },
    });
    expect(await screen.findByText('Posted with USPS, tracking number 9400100000000000000000')).toBeTruthy();
    const track = screen.getByRole('link', { name: /^Track your prints/ });
    expect(track.getAttribute('href')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect([track.getAttribute('target'), track.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });

  it('says where prints picked up from a studio are ready, the number to give and what to bring', async () => {
    show(0, 'Submitted', [], {
      delivery: {
        method: 'pickup',
        serviceType: 'CVS',
        pinCode: '10118',
        addressLine: '350 5th Ave, New York',
        message: null,
      },
      pickupReady: { storeOrderNumber: '48210397', readyAt: '2026-12-04T15:00:00Z' },
    });
    const note = await screen.findByTestId('photo-pickup-ready');
    expect(note.textContent).toBe(
      'Ready for pickup at CVS Photo, 350 5th Ave, New York' +
        'Studio order number 48210397. At the photo counter, give your name and this order number, and bring a photo ID.',
    );
  });

  it('offers none on a cancelled order (its refund request opened by itself)', async () => {
    show(500);
    await screen.findByText(PAID_LINES_TEXT.refunded);
    expect(screen.queryByRole('link', { name: PAID_LINES_TEXT.askRefund })).toBeNull();
  });

  it('says nothing of prints posted or ready once the order is cancelled or refunded', async () => {
    for (const status of ['Cancelled', 'Refunded']) {
      show(1399, status, [], {
        delivery: { method: 'pickup', serviceType: 'CVS', pinCode: '10118', addressLine: '350 5th Ave', message: null },
        pickupReady: { storeOrderNumber: '48210397', readyAt: '2026-12-04T15:00:00Z' },
        shipment: { carrier: 'USPS', trackingNumber: '9400100000000000000000', shippedAt: '2026-12-04T15:00:00Z' },
      });
      await screen.findByText(PAID_LINES_TEXT.refunded);
      expect(screen.queryByTestId('photo-shipment'), status).toBeNull();
      expect(screen.queryByTestId('photo-pickup-ready'), status).toBeNull();
      cleanup();
    }
  });
});

describe('its downloads', () => {
  const photo = (id: number, name: string, secondLook: OrderPhoto['secondLook']): OrderPhoto => {
    const base = `/api/v1/photo-orders/PHO-1001/items/${id}/photos/${id}`;
    return {
      id,
      itemId: id,
      name,
      size: 2_000_000,
      type: 'image/jpeg',
      state: 'done',
      report: {
        sizeId: 'us-2x2',
        passed: true,
        fitted: { widthPx: 600, heightPx: 600, bytes: 80_000, headPercent: 60 },
        checks: [],
      },
      error: null,
      url: `${base}/original`,
      links: { original: `${base}/original`, fitted: `${base}/fitted`, printSheet: null },
      uploadedAt: '2026-11-28T08:00:00.000Z',
      failedRuleChoice: null,
      secondLook,
      secondLookReason: secondLook === 'rejected' ? 'Your eyes are closed.' : null,
      retakeUrl: null,
    };
  };
  const item = (id: number, personName: string, p: OrderPhoto) => ({
    id,
    photoSize: 'us-2x2' as const,
    documentType: 'US passport',
    personName,
    label: 'US passport photo',
    photos: [p],
  });

  it('offers no download of a photo a person is checking or could not approve, and says why', async () => {
    show(0, 'Completed', [
      item(1, 'Asha', photo(1, 'asha.jpg', 'approved')),
      item(2, 'Dev', photo(2, 'dev.jpg', 'requested')),
      item(3, 'Mira', photo(3, 'mira.jpg', 'rejected')),
    ]);
    expect(await screen.findByRole('link', { name: 'Download Asha: US passport photo' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download Dev/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Download Mira/ })).toBeNull();
    expect(screen.getByText(PHOTO_ORDER_MESSAGES.heldForCheck)).toBeTruthy();
    expect(screen.getByText(PHOTO_ORDER_MESSAGES.heldForRetake)).toBeTruthy();
    // The page shows a held photo under stripes (the server's preview), and says so to a screen reader.
    expect(
      screen.getByRole('img', { name: /dev\.jpg, fitted, under stripes until a person approves it$/ }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /asha\.jpg, fitted$/ })).toBeTruthy();
  });

  it('says a retake its check could not read was turned down by the check, and offers another', async () => {
    const failed: OrderPhoto = {
      ...photo(4, 'dark.jpg', 'rejected'),
      state: 'failed',
      report: null,
      links: { original: '/o', fitted: null, printSheet: null },
      secondLookReason: SECOND_LOOK_MESSAGES.retakeNotChecked,
      retakeUrl: '/api/v1/photo-orders/PHO-1001/items/4/photos/4/retake',
    };
    show(0, 'Order pending', [item(4, 'Ravi', failed)]);
    expect(await screen.findByText(SECOND_LOOK_MESSAGES.retakeNotChecked)).toBeTruthy();
    expect(screen.queryByText(SECOND_LOOK_TEXT.rejected(SECOND_LOOK_MESSAGES.retakeNotChecked))).toBeNull();
    expect(screen.getByRole('button', { name: SECOND_LOOK_TEXT.retakeLabel })).toBeTruthy();
  });

  it('names each print sheet’s link after its photo, so a screen reader’s list of links tells them apart', async () => {
    const withSheet = (p: OrderPhoto): OrderPhoto => ({ ...p, links: { ...p.links, printSheet: `${p.url}/sheet` } });
    show(0, 'Completed', [
      item(1, 'Asha', withSheet(photo(1, 'asha.jpg', null))),
      item(2, 'Dev', withSheet(photo(2, 'dev.jpg', null))),
    ]);
    await screen.findByRole('link', { name: 'Download Asha: US passport photo' });
    const sheets = screen.getAllByRole('link').filter((link) => link.textContent?.startsWith(PAID_TEXT.printSheet));
    expect(sheets.map((link) => link.textContent)).toEqual([
      `${PAID_TEXT.printSheet}: Asha: US passport photo`,
      `${PAID_TEXT.printSheet}: Dev: US passport photo`,
    ]);
  });
});
