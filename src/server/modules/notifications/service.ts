import type { Pagination } from '../../../domain/api/pagination.ts';
import { isErasedCustomerOrder } from '../../../domain/data-rights/schemas.ts';
import type { Notification, NotificationList } from '../../../domain/notifications/notification.ts';
import type { Database } from '../../db/client.ts';
import { createNotificationsPersonalDataRepository } from './personal-data-repository.ts';
import { createNotificationsRepository, type NotificationRow } from './repository.ts';

/** What a module tells a customer (DESIGN.md §1: every order status change creates one). */
export interface NotificationInput {
  /** Customer-facing order id ('DOC-…' / 'PHO-…'), or null for account news. */
  orderId?: string | null;
  /** The order's numeric id (the link's ?orderId=). */
  orderIdDb?: number | null;
  orderStatus?: string | null;
  remark?: string | null;
  documentStatus?: string | null;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    orderId: row.orderId,
    orderId_DB: row.orderIdDb,
    orderStatus: row.orderStatus,
    remark: row.remark,
    documentStatus: row.documentStatus,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  };
}

export function createNotificationsService(db: Database, { now = () => new Date() }: { now?: () => Date } = {}) {
  const repository = createNotificationsRepository(db);

  /**
   * Adds a notification to the user's panel. Later modules call this on every order change,
   * passing their transaction as `on` so the notification exists exactly when the change does.
   */
  async function notify(userId: number, input: NotificationInput, on: Database = db): Promise<Notification> {
    const row = await (on === db ? repository : createNotificationsRepository(on)).insert({
      userId,
      orderId: input.orderId ?? null,
      orderIdDb: input.orderIdDb ?? null,
      orderStatus: input.orderStatus ?? null,
      remark: input.remark ?? null,
      documentStatus: input.documentStatus ?? null,
      createdAt: now(),
    });
    return toNotification(row);
  }

  return {
    notify,

    /**
     * The notification of a change to `order`, in its customer's panel, with the order's reference,
     * link and status; none for an erased customer's order, whose account no one can read.
     */
    async notifyAboutOrder(
      order: { id: number; displayId: string; status: string; userId: number; email: string },
      { remark, documentStatus = null }: { remark: string; documentStatus?: string | null },
      on: Database = db,
    ): Promise<void> {
      if (isErasedCustomerOrder(order)) return;
      await notify(
        order.userId,
        { orderId: order.displayId, orderIdDb: order.id, orderStatus: order.status, remark, documentStatus },
        on,
      );
    },

    /** Newest first. */
    async list(userId: number, { page, limit }: Pagination): Promise<NotificationList> {
      const [rows, counts] = await Promise.all([
        repository.list(userId, (page - 1) * limit, limit),
        repository.counts(userId),
      ]);
      return { notifications: rows.map(toNotification), totalCount: counts.total, unreadCount: counts.unread };
    },

    async unreadCount(userId: number): Promise<number> {
      return (await repository.counts(userId)).unread;
    },

    /** Only the owner's: another user's id is "not found", exactly like an unknown one. */
    delete(userId: number, id: number): Promise<boolean> {
      return repository.delete(userId, id);
    },

    /**
     * Marks read what the customer was shown: the notifications up to `upTo`, the newest their
     * panel listed (one made after it was listed stays unread), or all of them without it.
     * Answers how many are still unread.
     */
    async markRead(userId: number, upTo?: number): Promise<number> {
      await repository.markRead(userId, now(), upTo);
      return (await repository.counts(userId)).unread;
    },

    /** Every notification of the user, oldest first (their data export, issue 34 §3). */
    async allOf(userId: number): Promise<Notification[]> {
      return (await createNotificationsPersonalDataRepository(db).allOf(userId)).map(toNotification);
    },

    /** Deletes every notification of the user, in the caller's transaction (their erasure). */
    eraseAllOf(tx: Database, userId: number): Promise<number> {
      return createNotificationsPersonalDataRepository(tx).deleteAllOf(userId);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
