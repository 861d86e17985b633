import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_TEXT } from '../../../domain/data-rights/schemas.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { users } from '../users/tables.ts';
import { createAuditLog } from './service.ts';
import { auditLog } from './tables.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("the audit log's entries about an erased customer's records (issue 34 §3)", () => {
  it('replaces the words typed about them, and leaves a change made without a remark empty', async () => {
    const { db } = database;
    const [staff] = await db
      .insert(users)
      .values({
        name: 'Sam Staff',
        email: 'sam.audit-words@example.com',
        phone: '+1-4155550198',
        passwordHash: 'x',
        referralCode: 'SAMAUDITWORDS',
      })
      .returning({ id: users.id });
    const actor = { id: staff?.id ?? 0, email: 'sam.audit-words@example.com' };
    const log = createAuditLog(db);
    const change = (id: string, remark: string | null | undefined) =>
      log.record(db, {
        actor,
        action: 'order.status',
        subject: { type: 'order', id },
        before: { status: 'Order pending' },
        after: { status: 'In review', remark },
        words: ['remark'],
      });
    await change('DOC-990101', 'Ira’s passport K1234567 is blurred');
    await change('DOC-990101', '');
    await change('DOC-990101', null);
    await change('DOC-990102', 'Another customer’s remark');

    await log.forgetWordsAbout(db, 'order', ['DOC-990101']);

    const rows = await db
      .select({ subjectId: auditLog.subjectId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.actorId, actor.id))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      {
        subjectId: 'DOC-990101',
        before: { status: 'Order pending' },
        after: { status: 'In review', remark: ERASED_TEXT },
      },
      { subjectId: 'DOC-990101', before: { status: 'Order pending' }, after: { status: 'In review', remark: '' } },
      { subjectId: 'DOC-990101', before: { status: 'Order pending' }, after: { status: 'In review', remark: null } },
      {
        subjectId: 'DOC-990102',
        before: { status: 'Order pending' },
        after: { status: 'In review', remark: 'Another customer’s remark' },
      },
    ]);
  });
});
