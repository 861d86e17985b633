import { and, eq, gt, or } from 'drizzle-orm';
import { anyRow } from '../../db/any-row.ts';
import type { Database } from '../../db/client.ts';
import { applicationDocuments, applicationMemberPassports, applicationMembers, applicationOrders } from './tables.ts';

/**
 * Whether the customer worked on application `orderId` after `since`: its details or a member
 * changed (an answer saved, a member added or edited, a step reviewed, a passport read and
 * confirmed) or a document was uploaded, replaced or removed. The unpaid-order sweep keeps such an
 * order (orders/unpaid-sweep.ts): a family gathering papers for weeks before paying has not
 * abandoned it.
 */
export function applicationWorkedOnSince(db: Database, orderId: number, since: Date): Promise<boolean> {
  return anyRow([
    db
      .select({ id: applicationOrders.orderId })
      .from(applicationOrders)
      .where(and(eq(applicationOrders.orderId, orderId), gt(applicationOrders.updatedAt, since))),
    db
      .select({ id: applicationMembers.id })
      .from(applicationMembers)
      .leftJoin(applicationMemberPassports, eq(applicationMemberPassports.memberId, applicationMembers.id))
      .where(
        and(
          eq(applicationMembers.orderId, orderId),
          or(
            gt(applicationMembers.createdAt, since),
            gt(applicationMembers.updatedAt, since),
            gt(applicationMembers.answersSavedAt, since),
            gt(applicationMemberPassports.confirmedAt, since),
          ),
        ),
      ),
    // A replaced file is a new row, the old one marked deleted.
    db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(
        and(
          eq(applicationDocuments.orderId, orderId),
          or(gt(applicationDocuments.createdAt, since), gt(applicationDocuments.deletedAt, since)),
        ),
      ),
  ]);
}
