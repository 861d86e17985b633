import { z } from 'zod';
import { rowIdSchema } from '../api/row-id.ts';
import { ROUTES } from '../config/routes.ts';
import type { FileRef } from '../forms/files.ts';
import { proofAddressSchema } from '../jurisdiction/proof-of-address.ts';
import { complianceReportSchema } from '../photos/compliance.ts';
import { UPLOAD_TYPES } from '../uploads/file-types.ts';
import { ADDRESS_COUNTRIES } from '../users/regions.ts';
import type { ChecklistItem } from './checklist.ts';
import { MEMBER_KINDS } from './member-kinds.ts';

/**
 * An application's documents (issue 10 point 5, SPEC.md §7 /order/documents/, /upload/,
 * /user-order/documents/; docs/decisions/0050): the files a customer uploads against each member's
 * checklist, and the documents staff send back. Shared by the server's answers and the browser.
 */

export const DOCUMENT_MESSAGES = {
  checklistLoaded: 'Checklist loaded',
  listLoaded: 'Documents loaded',
  uploaded: 'Document uploaded',
  replaced: 'Document replaced',
  removed: 'Document removed',
  notFound: 'We could not find this document.',
  itemNotFound: 'This document is not on this member’s checklist.',
  itemIdInvalid: 'Choose a document from the checklist',
  locked: 'Documents can no longer be changed for this application. Please contact us if something needs correcting.',
  returnedNotRemovable: 'Documents our team sent you cannot be deleted.',
} as const;

/**
 * Which way a document went: `from-customer`, uploaded for the application against a checklist
 * item (by the customer, or by staff on their behalf); `to-customer`, a document staff send back
 * (a receipt, the approved document: SPEC.md §7 /user-order/documents/).
 */
export const DOCUMENT_DIRECTIONS = ['from-customer', 'to-customer'] as const;
export type DocumentDirection = (typeof DOCUMENT_DIRECTIONS)[number];

/** Who put the file in: the customer or a staff member. */
export const DOCUMENT_UPLOADERS = ['customer', 'staff'] as const;
export type DocumentUploader = (typeof DOCUMENT_UPLOADERS)[number];

export const STORED_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** POST …/members/{memberId}/documents/{itemId}/copy: which of the order's files to use again. */
export const reuseDocumentSchema = z.object({
  documentId: rowIdSchema('Choose a document of this order'),
});

/** A checklist item id in a path: the checklist's own kebab-case ids. */
export const checklistItemIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, DOCUMENT_MESSAGES.itemIdInvalid)
  .max(64, DOCUMENT_MESSAGES.itemIdInvalid);

/** One stored document as the customer sees it. */
export const documentSchema = z.object({
  id: z.number(),
  /** The member it belongs to; null for a document about the whole order. */
  memberId: z.number().nullable(),
  /** The checklist item it was uploaded for; null for a document staff sent back. */
  itemId: z.string().nullable(),
  direction: z.enum(DOCUMENT_DIRECTIONS),
  /** The file's name as uploaded, at most 500 characters followed by '…' (SPEC.md §5). */
  name: z.string(),
  /** What is stored: images re-encoded (HEIC as JPEG), PDFs as sent. */
  type: z.enum(STORED_FILE_TYPES),
  /** Bytes. */
  size: z.number(),
  uploadedBy: z.enum(DOCUMENT_UPLOADERS),
  uploadedAt: z.string(),
  /**
   * API paths: `download` saves the file, `preview` shows it in the browser (images, PDFs);
   * `portalPdf`, on the back office's desk only, saves it as the PDF the order's portal takes
   * (decisions 0185-portal-pdf and 0189: the e-Visa's or the OCI portal's limits).
   */
  links: z.object({ download: z.string(), preview: z.string(), portalPdf: z.string().optional() }),
  /** A photo, signature or thumb impression stored fitted to the portal's size: SevaPhotos' checks of it. */
  report: complianceReportSchema.optional(),
  /** A proof of address: the ZIP or postal code the customer read off it, and the mission it resolves to. */
  proofAddress: proofAddressSchema.optional(),
  /** A PDF we assembled from photos of its pages ("Add a page", document-pages.ts): how many it holds. */
  pages: z.number().int().positive().optional(),
});
export type DocumentView = z.infer<typeof documentSchema>;

