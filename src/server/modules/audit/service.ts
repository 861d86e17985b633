import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditListQuery, AuditRecord, StaffActor } from '../../../domain/admin/audit.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from './tables.ts';

export type { StaffActor } from '../../../domain/admin/audit.ts';

export interface AuditEntry {
  actor: StaffActor;
  action: string;
  subject: { type: string; id: string | number };
  /** Only the fields the action changed, as they were and as they became. */
  before?: unknown;
  after?: unknown;
}

/**
 * The back office's audit log (issue 13, decision 0067). Modules call `record` with the
 * transaction that makes the change, so the entry commits or rolls back with it.
 */
export function createAuditLog(db: Database) {
  return {
    async record(tx: Database, { actor, action, subject, before, after }: AuditEntry): Promise<void> {
      await tx.insert(auditLog).values({
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        subjectType: subject.type,
        subjectId: String(subject.id),
        before: before ?? null,
        after: after ?? null,
      });
    },

    /** Newest first unless asked otherwise; narrowed to one record with subjectType + subjectId. */
    async list(query: AuditListQuery): Promise<ListData<AuditRecord>> {
      const filters: SQL[] = [];
      if (query.subjectType) filters.push(eq(auditLog.subjectType, query.subjectType));
      if (query.subjectId) filters.push(eq(auditLog.subjectId, query.subjectId));
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
      return {
        results: rows.map((row) => ({
          id: row.id,
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          action: row.action,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          before: row.before ?? null,
          after: row.after ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        totalCount: total?.n ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
