import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, notificationHref, notificationLines } from './notification.ts';

describe('notification panel rules (SPEC.md §2, §3)', () => {
  it('links DOC orders to the service-order page and others to the photo-order page, by orderId_DB', () => {
    expect(notificationHref({ orderId: 'DOC-000123', orderId_DB: 123 })).toBe('/service-order?orderId=123');
    expect(notificationHref({ orderId: 'PHO-000009', orderId_DB: 9 })).toBe('/photos/photo-enhancement?orderId=9');
    expect(notificationHref({ orderId: null, orderId_DB: null })).toBeNull();
  });

  it('shows one to three labelled lines for the fields present', () => {
    expect(notificationLines({ orderStatus: 'In review', remark: null, documentStatus: 'Received' })).toEqual([
      { label: 'Order Status', value: 'In review' },
      { label: 'Document Status', value: 'Received' },
    ]);
    expect(notificationLines({ orderStatus: null, remark: 'Welcome', documentStatus: null })).toEqual([
      { label: 'Remark Status', value: 'Welcome' },
    ]);
  });

  it('keeps the empty-panel text verbatim', () => {
    expect(NOTIFICATION_MESSAGES.empty).toBe('There are currently no notifications available at the moment.');
  });
});
