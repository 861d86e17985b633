import { APPLICATION_MESSAGES as A } from '../../../domain/applications/application.ts';
import { type CompletionFacts, missingItems } from '../../../domain/applications/completion.ts';
import type { MissingDocuments } from '../../../domain/applications/documents.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import type { Database } from '../../db/client.ts';
import type { OrdersService } from '../orders/service.ts';
import { createDocumentsRepository } from './documents-repository.ts';
import { missingDocumentsOf, proofConflictsOf } from './documents-service.ts';
import { createApplicationsRepository } from './repository.ts';

/** The completeness rule's facts from an application's rows (shared with the order view). */
export function completionFacts(
  app: { formDefinitionId: number | null },
  members: readonly { id: number; fullName: string; reviewDetails: unknown }[],
  missingDocuments: readonly MissingDocuments[],
  proofConflicts: CompletionFacts['proofConflicts'] = [],
): CompletionFacts {
  return {
    hasForm: app.formDefinitionId !== null,
    members: members.map((m) => ({ id: m.id, fullName: m.fullName, reviewed: m.reviewDetails !== null })),
    missingDocuments,
    proofConflicts,
  };
}

/**
 * DESIGN.md §1 and issue 10 point 8: after payment the order is `Forms incomplete` while a member's
 * form is not reviewed or a required document is missing, and `Order pending` once all are in.
 * `sync` runs at the end of every change that can tip that balance (a review, a review removed, a
 * save that drops a review, a document uploaded or deleted, a member edited), in the change's
 * transaction with the order locked, so two changes never both see "one thing still missing".
 */
export function createOrderCompletion(deps: {
  orders: Pick<OrdersService, 'lockOrder' | 'changeOrderStatus' | 'timeline'>;
}) {
  /** Every member's form reviewed (a package without a form has nothing to review) and every required document in. */
  async function isComplete(tx: Database, orderId: number): Promise<boolean> {
    const applications = createApplicationsRepository(tx);
    const [app, members] = await Promise.all([
      applications.findApplication(orderId),
      applications.listMembers(orderId),
    ]);
    if (!app) throw new Error(`service order ${orderId} has no application row`);
    const documents = createDocumentsRepository(tx);
    const [uploaded, requests] = await Promise.all([
      documents.listLive(orderId, 'from-customer'),
      documents.listRequests(orderId),
    ]);
    // The rule the order view's `missing` lists by (src/domain/applications/completion.ts).
    // Only paid orders move by this rule: what our team prepares is due.
    const missing = missingDocumentsOf(app, members, uploaded, requests, true);
    return missingItems(completionFacts(app, members, missing, proofConflictsOf(app, uploaded))).length === 0;
  }

  /**
   * What the move to `Order pending` tells the customer: that our team starts on it, or, when our
   * team had it In review before and sent it back, that what they asked for is in and they pick it
   * up again (they had started already).
   */
  async function allInRemark(tx: Database, orderId: number): Promise<string> {
    const timeline = await deps.orders.timeline(orderId, tx);
    return timeline.some((change) => change.status === 'In review') ? A.askedForItemsIn : A.allItemsIn;
  }

  return {
    /**
     * The status a verified payment moves the order to, on the locked order in the payment's
     * transaction: `Order pending` when every form and document is in already, else
     * `Forms incomplete`. One change and one notification: a family that finished everything
     * before paying was told "Forms incomplete" first, then "Order pending" in the same second.
     */
    async statusWhenPaid(tx: Database, orderId: number): Promise<OrderStatus> {
      return (await isComplete(tx, orderId)) ? 'Order pending' : 'Forms incomplete';
    },

    /**
     * Moves a paid order between `Forms incomplete` and `Order pending` (actor system, with a
     * remark on the timeline and the customer's notification) when its forms and documents say so.
     * Any other status is left alone. Answers the status it moved to, or null.
     */
    async sync(tx: Database, orderId: number): Promise<OrderStatus | null> {
      const order = await deps.orders.lockOrder(tx, orderId);
      if (order?.status !== 'Forms incomplete' && order?.status !== 'Order pending') return null;
      const complete = await isComplete(tx, orderId);
      const to: OrderStatus | null =
        complete && order.status === 'Forms incomplete'
          ? 'Order pending'
          : !complete && order.status === 'Order pending'
            ? 'Forms incomplete'
            : null;
      if (!to) return null;
      const remark = to === 'Order pending' ? await allInRemark(tx, orderId) : A.itemMissingAgain;
      const result = await deps.orders.changeOrderStatus(orderId, to, { by: { actor: 'system' }, remark }, tx);
      if (!result.ok) throw new Error(`order ${orderId} could not move to ${to}: ${result.reason}`);
      return to;
    },
  };
}
export type OrderCompletion = ReturnType<typeof createOrderCompletion>;