/** The answer of a form's upload question that refers to a stored document (the same on both sides). */
export function documentFileRef(document: Pick<DocumentView, 'id' | 'name' | 'type' | 'size'>): FileRef {
  return { documentId: String(document.id), name: document.name, type: document.type, size: document.size };
}

/** One checklist item with the file uploaded for it, ticked once it is in (`checklistStatus`). */
export const checklistItemStatusSchema = z.object({
  id: z.string(),
  label: z.string(),
  hint: z.string().optional(),
  required: z.boolean(),
  /** A document our team prepares and sends after payment (never required before then). */
  preparedByUs: z.literal(true).optional(),
  /**
   * Such a document once prepared (the order paid): the member's print pack to print it from, so
   * the item says where it is, not "once you have paid" to a customer who has.
   */
  printPack: z.string().optional(),
  /** The types and size the item takes (for the file picker; the server checks the bytes). */
  accept: z.object({ types: z.array(z.enum(UPLOAD_TYPES)), maxBytes: z.number() }),
  /** Its file is in: one is uploaded and our team has not asked for it again since (`requested`). */
  uploaded: z.boolean(),
  /** The item's file (at most one: an upload replaces the previous one). */
  documents: z.array(documentSchema),
  /**
   * Present while our team's request for this item (decision 0068) is not answered by an upload
   * made after it: their note and when they asked.
   */
  requested: z.object({ note: z.string(), at: z.string() }).optional(),
  /**
   * The proof of address's code resolves to another mission than the order's: why it holds the
   * application back, and what to do (src/domain/jurisdiction/proof-of-address.ts `proofConflict`).
   */
  conflict: z.string().optional(),
  /** A proof of address: the country its code is first asked in (`proofCountryOf`). */
  proofCountry: z.enum(ADDRESS_COUNTRIES).optional(),
  /** A proof of address: the code it is first asked with, the member's address's (`proofPostalCodeOf`). */
  proofPostalCode: z.string().optional(),
});
export type ChecklistItemStatus = z.infer<typeof checklistItemStatusSchema>;

/** One member's checklist with what is uploaded. */
export const memberChecklistSchema = z.object({
  memberId: z.number(),
  fullName: z.string(),
  kind: z.enum(MEMBER_KINDS),
  items: z.array(checklistItemStatusSchema),
  /**
   * Files uploaded for items the checklist no longer lists (the member's date of birth was
   * corrected and the kind changed): shown so the customer can delete them.
   */
  otherDocuments: z.array(documentSchema),
  /**
   * Nothing of the checklist holds the application back: every required item's file is in, nothing
   * our team asked for again waits (`itemStillNeeded`), and no proof of address is another mission's.
   */
  complete: z.boolean(),
});
export type MemberChecklist = z.infer<typeof memberChecklistSchema>;

/** Every member's checklist, in member order. */
export const orderChecklistSchema = z.object({
  /** Whether uploads, replacements and deletions are open in the order's status. */
  canChangeDocuments: z.boolean(),
  complete: z.boolean(),
  members: z.array(memberChecklistSchema),
});
export type OrderChecklist = z.infer<typeof orderChecklistSchema>;

/** POST …/members/{memberId}/documents/{itemId}: the stored file and the member's checklist after it. */
export const documentUploadedSchema = z.object({
  document: documentSchema,
  checklist: memberChecklistSchema,
  /** For a photo, signature or thumb impression stored fitted to the portal's size: SevaPhotos' checks (also `document.report`). */
  report: complianceReportSchema.optional(),
  /**
   * When the file is also the answer of the member's form question for the item: the answers'
   * `answersSavedAt` (MemberForm) with it. The form that uploaded builds its next save on it
   * (`basedOn`); a form open elsewhere, built on the answers before, is refused (changedElsewhere).
   */
  answersSavedAt: z.string().optional(),
});
export type DocumentUploaded = z.infer<typeof documentUploadedSchema>;

