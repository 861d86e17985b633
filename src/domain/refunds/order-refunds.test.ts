import { describe, expect, it } from 'vitest';
import { REFUND_NOTICES } from './options.ts';
import { ORDER_REFUNDS_TEXT, type OrderRefundRequest, orderRefundLine } from './order-refunds.ts';

const request = (overrides: Partial<OrderRefundRequest>): OrderRefundRequest => ({
  reference: 'RF-7K3Q9M2X',
  status: 'Received',
  amountCents: 2500,
  approvedCents: null,
  currency: 'CAD',
  requestedAt: '2026-12-01T10:00:00.000Z',
  decidedAt: null,
  partialReason: null,
  rejectionReason: null,
  ...overrides,
});

describe('orderRefundLine', () => {
  it("says each state in the bell's words, with the amount that state is about", () => {
    expect(orderRefundLine(request({}))).toBe(REFUND_NOTICES.received('RF-7K3Q9M2X', 'CA$25'));
    expect(orderRefundLine(request({ status: 'In review' }))).toBe(REFUND_NOTICES.received('RF-7K3Q9M2X', 'CA$25'));
    expect(orderRefundLine(request({ status: 'Approved', approvedCents: 1000 }))).toBe(
      'Refund RF-7K3Q9M2X of CA$10 is approved. We will e-mail you as soon as your payment provider confirms it.',
    );
    expect(orderRefundLine(request({ status: 'Refunded', approvedCents: 2500 }))).toBe(
      REFUND_NOTICES.refunded('RF-7K3Q9M2X', 'CA$25'),
    );
    expect(orderRefundLine(request({ status: 'Rejected', rejectionReason: 'Already submitted.' }))).toBe(
      'Refund request RF-7K3Q9M2X was not approved: Already submitted.',
    );
  });

  it('names the state in a word or two and the days asked and decided', () => {
    expect(ORDER_REFUNDS_TEXT.state.Rejected).toBe('Not approved');
    expect(ORDER_REFUNDS_TEXT.dates('Dec 1, 2026', null)).toBe('Asked Dec 1, 2026');
    expect(ORDER_REFUNDS_TEXT.dates('Dec 1, 2026', 'Dec 3, 2026')).toBe('Asked Dec 1, 2026 · decided Dec 3, 2026');
  });
});
