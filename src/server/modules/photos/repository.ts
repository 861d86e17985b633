import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FailedRuleChoice } from '../../../domain/photos/failed-rules.ts';
import type { Database } from '../../db/client.ts';
import { photoOrderItems, photoOrderPhotos, photoOrders } from './tables.ts';

export type PhotoOrderRow = typeof photoOrders.$inferSelect;
export type PhotoItemRow = typeof photoOrderItems.$inferSelect;
export type PhotoRow = typeof photoOrderPhotos.$inferSelect;

/** No second look: what a photo holds before one is asked, and after its check starts again. */
const NO_SECOND_LOOK = {
  secondLook: null,
  secondLookCause: null,
  secondLookRequestedAt: null,
  secondLookDecidedBy: null,
  secondLookDecidedAt: null,
  secondLookReason: null,
} as const;

/** A photo with its item and its order's plan (the staff queue and the decisions read it). */
export interface LookedPhotoRow {
  photo: PhotoRow;
  orderId: number;
  sizeId: PhotoItemRow['sizeId'];
  documentType: string;
  pricingPlanId: PhotoOrderRow['pricingPlanId'];
  options: PhotoOrderRow['options'];
}

/** The stored files a row holds (removed from storage after the change that drops the row commits). */
export function filesOf(photos: readonly Pick<PhotoRow, 'storageKey' | 'fittedKey'>[]): string[] {
  return photos.flatMap((p) => (p.fittedKey ? [p.storageKey, p.fittedKey] : [p.storageKey]));
}

