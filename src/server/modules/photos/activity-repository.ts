import { and, eq, gt, or } from 'drizzle-orm';
import { anyRow } from '../../db/any-row.ts';
import type { Database } from '../../db/client.ts';
import { photoOrderItems, photoOrderPhotos, photoOrders } from './tables.ts';

/**
 * Whether the customer worked on photo order `orderId` after `since`: its options or address
 * changed, a photo was added, or a photo's choices changed. The unpaid-order sweep keeps such an
 * order (orders/unpaid-sweep.ts).
 */
export function photoOrderWorkedOnSince(db: Database, orderId: number, since: Date): Promise<boolean> {
  return anyRow([
    db
      .select({ id: photoOrders.orderId })
      .from(photoOrders)
      .where(and(eq(photoOrders.orderId, orderId), gt(photoOrders.updatedAt, since))),
    db
      .select({ id: photoOrderItems.id })
      .from(photoOrderItems)
      .leftJoin(photoOrderPhotos, eq(photoOrderPhotos.itemId, photoOrderItems.id))
      .where(
        and(
          eq(photoOrderItems.orderId, orderId),
          or(
            gt(photoOrderItems.createdAt, since),
            gt(photoOrderPhotos.createdAt, since),
            gt(photoOrderPhotos.updatedAt, since),
          ),
        ),
      ),
  ]);
}
