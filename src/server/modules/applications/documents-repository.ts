import { and, asc, count, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DocumentDirection } from '../../../domain/applications/documents.ts';
import type { ProofAddress } from '../../../domain/jurisdiction/proof-of-address.ts';
import type { Database } from '../../db/client.ts';
import { applicationDocumentRequests, applicationDocuments } from './tables.ts';

export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type NewDocument = Omit<typeof applicationDocuments.$inferInsert, 'id' | 'createdAt' | 'deletedAt'>;
/** A deleted row whose bytes are still in storage. */
export type UnremovedFile = { id: number; storageKey: string };

const live = isNull(applicationDocuments.deletedAt);

function liveOf(orderId: number, direction?: DocumentDirection): SQL | undefined {
  return and(
    eq(applicationDocuments.orderId, orderId),
    live,
    direction ? eq(applicationDocuments.direction, direction) : undefined,
  );
}

function toUnremoved(rows: { id: number; storageKey: string | null }[]): UnremovedFile[] {
  return rows.flatMap((r) => (r.storageKey === null ? [] : [{ id: r.id, storageKey: r.storageKey }]));
}

export function createDocumentsRepository(db: Database) {
  /** Marks the live documents `where` selects deleted (now); answers their bytes to remove. */
  async function markLiveDeleted(where: SQL | undefined): Promise<UnremovedFile[]> {
    const rows = await db
      .update(applicationDocuments)
      .set({ deletedAt: new Date() })
      .where(and(where, live))
      .returning({ id: applicationDocuments.id, storageKey: applicationDocuments.storageKey });
    return toUnremoved(rows);
  }

  return {
    /** Stores the postal code read off a proof of address, with the mission it resolved to. */
    async setProofAddress(documentId: number, proofAddress: ProofAddress): Promise<void> {
      await db.update(applicationDocuments).set({ proofAddress }).where(eq(applicationDocuments.id, documentId));
    },

    /** Every file of the order still in storage (live or deleted, either direction): the retention sweep's. */
    async storedFiles(orderId: number): Promise<UnremovedFile[]> {
      return toUnremoved(
        await db
          .select({ id: applicationDocuments.id, storageKey: applicationDocuments.storageKey })
          .from(applicationDocuments)
          .where(and(eq(applicationDocuments.orderId, orderId), isNotNull(applicationDocuments.storageKey))),
      );
    },

    /** The retention sweep removed these rows' bytes: each is deleted (now, if not before) with no key. */
    async markErased(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(applicationDocuments)
        .set({ storageKey: null, deletedAt: sql`coalesce(${applicationDocuments.deletedAt}, now())` })
        .where(inArray(applicationDocuments.id, [...ids]));
    },

    /** Staff's requests for the order's checklist items and other documents, oldest first, withdrawn ones too. */
    listRequests(orderId: number) {
      return db
        .select()
        .from(applicationDocumentRequests)
        .where(eq(applicationDocumentRequests.orderId, orderId))
        .orderBy(asc(applicationDocumentRequests.id));
    },

    /**
     * Withdraws every request still standing for a member's item of the order (decision 0188), or
     * only those made at or after `since` (decision 0192: the ones no file has answered), now, by
     * `staffUserId`; answers their ids, oldest first.
     */
    async withdrawRequests(
      orderId: number,
      memberId: number,
      itemId: string,
      staffUserId: number,
      since?: Date,
    ): Promise<number[]> {
      const rows = await db
        .update(applicationDocumentRequests)
        .set({ withdrawnAt: new Date(), withdrawnByUserId: staffUserId })
        .where(
          and(
            eq(applicationDocumentRequests.orderId, orderId),
            eq(applicationDocumentRequests.memberId, memberId),
            eq(applicationDocumentRequests.itemId, itemId),
            isNull(applicationDocumentRequests.withdrawnAt),
            since ? gte(applicationDocumentRequests.createdAt, since) : undefined,
          ),
        )
        .returning({ id: applicationDocumentRequests.id });
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    async insertRequest(values: typeof applicationDocumentRequests.$inferInsert) {
      const [row] = await db.insert(applicationDocumentRequests).values(values).returning();
      if (!row) throw new Error('insert into application_document_requests returned no row');
      return row;
    },

    async insert(values: NewDocument): Promise<DocumentRow> {
      const [row] = await db.insert(applicationDocuments).values(values).returning();
      if (!row) throw new Error('insert into application_documents returned no row');
      return row;
    },

    /** The order's live documents, oldest first; one direction only when given. */
    listLive(orderId: number, direction?: DocumentDirection, page?: { offset: number; limit: number }) {
      const query = db
        .select()
        .from(applicationDocuments)
        .where(liveOf(orderId, direction))
        .orderBy(asc(applicationDocuments.id));
      return page ? query.offset(page.offset).limit(page.limit) : query;
    },

    async countLive(orderId: number, direction?: DocumentDirection): Promise<number> {
      const [row] = await db.select({ n: count() }).from(applicationDocuments).where(liveOf(orderId, direction));
      return row?.n ?? 0;
    },

    async findLive(orderId: number, documentId: number): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.orderId, orderId), eq(applicationDocuments.id, documentId), live));
      return row ?? null;
    },

    /** The customer's live file for a member's checklist item, or null. */
    async findLiveItem(memberId: number, itemId: string): Promise<DocumentRow | null> {
      const [row] = await db
        .select()
        .from(applicationDocuments)
        .where(
          and(
            eq(applicationDocuments.memberId, memberId),
            eq(applicationDocuments.itemId, itemId),
            eq(applicationDocuments.direction, 'from-customer'),
            live,
          ),
        );
      return row ?? null;
    },

    /** Marks a live document deleted; answers its bytes to remove (none when it was not live). */
    markDeleted(orderId: number, documentId: number): Promise<UnremovedFile[]> {
      return markLiveDeleted(and(eq(applicationDocuments.orderId, orderId), eq(applicationDocuments.id, documentId)));
    },

    /** Marks the customer's live file for a member's checklist item deleted (an upload replaces it). */
    markItemDeleted(memberId: number, itemId: string): Promise<UnremovedFile[]> {
      return markLiveDeleted(
        and(
          eq(applicationDocuments.memberId, memberId),
          eq(applicationDocuments.itemId, itemId),
          eq(applicationDocuments.direction, 'from-customer'),
        ),
      );
    },

    /** Marks every live document of a member deleted (the member is being removed). */
    markMemberDeleted(orderId: number, memberId: number): Promise<UnremovedFile[]> {
      return markLiveDeleted(
        and(eq(applicationDocuments.orderId, orderId), eq(applicationDocuments.memberId, memberId)),
      );
    },

    /** The bytes of a deleted row are gone from storage. */
    async clearStorageKey(id: number): Promise<void> {
      await db
        .update(applicationDocuments)
        .set({ storageKey: null })
        .where(and(eq(applicationDocuments.id, id), isNotNull(applicationDocuments.deletedAt)));
    },

    /** Deleted rows whose bytes are still in storage (a removal cut short), oldest first. */
    async listUnremoved(limit: number): Promise<UnremovedFile[]> {
      const rows = await db
        .select({ id: applicationDocuments.id, storageKey: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(and(isNotNull(applicationDocuments.deletedAt), isNotNull(applicationDocuments.storageKey)))
        .orderBy(asc(applicationDocuments.id))
        .limit(limit);
      return toUnremoved(rows);
    },
  };
}
