import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeletionState } from '../../../domain/data-rights/schemas.ts';
import { users } from '../users/tables.ts';

/**
 * A customer's request to have their account erased (issue 34 §3, decision 0119-data-rights):
 * `pending` while open orders hold it (the back office's queue, due one month after the request),
 * then `erased` with when and by whom. The row stays as the record that the request was honoured;
 * it names no one but the (anonymised) account. Exports leave only their audit entry.
 */
export const deletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state').$type<DeletionState>().notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Who carried the erasure out: the customer (no open order) or a staff member from the queue. */
    erasedByUserId: integer('erased_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open request per account: asking again answers the one already waiting.
    uniqueIndex('data_deletion_requests_one_pending_idx').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('data_deletion_requests_state_idx').on(t.state, t.requestedAt),
  ],
);