/** A member's required documents still missing: part of the order page's "what you must still do". */
export const missingDocumentsSchema = z.object({
  memberId: z.number(),
  fullName: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      /** Our team asked for it again: it is uploaded at its slot on the order page. */
      requested: z.literal(true).optional(),
    }),
  ),
});
export type MissingDocuments = z.infer<typeof missingDocumentsSchema>;

/** What the status of a checklist needs of a stored document. */
interface ItemDocument {
  itemId: string | null;
  /** When it was uploaded (ISO): an upload after our team's request answers it. */
  uploadedAt: string;
}

/**
 * Whether a checklist item holds the application back: our team asked for it again and no upload
 * answered that yet (even an optional one), or it is required and its file is not in. The one rule
 * the checklist's `complete`, the completeness rule (completion.ts, through `itemsStillNeeded`), the
 * order page and the desk read.
 */
export function itemStillNeeded(item: { required: boolean; uploaded: boolean; requested?: unknown }): boolean {
  return item.requested !== undefined || (item.required && !item.uploaded);
}

/**
 * How our team's open request for an item reads: "again" when a file of it was in (the one sent is
 * not the one they wait for), "new" when none was (a walk's desk read "requested again" beside a
 * document asked for the first time); null without a request.
 */
export function itemRequest(item: { requested?: unknown; documents: readonly unknown[] }): 'again' | 'new' | null {
  if (item.requested === undefined || item.requested === null) return null;
  return item.documents.length > 0 ? 'again' : 'new';
}

/**
 * A checked photo, signature or thumb impression that is in but fails one of its rules
 * (photos-to-redo.ts): counted in, never shown with the tick of a finished item.
 */
export function itemWorthReplacing(item: {
  uploaded: boolean;
  documents: readonly { report?: { passed: boolean } | null | undefined }[];
}): boolean {
  return item.uploaded && item.documents[0]?.report?.passed === false;
}

/**
 * A member's checklist ticked against the member's uploaded documents and our team's requests:
 * each item with its documents and the request still open for it (decision 0068), and the
 * documents of items the checklist does not list. An item is `uploaded` (ticked, counted in) once
 * it has a file and no open request asks for it again: the file our team asked to replace is not
 * the one they wait for.
 */
export function checklistStatus<D extends ItemDocument>(
  checklist: readonly ChecklistItem[],
  memberId: number,
  documents: readonly D[],
  requests: readonly DocumentRequest[],
): {
  items: (ChecklistItem & { uploaded: boolean; documents: D[]; requested?: { note: string; at: string } })[];
  otherDocuments: D[];
  complete: boolean;
} {
  const listed = new Set(checklist.map((item) => item.id));
  const items = checklist.map((item) => {
    const mine = documents.filter((d) => d.itemId === item.id);
    const requested = openRequest(requests, memberId, item.id, mine);
    return { ...item, uploaded: mine.length > 0 && !requested, documents: mine, ...(requested ? { requested } : {}) };
  });
  return {
    items,
    otherDocuments: documents.filter((d) => d.itemId === null || !listed.has(d.itemId)),
    complete: !items.some(itemStillNeeded),
  };
}

/** The API paths of a document's file: download (attachment) and preview (inline). */
export function documentLinks(orderDisplayId: string, documentId: number): DocumentView['links'] {
  const base = `/api/v1/application/order/${orderDisplayId}/documents/${documentId}`;
  return { download: `${base}/download`, preview: `${base}/preview` };
}

/**
 * Staff asked the customer for a member's checklist item again (decision 0068), or for a document
 * outside the checklist (decision 0186), which `itemLabel` names. `withdrawnAt`: staff withdrew it
 * (decision 0188); it asks for nothing since.
 */
