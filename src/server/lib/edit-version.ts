import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { EDIT_MESSAGES } from '../../domain/admin/content.ts';
import type { Database } from '../db/client.ts';

/** A content table whose every write moves `updatedAt` (`timestamps` in db/columns.ts). */
type Versioned = PgTable & { id: AnyPgColumn<{ data: number }>; updatedAt: AnyPgColumn<{ data: Date }> };

/** The refusal of an edit made from a copy that has changed since (EDIT_MESSAGES.stale). */
export const staleEdit = { ok: false, status: 409, message: EDIT_MESSAGES.stale } as const;

/**
 * Locks row `id` until the transaction ends and tells whether it has changed since the editor
 * loaded it (`loadedAt`, the `updatedAt` the API gave them). Holding the lock until the update means
 * two racing saves of one copy cannot both pass. Compared in JavaScript, as the API wrote it: the
 * column keeps microseconds, the API's ISO string milliseconds. False when there is no such row
 * (the caller answers its own 404).
 */
export async function changedSince(tx: Database, table: Versioned, id: number, loadedAt: string): Promise<boolean> {
  const [row] = await tx
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  return row !== undefined && (row.updatedAt as Date).getTime() !== Date.parse(loadedAt);
}
