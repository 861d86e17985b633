import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import type { Database } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { orderInStatuses } from '../orders/service.ts';
import { applicationFeeNotices, applicationMembers, applicationOrders } from './tables.ts';

export type ApplicationRow = typeof applicationOrders.$inferSelect;
export type MemberRow = typeof applicationMembers.$inferSelect;
/** A catalog row an order's snapshot names: its service, its package, or the package's price row. */
export type CatalogRef = { serviceId: number } | { packageId: number } | { packagePriceId: number };
export type NewMember = Pick<MemberRow, 'fullName' | 'dateOfBirth' | 'kind' | 'relationship'>;
/** The posting address our team confirmed, as the order's columns hold it. */
export type PostingAddressValues = {
  postingAddress: string[];
  postingAddressConfirmedAt: Date;
  postingAddressConfirmedById: number | null;
  postingAddressConfirmedByEmail: string;
};
const NO_POSTING_ADDRESS = {
  postingAddress: null,
  postingAddressConfirmedAt: null,
  postingAddressConfirmedById: null,
  postingAddressConfirmedByEmail: null,
} as const;
/** The fees paid at the centre our team recorded, as the order's columns hold them. */
export type FeesPaidValues = {
  feesPaidReference: string;
  feesPaidAt: Date;
  feesPaidById: number | null;
  feesPaidByEmail: string;
};
export type MemberFormValues = Partial<Pick<MemberRow, 'answers' | 'currentStep' | 'reviewDetails' | 'answersSavedAt'>>;

