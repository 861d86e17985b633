import { describe, expect, it } from 'vitest';
import { NOT_PAID_AFTER_MS, NOT_PAID_TEXT, paymentResultView } from './payment-result.ts';

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
