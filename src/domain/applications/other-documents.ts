import { z } from 'zod';
import { DOCUMENT_UPLOAD } from '../uploads/file-types.ts';
import type { ChecklistItem } from './checklist.ts';
import { requestStands } from './documents.ts';

/**
 * A document staff ask a member for that is not on the member's checklist (a marriage certificate,
 * a name-change affidavit, an old Indian passport's surrender certificate: consulates ask for such
 * papers), named by staff in free text (decision 0186-documents-outside-the-checklist). The request
 * itself makes the item: the member's checklist gains it, required, for as long as a request for it
 * stands (staff may withdraw them while no file is in: decision 0188-withdraw-a-document-request),
 * and the customer uploads to it like to any other item.
 */

/**
 * Such an item's id begins with this; no checklist item's does (checklist.test.ts), so an id says
 * which kind it is and the two never collide. The rest is 8 random hex digits, made by the server.
 */
export const OTHER_DOCUMENT_ID_PREFIX = 'other-';

const OTHER_DOCUMENT_ID = /^other-[0-9a-f]{8}$/;

/** Whether `itemId` is a document outside the checklist (`other-1a2b3c4d`). */
export function isOtherDocumentId(itemId: string): boolean {
  return OTHER_DOCUMENT_ID.test(itemId);
}

/** The id of a new such item from 8 random hex digits (the server's randomBytes(4)). */
export function otherDocumentId(hex: string): string {
  const id = `${OTHER_DOCUMENT_ID_PREFIX}${hex}`;
  if (!isOtherDocumentId(id)) throw new Error(`not 8 hex digits: ${hex}`);
  return id;
}

/** The name staff give it, trimmed: long enough to mean something, short enough for an e-mail's subject. */
export const OTHER_DOCUMENT_LABEL = { min: 3, max: 120 } as const;

/** What staff read on the desk; the route's 400 says the same. */
export const OTHER_DOCUMENT_MESSAGES = {
  /** The desk's last choice of the document select. */
  option: 'Another document…',
  fieldLabel: 'Document name',
  labelRequired: 'Name the document the customer should upload',
  labelTooShort: `The document name should be at least ${OTHER_DOCUMENT_LABEL.min} characters`,
  labelTooLong: `The document name should not exceed ${OTHER_DOCUMENT_LABEL.max} characters`,
  labelControl: 'The document name cannot contain line breaks, tabs or other control characters',
  /** The request names neither a checklist item nor another document, or both. */
  oneDocument: 'Choose a document from the checklist, or name another document, not both',
} as const;

/**
 * Control characters, and the line and paragraph separators: the label goes into an e-mail's
 * subject and a one-line checklist row. Format characters (ZWJ, ZWNJ) stay: Indic names need them.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** The label staff type for a document outside the checklist, trimmed. */
export const otherDocumentLabelSchema = z
  .string({ error: OTHER_DOCUMENT_MESSAGES.labelRequired })
  .trim()
  .min(1, OTHER_DOCUMENT_MESSAGES.labelRequired)
  .min(OTHER_DOCUMENT_LABEL.min, OTHER_DOCUMENT_MESSAGES.labelTooShort)
  .max(OTHER_DOCUMENT_LABEL.max, OTHER_DOCUMENT_MESSAGES.labelTooLong)
  .refine((label) => !CONTROL.test(label), OTHER_DOCUMENT_MESSAGES.labelControl);

/** A request's part that names the document outside the checklist. */
export const otherDocumentSchema = z.object({ label: otherDocumentLabelSchema });

/** What the checklist needs of a stored request to list the item it made. */
export interface OtherDocumentRequest {
  memberId: number;
  itemId: string;
  /** Set only for a document outside the checklist. */
  itemLabel?: string | null;
  /** Staff withdrew it (decision 0188): it makes no item. */
  withdrawnAt?: Date | null;
}

/**
 * The member's documents outside the checklist, one per item id in the order staff first asked
 * (`requests` oldest first, as the repository lists them), each required, taking what any other
 * document takes. A request asked again for the same item keeps its label. An item all of whose
 * requests staff withdrew is not listed (decision 0188): the checklist, the order page's list of
 * what is left and the completeness rule no longer wait for it.
 */
export function otherDocumentItems(requests: readonly OtherDocumentRequest[], memberId: number): ChecklistItem[] {
  const items = new Map<string, ChecklistItem>();
  for (const request of requests) {
    if (request.memberId !== memberId || !request.itemLabel || items.has(request.itemId)) continue;
    if (!isOtherDocumentId(request.itemId) || !requestStands(request)) continue;
    items.set(request.itemId, {
      id: request.itemId,
      label: request.itemLabel,
      required: true,
      accept: DOCUMENT_UPLOAD,
    });
  }
  return [...items.values()];
}

