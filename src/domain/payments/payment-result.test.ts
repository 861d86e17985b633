import { describe, expect, it } from 'vitest';
import { closedBecause, type PaymentAttemptStatus } from './payment.ts';
import {
  CLOSED_TEXT,
  closedLinkReason,
  NOT_PAID_AFTER_MS,
  NOT_PAID_TEXT,
  paymentResultView,
  REFUND_POLL_FOR_MS,
  REFUND_POLL_MS,
} from './payment-result.ts';

describe('the payment result page reading the latest attempt (issue 28)', () => {
  it('waits about 10 s for a confirmation', () => {
    expect(NOT_PAID_AFTER_MS).toBe(10_000);
  });

  it('says the exact words', () => {
    expect(NOT_PAID_TEXT.title).toBe('Not paid yet');
    expect(NOT_PAID_TEXT.payNow).toBe('Pay now');
    expect(NOT_PAID_TEXT.backToOrder).toBe('Back to your order');
  });

  it('an open attempt is confirming until the wait is over, then not paid yet', () => {
    expect(paymentResultView({ state: 'PENDING' }, 0)).toBe('confirming');
    expect(paymentResultView({ state: 'PENDING' }, NOT_PAID_AFTER_MS - 1)).toBe('confirming');
    expect(paymentResultView({ state: 'PENDING' }, NOT_PAID_AFTER_MS)).toBe('not-paid');
  });

  it('no attempt at all is not paid at once; final states show as they are, whenever they come', () => {
    expect(paymentResultView(null, 0)).toBe('not-paid');
    expect(paymentResultView(undefined, 0)).toBe('loading');
    for (const waited of [0, NOT_PAID_AFTER_MS * 6]) {
      expect(paymentResultView({ state: 'COMPLETED' }, waited)).toBe('completed');
      expect(paymentResultView({ state: 'FAILED' }, waited)).toBe('failed');
    }
  });
});

describe('a payment link closed with nothing taken (review 62 §2)', () => {
  const at = (iso: string) => new Date(`2026-12-06T${iso}:00.000Z`);
  const attempt = (status: PaymentAttemptStatus, updatedAt = at('10:00'), expiresAt: Date | null = at('11:00')) => ({
    status,
    updatedAt,
    expiresAt,
  });

  it('is closed by the order changing or being cancelled, never "declined"', () => {
    expect(closedBecause(attempt('superseded'), 'Payment pending')).toBe('order-changed');
    expect(closedBecause(attempt('superseded'), 'Cancelled')).toBe('cancelled');
  });

  it('expired: failed once its own time was up; a failure before that is a decline', () => {
    expect(closedBecause(attempt('failed', at('11:05')), 'Payment pending')).toBe('expired');
    expect(closedBecause(attempt('failed', at('11:00')), 'Payment pending')).toBe('expired');
    expect(closedBecause(attempt('failed', at('10:59')), 'Payment pending')).toBeNull();
    expect(closedBecause(attempt('failed', at('11:05'), null), 'Payment pending')).toBeNull();
  });

  it('is nothing for an attempt open, paid, or paid and given back', () => {
    for (const status of ['created', 'pending', 'succeeded', 'stray', 'mismatched'] as const) {
      expect(closedBecause(attempt(status, at('12:00')), 'Payment pending')).toBeNull();
    }
  });

  it('says what happened and sends the customer to check the total', () => {
    expect(CLOSED_TEXT.lead['order-changed']).toBe(
      'This payment link closed because your order changed. Nothing was charged on it. Check the new total, then pay.',
    );
    expect(CLOSED_TEXT.title.expired).toBe('Payment link expired');
    expect(CLOSED_TEXT.lead.expired).toMatch(/^This payment link expired/);
    expect(Object.values(CLOSED_TEXT.lead).join(' ')).not.toMatch(/declined/);
    expect(CLOSED_TEXT.checkTotal).toBe('Check the total and pay');
  });

  it('is told while the order waits for a payment, or when it was cancelled; else the order as it is now', () => {
    expect(closedLinkReason({ closedBecause: 'order-changed', orderStatus: 'Payment pending' })).toBe('order-changed');
    expect(closedLinkReason({ closedBecause: 'expired', orderStatus: 'Payment pending' })).toBe('expired');
    expect(closedLinkReason({ closedBecause: 'cancelled', orderStatus: 'Cancelled' })).toBe('cancelled');
    expect(closedLinkReason({ closedBecause: 'expired', orderStatus: 'Forms incomplete' })).toBeNull();
    expect(closedLinkReason({ closedBecause: null, orderStatus: 'Payment pending' })).toBeNull();
  });
});

describe('a refund the result page shows as on its way (review 62 §8)', () => {
  it('is asked about every 5 s for a few minutes', () => {
    expect(REFUND_POLL_MS).toBe(5_000);
    expect(REFUND_POLL_FOR_MS).toBe(300_000);
  });
});
