import { describe, expect, it } from 'vitest';
import {
  DATA_RIGHTS_MESSAGES,
  deletionDeadline,
  deletionRequestSchema,
  erasedEmail,
  isErasedCustomerOrder,
  isOpenOrderStatus,
} from './schemas.ts';

describe('data rights rules', () => {
  it('answers a request within one calendar month, the end of a shorter month included', () => {
    expect(deletionDeadline(new Date('2026-11-29T16:00:00Z')).toISOString()).toBe('2026-12-29T16:00:00.000Z');
    expect(deletionDeadline(new Date('2027-01-31T09:00:00Z')).toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(deletionDeadline(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('promises no deletion within the month while an order is open: the desk cannot erase before it ends', () => {
    expect(DATA_RIGHTS_MESSAGES.pending).toBe(
      'We have your request. We delete your account once your open orders have finished or been cancelled, and any refund of them is settled. An order in progress can take several weeks, so this may be more than a month from your request. We e-mail you when it is done.',
    );
  });

  it('holds an erasure back for every order not yet completed, refunded or cancelled', () => {
    for (const open of [
      'Payment pending',
      'Forms incomplete',
      'Order pending',
      'In review',
      'Submitted',
      'Approved',
      'Rejected',
    ]) {
      expect(isOpenOrderStatus(open)).toBe(true);
    }
    for (const done of ['Completed', 'Refunded', 'Cancelled']) expect(isOpenOrderStatus(done)).toBe(false);
  });

  it('knows an erased customer’s order by its own placeholder address, not another account’s', () => {
    expect(isErasedCustomerOrder({ userId: 7, email: erasedEmail(7) })).toBe(true);
    expect(isErasedCustomerOrder({ userId: 7, email: 'meera@example.com' })).toBe(false);
    expect(isErasedCustomerOrder({ userId: 7, email: erasedEmail(8) })).toBe(false);
  });

  it('asks for the password and the confirmation', () => {
    expect(deletionRequestSchema.safeParse({ password: 'x', confirm: true }).success).toBe(true);
    const unconfirmed = deletionRequestSchema.safeParse({ password: 'x', confirm: false });
    expect(unconfirmed.error?.issues[0]?.message).toBe('Please confirm that you want your account deleted');
  });
});
