import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditListQuery } from '../../../domain/admin/audit.ts';
import type { Database } from '../../db/client.ts';
import { erasedWords } from './erased-words.ts';
import { auditLog } from './tables.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export function createAuditRepository(db: Database) {
  return {
    async insert(values: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(values);
    },

    /** On the entries `actorId` made about their own account only. */
    async replaceOwnActorEmail(actorId: number, email: string): Promise<void> {
      await db
        .update(auditLog)
        .set({ actorEmail: email })
        .where(
          and(eq(auditLog.actorId, actorId), eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(actorId))),
        );
    },

    /** On the entries about these subjects: each text value their `words` name is erased (erasedWords). */
    async replaceWords(subjectType: string, subjectIds: readonly string[]): Promise<void> {
      if (subjectIds.length === 0) return;
      // A named string's text (`#>> '{}'`) goes through the one rule for erased words.
      const replaced = (column: AnyPgColumn) => sql`case when jsonb_typeof(${column}) = 'object' then
        coalesce((select jsonb_object_agg(e.key, case when e.key = any(${auditLog.words}) and jsonb_typeof(e.value) = 'string'
          then to_jsonb(${erasedWords(sql`(e.value #>> '{}')`)}) else e.value end) from jsonb_each(${column}) as e), '{}'::jsonb)
        else ${column} end`;
      await db
        .update(auditLog)
        .set({ before: replaced(auditLog.before), after: replaced(auditLog.after) })
        .where(
          and(
            eq(auditLog.subjectType, subjectType),
            inArray(auditLog.subjectId, [...subjectIds]),
            sql`cardinality(${auditLog.words}) > 0`,
          ),
        );
    },

    /** One page in the query's order (newest first unless asked otherwise), and how many match. */
    async page(query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const filters: SQL[] = [];
      if (query.subjectType) filters.push(eq(auditLog.subjectType, query.subjectType));
      if (query.subjectId) filters.push(eq(auditLog.subjectId, query.subjectId));
      if (query.action) filters.push(eq(auditLog.action, query.action));
      if (query.q) filters.push(eq(auditLog.actorEmail, query.q.toLowerCase()));
      const where = filters.length ? and(...filters) : undefined;
      const order = query.dir === 'asc' ? asc(auditLog.createdAt) : desc(auditLog.createdAt);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(order, query.dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
