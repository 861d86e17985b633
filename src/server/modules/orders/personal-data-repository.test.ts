import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_TEXT, erasedEmail } from '../../../domain/data-rights/schemas.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { users } from '../users/tables.ts';
import { createOrdersPersonalDataRepository } from './personal-data-repository.ts';
import { orderStatusHistory, orders } from './tables.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("an erased customer's orders (issue 34 §3)", () => {
  it('replaces the remarks people typed on the timeline, and leaves the changes made without one empty', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({
        name: 'Ira Remarks',
        email: 'ira.remarks@example.com',
        phone: '+1-4155550199',
        passwordHash: 'x',
        referralCode: 'IRAREMARKS',
      })
      .returning({ id: users.id });
    const userId = user?.id ?? 0;
    const [order] = await db
      .insert(orders)
      .values({ displayId: 'DOC-990001', kind: 'service', userId, email: 'ira.remarks@example.com', title: 'OCI' })
      .returning({ id: orders.id });
    const orderId = order?.id ?? 0;
    await db.insert(orderStatusHistory).values([
      { orderId, toStatus: 'Order pending', changedBy: 'system', remark: 'Paid by card.' },
      { orderId, toStatus: 'In review', changedBy: 'staff', remark: 'Ira’s passport K1234567 is blurred' },
      { orderId, toStatus: 'Submitted', changedBy: 'staff', remark: null },
      { orderId, toStatus: 'Approved', changedBy: 'staff', remark: '' },
      { orderId, toStatus: 'Cancelled', changedBy: 'customer', remark: null },
    ]);

    expect(await createOrdersPersonalDataRepository(db).anonymise(userId, erasedEmail(userId))).toEqual([orderId]);

    const history = await db
      .select({ remark: orderStatusHistory.remark })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => h.remark)).toEqual(['Paid by card.', ERASED_TEXT, null, '', null]);
  });
});
