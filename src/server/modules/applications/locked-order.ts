import { APPLICATION_MESSAGES as A, type OrderRef } from '../../../domain/applications/application.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { createApplicationsRepository, type MemberRow } from './repository.ts';

export const orderNotFound = () => formFailure(404, A.orderNotFound);

/**
 * Runs `change` on the customer's service order, locked, in one transaction: member changes,
 * answers, reviews and status changes (payment) take turns, so a count, a status or "everything
 * is in" read here still holds at commit. Another customer's order is a 404 like an unknown one.
 */
export async function withLockedOrder<T>(
  db: Database,
  orders: Pick<OrdersService, 'findOwned' | 'lockOrder'>,
  customerId: number,
  ref: OrderRef,
  change: (tx: Database, order: Order, members: MemberRow[]) => Promise<FormResult<T>>,
): Promise<FormResult<T>> {
  const owned = await orders.findOwned(customerId, ref, 'service');
  if (!owned) return orderNotFound();
  return db.transaction(async (tx) => {
    const order = await orders.lockOrder(tx, owned.id);
    if (!order) return orderNotFound();
    return change(tx, order, await createApplicationsRepository(tx).listMembers(order.id));
  });
}
