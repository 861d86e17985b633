import type { Database } from '../../db/client.ts';
import { createAdminOrdersRepository } from './repository.ts';

/** An erased customer's orders in the back office (issue 34 §3): staff's notes and messages on them. */
export function createOrderNotesPersonalData() {
  return {
    /**
     * The messages staff sent the customer about the order, oldest first (their export). Internal
     * notes are staff's working record, never shown to a customer, and stay out; so does the
     * author's address, which is the staff member's.
     */
    async messagesOf(on: Database, orderId: number): Promise<{ sentAt: string; body: string }[]> {
      const messages = await createAdminOrdersRepository(on).customerMessagesOf(orderId);
      return messages.map((m) => ({ sentAt: m.createdAt.toISOString(), body: m.body }));
    },

    /** In the caller's transaction: the notes stay as the record that staff wrote, without their words. */
    erase(tx: Database, orderIds: readonly number[]): Promise<void> {
      return createAdminOrdersRepository(tx).eraseNoteWords(orderIds);
    },
  };
}
export type OrderNotesPersonalData = ReturnType<typeof createOrderNotesPersonalData>;
