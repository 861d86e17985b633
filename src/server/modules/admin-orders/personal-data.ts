import type { Database } from '../../db/client.ts';
import { createAdminOrdersRepository } from './repository.ts';

/** An erased customer's orders in the back office (issue 34 §3): staff's notes and messages on them. */
export function createOrderNotesPersonalData() {
  return {
    /** In the caller's transaction: the notes stay as the record that staff wrote, without their words. */
    erase(tx: Database, orderIds: readonly number[]): Promise<void> {
      return createAdminOrdersRepository(tx).eraseNoteWords(orderIds);
    },
  };
}
export type OrderNotesPersonalData = ReturnType<typeof createOrderNotesPersonalData>;
