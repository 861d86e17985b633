import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './tables.ts';

/**
 * The retention of a closed order's files (issue 34 §4, docs/decisions/0120-retention.md): one row
 * per order once the daily sweep has seen it closed. The day its files go, when the customer was
 * told (once), and when they went and how many: each step is a guarded update of this row, so a
 * sweep run again after a crash, or beside another, neither tells nor deletes twice.
 */
export const orderFileRetention = pgTable(
  'order_file_retention',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** When the order first entered a closed status (its timeline's entry). */
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** The day the files are deleted; moved later only to give a late notice its full days. */
    deleteOn: date('delete_on', { mode: 'string' }).notNull(),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** How many files the order's kind removed (0: there were none, and nobody was told). */
    filesDeleted: integer('files_deleted'),
  },
  // What the sweep looks for: orders whose files are still kept, by their day.
  (t) => [index('order_file_retention_due_idx').on(t.deleteOn).where(sql`${t.deletedAt} IS NULL`)],
);
