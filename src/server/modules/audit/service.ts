import type { AuditListQuery, AuditRecord, StaffActor } from '../../../domain/admin/audit.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Database } from '../../db/client.ts';
import { createAuditRepository } from './repository.ts';

export type { StaffActor } from '../../../domain/admin/audit.ts';
export { erasedWords } from './erased-words.ts';

export interface AuditEntry {
  actor: StaffActor;
  action: string;
  subject: { type: string; id: string | number };
  /** Only the fields the action changed, as they were and as they became. */
  before?: unknown;
  after?: unknown;
  /**
   * Which of those fields hold words someone typed about the subject's person (a remark, a note,
   * a reason, a document's name) or numbers that lead to them (a parcel's tracking number): the
   * module that writes them says so, and an erasure of the person replaces them (ERASED_TEXT).
   */
  words?: readonly string[];
}

/**
 * The back office's audit log (issue 13, decision 0067). Modules call `record` with the
 * transaction that makes the change, so the entry commits or rolls back with it.
 */
export function createAuditLog(db: Database) {
  const repository = createAuditRepository(db);
  return {
    async record(tx: Database, { actor, action, subject, before, after, words = [] }: AuditEntry): Promise<void> {
      await createAuditRepository(tx).insert({
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        subjectType: subject.type,
        subjectId: String(subject.id),
        before: before ?? null,
        after: after ?? null,
        words: [...words],
      });
    },

    /**
     * An erased account's entries about itself (issue 34 §3: its requests, its erasure) keep the
     * account's id and what was done, under `placeholder` instead of the e-mail address it acted
     * with. What a staff member did to others' records keeps their address: that is the log's
     * purpose (decision 0119), and erasing their own account must not rewrite it.
     */
    async forgetActor(tx: Database, actorId: number, placeholder: string): Promise<void> {
      await createAuditRepository(tx).replaceOwnActorEmail(actorId, placeholder);
    },

    /**
     * The entries about an erased customer's records (their orders, their refund requests) keep who
     * did what and when, not the words typed about them (erasedWords: ERASED_TEXT in their place).
     */
    async forgetWordsAbout(tx: Database, subjectType: string, subjectIds: readonly string[]): Promise<void> {
      await createAuditRepository(tx).replaceWords(subjectType, subjectIds);
    },

    /** Newest first unless asked otherwise; narrowed to one record with subjectType + subjectId. */
    async list(query: AuditListQuery): Promise<ListData<AuditRecord>> {
      const { rows, total } = await repository.page(query);
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
        totalCount: total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