export function createPhotosRepository(db: Database) {
  return {
    async insertOrder(orderId: number): Promise<void> {
      await db.insert(photoOrders).values({ orderId }).onConflictDoNothing();
    },

    async findOrder(orderId: number): Promise<PhotoOrderRow | null> {
      const [row] = await db.select().from(photoOrders).where(eq(photoOrders.orderId, orderId));
      return row ?? null;
    },

    async updateOrder(
      orderId: number,
      values: Partial<
        Pick<PhotoOrderRow, 'step' | 'pricingPlanId' | 'options' | 'delivery' | 'shipment' | 'pickupReady'>
      >,
    ): Promise<void> {
      await db.update(photoOrders).set(values).where(eq(photoOrders.orderId, orderId));
    },

    listItems(orderId: number): Promise<PhotoItemRow[]> {
      return db
        .select()
        .from(photoOrderItems)
        .where(eq(photoOrderItems.orderId, orderId))
        .orderBy(asc(photoOrderItems.id));
    },

    /** The sizes of the order's items: what its plan and options may be (Background Change, prints). */
    async sizeIdsOf(orderId: number): Promise<PhotoItemRow['sizeId'][]> {
      const rows = await db
        .select({ sizeId: photoOrderItems.sizeId })
        .from(photoOrderItems)
        .where(eq(photoOrderItems.orderId, orderId));
      return rows.map((row) => row.sizeId);
    },

    /** The order's item added under `idempotencyKey`, if any. */
    async findItemByKey(orderId: number, idempotencyKey: string): Promise<PhotoItemRow | null> {
      const [row] = await db
        .select()
        .from(photoOrderItems)
        .where(and(eq(photoOrderItems.orderId, orderId), eq(photoOrderItems.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    async insertItem(values: typeof photoOrderItems.$inferInsert): Promise<PhotoItemRow> {
      const [row] = await db.insert(photoOrderItems).values(values).returning();
      if (!row) throw new Error('insert into photo_order_items returned no row');
      return row;
    },

    async nameItem(orderId: number, itemId: number, personName: string | null): Promise<void> {
      await db
        .update(photoOrderItems)
        .set({ personName })
        .where(and(eq(photoOrderItems.orderId, orderId), eq(photoOrderItems.id, itemId)));
    },

    async findItem(orderId: number, itemId: number): Promise<PhotoItemRow | null> {
      const [row] = await db
        .select()
        .from(photoOrderItems)
        .where(and(eq(photoOrderItems.orderId, orderId), eq(photoOrderItems.id, itemId)));
      return row ?? null;
    },

    /** Deletes the order's items (or one), their photos with them; answers the photos, whose files the caller removes. */
    /** The photos of every item of the order (the retention sweep's). */
    photosOfOrder(orderId: number): Promise<PhotoRow[]> {
      return db
        .select({ photo: photoOrderPhotos })
        .from(photoOrderPhotos)
        .innerJoin(photoOrderItems, eq(photoOrderItems.id, photoOrderPhotos.itemId))
        .where(eq(photoOrderItems.orderId, orderId))
        .then((rows) => rows.map((r) => r.photo));
    },

    /** Deletes these photos (their items, the order's lines, stay). */
    async deletePhotos(ids: readonly number[]): Promise<void> {
      if (ids.length > 0) await db.delete(photoOrderPhotos).where(inArray(photoOrderPhotos.id, [...ids]));
    },

    async deleteItems(orderId: number, itemId?: number): Promise<PhotoRow[]> {
      const items = await db
        .select({ id: photoOrderItems.id })
        .from(photoOrderItems)
        .where(and(eq(photoOrderItems.orderId, orderId), itemId ? eq(photoOrderItems.id, itemId) : undefined));
      const ids = items.map((i) => i.id);
      if (ids.length === 0) return [];
      const photos = await this.listPhotos(ids);
      await db.delete(photoOrderItems).where(inArray(photoOrderItems.id, ids));
      return photos;
    },

    listPhotos(itemIds: readonly number[]): Promise<PhotoRow[]> {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(photoOrderPhotos)
        .where(inArray(photoOrderPhotos.itemId, [...itemIds]))
        .orderBy(asc(photoOrderPhotos.id));
    },

    async countPhotos(itemId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(photoOrderPhotos).where(eq(photoOrderPhotos.itemId, itemId));
      return row?.n ?? 0;
    },

    async insertPhoto(values: typeof photoOrderPhotos.$inferInsert): Promise<PhotoRow> {
      const [row] = await db.insert(photoOrderPhotos).values(values).returning();
      if (!row) throw new Error('insert into photo_order_photos returned no row');
      return row;
    },

    /**
     * The item's photo of these very bytes, if it has one being checked or checked: one whose check
     * failed is no answer to the same file sent again ("Please upload it again"), which is checked anew.
     */
    async findPhotoByHash(itemId: number, sha256: string): Promise<PhotoRow | null> {
      const [row] = await db
        .select()
        .from(photoOrderPhotos)
        .where(
          and(
            eq(photoOrderPhotos.itemId, itemId),
            eq(photoOrderPhotos.sha256, sha256),
            ne(photoOrderPhotos.state, 'failed'),
          ),
        );
      return row ?? null;
    },

    async findPhoto(itemId: number, photoId: number): Promise<PhotoRow | null> {
      const [row] = await db
        .select()
        .from(photoOrderPhotos)
        .where(and(eq(photoOrderPhotos.itemId, itemId), eq(photoOrderPhotos.id, photoId)));
      return row ?? null;
    },

    /** A photo with its item's size and its order's options (the check needs both). */
    async photoById(
      photoId: number,
    ): Promise<
      (PhotoRow & { orderId: number; sizeId: PhotoItemRow['sizeId']; options: PhotoOrderRow['options'] }) | null
    > {
      const [row] = await db
        .select({
          photo: photoOrderPhotos,
          orderId: photoOrderItems.orderId,
          sizeId: photoOrderItems.sizeId,
          options: photoOrders.options,
        })
        .from(photoOrderPhotos)
        .innerJoin(photoOrderItems, eq(photoOrderItems.id, photoOrderPhotos.itemId))
        .innerJoin(photoOrders, eq(photoOrders.orderId, photoOrderItems.orderId))
        .where(eq(photoOrderPhotos.id, photoId));
      return row ? { ...row.photo, orderId: row.orderId, sizeId: row.sizeId, options: row.options } : null;
    },

    /**
     * Puts every photo of the order back to pending, its report and fitted file dropped: answers
     * the photos as they were, so the caller queues their checks and removes the old files.
     */
    async resetChecks(orderId: number): Promise<PhotoRow[]> {
      const items = db
        .select({ id: photoOrderItems.id })
        .from(photoOrderItems)
        .where(eq(photoOrderItems.orderId, orderId));
      const before = await db.select().from(photoOrderPhotos).where(inArray(photoOrderPhotos.itemId, items));
      if (before.length === 0) return [];
      await db
        .update(photoOrderPhotos)
        .set({
          state: 'pending',
          report: null,
          fittedKey: null,
          error: null,
          // The new report may fail other rules, or none: a choice made for the old one is asked again.
          failedRuleChoice: null,
          failedRuleChosenBy: null,
          failedRuleChosenAt: null,
          ...NO_SECOND_LOOK,
        })
        .where(
          inArray(
            photoOrderPhotos.id,
            before.map((p) => p.id),
          ),
        );
      return before;
    },

    /** The customer's choice for a failing photo; "person-check" asks for a second look, the other withdraws it. */
    async recordChoice(photoId: number, { choice, by }: { choice: FailedRuleChoice; by: number }): Promise<void> {
      await db
        .update(photoOrderPhotos)
        .set({
          failedRuleChoice: choice,
          failedRuleChosenBy: by,
          failedRuleChosenAt: sql`now()`,
          ...(choice === 'person-check'
            ? {
                ...NO_SECOND_LOOK,
                secondLook: 'requested',
                secondLookCause: 'asked',
                secondLookRequestedAt: sql`now()`,
              }
            : NO_SECOND_LOOK),
        })
        .where(eq(photoOrderPhotos.id, photoId));
    },

    /**
     * Asks a person's look at every fitted photo of the order that is not waiting for one already
     * (Photo Optimize, at payment): one look per photo, whatever asked for it first. A photo its
     * check could not fit is delivered as nothing, so nobody is asked to look at it.
     */
    async askLookAtFittedPhotos(orderId: number): Promise<void> {
      const items = db
        .select({ id: photoOrderItems.id })
        .from(photoOrderItems)
        .where(eq(photoOrderItems.orderId, orderId));
      await db
        .update(photoOrderPhotos)
        .set({ secondLook: 'requested', secondLookCause: 'asked', secondLookRequestedAt: sql`now()` })
        .where(
          and(
            inArray(photoOrderPhotos.itemId, items),
            eq(photoOrderPhotos.state, 'done'),
            isNotNull(photoOrderPhotos.fittedKey),
            isNull(photoOrderPhotos.secondLook),
          ),
        );
    },

    async deletePhoto(photoId: number): Promise<PhotoRow | null> {
      const [row] = await db.delete(photoOrderPhotos).where(eq(photoOrderPhotos.id, photoId)).returning();
      return row ?? null;
    },

    /**
     * Records the check's outcome while the photo is still pending and its order's Background
     * Change is still what the check was run with (a repeated job, a photo deleted meanwhile, or a
     * check overtaken by a change of options writes nothing): answers whether it was recorded. A
     * borderline result asks for a person's look, unless one is asked already (a retake's); a
     * failed retake's look is set with it (its rejection).
     */
    async finishCheck(
      photoId: number,
      values: Pick<PhotoRow, 'state' | 'report' | 'fittedKey' | 'error'> &
        Partial<Pick<PhotoRow, 'secondLook' | 'secondLookReason'>>,
      backgroundChange: boolean,
      borderline = false,
    ): Promise<boolean> {
      const hasOption = db
        .select({ has: sql<boolean>`${photoOrders.options} @> '["background-change"]'::jsonb` })
        .from(photoOrderItems)
        .innerJoin(photoOrders, eq(photoOrders.orderId, photoOrderItems.orderId))
        .where(eq(photoOrderItems.id, photoOrderPhotos.itemId));
      const rows = await db
        .update(photoOrderPhotos)
        .set(
          borderline
            ? {
                ...values,
                secondLook: sql`coalesce(${photoOrderPhotos.secondLook}, 'requested')`,
                secondLookCause: sql`coalesce(${photoOrderPhotos.secondLookCause}, 'borderline')`,
                secondLookRequestedAt: sql`coalesce(${photoOrderPhotos.secondLookRequestedAt}, now())`,
              }
            : values,
        )
        .where(
          and(
            eq(photoOrderPhotos.id, photoId),
            eq(photoOrderPhotos.state, 'pending'),
            sql`(${hasOption}) = ${backgroundChange}`,
          ),
        )
        .returning({ id: photoOrderPhotos.id });
      return rows.length > 0;
    },
    /** The photos waiting for a person (or the one photo asked for), the longest-asked first. */
    lookedPhotos(photoId?: number): Promise<LookedPhotoRow[]> {
      return db
        .select({
          photo: photoOrderPhotos,
          orderId: photoOrderItems.orderId,
          sizeId: photoOrderItems.sizeId,
          documentType: photoOrderItems.documentType,
          pricingPlanId: photoOrders.pricingPlanId,
          options: photoOrders.options,
        })
        .from(photoOrderPhotos)
        .innerJoin(photoOrderItems, eq(photoOrderItems.id, photoOrderPhotos.itemId))
        .innerJoin(photoOrders, eq(photoOrders.orderId, photoOrderItems.orderId))
        .where(photoId === undefined ? eq(photoOrderPhotos.secondLook, 'requested') : eq(photoOrderPhotos.id, photoId))
        .orderBy(asc(photoOrderPhotos.secondLookRequestedAt), asc(photoOrderPhotos.id));
    },

    /**
     * A staff member's decision on a photo still waiting for it and checked: answers the photo as
     * decided, or null when it was not waiting (decided meanwhile, or its check still runs).
     */
    async decideSecondLook(
      photoId: number,
      decision: { secondLook: 'approved' | 'rejected'; by: number; reason: string | null },
    ): Promise<PhotoRow | null> {
      const [row] = await db
        .update(photoOrderPhotos)
        .set({
          secondLook: decision.secondLook,
          secondLookDecidedBy: decision.by,
          secondLookDecidedAt: sql`now()`,
          secondLookReason: decision.reason,
        })
        .where(
          and(
            eq(photoOrderPhotos.id, photoId),
            eq(photoOrderPhotos.secondLook, 'requested'),
            ne(photoOrderPhotos.state, 'pending'),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
