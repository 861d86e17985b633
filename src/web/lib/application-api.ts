import type { ListData } from '../../domain/api/envelope.ts';
import type { ApplicationOrder, StartApplicationInput } from '../../domain/applications/application.ts';
import type {
  DocumentUploaded,
  DocumentView,
  MemberChecklist,
  OrderChecklist,
} from '../../domain/applications/documents.ts';
import type { MemberForm, SaveMemberForm } from '../../domain/applications/member-form.ts';
import type { Member, MemberInput } from '../../domain/applications/members.ts';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import { PROOF_OF_ADDRESS_ITEM } from '../../domain/jurisdiction/proof-of-address.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { apiCall, type UploadProgress, uploadFile } from './api-client.ts';

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

const order = (ref: string) => `/application/order/${encodeURIComponent(ref)}`;

export const startApplication = (body: StartApplicationInput) =>
  apiCall<ApplicationOrder>({ url: '/application/order', method: 'POST', body });
export const getApplication = (ref: string) => apiCall<ApplicationOrder>({ url: order(ref) });
export const cancelApplication = (ref: string, remark?: string) =>
  apiCall<ApplicationOrder>({ url: `${order(ref)}/cancel`, method: 'POST', body: remark ? { remark } : {} });

export const addMember = (ref: string, body: MemberInput) =>
  apiCall<Member>({ url: `${order(ref)}/members`, method: 'POST', body });
export const updateMember = (ref: string, memberId: number, body: MemberInput) =>
  apiCall<Member>({ url: `${order(ref)}/members/${memberId}`, method: 'PUT', body });
export const removeMember = (ref: string, memberId: number) =>
  apiCall<null>({ url: `${order(ref)}/members/${memberId}`, method: 'DELETE' });

export const getChecklist = (ref: string) => apiCall<OrderChecklist>({ url: `${order(ref)}/checklist` });
export const getDocuments = (ref: string, direction: 'from-customer' | 'to-customer', page = 1, limit = 50) =>
  apiCall<ListData<DocumentView>>({ url: `${order(ref)}/documents`, queryParams: { direction, page, limit } });
export const deleteDocument = (ref: string, documentId: number) =>
  apiCall<MemberChecklist>({ url: `${order(ref)}/documents/${documentId}`, method: 'DELETE' });

export const getOrderForm = (ref: string) =>
  apiCall<{ definition: FormDefinition | null }>({ url: `${order(ref)}/form` });
export const getMemberForm = (ref: string, memberId: number) =>
  apiCall<MemberForm>({ url: `${order(ref)}/members/${memberId}/form` });
export const saveMemberForm = (
  ref: string,
  memberId: number,
  body: SaveMemberForm,
  { signal, keepalive }: { signal?: AbortSignal; keepalive?: boolean } = {},
) =>
  apiCall<MemberForm>({
    url: `${order(ref)}/members/${memberId}/form`,
    method: 'PUT',
    body,
    ...(signal ? { signal } : {}),
    ...(keepalive ? { keepalive } : {}),
  });
export const reviewMemberForm = (ref: string, memberId: number) =>
  apiCall<MemberForm>({ url: `${order(ref)}/members/${memberId}/form/review`, method: 'POST' });
export const removeMemberReview = (ref: string, memberId: number) =>
  apiCall<MemberForm>({ url: `${order(ref)}/members/${memberId}/form/review`, method: 'DELETE' });

export type { UploadProgress } from './api-client.ts';

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
  return uploadFile(`${order(ref)}/members/${memberId}/documents/${encodeURIComponent(itemId)}`, file, progress);
}

/** Uses another member's file of the order for a checklist item (the server copies it). */
export const reuseDocument = (ref: string, memberId: number, itemId: string, documentId: number) =>
  apiCall<{ document: DocumentView; checklist: MemberChecklist }>({
    url: `${order(ref)}/members/${memberId}/documents/${encodeURIComponent(itemId)}/copy`,
    method: 'POST',
    body: { documentId },
  });

/** The ZIP or postal code printed on a member's proof of address (issue 32 §1); answers the member's checklist. */
export const setProofPostalCode = (ref: string, memberId: number, country: AddressCountry, postalCode: string) =>
  apiCall<MemberChecklist>({
    url: `${order(ref)}/members/${memberId}/documents/${PROOF_OF_ADDRESS_ITEM}/postal-code`,
    method: 'PUT',
    body: { country, postalCode },
  });

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
