import { describe, expect, it } from 'vitest';
import { isActiveStatus, isIncompleteStatus } from './order-summary.ts';

describe('order status rules', () => {
  it('SPEC.md §4: payment pending, order pending and forms incomplete (any casing) are not completed', () => {
    for (const status of ['Payment pending', 'ORDER PENDING', 'forms Incomplete'])
      expect(isIncompleteStatus(status)).toBe(true);
    for (const status of ['In review', 'Completed', 'Approved']) expect(isIncompleteStatus(status)).toBe(false);
  });

  it('counts every status before the closing ones as active', () => {
    expect(isActiveStatus('Payment pending')).toBe(true);
    expect(isActiveStatus('Approved')).toBe(true);
    for (const status of ['Completed', 'rejected', 'Refunded', 'Cancelled']) expect(isActiveStatus(status)).toBe(false);
  });
});
