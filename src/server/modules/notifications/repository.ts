import { and, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from './tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationsRepository(db: Database) {
  const mine = (userId: number, id: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));
  return {
    async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      if (!row) throw new Error('insert into notifications returned no row');
      return row;
    },

    list(userId: number, offset: number, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async counts(userId: number): Promise<{ total: number; unread: number }> {
      const [total] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
      const [unread] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return { total: total?.n ?? 0, unread: unread?.n ?? 0 };
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(notifications).where(mine(userId, id)).returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Every unread one, or only those up to id `upTo` (ids grow as notifications are made). */
    async markRead(userId: number, at: Date, upTo?: number): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            upTo === undefined ? undefined : lte(notifications.id, upTo),
          ),
        );
    },
  };
}
