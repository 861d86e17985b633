import type { StartApplicationInput } from '../../domain/applications/application.ts';
import type { DocumentUploaded } from '../../domain/applications/documents.ts';
import type { SaveMemberForm } from '../../domain/applications/member-form.ts';
import type { MemberInput } from '../../domain/applications/members.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { api, envelopeAs, envelopeOf, type UploadProgress, uploadFile } from './api-client.ts';

/**
 * The application calls of SPEC.md §7 under /api/v1/application/… (docs/decisions/0048, 0050):
 * one place the pages call them from. `ref` is the order's DOC-… id or its number.
 */

export const applicationKeys = {
  /** Every application query (a change to an order's members or status touches most of them). */
  all: ['application'] as const,
  order: (ref: string) => ['application', 'order', ref] as const,
  checklist: (ref: string) => ['application', 'checklist', ref] as const,
  documents: (ref: string, direction: 'from-customer' | 'to-customer') =>
    ['application', 'documents', ref, direction] as const,
  form: (ref: string) => ['application', 'form', ref] as const,
  memberForm: (ref: string, memberId: number) => ['application', 'member-form', ref, memberId] as const,
  addOns: (ref: string) => ['application', 'add-ons', ref] as const,
  costSummary: (ref: string) => ['application', 'cost-summary', ref] as const,
  payment: (ref: string) => ['application', 'payment', ref] as const,
  paymentOptions: (ref: string) => ['application', 'payment-options', ref] as const,
};

const order = (orderRef: string) => ({ params: { path: { orderRef } } });
// Ids are path segments, strings in the document.
const member = (orderRef: string, memberId: number) => ({ params: { path: { orderRef, memberId: String(memberId) } } });

export const startApplication = (body: StartApplicationInput) =>
  envelopeOf(api.POST('/api/v1/application/order', { body }));
export const getApplication = (ref: string) => envelopeOf(api.GET('/api/v1/application/order/{orderRef}', order(ref)));
export const cancelApplication = (ref: string, remark?: string) =>
  envelopeOf(
    api.POST('/api/v1/application/order/{orderRef}/cancel', { ...order(ref), body: remark ? { remark } : {} }),
  );

export const addMember = (ref: string, body: MemberInput) =>
  envelopeOf(api.POST('/api/v1/application/order/{orderRef}/members', { ...order(ref), body }));
export const updateMember = (ref: string, memberId: number, body: MemberInput) =>
  envelopeOf(api.PUT('/api/v1/application/order/{orderRef}/members/{memberId}', { ...member(ref, memberId), body }));
export const removeMember = (ref: string, memberId: number) =>
  envelopeOf(api.DELETE('/api/v1/application/order/{orderRef}/members/{memberId}', member(ref, memberId)));

export const getChecklist = (ref: string) =>
  envelopeOf(api.GET('/api/v1/application/order/{orderRef}/checklist', order(ref)));
export const getDocuments = (ref: string, direction: 'from-customer' | 'to-customer', page = 1, limit = 50) =>
  envelopeOf(
    api.GET('/api/v1/application/order/{orderRef}/documents', {
      params: { path: { orderRef: ref }, query: { direction, page, limit } },
    }),
  );
export const deleteDocument = (ref: string, documentId: number) =>
  envelopeOf(
    api.DELETE('/api/v1/application/order/{orderRef}/documents/{documentId}', {
      params: { path: { orderRef: ref, documentId: String(documentId) } },
    }),
  );

export const getOrderForm = (ref: string) =>
  envelopeAs<{ definition: FormDefinition | null }>(api.GET('/api/v1/application/order/{orderRef}/form', order(ref)));
export const getMemberForm = (ref: string, memberId: number) =>
  envelopeOf(api.GET('/api/v1/application/order/{orderRef}/members/{memberId}/form', member(ref, memberId)));
