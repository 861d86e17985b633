import { describe, expect, it } from 'vitest';
import {
  isOrderNotification,
  NOTIFICATION_MESSAGES,
  notificationHref,
  notificationLines,
  orderPageHref,
} from './notification.ts';

describe('notification panel rules (SPEC.md §2, §3)', () => {
  it('links DOC orders to the service-order page and others to the photo-order page, by orderId_DB', () => {
    expect(notificationHref({ orderId: 'DOC-000123', orderId_DB: 123 })).toBe('/service-order?orderId=123');
    expect(notificationHref({ orderId: 'PHO-000009', orderId_DB: 9 })).toBe('/photos/photo-enhancement?orderId=9');
    expect(notificationHref({ orderId: null, orderId_DB: null })).toBeNull();
  });

  it('links an order from an e-mail by its reference, on the same page', () => {
    expect(orderPageHref('DOC-000123')).toBe('/service-order?orderId=DOC-000123');
    expect(orderPageHref('PHO-000009')).toBe('/photos/photo-enhancement?orderId=PHO-000009');
  });

  it('shows one to three labelled lines for the fields present of a notification about an order', () => {
    const order = { orderId: 'DOC-000123' };
    expect(notificationLines({ ...order, orderStatus: 'In review', remark: null, documentStatus: 'Received' })).toEqual(
      [
        { label: 'Order Status', value: 'In review' },
        { label: 'Document Status', value: 'Received' },
      ],
    );
    expect(notificationLines({ ...order, orderStatus: null, remark: 'Photo accepted', documentStatus: null })).toEqual([
      { label: 'Remark Status', value: 'Photo accepted' },
    ]);
  });

  it('reads a notification that is not about an order as a plain message, without order-status labels', () => {
    const welcome = { orderId: null, orderStatus: null, documentStatus: null };
    expect(notificationLines({ ...welcome, remark: 'Welcome to SevaDocs! Your email is verified.' })).toEqual([
      { label: null, value: 'Welcome to SevaDocs! Your email is verified.' },
    ]);
    expect(isOrderNotification({ orderId: null })).toBe(false);
    expect(isOrderNotification({ orderId: 'PHO-000009' })).toBe(true);
  });

  it('keeps the empty-panel text verbatim', () => {
    expect(NOTIFICATION_MESSAGES.empty).toBe('There are currently no notifications available at the moment.');
  });
});
