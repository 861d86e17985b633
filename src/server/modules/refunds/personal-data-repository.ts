import { asc, inArray, sql } from 'drizzle-orm';
import { ERASED_TEXT } from '../../../domain/data-rights/schemas.ts';
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

    /**
     * The request stays as the record of the refund; the address it came from, its e-mail and the
     * words of its reason, of a rejection and of a partial approval go. Answers the requests' ids.
     */
    async anonymise(orderIds: readonly number[], email: string): Promise<number[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .update(refundRequests)
        .set({
          email,
          ip: null,
          reason: ERASED_TEXT,
          rejectionReason: sql`CASE WHEN ${refundRequests.rejectionReason} IS NULL THEN NULL ELSE ${ERASED_TEXT} END`,
          partialReason: sql`CASE WHEN ${refundRequests.partialReason} IS NULL THEN NULL ELSE ${ERASED_TEXT} END`,
        })
        .where(inArray(refundRequests.orderId, [...orderIds]))
        .returning({ id: refundRequests.id });
      return rows.map((row) => row.id);
    },
  };
}