/**
 * The words for it everywhere the customer reads it (the e-mail and the notice, the order page's
 * list of what is left): staff's own name of it, verbatim (not put into a possessive as a checklist
 * label is: a free label may not read well as "Priya’s …"), and whose, as `nameOf` names the member
 * (in full by default, as an e-mail does: "Marriage certificate (for Priya Sharma)"; a list names
 * them as its other lines do). `neededItem` (completion.ts) picks these words for such an item.
 */
export function otherDocumentWords(
  label: string,
  member: { fullName: string },
  nameOf: (member: { fullName: string }) => string = (m) => m.fullName.trim(),
): string {
  return `${label} (for ${nameOf(member)})`;
}

/**
 * Withdrawing staff's request for a document (decision 0188-withdraw-a-document-request): for one
 * outside the checklist, which then leaves it, or for a new file of one the customer sent, which then
 * stays (decision 0192): the route's answers, the desk's words and the customer's.
 */
export const DOCUMENT_REQUEST_WITHDRAWAL = {
  /** The route's answer, the desk's toast. */
  withdrawn: 'Request withdrawn: the customer no longer needs to upload the document, and is told so',
  notFound: 'This order has no such document request',
  /** A checklist item asked for before the customer sent any file for it: the checklist asks for it anyway. */
  neededAnyway:
    'The checklist asks for this document until the customer sends it, so this request cannot be withdrawn: no file of theirs is in for it yet.',
  alreadyWithdrawn: 'This request was withdrawn already. Reload the page to see it as it is.',
  fileIn:
    'The customer has uploaded a file for this document, so the request cannot be withdrawn: the file stays on the order. Reload the page to see it.',
  /** `status`: the order's own now, which a desk page loaded before another change does not show. */
  notOpen: (status: string) =>
    `This order is ${status} now: a request can be withdrawn while the order is In review or Forms incomplete. Reload the page to see it as it is.`,
  /** The desk's button on an open request, and its name for a screen reader (it starts with the words shown). */
  action: 'Withdraw',
  actionName: (document: string, memberName: string) => `Withdraw the request for ${document} (${memberName})`,
  confirmTitle: (document: string, memberName: string) => `Withdraw the request for ${document} (${memberName})?`,
  confirmText:
    'The customer’s checklist and order page stop asking for it, the order no longer waits for it, and the customer is e-mailed that it is no longer needed. Every request for this document is withdrawn; they stay in this list, marked withdrawn.',
  /** …for a request of a new file of a document the customer sent (decision 0192). */
  confirmTextAgain:
    'The customer’s checklist and order page stop asking for a new file and keep the one they sent, the order no longer waits for it, and the customer is e-mailed that they need not upload it again. Every open request for this document is withdrawn; they stay in this list, marked withdrawn.',
  confirm: 'Withdraw the request',
  pending: 'Withdrawing…',
  cancel: 'Keep the request',
  /** The desk's line under a withdrawn request; `by` is null only when its audit entry is not found. */
  withdrawnLine: (at: string, by: string | null) => (by ? `Withdrawn ${at} by ${by}` : `Withdrawn ${at}`),
  /** The customer's e-mail and notice; `document` in `otherDocumentWords`' words. */
  mailSubject: (orderDisplayId: string, document: string) =>
    `Your order ${orderDisplayId}: ${document} is no longer needed`,
  mailHeading: (document: string) => `Our team no longer needs ${document}`,
  mailIntro:
    'You do not need to upload it: our team withdrew their request, and your order page no longer asks for it.',
  mailLink: 'See your order here',
  notice: (document: string) => `${document} is no longer needed: our team withdrew their request.`,
  /**
   * The customer's e-mail and notice when the request asked for a new file of a document they had
   * sent (decision 0192); `document` in `neededItem`'s words ("Priya Sharma’s passport bio page").
   */
  againMailSubject: (orderDisplayId: string, document: string) =>
    `Your order ${orderDisplayId}: no need to upload ${document} again`,
  againMailHeading: (document: string) => `No need to upload ${document} again`,
  againMailIntro:
    'Our team withdrew their request for a new file: the one you sent before stays with your order, and your order page no longer asks for another.',
  againNotice: (document: string) =>
    `No need to upload ${document} again: our team withdrew their request, and the file you sent stays.`,
  /** The notice's Document Status line (SPEC.md §3), as a request's says Requested. */
  documentStatus: 'Withdrawn',
} as const;
