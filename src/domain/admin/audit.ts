import { z } from 'zod';
import { adminListQuery } from './list-query.ts';

/** Who did something in the back office, as the audit log keeps it. */
export interface StaffActor {
  id: number;
  email: string;
}

/**
 * One back-office action (issue 13): who, what, on which record, before → after, when. `action`
 * is a dotted name ('order.status', 'user.role'); before/after hold only the fields it changed.
 */
export const auditRecordSchema = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListQuery = adminListQuery(['createdAt'] as const).extend({
  subjectType: z.string().trim().max(40).optional(),
  subjectId: z.string().trim().max(60).optional(),
  /** One kind of entry, e.g. `order.document-request` (the desk lists an order's requests). */
  action: z.string().trim().max(60).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
