import type { StaffMessage } from '../../../domain/orders/staff-messages.ts';
import type { Database } from '../../db/client.ts';
import { createAdminOrdersRepository } from './repository.ts';

/**
 * The messages staff sent a customer about their order, for the customer's own order page (service
 * and photo orders): the desk keeps them among its notes, and the bell's copy is gone once clicked.
 * The caller has checked the order is the customer's; internal notes are never read here.
 */
export function createCustomerMessages() {
  return {
    /** Newest first: the latest is what the customer most likely came to read. Through `on` (a transaction's read). */
    async sentAbout(on: Database, orderId: number): Promise<StaffMessage[]> {
      const messages = await createAdminOrdersRepository(on).customerMessagesOf(orderId);
      return messages.map((m) => ({ sentAt: m.createdAt.toISOString(), body: m.body })).reverse();
    },
  };
}
export type CustomerMessages = ReturnType<typeof createCustomerMessages>;
