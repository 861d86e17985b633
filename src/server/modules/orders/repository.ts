import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { CostSummary } from '../../../domain/checkout/cost-summary.ts';
import type { OrderKind } from '../../../domain/orders/order-kind.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { paymentRefunds } from './ledger-tables.ts';
import type { OrderLookup, StaffOrderFilter, StaffSort } from './service.ts';
import { orderChargedSummaries, orderStatusHistory, orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;

const summaryColumns = {
  id: orders.id,
  displayId: orders.displayId,
  kind: orders.kind,
  title: orders.title,
  status: orders.status,
  totalCents: orders.totalCents,
  currency: orders.currency,
  createdAt: orders.createdAt,
};

/** An order named by its customer-facing id, its number, or the key of the request that created it. */
function byLookup(ref: OrderLookup): SQL {
  if ('displayId' in ref) return eq(orders.displayId, ref.displayId);
  if ('id' in ref) return eq(orders.id, ref.id);
  return eq(orders.idempotencyKey, ref.idempotencyKey);
}

const ofUser = (userId: number, kind?: OrderKind): SQL | undefined =>
  kind ? and(eq(orders.userId, userId), eq(orders.kind, kind)) : eq(orders.userId, userId);

function staffWhere(filter: StaffOrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
    filter.createdFrom ? gte(orders.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(orders.createdAt, filter.createdBefore) : undefined,
    ...([] as SQLWrapper[]).concat(filter.orderIdIn ?? []).map((ids) => inArray(orders.id, ids)),
  ];
  if (filter.search) {
    const like = containing(filter.search.text);
    conditions.push(
      or(
        ilike(orders.displayId, like),
        ilike(orders.email, like),
        inArray(orders.userId, filter.search.userIdIn),
        filter.search.orderIdIn ? inArray(orders.id, filter.search.orderIdIn) : undefined,
      ),
    );
  }
  return and(...conditions.filter((c) => c !== undefined));
}

/** When the order was paid: its first move out of Payment pending to anything but Cancelled. */
const paidAt = sql<Date | null>`(select min(${orderStatusHistory.changedAt}) from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orders}.${sql.identifier('id')} and ${orderStatusHistory.fromStatus} = 'Payment pending' and ${orderStatusHistory.toStatus} <> 'Cancelled')`;

const asDate = (v: string | Date | null) => (v ? new Date(v) : null);
const paidAtColumn = paidAt.mapWith(asDate);

/**
 * When everything was last in: its latest move out of the customer's statuses (Payment pending,
 * Forms incomplete) to our team's (Order pending, or In review when staff take an order back
 * themselves). An Expedite promise counts from it.
 */
const readyAtColumn =
  sql<Date | null>`(select max(${orderStatusHistory.changedAt}) from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orders}.${sql.identifier('id')} and ${orderStatusHistory.fromStatus} in ('Payment pending', 'Forms incomplete') and ${orderStatusHistory.toStatus} not in ('Payment pending', 'Forms incomplete', 'Cancelled'))`.mapWith(
    asDate,
  );

/**
 * What of the order's payment went back to the customer, in the order's currency: the refunds the
 * provider made, as the order page's "Refunded to you" counts them. An approval whose provider
 * answer is not in yet (`pending`) is not counted until it is; a request still waiting or rejected
 * has no row; a stray charge's refund (`stray`) gives back money the order never took.
 */
const refundedCentsColumn =
  sql<number>`(select coalesce(sum(${paymentRefunds.amountCents}), 0) from ${paymentRefunds} where ${paymentRefunds.orderId} = ${orders}.${sql.identifier('id')} and ${paymentRefunds.reason} = 'requested' and ${paymentRefunds.status} = 'succeeded')`.mapWith(
    Number,
  );

/** A row of a customer's order lists: the order's summary with what was refunded of it. */
const listColumns = { ...summaryColumns, refundedCents: refundedCentsColumn };

/** The first key of lockNewOrders's advisory locks (the second is the customer's id): their own space. */
const NEW_ORDER_LOCKS = 3305;

export function createOrdersRepository(db: Database) {
  /**
   * A condition for another module's single statement: the order is in one of `statuses` when the
   * statement runs. `orderId` is an id, or the other table's column holding one (a correlated test).
   */
  function inStatuses(orderId: number | AnyColumn, statuses: readonly OrderStatus[]): SQL {
    return sql`exists (${db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.id, orderId), inArray(orders.status, [...statuses])))})`;
  }

  async function countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(orders).where(where);
    return row?.n ?? 0;
  }

  return {
    inStatuses,
    /**
     * One page of every customer's orders for the back office, with when each was paid, and how
     * many orders match in all.
     */
    async pageForStaff(
      filter: StaffOrderFilter,
      sort: { by: StaffSort; dir: 'asc' | 'desc' },
      offset: number,
      limit: number,
    ): Promise<{
      rows: { order: OrderRow; paidAt: Date | null; readyAt: Date | null; refundedCents: number }[];
      total: number;
    }> {
      const direction = sort.dir === 'asc' ? asc : desc;
      const where = staffWhere(filter);
      const ordering = [direction(orders[sort.by]), direction(orders.id)];
      if (!filter.search) {
        // Without a search the (created_at, id) and (status, created_at, id) indexes give the page
        // in order and the scan stops after `limit` rows; the count is a query of its own.
        const [rows, total] = await Promise.all([
          db
            .select({ order: orders, paidAt: paidAtColumn, readyAt: readyAtColumn, refundedCents: refundedCentsColumn })
            .from(orders)
            .where(where)
            .orderBy(...ordering)
            .limit(limit)
            .offset(offset),
          countWhere(where),
        ]);
        return { rows, total };
      }
      // A search matches anywhere in a text (ILIKE '%…%'), which no index serves, so every order is
      // read anyway: the total comes from the same scan (`count(*) over ()`), and needing every match
      // before the first row also keeps the planner from walking the created_at index backwards
      // through all the orders in the hope of meeting `limit` matches early (decision 0077: the page
      // of a rare e-mail took 120–200 ms that way on 10,000 orders, plus a second scan to count).
      const rows = await db
        .select({
          order: orders,
          paidAt: paidAtColumn,
          readyAt: readyAtColumn,
          refundedCents: refundedCentsColumn,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(orders)
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset);
      const total = rows[0]?.total ?? (offset > 0 ? await countWhere(where) : 0);
      return {
        rows: rows.map(({ order, paidAt, readyAt, refundedCents }) => ({ order, paidAt, readyAt, refundedCents })),
        total,
      };
    },

    /** Any customer's order, with when it was paid (the back office). */
    async findForStaff(ref: OrderLookup) {
      const [row] = await db
        .select({ order: orders, paidAt: paidAtColumn, readyAt: readyAtColumn })
        .from(orders)
        .where(byLookup(ref));
      return row ?? null;
    },

    /** The order with this customer-facing id placed with this e-mail (case-insensitive), or null. */
    async findByDisplayIdAndEmail(displayId: string, email: string) {
      const [row] = await db
        .select(summaryColumns)
        .from(orders)
        .where(and(eq(orders.displayId, displayId), eq(sql`lower(${orders.email})`, email.toLowerCase())));
      return row ?? null;
    },

    listForUser(userId: number, offset: number, limit: number, kind?: OrderKind) {
      return db
        .select(listColumns)
        .from(orders)
        .where(ofUser(userId, kind))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
    },

    /** The user's orders of `kind` in one of `statuses`, newest first. */
    listForUserIn(userId: number, kind: OrderKind, statuses: readonly OrderStatus[], limit: number) {
      return db
        .select(listColumns)
        .from(orders)
        .where(and(ofUser(userId, kind), inArray(orders.status, [...statuses])))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },

    async countForUser(userId: number, kind?: OrderKind): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orders).where(ofUser(userId, kind));
      return row?.n ?? 0;
    },

    /** How many of these orders are in none of `statuses`. */
    async countExcept(ids: readonly number[], statuses: readonly OrderStatus[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(inArray(orders.id, [...ids]), notInArray(orders.status, [...statuses])));
      return row?.n ?? 0;
    },

    async idsOfUser(userId: number, kind?: OrderKind): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(kind ? and(ofUser(userId), eq(orders.kind, kind)) : ofUser(userId));
      return rows.map((r) => r.id);
    },

    /** The currency of the user's latest order, or null without one. */
    async latestCurrency(userId: number): Promise<Currency | null> {
      const [row] = await db
        .select({ currency: orders.currency })
        .from(orders)
        .where(ofUser(userId))
        .orderBy(desc(orders.id))
        .limit(1);
      return (row?.currency as Currency | undefined) ?? null;
    },

    /** The user's earliest order of a kind that is not cancelled. */
    async firstNotCancelled(userId: number, kind: OrderKind): Promise<number | null> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(ofUser(userId, kind), ne(orders.status, 'Cancelled')))
        .orderBy(asc(orders.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** How many of the user's orders are in each status. */
    countByStatus(userId: number): Promise<{ status: string; n: number }[]> {
      return db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(eq(orders.userId, userId))
        .groupBy(orders.status);
    },

    /**
     * One new order per customer at a time, until the transaction ends: an order created beside
     * another would not see it when it is priced (a referred friend's first order only is discounted).
     */
    async lockNewOrders(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${NEW_ORDER_LOCKS}, ${userId})`);
    },

    /**
     * Inserts the order, or nothing when either unique key is taken (the user's idempotency key,
     * or the display id): the caller tells which by looking the key up.
     */
    async insertUnlessTaken(values: typeof orders.$inferInsert): Promise<OrderRow | null> {
      const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The user's order named by `ref` (of this kind, when given), or null. */
    async findOwned(userId: number, ref: OrderLookup, kind?: OrderKind): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(byLookup(ref), ofUser(userId, kind)));
      return row ?? null;
    },

    async findByIds(ids: readonly number[]): Promise<OrderRow[]> {
      return ids.length
        ? db
            .select()
            .from(orders)
            .where(inArray(orders.id, [...ids]))
        : [];
    },

    /** The order, locked until the transaction ends (status changes and member changes queue up). */
    async lockById(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async update(id: number, values: Partial<Pick<OrderRow, 'status' | 'totalCents'>>): Promise<OrderRow> {
      const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
      if (!row) throw new Error(`order ${id} vanished while it was locked`);
      return row;
    },

    /**
     * Sets the total only when it differs, in one statement: the changed row, or null when the
     * total was already this (the caller then has nothing to tell).
     */
    async changeCurrency(id: number, currency: Currency): Promise<OrderRow> {
      const [row] = await db.update(orders).set({ currency }).where(eq(orders.id, id)).returning();
      if (!row) throw new Error(`order ${id} vanished while it was locked`);
      return row;
    },

    async changeTotal(id: number, totalCents: number): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set({ totalCents })
        .where(and(eq(orders.id, id), ne(orders.totalCents, totalCents)))
        .returning();
      return row ?? null;
    },

    /** Stores the lines the order's total now comes from (replacing the earlier pricing). */
    async saveCharged(orderId: number, summary: CostSummary) {
      const pricedAt = new Date();
      await db
        .insert(orderChargedSummaries)
        .values({ orderId, summary, pricedAt })
        .onConflictDoUpdate({ target: orderChargedSummaries.orderId, set: { summary, pricedAt } });
    },

    async storedCharged(orderId: number): Promise<CostSummary | null> {
      const [row] = await db
        .select({ summary: orderChargedSummaries.summary })
        .from(orderChargedSummaries)
        .where(eq(orderChargedSummaries.orderId, orderId));
      return row?.summary ?? null;
    },

    async insertHistory(values: typeof orderStatusHistory.$inferInsert): Promise<StatusHistoryRow> {
      const [row] = await db.insert(orderStatusHistory).values(values).returning();
      if (!row) throw new Error('insert into order_status_history returned no row');
      return row;
    },

    /** Oldest first. */
    listHistory(orderId: number): Promise<StatusHistoryRow[]> {
      return db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
    },
  };
}
