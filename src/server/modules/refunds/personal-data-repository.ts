import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refundRequests } from './tables.ts';

/** The refund requests of a customer's orders, for their export and their erasure (issue 34 §3). */
export function createRefundsPersonalDataRepository(db: Database) {
  return {
    ofOrders(orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(refundRequests)
        .where(inArray(refundRequests.orderId, [...orderIds]))
        .orderBy(asc(refundRequests.id));
    },

    /** The request stays as the record of the refund; the address it came from and its e-mail go. */
    async anonymise(orderIds: readonly number[], email: string): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(refundRequests)
        .set({ email, ip: null })
        .where(inArray(refundRequests.orderId, [...orderIds]));
    },
  };
}
