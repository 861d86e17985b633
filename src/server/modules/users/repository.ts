import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AdminUserListQuery } from '../../../domain/admin/users.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { addresses, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;
/** What the session look-up reads of a user (`accountRows`). */
export type SessionAccountRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'role'
  | 'ageGroup'
  | 'emailVerifiedAt'
  | 'isDashboardVisible'
  | 'sessionEpoch'
  | 'disabledAt'
>;
export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createUsersRepository(db: Database) {
  return {
    /**
     * Every user's account as a subquery, for another module's single statement that joins it (the
     * session look-up of every signed-in request, docs/decisions/0124-render-share.md). Only what
     * a signed-in request needs: each column more is parsed on every request (decision 0128).
     */
    accountRows() {
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          ageGroup: users.ageGroup,
          emailVerifiedAt: users.emailVerifiedAt,
          isDashboardVisible: users.isDashboardVisible,
          sessionEpoch: users.sessionEpoch,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .as('account');
    },

    /** A subquery of the ids of users whose name or e-mail contains `text` (the back office's search). */
    idsMatching(text: string): SQLWrapper {
      const like = containing(text);
      return db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.name, like), ilike(users.email, like)));
    },

    /** The accounts of these ids, whole (a role is worked out from the row). */
    listAccountsByIds(ids: readonly number[]): Promise<UserRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    listByIds(ids: readonly number[]): Promise<{ id: number; name: string; email: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async findById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findIdByReferralCode(code: string): Promise<number | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
      return row?.id ?? null;
    },

    async insert(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /** One statement, so the epoch moves with the hash: no reader sees the new hash with the old epoch. */
    async setPasswordHash(id: number, passwordHash: string): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, sessionEpoch: sql`${users.sessionEpoch} + 1` })
        .where(eq(users.id, id))
        .returning({ sessionEpoch: users.sessionEpoch });
      return row?.sessionEpoch ?? null;
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** Sets the account's link origin, writing only when it changed (a sign-in on the same address writes nothing). */
    async setLinkOrigin(id: number, origin: string): Promise<void> {
      await db
        .update(users)
        .set({ linkOrigin: origin })
        .where(and(eq(users.id, id), sql`${users.linkOrigin} is distinct from ${origin}`));
    },

    /** Sets `values` on the account only while its address is unverified, in one statement. */
    async updateUnverified(id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
      await db
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    },

    /**
     * Disables (at `at`) or enables the account. Disabling moves the session epoch in the same
     * statement, so no session opened before outlives it (decision 0037).
     */
    async setDisabled(id: number, at: Date | null): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set(at ? { disabledAt: at, sessionEpoch: sql`${users.sessionEpoch} + 1` } : { disabledAt: null })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /** The row, locked until the transaction `db` is ends (back-office changes of one account queue). */
    async lockById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    /** Accounts paged and sorted for the back office; `q` matches e-mail or name, any part, any case. */
    async adminList(query: AdminUserListQuery): Promise<{ rows: UserRow[]; total: number }> {
      let where: SQL | undefined;
      if (query.q) {
        const pattern = containing(query.q);
        where = or(ilike(users.email, pattern), ilike(users.name, pattern));
      }
      const column = { createdAt: users.createdAt, email: users.email, name: users.name, role: users.role }[query.sort];
      const direction = query.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(direction(column), direction(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    listAddresses(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id));
    },

    /**
     * Runs `work` holding the user's row lock, so address changes of one user (and the
     * one-default rule) never interleave, on PostgreSQL as on PGlite.
     */
    withUserLock<T>(userId: number, work: (tx: AddressTx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        return work(addressTx(tx, userId));
      });
    },
  };
}

/** Address queries inside one user's locked transaction; every one is scoped to that user. */
function addressTx(tx: Tx, userId: number) {
  const mine = (id: number) => and(eq(addresses.id, id), eq(addresses.userId, userId));
  return {
    async count(): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },
    async find(id: number): Promise<AddressRow | null> {
      const [row] = await tx.select().from(addresses).where(mine(id));
      return row ?? null;
    },
    async clearDefault(): Promise<void> {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    },
    async insert(values: NewAddressRow): Promise<AddressRow> {
      const [row] = await tx
        .insert(addresses)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error('insert into addresses returned no row');
      return row;
    },
    async update(id: number, values: Partial<NewAddressRow>): Promise<AddressRow | null> {
      const [row] = await tx.update(addresses).set(values).where(mine(id)).returning();
      return row ?? null;
    },
    async delete(id: number): Promise<AddressRow | null> {
      const [row] = await tx.delete(addresses).where(mine(id)).returning();
      return row ?? null;
    },
    /** The address that becomes the default when the default one goes: the oldest remaining. */
    async oldestOther(exceptId: number): Promise<AddressRow | null> {
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)))
        .orderBy(asc(addresses.id))
        .limit(1);
      return row ?? null;
    },
  };
}
export type AddressTx = ReturnType<typeof addressTx>;
export type UsersRepository = ReturnType<typeof createUsersRepository>;
