import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AdminRefundListQuery } from '../../../domain/admin/refunds.ts';
import { OPEN_REFUND_REQUEST_STATUSES } from '../../../domain/refunds/order-refunds.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { refundRequests } from './tables.ts';

export type NewRefundRequest = typeof refundRequests.$inferInsert;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

export function createRefundsRepository(db: Database) {
  return {
    /** Every request of the order, newest first, with what its customer is told of each. */
    listOfOrder(orderId: number) {
      return db
        .select({
          reference: refundRequests.reference,
          status: refundRequests.status,
          amountCents: refundRequests.amountCents,
          approvedCents: refundRequests.approvedCents,
          currency: refundRequests.currency,
          createdAt: refundRequests.createdAt,
          decidedAt: refundRequests.decidedAt,
          partialReason: refundRequests.partialReason,
          rejectionReason: refundRequests.rejectionReason,
        })
        .from(refundRequests)
        .where(eq(refundRequests.orderId, orderId))
        .orderBy(desc(refundRequests.id));
    },

    /** The order's requests staff have decided (refunded or rejected), newest first. */
    listDecided(orderId: number) {
      return db
        .select({
          id: refundRequests.id,
          reference: refundRequests.reference,
          status: refundRequests.status,
          amountCents: refundRequests.amountCents,
          approvedCents: refundRequests.approvedCents,
          origin: refundRequests.origin,
        })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, ['Refunded', 'Rejected'])))
        .orderBy(desc(refundRequests.id));
    },

    /**
     * The order's approved requests whose provider call has not ended as refunded (its answer unclear,
     * its call running or cut off), newest first: the money may have gone (decision 0191).
     */
    listUnfinished(orderId: number) {
      return db
        .select({
          id: refundRequests.id,
          reference: refundRequests.reference,
          approvedCents: refundRequests.approvedCents,
          origin: refundRequests.origin,
        })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'Approved')))
        .orderBy(desc(refundRequests.id));
    },

    async findOpenRequest(orderId: number) {
      const [row] = await db
        .select({
          id: refundRequests.id,
          reference: refundRequests.reference,
          status: refundRequests.status,
          amountCents: refundRequests.amountCents,
        })
        .from(refundRequests)
        .where(
          and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, [...OPEN_REFUND_REQUEST_STATUSES])),
        )
        .orderBy(desc(refundRequests.id))
        .limit(1);
      return row ?? null;
    },

    /** Whether the order's cancellation has had its request (decision 0150), whatever became of it. */
    async hasCancellationRequest(orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.origin, 'cancellation')))
        .limit(1);
      return row !== undefined;
    },

    async insert(request: NewRefundRequest) {
      const [row] = await db.insert(refundRequests).values(request).returning({
        id: refundRequests.id,
        reference: refundRequests.reference,
        amountCents: refundRequests.amountCents,
        currency: refundRequests.currency,
        status: refundRequests.status,
        createdAt: refundRequests.createdAt,
      });
      if (!row) throw new Error('refund request was not stored');
      return row;
    },

    /** The request a desk refund form with this key made for the order, or null (decision 0187). */
    async findByIdempotencyKey(orderId: number, key: string): Promise<RefundRequestRow | null> {
      const [row] = await db
        .select()
        .from(refundRequests)
        .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.idempotencyKey, key)));
      return row ?? null;
    },

    async findById(id: number): Promise<RefundRequestRow | null> {
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
      return row ?? null;
    },

    /** The request, locked until the transaction ends: decisions on one request take turns. */
    async lockById(id: number): Promise<RefundRequestRow | null> {
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
      return row ?? null;
    },

    async update(id: number, values: Partial<NewRefundRequest>): Promise<RefundRequestRow> {
      const [row] = await db.update(refundRequests).set(values).where(eq(refundRequests.id, id)).returning();
      if (!row) throw new Error(`refund request ${id} vanished while it was locked`);
      return row;
    },

    /** The back office's list: `q` matches the reference or the e-mail; `status=open` the undecided. */
    async adminList(query: AdminRefundListQuery): Promise<{ rows: RefundRequestRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.status === 'open') filters.push(inArray(refundRequests.status, [...OPEN_REFUND_REQUEST_STATUSES]));
      else if (query.status) filters.push(eq(refundRequests.status, query.status));
      if (query.q) {
        const pattern = containing(query.q);
        const match = or(ilike(refundRequests.reference, pattern), ilike(refundRequests.email, pattern));
        if (match) filters.push(match);
      }
      const where = filters.length ? and(...filters) : undefined;
      const column = {
        createdAt: refundRequests.createdAt,
        amountCents: refundRequests.amountCents,
        status: refundRequests.status,
      }[query.sort];
      const direction = query.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(refundRequests)
          .where(where)
          .orderBy(direction(column), direction(refundRequests.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(refundRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
