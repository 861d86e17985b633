import { z } from 'zod';
import { type AuditRecord, auditListQuery } from '../../../domain/admin/audit.ts';
import type { DeskDocumentRequest } from '../../../domain/admin/orders.ts';
import type { OrderChecklist } from '../../../domain/applications/documents.ts';
import { LIST_LIMIT } from '../../../domain/limits/constants.ts';
import type { DeskRequestRow } from '../applications/service.ts';
import type { AuditLog } from '../audit/service.ts';

/** The audit action of staff asking the customer for a document (the desk's requestDocument). */
export const DOCUMENT_REQUEST_ACTION = 'order.document-request';

/** …and of staff withdrawing such a request (decision 0188): `after.requestIds` names the rows. */
export const DOCUMENT_REQUEST_WITHDRAWN_ACTION = 'order.document-request-withdrawn';

/**
 * The request's words on the customer's notification and the order's timeline: "Please upload
 * Aarav Sharma’s current foreign passport: The scan is blurred" (`asked`: the document, with
 * " again" where a file of it was in, as the request's e-mail names it). A note that already asks ("Please
 * upload a copy of both sides…") is not asked twice (walk H read "Please upload … : Please upload …").
 */
export function documentRequestRemark(asked: string, note: string): string {
  return /^please\b/i.test(note.trim())
    ? `${asked.charAt(0).toUpperCase()}${asked.slice(1)}: ${note}`
    : `Please upload ${asked}: ${note}`;
}

/** What that entry keeps of the request (its `after`; the status the order was left in is not needed here). */
const requestEntry = z.object({ memberId: z.number(), itemId: z.string(), note: z.string() });

/** What a withdrawal's entry keeps of the requests it withdrew. */
const withdrawalEntry = z.object({ requestIds: z.array(z.number()) });

/**
 * The order's entries of one action (its document requests by default) as its audit log keeps
 * them, oldest first. The applications module keeps the requests for the customer's checklist;
 * the log has who asked (and who withdrew), and its entry commits with the change, at its own time.
 */
export async function documentRequestEntries(
  audit: Pick<AuditLog, 'list'>,
  displayId: string,
  action: string = DOCUMENT_REQUEST_ACTION,
) {
  const entries: AuditRecord[] = [];
  const query = { subjectType: 'order', subjectId: displayId, action, dir: 'asc' };
  for (let page = 1; ; page++) {
    const { results, totalCount } = await audit.list(auditListQuery.parse({ ...query, page, limit: LIST_LIMIT }));
    entries.push(...results);
    if (page * LIST_LIMIT >= totalCount) return entries;
  }
}

/**
 * Each request's entry with its row (the id a withdrawal names, whether it was withdrawn). A row
 * is written only with its entry, in one transaction with the order locked, and never alone
 * removed (a removed member's go together, with the member), so the n-th entry for a member's
 * item is the n-th row for it: entries written before the row ids were kept anywhere join too.
 */
function rowsOfEntries(
  entries: readonly { memberId: number; itemId: string }[],
  rows: readonly DeskRequestRow[],
): (DeskRequestRow | undefined)[] {
  const byItem = new Map<string, DeskRequestRow[]>();
  for (const row of rows) {
    const key = `${row.memberId} ${row.itemId}`;
    byItem.set(key, [...(byItem.get(key) ?? []), row]);
  }
  const taken = new Map<string, number>();
  return entries.map(({ memberId, itemId }) => {
    const key = `${memberId} ${itemId}`;
    const n = taken.get(key) ?? 0;
    taken.set(key, n + 1);
    return byItem.get(key)?.[n];
  });
}

/**
 * Each request as the desk lists it, newest first, answered by the customer's file for the item
 * uploaded after it: the rule the checklist's `requested` follows (documents.ts openRequest); or
 * withdrawn by staff (decision 0188: when and by whom, from the withdrawal's entry), which leaves
 * the item off the checklist, so its name is the request's own. A removed member's requests went
 * with them, as their checklist did.
 */
export function deskDocumentRequests(
  entries: readonly AuditRecord[],
  checklist: OrderChecklist,
  rows: readonly DeskRequestRow[],
  withdrawals: readonly AuditRecord[] = [],
): DeskDocumentRequest[] {
  const asked = entries.map((entry) => ({ entry, ...requestEntry.parse(entry.after) }));
  const rowOf = rowsOfEntries(asked, rows);
  const withdrawnBy = new Map<number, string>();
  for (const entry of withdrawals) {
    for (const id of withdrawalEntry.parse(entry.after).requestIds) withdrawnBy.set(id, entry.actorEmail);
  }
  return asked
    .flatMap(({ entry, memberId, itemId, note }, index): DeskDocumentRequest[] => {
      const row = rowOf[index];
      const member = checklist.members.find((m) => m.memberId === memberId);
      const item = member?.items.find((i) => i.id === itemId);
      if (!row || !member) return [];
      const withdrawn = row.withdrawnAt
        ? { at: row.withdrawnAt.toISOString(), by: withdrawnBy.get(row.id) ?? null }
        : null;
      const document = item?.label ?? (withdrawn ? row.itemLabel : null);
      if (!document) return [];
      const requestedAt = Date.parse(entry.createdAt);
      const answer = withdrawn ? undefined : item?.documents.find((d) => Date.parse(d.uploadedAt) > requestedAt);
      // The earlier file goes once a new one answers the request: read only while the request is open.
      const replacesFile =
        !withdrawn && !answer && (item?.documents.some((d) => Date.parse(d.uploadedAt) < requestedAt) ?? false);
      return [
        {
          id: entry.id,
          requestId: row.id,
          memberId,
          memberName: member.fullName,
          itemId,
          document,
          note,
          requestedBy: entry.actorEmail,
          requestedAt: entry.createdAt,
          answered: answer ? { at: answer.uploadedAt, fileName: answer.name } : null,
          replacesFile,
          withdrawn,
        },
      ];
    })
    .reverse();
}
