import { z } from 'zod';
import { ROUTES } from '../config/routes.ts';

/** SPEC.md §2 notification panel and §3 Notification. */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  empty: 'There are currently no notifications available at the moment.',
  loaded: 'Notifications loaded',
  deleted: 'Notification deleted',
  notFound: 'Notification not found',
  allRead: 'Notifications marked as read',
} as const;

/** The labels of an item's 1 to 3 lines, in this order. */
export const NOTIFICATION_LINE_LABELS = {
  orderStatus: 'Order Status',
  remark: 'Remark Status',
  documentStatus: 'Document Status',
} as const;

/** One notification as GET /users/notification returns it (field names as SPEC.md §3 spells them). */
export const notificationSchema = z.object({
  id: z.number(),
  /** Customer-facing order id: 'DOC-…' for a service order, 'PHO-…' for a photo order; null for account news. */
  orderId: z.string().nullable(),
  /** The order's numeric id, used in the link's ?orderId=. */
  orderId_DB: z.number().nullable(),
  orderStatus: z.string().nullable(),
  remark: z.string().nullable(),
  documentStatus: z.string().nullable(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  totalCount: z.number(),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Whether a notification is about an order (it names one); otherwise it is a plain message (account news). */
export function isOrderNotification(n: Pick<Notification, 'orderId'>): boolean {
  return Boolean(n.orderId);
}

/**
 * The lines an item shows: only the fields that are present. About an order, each is labelled
 * as SPEC.md §3 says (Order Status, Remark Status, Document Status); a notification that is not
 * about an order reads as a plain message, without order-status labels (label null).
 */
export function notificationLines(
  n: Pick<Notification, 'orderId' | 'orderStatus' | 'remark' | 'documentStatus'>,
): { label: string | null; value: string }[] {
  const aboutAnOrder = isOrderNotification(n);
  return (['orderStatus', 'remark', 'documentStatus'] as const)
    .filter((key) => n[key])
    .map((key) => ({ label: aboutAnOrder ? NOTIFICATION_LINE_LABELS[key] : null, value: n[key] as string }));
}

/**
 * SPEC.md §2: an orderId starting with DOC links to the service-order page, any other orderId to
 * the photo-order page, both with ?orderId={orderId_DB}. Without an order there is no link.
 */
export function notificationHref(n: Pick<Notification, 'orderId' | 'orderId_DB'>): string | null {
  if (!n.orderId) return null;
  const page = orderPage(n.orderId);
  return n.orderId_DB === null ? page : `${page}?${new URLSearchParams({ orderId: String(n.orderId_DB) })}`;
}

/** The customer's page of an order: the service-order page for a DOC- order, the photo order's for any other. */
function orderPage(displayId: string): string {
  return displayId.startsWith('DOC') ? ROUTES.SERVICE_ORDER : ROUTES.PHOTO_ENHANCEMENT_ORDER;
}

/**
 * An order's page as an e-mail links it: by the reference the customer knows (both pages take
 * either), not by the row id, which says how many orders came before theirs ("orderId=1").
 */
export function orderPageHref(displayId: string): string {
  return `${orderPage(displayId)}?${new URLSearchParams({ orderId: displayId })}`;
}
