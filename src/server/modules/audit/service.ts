import type { AuditListQuery, AuditRecord, StaffActor } from '../../../domain/admin/audit.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { ERASED_TEXT } from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import { createAuditRepository } from './repository.ts';

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
 * The keys of an entry's changes whose values are words someone typed (a remark, a note, a reason,
 * a document's name) or numbers that lead to a person (a parcel's tracking number, the studio's
 * order number).
 */
const WORDS_ABOUT_A_PERSON = new Set([
  'remark',
  'note',
  'name',
  'reason',
  'rejectionReason',
  'trackingNumber',
  'storeOrderNumber',
]);

/** `changes` with those words replaced, or `changes` itself when it holds none. */
function withoutWords(changes: unknown): unknown {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return changes;
  const entries = Object.entries(changes);
  const isWords = ([key, value]: [string, unknown]) => WORDS_ABOUT_A_PERSON.has(key) && typeof value === 'string';
  if (!entries.some(isWords)) return changes;
  return Object.fromEntries(entries.map((entry) => (isWords(entry) ? [entry[0], ERASED_TEXT] : entry)));
}

/**
 * The back office's audit log (issue 13, decision 0067). Modules call `record` with the
 * transaction that makes the change, so the entry commits or rolls back with it.
 */
export function createAuditLog(db: Database) {
  const repository = createAuditRepository(db);
  return {
    async record(tx: Database, { actor, action, subject, before, after }: AuditEntry): Promise<void> {
      await createAuditRepository(tx).insert({
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        subjectType: subject.type,
        subjectId: String(subject.id),
        before: before ?? null,
        after: after ?? null,
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
     * did what and when, not the words typed about them (ERASED_TEXT in their place).
     */
    async forgetWordsAbout(tx: Database, subjectType: string, subjectIds: readonly string[]): Promise<void> {
      const entries = createAuditRepository(tx);
      for (const row of await entries.about(subjectType, subjectIds)) {
        const before = withoutWords(row.before);
        const after = withoutWords(row.after);
        if (before !== row.before || after !== row.after) await entries.replaceChanges(row.id, before, after);
      }
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
