import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { photoOrderItems, photoOrderPhotos, photoOrders } from './tables.ts';

/** What a photo order holds about its customer, for the export and the erasure (issue 34 §3). */
export function createPhotosPersonalDataRepository(db: Database) {
  return {
    async order(orderId: number) {
      const [row] = await db.select().from(photoOrders).where(eq(photoOrders.orderId, orderId));
      return row ?? null;
    },

    items(orderId: number) {
      return db
        .select()
        .from(photoOrderItems)
        .where(eq(photoOrderItems.orderId, orderId))
        .orderBy(asc(photoOrderItems.id));
    },

    photos(orderId: number) {
      return db
        .select({ photo: photoOrderPhotos })
        .from(photoOrderPhotos)
        .innerJoin(photoOrderItems, eq(photoOrderItems.id, photoOrderPhotos.itemId))
        .where(eq(photoOrderItems.orderId, orderId))
        .orderBy(asc(photoOrderPhotos.id));
    },

    /**
     * The delivery (a name and address, or a pickup's details) of the orders, and the carrier's
     * tracking number or the studio's order number, which lead back to them.
     */
    async eraseDelivery(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(photoOrders)
        .set({ delivery: null, shipment: null, pickupReady: null })
        .where(inArray(photoOrders.orderId, [...orderIds]));
    },

    /** Whose photo each item is ("Asha"): the items stay, as the order's lines. */
    async forgetItemNames(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(photoOrderItems)
        .set({ personName: null })
        .where(inArray(photoOrderItems.orderId, [...orderIds]));
    },
  };
}
