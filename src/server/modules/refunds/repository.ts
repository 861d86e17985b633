import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../orders/tables.ts';
import { type RefundStatus, refundRequests } from './tables.ts';

export type NewRefundRequest = typeof refundRequests.$inferInsert;

/** Refund requests still waiting for a decision. */
export const OPEN_REFUND_STATUSES: RefundStatus[] = ['Received', 'In review'];

export function createRefundsRepository(db: Database) {
  return {
    /**
     * The order with this customer-facing id placed with this e-mail (case-insensitive), or
     * null. There is no orders service yet; this is the one read refunds makes of `orders`.
     */
    async findOrderForEmail(displayId: string, email: string) {
      const [row] = await db
        .select({
          id: orders.id,
          displayId: orders.displayId,
          status: orders.status,
          totalCents: orders.totalCents,
          currency: orders.currency,
          title: orders.title,
        })
        .from(orders)
        .where(and(eq(orders.displayId, displayId), eq(sql`lower(${orders.email})`, email.toLowerCase())));
      return row ?? null;
    },

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
