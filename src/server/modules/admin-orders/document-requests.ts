import { z } from 'zod';
import { type AuditRecord, auditListQuery } from '../../../domain/admin/audit.ts';
import type { DeskDocumentRequest } from '../../../domain/admin/orders.ts';
import type { OrderChecklist } from '../../../domain/applications/documents.ts';
import { LIST_LIMIT } from '../../../domain/limits/constants.ts';
import type { AuditLog } from '../audit/service.ts';

/** The audit action of staff asking the customer for a document (the desk's requestDocument). */
export const DOCUMENT_REQUEST_ACTION = 'order.document-request';

/** What that entry keeps of the request (its `after`; the status the order was left in is not needed here). */
const requestEntry = z.object({ memberId: z.number(), itemId: z.string(), note: z.string() });

/**
 * The order's document requests as its audit log keeps them, oldest first. The applications module
 * keeps the requests for the customer's checklist but answers only the open ones; the log has every
 * one with who asked, and its entry commits with the request, at the request's own time.
 */
export async function documentRequestEntries(audit: Pick<AuditLog, 'list'>, displayId: string) {
  const entries: AuditRecord[] = [];
  const query = { subjectType: 'order', subjectId: displayId, action: DOCUMENT_REQUEST_ACTION, dir: 'asc' };
  for (let page = 1; ; page++) {
    const { results, totalCount } = await audit.list(auditListQuery.parse({ ...query, page, limit: LIST_LIMIT }));
    entries.push(...results);
    if (page * LIST_LIMIT >= totalCount) return entries;
  }
}

/**
 * Each request as the desk lists it, newest first, answered by the customer's file for the item
 * uploaded after it: the rule the checklist's `requested` follows (documents.ts openRequest). A
 * removed member's requests went with them, as their checklist did.
 */
export function deskDocumentRequests(
  entries: readonly AuditRecord[],
  checklist: OrderChecklist,
): DeskDocumentRequest[] {
  return entries
    .flatMap((entry): DeskDocumentRequest[] => {
      const { memberId, itemId, note } = requestEntry.parse(entry.after);
      const member = checklist.members.find((m) => m.memberId === memberId);
      const item = member?.items.find((i) => i.id === itemId);
      if (!member || !item) return [];
      const asked = Date.parse(entry.createdAt);
      const answer = item.documents.find((d) => Date.parse(d.uploadedAt) > asked);
      return [
        {
          id: entry.id,
          memberId,
          memberName: member.fullName,
          itemId,
          document: item.label,
          note,
          requestedBy: entry.actorEmail,
          requestedAt: entry.createdAt,
          answered: answer ? { at: answer.uploadedAt, fileName: answer.name } : null,
        },
      ];
    })
    .reverse();
}
