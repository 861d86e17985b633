import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from './tables.ts';

/** A customer's notifications, all of them, for their data export and their erasure (issue 34 §3). */
export function createNotificationsPersonalDataRepository(db: Database) {
  return {
    allOf(userId: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
    },

    async deleteAllOf(userId: number): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.userId, userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