export function createApplicationsRepository(db: Database) {
  return {
    async insertApplication(values: typeof applicationOrders.$inferInsert): Promise<ApplicationRow> {
      const [row] = await db.insert(applicationOrders).values(values).returning();
      if (!row) throw new Error('insert into application_orders returned no row');
      return row;
    },

    /** A subquery of the ids of the orders for this service (by slug). */
    orderIdsOfService(serviceSlug: string): SQLWrapper {
      return db
        .select({ id: applicationOrders.orderId })
        .from(applicationOrders)
        .where(eq(applicationOrders.serviceSlug, serviceSlug));
    },

    /** The ids of orders with a member whose name contains `text`, as a subquery (the desk's search). */
    orderIdsWithMemberNamed(text: string): SQLWrapper {
      return db
        .selectDistinct({ id: applicationMembers.orderId })
        .from(applicationMembers)
        .where(ilike(applicationMembers.fullName, containing(text)));
    },

    /** How many service orders were started with this service, package or price row (their snapshot names it). */
    async countOrdersOf(ref: CatalogRef): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(applicationOrders)
        .where(
          'serviceId' in ref
            ? eq(applicationOrders.serviceId, ref.serviceId)
            : 'packageId' in ref
              ? eq(applicationOrders.packageId, ref.packageId)
              : eq(applicationOrders.packagePriceId, ref.packagePriceId),
        );
      return row?.n ?? 0;
    },

    listApplications(orderIds: readonly number[]): Promise<ApplicationRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(applicationOrders)
        .where(inArray(applicationOrders.orderId, [...orderIds]));
    },

    /** The ids of the applications in `statuses` (the unpaid ones, for the fee-change job), oldest first. */
    async orderIdsInStatuses(statuses: readonly OrderStatus[]): Promise<number[]> {
      const rows = await db
        .select({ orderId: applicationOrders.orderId })
        .from(applicationOrders)
        .where(orderInStatuses(db, applicationOrders.orderId, statuses))
        .orderBy(asc(applicationOrders.orderId));
      return rows.map((r) => r.orderId);
    },

    /** The government and outsourcer fees of the order's price snapshot, from another catalog row. */
    async replaceFees(
      orderId: number,
      fees: Pick<
        ApplicationRow,
        'packagePriceId' | 'governmentFeeCents' | 'mandatoryFees' | 'isEstimate' | 'feesPaidOnPortal'
      >,
    ): Promise<void> {
      await db.update(applicationOrders).set(fees).where(eq(applicationOrders.orderId, orderId));
    },

    /** Records that the order was told of the change to this price row; false when it had been already. */
    async recordFeeNotice(orderId: number, packagePriceId: number, effectiveFrom: string): Promise<boolean> {
      const rows = await db
        .insert(applicationFeeNotices)
        .values({ orderId, packagePriceId, effectiveFrom })
        .onConflictDoNothing()
        .returning({ orderId: applicationFeeNotices.orderId });
      return rows.length > 0;
    },

    /**
     * Stores where the order's file goes (decision 0114-order-mission); `withdrawPostingAddress`
     * clears the posting address our team confirmed too, when it was for another destination
     * (decision 0179).
     */
    async setMission(
      orderId: number,
      mission: ApplicationRow['mission'],
      { withdrawPostingAddress }: { withdrawPostingAddress: boolean },
    ): Promise<void> {
      await db
        .update(applicationOrders)
        .set({ mission, ...(withdrawPostingAddress ? NO_POSTING_ADDRESS : {}) })
        .where(eq(applicationOrders.orderId, orderId));
    },

    /** Stores the posting address our team confirmed, with when and by whom (decision 0179). */
    async setPostingAddress(orderId: number, confirmed: PostingAddressValues): Promise<void> {
      await db.update(applicationOrders).set(confirmed).where(eq(applicationOrders.orderId, orderId));
    },

    /** Stores the fees paid at the centre our team recorded, with when and by whom. */
    async setFeesPaid(orderId: number, paid: FeesPaidValues): Promise<void> {
      await db.update(applicationOrders).set(paid).where(eq(applicationOrders.orderId, orderId));
    },

    async findApplication(orderId: number): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(applicationOrders).where(eq(applicationOrders.orderId, orderId));
      return row ?? null;
    },

    insertMembers(orderId: number, members: readonly NewMember[]): Promise<MemberRow[]> {
      return db
        .insert(applicationMembers)
        .values(members.map((m) => ({ ...m, orderId })))
        .returning();
    },

    /** In the order they were added. */
    listMembers(orderId: number): Promise<MemberRow[]> {
      return db
        .select()
        .from(applicationMembers)
        .where(eq(applicationMembers.orderId, orderId))
        .orderBy(asc(applicationMembers.id));
    },

    /** The members of these orders (any order of them). */
    listMembersIn(orderIds: readonly number[]): Promise<MemberRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(applicationMembers)
        .where(inArray(applicationMembers.orderId, [...orderIds]));
    },

    /** The "Self" member of the newest of these orders that has one (the account holder as last given), or null. */
    async newestSelfIn(orderIds: readonly number[]): Promise<MemberRow | null> {
      if (orderIds.length === 0) return null;
      const [row] = await db
        .select()
        .from(applicationMembers)
        .where(and(inArray(applicationMembers.orderId, [...orderIds]), eq(applicationMembers.relationship, 'Self')))
        .orderBy(desc(applicationMembers.orderId))
        .limit(1);
      return row ?? null;
    },

    /** The members' full names of each order, in the order they were added. */
    async memberNamesOf(orderIds: readonly number[]): Promise<Map<number, string[]>> {
      const names = new Map<number, string[]>(orderIds.map((id) => [id, []]));
      if (orderIds.length === 0) return names;
      const rows = await db
        .select({ orderId: applicationMembers.orderId, fullName: applicationMembers.fullName })
        .from(applicationMembers)
        .where(inArray(applicationMembers.orderId, [...orderIds]))
        .orderBy(asc(applicationMembers.id));
      for (const row of rows) names.get(row.orderId)?.push(row.fullName);
      return names;
    },

    async findMember(orderId: number, memberId: number): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(applicationMembers)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)));
      return row ?? null;
    },

    /** A member of the order with the order's application row (its price snapshot and form version), in one read. */
    async findMemberWithApplication(
      orderId: number,
      memberId: number,
    ): Promise<{ member: MemberRow; app: ApplicationRow } | null> {
      const [row] = await db
        .select({ member: applicationMembers, app: applicationOrders })
        .from(applicationMembers)
        .innerJoin(applicationOrders, eq(applicationOrders.orderId, applicationMembers.orderId))
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)));
      return row ?? null;
    },

    /**
     * Autosave's one-statement write: the member's answers and step, only if the member is still
     * as the answers were checked against (kind, reviewed or not, answers last saved at the same moment)
     * and the order is still in one of `openStatuses`. Null when any of that changed since (the
     * caller takes the locked path).
     */
    async updateAnswersIfUnchanged(
      orderId: number,
      member: Pick<MemberRow, 'id' | 'kind' | 'reviewDetails' | 'answersSavedAt'>,
      values: Pick<MemberRow, 'answers' | 'currentStep' | 'answersSavedAt'>,
      openStatuses: readonly OrderStatus[],
    ): Promise<MemberRow | null> {
      const [row] = await db
        .update(applicationMembers)
        .set(values)
        .where(
          and(
            eq(applicationMembers.orderId, orderId),
            eq(applicationMembers.id, member.id),
            eq(applicationMembers.kind, member.kind),
            member.answersSavedAt === null
              ? isNull(applicationMembers.answersSavedAt)
              : eq(applicationMembers.answersSavedAt, member.answersSavedAt),
            member.reviewDetails === null
              ? isNull(applicationMembers.reviewDetails)
              : isNotNull(applicationMembers.reviewDetails),
            orderInStatuses(db, orderId, openStatuses),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** A member's details, or their form (answers, step and review details), in one row update. */
    async updateMember(
      orderId: number,
      memberId: number,
      values: NewMember | MemberFormValues,
    ): Promise<MemberRow | null> {
      const [row] = await db
        .update(applicationMembers)
        .set(values)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)))
        .returning();
      return row ?? null;
    },

    async deleteMember(orderId: number, memberId: number): Promise<boolean> {
      const rows = await db
        .delete(applicationMembers)
        .where(and(eq(applicationMembers.orderId, orderId), eq(applicationMembers.id, memberId)))
        .returning({ id: applicationMembers.id });
      return rows.length > 0;
    },
  };
}
