import { z } from 'zod';
import { DOCUMENT_UPLOAD } from '../uploads/file-types.ts';
import type { ChecklistItem } from './checklist.ts';

/**
 * A document staff ask a member for that is not on the member's checklist (a marriage certificate,
 * a name-change affidavit, an old Indian passport's surrender certificate: consulates ask for such
 * papers), named by staff in free text (decision 0186-documents-outside-the-checklist). The request
 * itself makes the item: the member's checklist gains it, required, for as long as the request is
 * kept, and the customer uploads to it like to any other item.
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
}

/**
 * The member's documents outside the checklist, one per item id in the order staff first asked
 * (`requests` oldest first, as the repository lists them), each required, taking what any other
 * document takes. A request asked again for the same item keeps its label.
 */
export function otherDocumentItems(requests: readonly OtherDocumentRequest[], memberId: number): ChecklistItem[] {
  const items = new Map<string, ChecklistItem>();
  for (const request of requests) {
    if (request.memberId !== memberId || !request.itemLabel || items.has(request.itemId)) continue;
    if (!isOtherDocumentId(request.itemId)) continue;
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
 * The e-mail's and the notice's words for it: staff's own name of it, verbatim (not put into a
 * possessive as a checklist label is), and whose: "Marriage certificate (for Priya Sharma)".
 */
export function otherDocumentWords(label: string, member: { fullName: string }): string {
  return `${label} (for ${member.fullName.trim()})`;
}
