import { describe, expect, it } from 'vitest';
import { canWithdrawRequest, daysLeft, deskDocumentLinks, orderQueueQuery, processingDays, slaOf } from './orders.ts';

describe('processingDays', () => {
  it('reads the upper bound of the published processing time in calendar days', () => {
    expect(processingDays('Usually 6–10 weeks after VFS Global receives the file')).toBe(70);
    expect(processingDays('About 10–15 working days after VFS Global receives the file')).toBe(21);
    expect(processingDays('1–3 business days after the consulate receives the file')).toBe(5);
    expect(processingDays('About 30 working days after the consulate receives the file')).toBe(42);
    expect(processingDays('Up to 2 months')).toBe(60);
    expect(processingDays('Same day in person; 10–12 business days by post')).toBe(17);
  });

  it('reads hours as the days they fall in, and skips how long before a date to apply (the e-Visa)', () => {
    expect(processingDays('Usually decided within 72 hours; apply 4–120 days before arrival')).toBe(3);
    expect(processingDays('Usually decided within 72 hours')).toBe(3);
    expect(processingDays('Within 24 hours')).toBe(1);
    expect(processingDays('Apply 4–30 days before arrival; decided in about 5 days')).toBe(5);
    expect(processingDays('Apply 4–30 days before arrival')).toBeNull();
  });

  it('answers null when the text names no figure', () => {
    expect(processingDays('Same day in person at the consulate, or a few weeks by mail')).toBeNull();
    expect(processingDays(null)).toBeNull();
  });
});

describe('slaOf', () => {
  const promise = { days: 10, basis: 'test' };
  const paidAt = new Date('2026-11-01T12:00:00Z');

  it('waits until the order is paid, runs until the due date, then is overdue', () => {
    expect(slaOf({ status: 'Payment pending', paidAt: null }, promise, paidAt).state).toBe('waiting');
    const running = slaOf({ status: 'In review', paidAt }, promise, new Date('2026-11-05T12:00:00Z'));
    expect(running).toMatchObject({ state: 'running', dueAt: '2026-11-11T12:00:00.000Z' });
    expect(daysLeft(running, new Date('2026-11-05T12:00:00Z'))).toBe(6);
    expect(slaOf({ status: 'Submitted', paidAt }, promise, new Date('2026-11-12T00:00:00Z')).state).toBe('overdue');
  });

  it('counts a package’s published time from the payment, whatever is still missing', () => {
    const missing = slaOf({ status: 'Forms incomplete', paidAt, readyAt: null }, promise, new Date('2026-11-05'));
    expect(missing).toMatchObject({ state: 'running', startedAt: paidAt.toISOString() });
  });

  it('stops once the work is decided or over', () => {
    for (const status of ['Approved', 'Rejected', 'Completed', 'Refunded', 'Cancelled']) {
      expect(slaOf({ status, paidAt }, promise, new Date('2027-01-01')).state).toBe('stopped');
    }
  });
});

describe('orderQueueQuery', () => {
  it('reads a status in any casing, drops empty filters, and refuses a bad date', () => {
    expect(orderQueueQuery.parse({ status: 'in review', service: '', from: '' })).toMatchObject({
      status: 'In review',
      service: undefined,
      from: undefined,
      sort: 'createdAt',
      dir: 'desc',
      page: 1,
    });
    expect(orderQueueQuery.safeParse({ from: '2026-13-45' }).success).toBe(false);
    expect(orderQueueQuery.safeParse({ status: 'Lost' }).success).toBe(false);
  });

  it('reads the Expedite filter from the URL or the checkbox, and refuses anything else', () => {
    expect(orderQueueQuery.parse({ expedite: '1' }).expedite).toBe(true);
    expect(orderQueueQuery.parse({ expedite: 'on' }).expedite).toBe(true);
    expect(orderQueueQuery.parse({ expedite: '' }).expedite).toBeUndefined();
    expect(orderQueueQuery.safeParse({ expedite: 'maybe' }).success).toBe(false);
  });
});

describe('deskDocumentLinks', () => {
  const base = '/api/v1/admin/orders/DOC-48213907/documents/7';

  it('offers the Portal PDF of a supporting document, an image or a PDF', () => {
    expect(deskDocumentLinks('DOC-48213907', { id: 7 }, { portal: true })).toEqual({
      download: `${base}/download`,
      preview: `${base}/preview`,
      portalPdf: `${base}/portal-pdf`,
    });
  });

  it("not where the order's service has no portal (a power of attorney goes on paper)", () => {
    expect(deskDocumentLinks('DOC-48213907', { id: 7 }, { portal: false })).toEqual({
      download: `${base}/download`,
      preview: `${base}/preview`,
    });
  });

  it('never of a document our team sent the customer: nothing files it (walk I)', () => {
    expect(deskDocumentLinks('DOC-48213907', { id: 7, direction: 'to-customer' }, { portal: true })).toEqual({
      download: `${base}/download`,
      preview: `${base}/preview`,
    });
    expect(deskDocumentLinks('DOC-48213907', { id: 7, direction: 'from-customer' }, { portal: true })).toHaveProperty(
      'portalPdf',
    );
  });

  it('never of a photo or signature SevaPhotos fitted: the portal takes that JPEG itself', () => {
    const report = { verdict: 'pass', checks: [] } as unknown as Parameters<typeof deskDocumentLinks>[1]['report'];
    expect(deskDocumentLinks('DOC-48213907', { id: 7, report }, { portal: true })).toEqual({
      download: `${base}/download`,
      preview: `${base}/preview`,
    });
  });
});

describe('canWithdrawRequest (decisions 0188, 0192)', () => {
  const open = { itemId: 'other-1a2b3c4d', answered: null, withdrawn: null, replacesFile: false };

  it('offers an open request for a document outside the checklist while the order takes requests', () => {
    expect(canWithdrawRequest(open, 'Forms incomplete')).toBe(true);
    expect(canWithdrawRequest(open, 'In review')).toBe(true);
  });

  it('offers an open request for a new file of a checklist item the customer sent', () => {
    expect(canWithdrawRequest({ ...open, itemId: 'foreign-passport', replacesFile: true }, 'Forms incomplete')).toBe(
      true,
    );
  });

  it('never a checklist item’s never sent, an answered or withdrawn one, nor once the order has moved on', () => {
    expect(canWithdrawRequest({ ...open, itemId: 'foreign-passport' }, 'Forms incomplete')).toBe(false);
    expect(
      canWithdrawRequest({ ...open, answered: { at: '2026-12-08T10:00:00Z', fileName: 'a.pdf' } }, 'In review'),
    ).toBe(false);
    expect(canWithdrawRequest({ ...open, withdrawn: { at: '2026-12-08T10:00:00Z', by: null } }, 'In review')).toBe(
      false,
    );
    for (const status of ['Payment pending', 'Order pending', 'Submitted', 'Cancelled']) {
      expect(canWithdrawRequest(open, status), status).toBe(false);
    }
  });
});
