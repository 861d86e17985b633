import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { photoChecks } from './tables.ts';

export type PhotoCheckRow = typeof photoChecks.$inferSelect;

/** The visitors' photo checks (photo-checks.ts), found by the SHA-256 of their cookie's token. */
export function createPhotoChecksRepository(db: Database) {
  return {
    /** The live check of a token hash: not past `now`. */
    async findLive(tokenHash: string, now: Date): Promise<PhotoCheckRow | null> {
      const [row] = await db
        .select()
        .from(photoChecks)
        .where(and(eq(photoChecks.tokenHash, tokenHash), gt(photoChecks.expiresAt, now)));
      return row ?? null;
    },

    async insert(values: typeof photoChecks.$inferInsert): Promise<PhotoCheckRow> {
      const [row] = await db.insert(photoChecks).values(values).returning();
      if (!row) throw new Error('insert into photo_checks returned no row');
      return row;
    },

    /** Deletes a token's check, live or not; answers what was deleted (its files are the caller's to remove). */
    delete(tokenHash: string): Promise<PhotoCheckRow[]> {
      return db.delete(photoChecks).where(eq(photoChecks.tokenHash, tokenHash)).returning();
    },

    /** Deletes a token's live check and answers it: once, however many callers race for it. */
    async takeLive(tokenHash: string, now: Date): Promise<PhotoCheckRow | null> {
      const [row] = await db
        .delete(photoChecks)
        .where(and(eq(photoChecks.tokenHash, tokenHash), gt(photoChecks.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /** Deletes up to `limit` checks past their expiry, oldest first; answers them. */
    deleteExpired(now: Date, limit: number): Promise<PhotoCheckRow[]> {
      const expired = db
        .select({ id: photoChecks.id })
        .from(photoChecks)
        .where(lte(photoChecks.expiresAt, now))
        .orderBy(asc(photoChecks.expiresAt))
        .limit(limit);
      return db.delete(photoChecks).where(inArray(photoChecks.id, expired)).returning();
    },
  };
}