export interface DocumentRequest {
  memberId: number;
  itemId: string;
  itemLabel?: string | null;
  note: string;
  createdAt: Date;
  withdrawnAt?: Date | null;
}

/** Whether a request still asks for its item: staff have not withdrawn it (decision 0188). */
export function requestStands(request: { withdrawnAt?: Date | null }): boolean {
  return request.withdrawnAt === undefined || request.withdrawnAt === null;
}

/**
 * The newest request for a member's item that no upload has answered since (an upload made
 * after it answers it) and staff have not withdrawn, as the checklist shows it; undefined when
 * there is none.
 */
export function openRequest(
  requests: readonly DocumentRequest[],
  memberId: number,
  itemId: string,
  uploads: readonly { uploadedAt: string }[],
): { note: string; at: string } | undefined {
  const newest = requests
    .filter((r) => r.memberId === memberId && r.itemId === itemId && requestStands(r))
    .reduce<DocumentRequest | undefined>((a, r) => (!a || r.createdAt >= a.createdAt ? r : a), undefined);
  if (!newest) return undefined;
  const answered = uploads.some((u) => Date.parse(u.uploadedAt) > newest.createdAt.getTime());
  return answered ? undefined : { note: newest.note, at: newest.createdAt.toISOString() };
}

/**
 * A member's items still needed (`itemStillNeeded`), in checklist order: each required item without
 * a file, and each item our team asked for again that no upload has answered yet (decision 0068).
 * The completeness rule (completion.ts) counts both, so an order sent back for documents goes on to
 * our team only once the last requested one is in.
 */
export function itemsStillNeeded(
  checklist: readonly ChecklistItem[],
  memberId: number,
  uploads: readonly ItemDocument[],
  requests: readonly DocumentRequest[],
) {
  return checklistStatus(checklist, memberId, uploads, requests).items.filter(itemStillNeeded);
}

/**
 * Staff ask the customer for a document, and withdraw such a request (decision 0188), while the
 * order is In review (a request sends it back to the customer) or Forms incomplete.
 */
export function documentRequestsOpen(status: string): boolean {
  return status === 'In review' || status === 'Forms incomplete';
}

export const DOCUMENT_REQUEST_MESSAGES = {
  requested: 'Document requested from the customer',
  noteRequired: 'Tell the customer what is wrong or missing',
  noteTooLong: 'The note should not exceed 1000 characters',
  /** `status`: the order's own now, which a desk page loaded before another change does not show. */
  notOpen: (status: string) =>
    `This order is ${status} now: a document can be requested while it is In review (it goes back to the customer) or Forms incomplete. Reload the page to see it as it is.`,
} as const;

/**
 * A document slot on the order page, as the e-mails link to it (issue 30 §4): a member's checklist
 * item our team asked for (`12-photo`), or a document our team sent (`sent-40`). It travels in the
 * query (`?document=`), not the fragment, so it survives the sign-in a signed-out customer goes
 * through first; the page scrolls to the slot and focuses it.
 */
export const documentSlot = {
  item: (memberId: number, itemId: string) => `${memberId}-${itemId}`,
  sent: (documentId: number) => `sent-${documentId}`,
};

const DOCUMENT_SLOT = /^(?:\d{1,9}-[a-z0-9]+(?:-[a-z0-9]+)*|sent-\d{1,9})$/;

/** The page element of a slot: `document-12-photo`; null for a value that names no slot. */
export function documentSlotElementId(slot: string | null): string | null {
  return slot !== null && slot.length <= 80 && DOCUMENT_SLOT.test(slot) ? `document-${slot}` : null;
}

/** The order page at a document slot: a path on this site (the e-mail puts the site's origin before it). */
export function documentSlotHref(orderDisplayId: string, slot: string): string {
  return `${ROUTES.SERVICE_ORDER}?${new URLSearchParams({ orderId: orderDisplayId, document: slot })}`;
}
