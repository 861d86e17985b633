import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * Every back-office action (issue 13, decision 0067): written in the transaction of the change
 * it records, so there is no change without its entry and no entry without its change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the id so the entry still says who after the account is gone. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The keys of `before`/`after` whose values someone typed about the subject's person (a
     * remark, a note, a tracking number): what an erasure of that person replaces.
     */
    words: text('words').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
);
