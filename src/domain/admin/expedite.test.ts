import { describe, expect, it } from 'vitest';
import { ADDON_DETAILS } from '../checkout/addons.ts';
import { priceCheckout } from '../checkout/cost-summary.ts';
import { EXPEDITE_PROMISE, EXPEDITE_PROMISE_DAYS, hasExpedite } from './expedite.ts';
import { daysLeft, slaOf } from './orders.ts';

const snapshot = {
  currency: 'USD' as const,
  governmentFeeCents: 275_00,
  mandatoryFees: [{ label: 'ICWF', amountCents: 3_00 }],
  serviceFeeCents: 12_00,
  compareAtServiceFeeCents: null,
  feesPaidOnPortal: false,
};

describe('the Expedite promise', () => {
  it('is the add-on’s own words at checkout: one business day, 2 calendar days by the SLA’s business-day rule', () => {
    expect(ADDON_DETAILS.Expedite.subText).toContain('within one business day');
    expect(EXPEDITE_PROMISE_DAYS).toBe(2);
    expect(EXPEDITE_PROMISE.basis).toContain('one business day');
  });

  it('sets a paid Expedite order’s due date 2 days after its last document, not the package’s 70', () => {
    // Paid with everything in: the payment moved it to Order pending.
    const paidAt = new Date('2026-11-27T09:00:00Z');
    const sla = slaOf(
      { status: 'Order pending', paidAt, readyAt: paidAt },
      EXPEDITE_PROMISE,
      new Date('2026-11-27T10:00:00Z'),
    );
    expect(sla).toMatchObject({ state: 'running', days: 2, dueAt: '2026-11-29T09:00:00.000Z' });
    // 47 hours left: two days, as the promise says, not one.
    expect(daysLeft(sla, new Date('2026-11-27T10:00:00Z'))).toBe(2);
    expect(daysLeft(sla, new Date('2026-11-29T08:00:00Z'))).toBe(1);
  });

  it('waits for the customer while a document is missing after payment, then counts from the last one', () => {
    const paidAt = new Date('2026-12-04T20:05:00Z');
    const missing = slaOf(
      { status: 'Forms incomplete', paidAt, readyAt: null },
      EXPEDITE_PROMISE,
      new Date('2026-12-07'),
    );
    // "within one business day of your last document": not overdue while the family has it to give.
    expect(missing).toMatchObject({ state: 'customer', startedAt: null, dueAt: null });
    const readyAt = new Date('2026-12-08T15:00:00Z');
    const ready = slaOf(
      { status: 'Order pending', paidAt, readyAt },
      EXPEDITE_PROMISE,
      new Date('2026-12-08T16:00:00Z'),
    );
    expect(ready).toMatchObject({
      state: 'running',
      startedAt: readyAt.toISOString(),
      dueAt: '2026-12-10T15:00:00.000Z',
    });
    // Sent back for a document, it waits for the customer again.
    const sentBack = slaOf({ status: 'Forms incomplete', paidAt, readyAt }, EXPEDITE_PROMISE, new Date('2026-12-09'));
    expect(sentBack.state).toBe('customer');
    expect(slaOf({ status: 'Payment pending', paidAt: null }, EXPEDITE_PROMISE, new Date()).state).toBe('waiting');
  });

  it('runs once our team has the order, however it came (staff took it back to In review), from that move', () => {
    const paidAt = new Date('2026-12-04T20:05:00Z');
    const takenBack = new Date('2026-12-07T09:00:00Z');
    const sla = slaOf(
      { status: 'In review', paidAt, readyAt: takenBack },
      EXPEDITE_PROMISE,
      new Date('2026-12-07T10:00:00Z'),
    );
    expect(sla).toMatchObject({
      state: 'running',
      startedAt: takenBack.toISOString(),
      dueAt: '2026-12-09T09:00:00.000Z',
    });
    // No move from the customer's statuses on record: from the payment, never waiting for ever.
    const unknown = slaOf({ status: 'Submitted', paidAt, readyAt: null }, EXPEDITE_PROMISE, new Date('2026-12-20'));
    expect(unknown).toMatchObject({ state: 'overdue', startedAt: paidAt.toISOString() });
  });
});

describe('hasExpedite', () => {
  it('reads the Expedite add-on from the charged lines', () => {
    const expedited = priceCheckout(snapshot, 1, [{ addon: 'Expedite', unitCents: 62_00, quantity: 1 }], null, {
      applies: false,
    });
    expect(hasExpedite(expedited)).toBe(true);
    const photoOnly = priceCheckout(
      snapshot,
      2,
      [{ addon: 'Photo Enhancement', unitCents: 10_00, quantity: 2 }],
      null,
      { applies: false },
    );
    expect(hasExpedite(photoOnly)).toBe(false);
    expect(hasExpedite(null)).toBe(false);
  });
});
