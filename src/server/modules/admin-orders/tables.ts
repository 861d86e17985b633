import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * Staff's notes on an order (issue 13, decision 0068), append-only like the audit log: internal
 * ones, read only by the back office and never by any customer answer or page; and the messages
 * staff sent the customer (`to_customer`), which reached them by e-mail and notification.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the id so the note still says who after the account is gone. */
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    /** Sent to the customer (a message), not kept among staff (an internal note). */
    toCustomer: boolean('to_customer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
