import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type RefundStatus, refundRequests } from './tables.ts';

export type NewRefundRequest = typeof refundRequests.$inferInsert;

/** Refund requests still waiting for a decision. */
export const OPEN_REFUND_STATUSES: RefundStatus[] = ['Received', 'In review'];

export function createRefundsRepository(db: Database) {
  return {
    async findOpenRequest(orderId: number) {
      const [row] = await db
        .select({ reference: refundRequests.reference })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, OPEN_REFUND_STATUSES)))
        .orderBy(desc(refundRequests.id))
        .limit(1);
      return row ?? null;
    },

    async insert(request: NewRefundRequest) {
      const [row] = await db.insert(refundRequests).values(request).returning({
        reference: refundRequests.reference,
        amountCents: refundRequests.amountCents,
        currency: refundRequests.currency,
        status: refundRequests.status,
        createdAt: refundRequests.createdAt,
      });
      if (!row) throw new Error('refund request was not stored');
      return row;
    },

    async countFromIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(refundRequests)
        .where(and(eq(refundRequests.ip, ip), gt(refundRequests.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}
