import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DeletionState } from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import { deletionRequests } from './tables.ts';

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

/** The first key of lockAccount's advisory locks (the second is the account's id): their own space. */
const ACCOUNT_ERASURE_LOCKS = 3304;

export function createDataRightsRepository(db: Database) {
  return {
    /**
     * One deletion step per account at a time, until the transaction ends. The request row's own
     * lock cannot do it: a second request made while the first erases would find no pending row
     * to wait on, add its own and erase the account again (a double click on PostgreSQL).
     */
    async lockAccount(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_ERASURE_LOCKS}, ${userId})`);
    },

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

    /** How many requests wait, and how many of them are past their deadline at `now`. */
    async waitingCounts(now: Date): Promise<{ waiting: number; overdue: number }> {
      const pending = eq(deletionRequests.state, 'pending');
      const [[all], [late]] = await Promise.all([
        db.select({ n: count() }).from(deletionRequests).where(pending),
        db
          .select({ n: count() })
          .from(deletionRequests)
          .where(and(pending, lt(deletionRequests.dueAt, now))),
      ]);
      return { waiting: all?.n ?? 0, overdue: late?.n ?? 0 };
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

    /** The account's pending request, withdrawn by its customer (kept, for the record); null when none waits. */
    async withdrawPending(userId: number): Promise<DeletionRequestRow | null> {
      const [row] = await db
        .update(deletionRequests)
        .set({ state: 'withdrawn' })
        .where(and(eq(deletionRequests.userId, userId), eq(deletionRequests.state, 'pending')))
        .returning();
      return row ?? null;
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

    /** Every erased account's request, oldest first (the backups' register). */
    erased(): Promise<DeletionRequestRow[]> {
      return db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.state, 'erased'))
        .orderBy(asc(deletionRequests.id));
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
