import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderNotes } from './tables.ts';

export type OrderNoteRow = typeof orderNotes.$inferSelect;

/** The back office's own rows: staff's internal notes on orders. */
export function createAdminOrdersRepository(db: Database) {
  return {
    /** The order's notes, oldest first. */
    notesOf(orderId: number): Promise<OrderNoteRow[]> {
      return db
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    },

    async insertNote(values: typeof orderNotes.$inferInsert): Promise<OrderNoteRow> {
      const [row] = await db.insert(orderNotes).values(values).returning();
      if (!row) throw new Error('insert into order_notes returned no row');
      return row;
    },
  };
}
