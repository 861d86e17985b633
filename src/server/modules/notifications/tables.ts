import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * SPEC.md §3 Notification. `orderId` is the customer-facing id (DOC-… service order, PHO-…
 * photo order) and `orderIdDb` the order's numeric id used in links.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    orderIdDb: integer('order_id_db'),
    orderStatus: text('order_status'),
    remark: text('remark'),
    documentStatus: text('document_status'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
