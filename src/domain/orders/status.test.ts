import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  INITIAL_ORDER_STATUS,
  isFinalStatus,
  nextStatuses,
  ORDER_STATUSES,
  STATUS_ACTORS,
  STATUS_TRANSITIONS,
  toOrderStatus,
} from './status.ts';
import { ORDER_BRAND_NAMES, STATUS_DESCRIPTIONS, statusDescription } from './status-descriptions.ts';

describe('the order status transition table', () => {
  it('DESIGN.md §1: payment moves Payment pending on, the last item moves Forms incomplete to Order pending (system)', () => {
    expect(INITIAL_ORDER_STATUS).toBe('Payment pending');
    // On a payment; or cancelled with the account it belongs to (an erasure, decision 0169).
    expect(nextStatuses('Payment pending', 'system')).toEqual(['Forms incomplete', 'Order pending', 'Cancelled']);
    expect(canChangeStatus('Forms incomplete', 'Order pending', 'system')).toBe(true);
    expect(canChangeStatus('Forms incomplete', 'Order pending', 'staff')).toBe(false);
    expect(canChangeStatus('Forms incomplete', 'Order pending', 'customer')).toBe(false);
  });

  it('staff move it In review → Submitted → Approved/Rejected → Completed', () => {
    const path: [string, string][] = [
      ['Order pending', 'In review'],
      ['In review', 'Submitted'],
      ['Submitted', 'Approved'],
      ['Submitted', 'Rejected'],
      ['Approved', 'Completed'],
      ['Rejected', 'Completed'],
    ];
    for (const [from, to] of path) {
      expect(canChangeStatus(from, to, 'staff'), `${from} → ${to}`).toBe(true);
      expect(canChangeStatus(from, to, 'customer'), `${from} → ${to}`).toBe(false);
      expect(canChangeStatus(from, to, 'system'), `${from} → ${to}`).toBe(false);
    }
    // No skipping: review comes before submission, a decision after it.
    expect(canChangeStatus('Order pending', 'Submitted', 'staff')).toBe(false);
    expect(canChangeStatus('In review', 'Approved', 'staff')).toBe(false);
    expect(canChangeStatus('Payment pending', 'In review', 'staff')).toBe(false);
  });

  it('staff send an application back to the customer and may take it back; a photo order never waits for forms', () => {
    // The step forward first: the desk picks the first, and a send-back needs a deliberate choice.
    expect(nextStatuses('In review', 'staff', 'service')).toEqual([
      'Submitted',
      'Forms incomplete',
      'Cancelled',
      'Refunded',
    ]);
    // Sent back for something that then came another way: not a dead end for staff.
    expect(nextStatuses('Forms incomplete', 'staff', 'service')).toEqual(['In review', 'Cancelled', 'Refunded']);
    // A photo order's retake is asked for on the photo checks: it has no forms or documents to wait for.
    expect(nextStatuses('In review', 'staff', 'photo')).toEqual(['Submitted', 'Cancelled', 'Refunded']);
    expect(canChangeStatus('In review', 'Forms incomplete', 'staff', 'photo')).toBe(false);
    // Paid, or gone with an erased account.
    expect(nextStatuses('Payment pending', 'system', 'photo')).toEqual(['Order pending', 'Cancelled']);
    expect(canChangeStatus('Order pending', 'Cancelled', 'system', 'photo')).toBe(false);
    expect(canChangeStatus('Order pending', 'Forms incomplete', 'system', 'photo')).toBe(false);
  });

  it('the customer may only cancel, and only before paying', () => {
    const customerRows = STATUS_TRANSITIONS.filter(([, , by]) => by.includes('customer'));
    expect(customerRows.map(([from, to]) => [from, to])).toEqual([['Payment pending', 'Cancelled']]);
    for (const from of ORDER_STATUSES.filter((s) => s !== 'Payment pending')) {
      expect(canChangeStatus(from, 'Cancelled', 'customer'), from).toBe(false);
    }
  });

  it('staff may cancel unfinished work and refund any paid order; Completed and Refunded are final', () => {
    expect(nextStatuses('Submitted', 'staff')).toEqual(['Approved', 'Rejected', 'Cancelled', 'Refunded']);
    for (const from of [
      'Forms incomplete',
      'Order pending',
      'In review',
      'Submitted',
      'Approved',
      'Rejected',
      'Completed',
      'Cancelled',
    ]) {
      expect(canChangeStatus(from, 'Refunded', 'staff'), from).toBe(true);
    }
    expect(canChangeStatus('Payment pending', 'Refunded', 'staff')).toBe(false);
    expect(canChangeStatus('Approved', 'Cancelled', 'staff')).toBe(false);
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['Refunded']);
    expect(nextStatuses('Completed', 'staff')).toEqual(['Refunded']);
    expect(nextStatuses('Refunded', 'staff')).toEqual([]);
  });

  it('every status can be reached from the first one, and no row repeats or names an unknown status', () => {
    const reached = new Set<string>([INITIAL_ORDER_STATUS]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [from, to] of STATUS_TRANSITIONS) {
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUSES].sort());
    const keys = STATUS_TRANSITIONS.map(([from, to]) => `${from}→${to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [from, to, by] of STATUS_TRANSITIONS) {
      expect(ORDER_STATUSES).toContain(from);
      expect(ORDER_STATUSES).toContain(to);
      expect(from).not.toBe(to);
      expect(by.length).toBeGreaterThan(0);
      for (const actor of by) expect(STATUS_ACTORS).toContain(actor);
    }
  });

  it('SPEC.md §4: statuses are read in any casing; unknown ones allow nothing', () => {
    expect(toOrderStatus('payment PENDING')).toBe('Payment pending');
    expect(toOrderStatus(' in review ')).toBe('In review');
    expect(toOrderStatus('Shipped')).toBeNull();
    expect(canChangeStatus('PAYMENT PENDING', 'cancelled', 'customer')).toBe(true);
    expect(canChangeStatus('Shipped', 'Cancelled', 'staff')).toBe(false);
    expect(nextStatuses('Shipped', 'staff')).toEqual([]);
  });

  it('says what every status means for the customer', () => {
    for (const status of ORDER_STATUSES) expect(STATUS_DESCRIPTIONS[status].length).toBeGreaterThan(10);
  });
});

describe('status descriptions per kind of order', () => {
  it('an application is checked by our team, sent by the customer, and thanks the customer as SevaDocs', () => {
    expect(ORDER_BRAND_NAMES.service).toBe('SevaDocs');
    // The customer sends it (SevaDocs never files it): Submitted is our check done, true of a posted file and an e-Visa.
    expect(statusDescription('service', 'Submitted')).toBe(
      'Our team has checked your application: it is ready for you to send. Your order page has the print pack and says where it goes.',
    );
    expect(statusDescription('service', 'Submitted')).not.toMatch(/submitted to the authorities/);
    expect(statusDescription('service', 'Completed')).toBe('Your order is complete. Thank you for choosing SevaDocs.');
    // The application's order page reads the same wording.
    for (const status of ORDER_STATUSES) expect(statusDescription('service', status)).toBe(STATUS_DESCRIPTIONS[status]);
  });

  it('a photo order speaks of photos checked, prepared, shipped or picked up, and thanks the customer as SevaPhotos', () => {
    expect(ORDER_BRAND_NAMES.photo).toBe('SevaPhotos');
    for (const status of ORDER_STATUSES) {
      const text = statusDescription('photo', status);
      expect(text.length, status).toBeGreaterThan(10);
      expect(text, status).not.toMatch(/application|authorities|SevaDocs/i);
    }
    expect(statusDescription('photo', 'In review')).toMatch(/checking your photos/);
    expect(statusDescription('photo', 'Approved')).toMatch(/on their way to you or ready for pickup/);
    expect(statusDescription('photo', 'Completed')).toBe(
      'Your photo order is complete. Thank you for choosing SevaPhotos.',
    );
  });
});
