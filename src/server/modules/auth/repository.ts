import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AccountRows, SignUpCredentials } from '../users/service.ts';
import { sessions, signUpRequests, type TokenPurpose, verificationTokens } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SignUpRequestRow = typeof signUpRequests.$inferSelect;
/** What a verification token is for: the service issues and consumes them by purpose. */
export type { TokenPurpose };
/** A token just used up: whose it was, when it was issued, where it brings its holder back to. */
export interface ConsumedToken {
  userId: number;
  createdAt: Date;
  returnPath: string | null;
  credentials: SignUpCredentials | null;
}

export function createAuthRepository(db: Database) {
  return {
    /** Stores a sign-up for its job; answers its id. */
    async addSignUpRequest(values: typeof signUpRequests.$inferInsert): Promise<number> {
      const [row] = await db.insert(signUpRequests).values(values).returning({ id: signUpRequests.id });
      if (!row) throw new Error('the sign-up request was not stored');
      return row.id;
    },

    /** Takes the sign-up out (its job's transaction): the row, or null when a run before took it. */
    async takeSignUpRequest(id: number): Promise<SignUpRequestRow | null> {
      const [row] = await db.delete(signUpRequests).where(eq(signUpRequests.id, id)).returning();
      return row ?? null;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert into sessions returned no row');
      return row;
    },

    /**
     * The look-up of a token hash's session with its user's account (`accounts`, from the users
     * service), in one statement that reads only what a signed-in request needs (decision 0128).
     * It runs on every signed-in request, so its SQL is built once, here (decision 0131). The
     * empty name keeps it an unnamed statement on PostgreSQL, as every other query Drizzle sends:
     * a named one would not survive PgBouncer's transaction pooling (decision 0126).
     */
    sessionWithAccountLookup(accounts: AccountRows) {
      const statement = db
        .select({
          session: {
            id: sessions.id,
            userId: sessions.userId,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            userEpoch: sessions.userEpoch,
          },
          account: {
            id: accounts.id,
            name: accounts.name,
            email: accounts.email,
            role: accounts.role,
            ageGroup: accounts.ageGroup,
            emailVerifiedAt: accounts.emailVerifiedAt,
            isDashboardVisible: accounts.isDashboardVisible,
            sessionEpoch: accounts.sessionEpoch,
            disabledAt: accounts.disabledAt,
          },
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.userId))
        .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
        .prepare('');
      return async (tokenHash: string) => {
        const [row] = await statement.execute({ tokenHash });
        return row ?? null;
      };
    },

    async touchSession(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async setSessionEpoch(id: number, userEpoch: number): Promise<void> {
      await db.update(sessions).set({ userEpoch }).where(eq(sessions.id, id));
    },

    async deleteSession(id: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** The user's sessions, oldest first: when, from where and with what browser (their export). */
    sessionsOf(userId: number) {
      return db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt), asc(sessions.id));
    },

    /** Ends every session of the user, or every one but `exceptId`. */
    async deleteUserSessions(userId: number, exceptId?: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          exceptId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, exceptId)),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Housekeeping at sign-in: the user's sessions past their absolute or idle limit. */
    async deleteStaleSessions(userId: number, now: Date, idleSince: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince))));
    },

    /** A new single-use token; the user's earlier tokens of this purpose stop working. */
    async replaceToken(userId: number, purpose: TokenPurpose, tokenHash: string, createdAt: Date, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(verificationTokens)
          .where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.purpose, purpose)));
        await tx.insert(verificationTokens).values({ userId, purpose, tokenHash, createdAt, expiresAt });
      });
    },

    /**
     * A new single-use token beside the user's earlier ones of this purpose, which stay valid until
     * they expire (the expired, unused ones are cleared). Used ones are kept: they tell a link
     * opened again from a link never issued.
     */
    async addToken(
      userId: number,
      purpose: TokenPurpose,
      tokenHash: string,
      createdAt: Date,
      expiresAt: Date,
      returnPath: string | null = null,
      credentials: SignUpCredentials | null = null,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .delete(verificationTokens)
          .where(
            and(
              eq(verificationTokens.userId, userId),
              eq(verificationTokens.purpose, purpose),
              isNull(verificationTokens.usedAt),
              lte(verificationTokens.expiresAt, createdAt),
            ),
          );
        await tx
          .insert(verificationTokens)
          .values({ userId, purpose, tokenHash, createdAt, expiresAt, returnPath, credentials });
      });
    },

    /** Whether a token of this purpose with this hash was issued and has been used. */
    async wasTokenUsed(tokenHash: string, purpose: TokenPurpose): Promise<boolean> {
      const [row] = await db
        .select({ usedAt: verificationTokens.usedAt })
        .from(verificationTokens)
        .where(and(eq(verificationTokens.tokenHash, tokenHash), eq(verificationTokens.purpose, purpose)));
      return Boolean(row?.usedAt);
    },

    /**
     * The different password hashes the sign-ups for this user's address came with, by the
     * verification links sent for them (each keeps its sign-up's credentials, a resend the
     * account's at the time).
     */
    async signUpPasswordHashes(userId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ hash: sql<string>`${verificationTokens.credentials}->>'passwordHash'` })
        .from(verificationTokens)
        .where(
          and(
            eq(verificationTokens.userId, userId),
            eq(verificationTokens.purpose, 'verify-email'),
            isNotNull(verificationTokens.credentials),
          ),
        );
      return rows.map((r) => r.hash);
    },

    /**
     * The sign-up credentials (password hash, name, phone) the user's verification links carried:
     * needed only until the address is verified, then dropped from every link, used or not.
     */
    async forgetSignUpCredentials(userId: number): Promise<void> {
      await db
        .update(verificationTokens)
        .set({ credentials: null })
        .where(
          and(
            eq(verificationTokens.userId, userId),
            eq(verificationTokens.purpose, 'verify-email'),
            isNotNull(verificationTokens.credentials),
          ),
        );
    },

    /** Marks every unused token of the user and purpose used (the thing they were for is done). */
    async markTokensUsed(userId: number, purpose: TokenPurpose, at: Date): Promise<void> {
      await db
        .update(verificationTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(verificationTokens.userId, userId),
            eq(verificationTokens.purpose, purpose),
            isNull(verificationTokens.usedAt),
          ),
        );
    },

    /**
     * Marks the token used if it is unused and unexpired; the owner's id, when it was issued and
     * where it returns to, or null. Atomic.
     */
    async consumeToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<ConsumedToken | null> {
      const [row] = await db
        .update(verificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(verificationTokens.tokenHash, tokenHash),
            eq(verificationTokens.purpose, purpose),
            isNull(verificationTokens.usedAt),
            gt(verificationTokens.expiresAt, now),
          ),
        )
        .returning({
          userId: verificationTokens.userId,
          createdAt: verificationTokens.createdAt,
          returnPath: verificationTokens.returnPath,
          credentials: verificationTokens.credentials,
        });
      return row ?? null;
    },

    /**
     * Every account's ended sessions (past `now`'s hard expiry or idle since `idleSince`) and the
     * link tokens that expired before `tokensBefore`. Answers how many of each went.
     */
    async deleteEnded(now: Date, idleSince: Date, tokensBefore: Date, signUpsBefore: Date) {
      const ended = await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
        .returning({ id: sessions.id });
      const expired = await db
        .delete(verificationTokens)
        .where(lt(verificationTokens.expiresAt, tokensBefore))
        .returning({ id: verificationTokens.id });
      // A sign-up its job never took (retries spent): its password hash is not kept.
      const abandoned = await db
        .delete(signUpRequests)
        .where(lt(signUpRequests.createdAt, signUpsBefore))
        .returning({ id: signUpRequests.id });
      return { sessions: ended.length, tokens: expired.length, signUps: abandoned.length };
    },

    /**
     * Every session and every link not used yet deleted (a deleted link answers "invalid or
     * expired"; one marked used would claim the address verified); answers how many sessions went.
     */
    async endEverySessionAndLink(): Promise<number> {
      const ended = await db.delete(sessions).returning({ id: sessions.id });
      await db.delete(verificationTokens).where(isNull(verificationTokens.usedAt));
      return ended.length;
    },

    async deleteTokens(userId: number, purpose: TokenPurpose): Promise<void> {
      await db
        .delete(verificationTokens)
        .where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.purpose, purpose)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
