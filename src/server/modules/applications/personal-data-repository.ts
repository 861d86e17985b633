import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicationDocumentRequests,
  applicationDocuments,
  applicationMemberPassports,
  applicationMembers,
  applicationOrders,
} from './tables.ts';

/** What an application holds about its customer and members, for the export and the erasure (issue 34 §3). */
export function createApplicationsPersonalDataRepository(db: Database) {
  return {
    async application(orderId: number) {
      const [row] = await db.select().from(applicationOrders).where(eq(applicationOrders.orderId, orderId));
      return row ?? null;
    },

    members(orderId: number) {
      return db
        .select({ member: applicationMembers, passport: applicationMemberPassports })
        .from(applicationMembers)
        .leftJoin(applicationMemberPassports, eq(applicationMemberPassports.memberId, applicationMembers.id))
        .where(eq(applicationMembers.orderId, orderId))
        .orderBy(asc(applicationMembers.id));
    },

    documents(orderId: number) {
      return db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.orderId, orderId))
        .orderBy(asc(applicationDocuments.id));
    },

    documentRequests(orderId: number) {
      return db
        .select()
        .from(applicationDocumentRequests)
        .where(eq(applicationDocumentRequests.orderId, orderId))
        .orderBy(asc(applicationDocumentRequests.id));
    },

    /**
     * The members (their names, dates of birth, answers, reviews and passports, by cascade) and the
     * document rows (file names, checks) of the orders. The order's snapshot of what was bought stays.
     */
    async erase(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db.delete(applicationDocuments).where(inArray(applicationDocuments.orderId, [...orderIds]));
      await db.delete(applicationMembers).where(inArray(applicationMembers.orderId, [...orderIds]));
    },
  };
}
