import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/**
 * Staff's internal notes on an order (issue 13, decision 0068): read only by the back office,
 * never by any customer answer or page. Append-only, like the audit log.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
