import { and, asc, eq, inArray } from 'drizzle-orm';
import { ERASED_TEXT } from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import { orderNotes } from './tables.ts';

export type OrderNoteRow = typeof orderNotes.$inferSelect;

/** The back office's own rows: staff's internal notes on orders. */
export function createAdminOrdersRepository(db: Database) {
  return {
    /** The notes and messages of the orders keep who wrote them and when, not their words. */
    async eraseNoteWords(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(orderNotes)
        .set({ body: ERASED_TEXT })
        .where(inArray(orderNotes.orderId, [...orderIds]));
    },

    /** The order's notes, oldest first. */
    notesOf(orderId: number): Promise<OrderNoteRow[]> {
      return db
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    },

    /**
     * Only the messages staff sent the customer about the order, oldest first: filtered here, so
     * an internal note never leaves the database for a customer's read.
     */
    customerMessagesOf(orderId: number): Promise<Pick<OrderNoteRow, 'body' | 'createdAt'>[]> {
      return db
        .select({ body: orderNotes.body, createdAt: orderNotes.createdAt })
        .from(orderNotes)
        .where(and(eq(orderNotes.orderId, orderId), eq(orderNotes.toCustomer, true)))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    },

    async insertNote(values: typeof orderNotes.$inferInsert): Promise<OrderNoteRow> {
      const [row] = await db.insert(orderNotes).values(values).returning();
      if (!row) throw new Error('insert into order_notes returned no row');
      return row;
    },
  };
}
