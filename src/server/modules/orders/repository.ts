import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from './tables.ts';

const summaryColumns = {
  id: orders.id,
  displayId: orders.displayId,
  kind: orders.kind,
  title: orders.title,
  status: orders.status,
  totalCents: orders.totalCents,
  currency: orders.currency,
  createdAt: orders.createdAt,
};

export function createOrdersRepository(db: Database) {
  return {
    /** The order with this customer-facing id placed with this e-mail (case-insensitive), or null. */
    async findByDisplayIdAndEmail(displayId: string, email: string) {
      const [row] = await db
        .select(summaryColumns)
        .from(orders)
        .where(and(eq(orders.displayId, displayId), eq(sql`lower(${orders.email})`, email.toLowerCase())));
      return row ?? null;
    },

    listForUser(userId: number, offset: number, limit: number) {
      return db
        .select(summaryColumns)
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
    },

    async countForUser(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
      return row?.n ?? 0;
    },

    /** How many of the user's orders are in each status. */
    countByStatus(userId: number): Promise<{ status: string; n: number }[]> {
      return db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(eq(orders.userId, userId))
        .groupBy(orders.status);
    },
  };
}