export const saveMemberForm = (
  ref: string,
  memberId: number,
  body: SaveMemberForm,
  { signal, keepalive }: { signal?: AbortSignal; keepalive?: boolean } = {},
) =>
  envelopeOf(
    api.PUT('/api/v1/application/order/{orderRef}/members/{memberId}/form', {
      ...member(ref, memberId),
      body,
      ...(signal ? { signal } : {}),
      ...(keepalive ? { keepalive } : {}),
    }),
  );
export const reviewMemberForm = (ref: string, memberId: number) =>
  envelopeOf(api.POST('/api/v1/application/order/{orderRef}/members/{memberId}/form/review', member(ref, memberId)));
export const removeMemberReview = (ref: string, memberId: number) =>
  envelopeOf(api.DELETE('/api/v1/application/order/{orderRef}/members/{memberId}/form/review', member(ref, memberId)));

export type { UploadProgress } from './api-client.ts';

const itemPath = (ref: string, memberId: number, itemId: string) =>
  `/application/order/${encodeURIComponent(ref)}/members/${memberId}/documents/${encodeURIComponent(itemId)}`;

/**
 * Uploads one file for a member's checklist item, with progress. Resolves to the stored document
 * and the member's checklist after it (and, for a photo or signature fitted to the portal's size,
 * SevaPhotos' checks); rejects with an ApiError (status 0: no answer came, or cancelled).
 */
export function uploadDocument(
  ref: string,
  memberId: number,
  itemId: string,
  file: File,
  progress: UploadProgress = {},
): Promise<DocumentUploaded> {
  return uploadFile(itemPath(ref, memberId, itemId), file, progress);
}

/**
 * Adds a photo of the next page to a member's file for a checklist item (decision 0196): the
 * server keeps one PDF of the pages. Resolves like an upload; rejects with an ApiError.
 */
export function addDocumentPage(
  ref: string,
  memberId: number,
  itemId: string,
  file: File,
  progress: UploadProgress = {},
): Promise<DocumentUploaded> {
  return uploadFile(`${itemPath(ref, memberId, itemId)}/pages`, file, progress);
}

/** Takes one page (from 1) out of a file whose pages were added here (decision 0197); answers the file after it. */
export const removeDocumentPage = (ref: string, documentId: number, page: number) =>
  envelopeOf(
    api.DELETE('/api/v1/application/order/{orderRef}/documents/{documentId}/pages/{page}', {
      params: { path: { orderRef: ref, documentId: String(documentId), page: String(page) } },
    }),
  );

/** Uses another member's file of the order for a checklist item (the server copies it). */
export const reuseDocument = (ref: string, memberId: number, itemId: string, documentId: number) =>
  envelopeOf(
    api.POST('/api/v1/application/order/{orderRef}/members/{memberId}/documents/{itemId}/copy', {
      params: { path: { orderRef: ref, memberId: String(memberId), itemId } },
      body: { documentId },
    }),
  );

/** The ZIP or postal code printed on a member's proof of address (issue 32 §1); answers the member's checklist. */
export const setProofPostalCode = (ref: string, memberId: number, country: AddressCountry, postalCode: string) =>
  envelopeOf(
    api.PUT('/api/v1/application/order/{orderRef}/members/{memberId}/documents/address-proof/postal-code', {
      ...member(ref, memberId),
      body: { country, postalCode },
    }),
  );

/** SERVICE_ORDER's address for an order (SPEC.md §2: ?orderId=). */
export function serviceOrderHref(ref: string): string {
  return `/service-order?${new URLSearchParams({ orderId: ref })}`;
}

// The server sends providers back to these two: they live in the domain.
export { checkoutHref, paymentResultHref } from '../../domain/payments/payment.ts';

/** The application form of an order, at a member and step, or its review page. */
export function applicationFormHref(ref: string, at: { memberId?: number; step?: number; review?: boolean } = {}) {
  const query = new URLSearchParams({ orderId: ref });
  if (at.memberId !== undefined) query.set('member', String(at.memberId));
  if (at.step !== undefined) query.set('step', String(at.step));
  if (at.review) query.set('review', '1');
  return `/package-form?${query}`;
}
