import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { erasedWords } from '../audit/service.ts';
import { paymentAttempts } from './ledger-tables.ts';
import { orderStatusHistory, orders } from './tables.ts';

/**
 * An erased customer's orders (issue 34 §3): the orders and their ledger stay, as tax and
 * payment law asks (amounts, dates, statuses, the providers' references), without what names or
 * identifies the person: the e-mail address, the card's fingerprint and the checkout's page data.
 */
export function createOrdersPersonalDataRepository(db: Database) {
  return {
    async anonymise(userId: number, email: string): Promise<number[]> {
      const rows = await db.update(orders).set({ email }).where(eq(orders.userId, userId)).returning({ id: orders.id });
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) {
        await db
          .update(paymentAttempts)
          .set({ cardFingerprint: null, redirectUrl: null, checkout: null })
          .where(inArray(paymentAttempts.orderId, ids));
        // A remark the customer or staff typed (a change made without one keeps none: erasedWords).
        // The system's sentences name no one, the erasure's own cancellation among them.
        await db
          .update(orderStatusHistory)
          .set({ remark: erasedWords(orderStatusHistory.remark) })
          .where(and(inArray(orderStatusHistory.orderId, ids), ne(orderStatusHistory.changedBy, 'system')));
      }
      return ids;
    },
  };
}
