import { and, asc, desc, eq } from 'drizzle-orm';
import type { DeletionState } from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import { deletionRequests } from './tables.ts';

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

export function createDataRightsRepository(db: Database) {
  return {
    /** The account's newest request (pending, or the one that erased it). */
    async latestOf(userId: number): Promise<DeletionRequestRow | null> {
      const [row] = await db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.userId, userId))
        .orderBy(desc(deletionRequests.id))
        .limit(1);
      return row ?? null;
    },

    /** A new pending request, or the one already pending (one per account, by its unique index). */
    async insertPending(userId: number, requestedAt: Date, dueAt: Date): Promise<DeletionRequestRow> {
      await db.insert(deletionRequests).values({ userId, requestedAt, dueAt }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(deletionRequests)
        .where(and(eq(deletionRequests.userId, userId), eq(deletionRequests.state, 'pending')));
      if (!row) throw new Error(`no pending deletion request for user ${userId}`);
      return row;
    },

    async find(id: number): Promise<DeletionRequestRow | null> {
      const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, id));
      return row ?? null;
    },

    /** The request, locked until the transaction ends: one erasure at a time. */
    async lock(id: number): Promise<DeletionRequestRow | null> {
      const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, id)).for('update');
      return row ?? null;
    },

    async markErased(id: number, at: Date, byUserId: number): Promise<void> {
      await db
        .update(deletionRequests)
        .set({ state: 'erased', erasedAt: at, erasedByUserId: byUserId })
        .where(eq(deletionRequests.id, id));
    },

    /** The queue: oldest first, so the nearest deadline is on top. */
    list(state: DeletionState): Promise<DeletionRequestRow[]> {
      return db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.state, state))
        .orderBy(state === 'pending' ? asc(deletionRequests.requestedAt) : desc(deletionRequests.erasedAt))
        .limit(200);
    },
  };
}
