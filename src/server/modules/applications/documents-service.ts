import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import {
  APPLICATION_MESSAGES as A,
  canChangeDocuments,
  isPaidStatus,
  type OrderRef,
} from '../../../domain/applications/application.ts';
import {
  type ChecklistItem,
  checklistAnswers,
  checklistItemOfUpload,
  documentChecklist,
  dueWhen,
} from '../../../domain/applications/checklist.ts';
import { neededItem } from '../../../domain/applications/completion.ts';
import {
  DOCUMENT_PAGE_MESSAGES as PG,
  pageRefusal,
  pageRemovalRefusal,
  pageUploadRule,
} from '../../../domain/applications/document-pages.ts';
import {
  type ChecklistItemStatus,
  checklistStatus,
  DOCUMENT_MESSAGES as D,
  type DocumentDirection,
  type DocumentRequest,
  type DocumentUploaded,
  type DocumentView,
  documentFileRef,
  documentLinks,
  documentRequestsOpen,
  itemsStillNeeded,
  type MemberChecklist,
  type MissingDocuments,
  type OrderChecklist,
  requestStands,
} from '../../../domain/applications/documents.ts';
import { documentOffers, type MemberFiles } from '../../../domain/applications/household.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import {
  isOtherDocumentId,
  otherDocumentId,
  otherDocumentItems,
  DOCUMENT_REQUEST_WITHDRAWAL as W,
} from '../../../domain/applications/other-documents.ts';
import { type PhotoToRedo, photosToRedo } from '../../../domain/applications/photos-to-redo.ts';
import { canUsePrintPack, printPackHref } from '../../../domain/applications/print-pack.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import {
  answerFieldsByKey,
  type FormDefinition,
  isUploadField,
  type UploadField,
} from '../../../domain/forms/definition.ts';
import { acceptedFileTypes } from '../../../domain/forms/files.ts';
import { shownAnswerKeys } from '../../../domain/forms/visibility.ts';
import { JURISDICTION_MESSAGES } from '../../../domain/jurisdiction/messages.ts';
import {
  PROOF_OF_ADDRESS_MESSAGES as P,
  PROOF_OF_ADDRESS_ITEM,
  type ProofAddress,
  proofConflict,
  proofCountryOf,
  proofPostalCodeOf,
} from '../../../domain/jurisdiction/proof-of-address.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { RETENTION_MESSAGES } from '../../../domain/orders/retention.ts';
import { fittedPhotoMark, fittedPhotoSize } from '../../../domain/photos/application-photos.ts';
import type { ComplianceReport, SignatureMark } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';
import {
  MEGABYTE,
  type StoredFileType,
  UPLOAD_TYPE_INFO,
  type UploadRule,
  type UploadType,
} from '../../../domain/uploads/file-types.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../storage/index.ts';
import {
  type AcceptedUpload,
  type AcceptUploadOptions,
  type PagedDocument,
  type ReencodedImage,
  type ServableFile,
  withPageAdded,
  withPageRemoved,
} from '../../uploads/index.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { createDocumentsRepository, type DocumentRow, type UnremovedFile } from './documents-repository.ts';
import type { FormsService } from './forms-service.ts';
import type { OrderCompletion } from './order-completion.ts';
import type { ResolveMission } from './order-mission.ts';
import { type ApplicationRow, createApplicationsRepository, type MemberRow } from './repository.ts';

export interface DocumentsServiceDeps {
  orders: Pick<OrdersService, 'findOwned' | 'lockOrder' | 'filesErased'>;
  /**
   * Where the files are; the service removes the bytes of deleted and replaced documents, and
   * copies a file another member of the order uploaded when it is used again.
   */
  storage: Pick<FileStorage, 'delete' | 'get' | 'put'>;
  /** A paid order moves to `Order pending` when the last required document arrives, and back when one goes. */
  completion: Pick<OrderCompletion, 'sync'>;
  /** The order's form: an item its form asks as an upload question is that question's answer too. */
  forms: Pick<FormsService, 'orderForm'>;
  /** Photos, signatures and thumb impressions are kept fitted to the portal's size: SevaPhotos' engine. */
  fitPhoto: FitPhoto;
  /** The mission a proof of address's postal code resolves to (the jurisdiction table), or null when unknown. */
  resolveMission: ResolveMission;
  log?: { error(details: object, message: string): void };
}

/**
 * Receives the request's file once the upload is known to be allowed, checked against the
 * checklist item's types and size (the route passes `uploads.acceptUpload` with the request): it
 * answers the stored file, or throws the refusal and stores nothing. `finishImage`, when given,
 * turns the accepted image into what is stored (a fitted photo).
 */
export type ReceiveFile = (
  itemLimits: UploadRule,
  finishImage?: AcceptUploadOptions['finishImage'],
) => Promise<AcceptedUpload>;

/**
 * Receives the request's photo of a document's next page, checked against `pageLimits` (a
 * photo type the item takes, its size) and re-encoded, never stored as it is: the route passes
 * `uploads.acceptImage` with the request. Throws the refusal.
 */
export type ReceivePage = (pageLimits: UploadRule) => Promise<ReencodedImage>;

/**
 * Fits an accepted image to a size (the photos module's `fitUpload`, passed in by services.ts so
 * this module does not depend on that one): the JPEG to store and the engine's report, or throws
 * the refusal (no face) for the customer. `options.mark`: what a signature-sized item holds, a
 * signature or a young child's thumb impression (fittedPhotoMark).
 */
export type FitPhoto = (
  image: Buffer,
  size: PhotoSizeSpec,
  options?: { mark?: SignatureMark },
) => Promise<{ image: ReencodedImage; report: ComplianceReport }>;

/** A request as the desk's list of requests joins it to its audit entry (`requestsOf`). */
export interface DeskRequestRow {
  id: number;
  memberId: number;
  itemId: string;
  itemLabel: string | null;
  note: string;
  /** The member of staff who asked (null once their account is gone). */
  requestedByUserId: number | null;
  createdAt: Date;
  withdrawnAt: Date | null;
}

/**
 * A requested document as the customer's notice and e-mail name it, when staff ask for it and when
 * they withdraw the request: the order page's words (`neededItem`), the member named in full. A
 * child's own item names the child once ("Ravi’s current foreign passport"); staff's own name of a
 * document outside the checklist stays as typed ("Marriage certificate (for Priya Sharma)").
 */
const staffRequestWords = (member: { fullName: string }, item: { id: string; label: string }) =>
  neededItem(member, item, (m) => m.fullName.trim());

/** A withdrawal done (`withdrawRequest`): the customer's words for the item, and the order's status after it. */
export interface WithdrawnRequest {
  /** The requests of the item it withdrew, oldest first. */
  requestIds: number[];
  memberId: number;
  itemId: string;
  itemLabel: string;
  /** "Marriage certificate (for Priya Sharma)", "Priya Sharma’s passport bio page" (`neededItem`). */
  document: string;
  /** The customer had sent a file for the item, which stays (decision 0192); else the item left the checklist. */
  again: boolean;
  /** Forms incomplete moves to Order pending when nothing else is missing. */
  status: string;
}

/** What is left of an order's documents (`gaps`). */
export interface OrderGaps {
  missingDocuments: MissingDocuments[];
  /**
   * Before payment, each member's documents our team prepares once the order is paid, which the
   * customer then signs and uploads (a child's Parental Authorization Form): due from payment on.
   */
  preparedAfterPayment: MissingDocuments[];
  proofConflicts: { memberId: number; message: string }[];
  photosToRedo: PhotoToRedo[];
}

type ChecklistSnapshot = Pick<ApplicationRow, 'serviceSlug' | 'packageSlug' | 'choices' | 'mission'>;
type ApplicationSnapshot = ChecklistSnapshot & Pick<ApplicationRow, 'formDefinitionId'>;

/** An upload or a copy stored, as its route answers it (without the photo checks), and whether it replaced a file. */
type StoredDocument = Omit<DocumentUploaded, 'report'> & { replaced: boolean };

/** An order with what its members' checklists are made from: the application and its form (null without one). */
interface ChecklistOf {
  order: Order;
  app: ApplicationSnapshot;
  definition: FormDefinition | null;
}

/**
 * The upload questions the member's form shows, by the checklist item each files to (the item
 * their key names: checklistItemOfUpload). The item's file is that question's answer.
 */
function uploadQuestionsOf(
  definition: FormDefinition,
  member: Pick<MemberRow, 'kind' | 'answers'>,
): Map<string, UploadField> {
  const shown = shownAnswerKeys(definition, member.kind, member.answers);
  return new Map(
    [...answerFieldsByKey(definition).values()].flatMap((field) =>
      isUploadField(field) && shown.has(field.key) ? [[checklistItemOfUpload(field.key), field] as const] : [],
    ),
  );
}

/**
 * The member's answers with `document` as the answer of the upload question asked for its item,
 * or null when the member's form shows no such question.
 */
export function answersWithDocument(
  definition: FormDefinition,
  member: Pick<MemberRow, 'kind' | 'answers'>,
  document: DocumentRow,
): Record<string, unknown> | null {
  const field = document.itemId ? uploadQuestionsOf(definition, member).get(document.itemId) : undefined;
  if (!field) return null;
  const ref = documentFileRef({
    id: document.id,
    name: document.displayName,
    type: document.contentType,
    size: document.sizeBytes,
  });
  return { ...member.answers, [field.key]: ref };
}

/**
 * An item whose file answers a form question takes only the types the question takes: a file
 * uploaded from the order page becomes that answer too, and the answer would refuse another type.
 */
function askedAs(item: ChecklistItem, question: UploadField | undefined): ChecklistItem {
  if (!question) return item;
  const takes: readonly string[] = acceptedFileTypes(question);
  const types = item.accept.types.filter((type) => UPLOAD_TYPE_INFO[type].mimeTypes.some((m) => takes.includes(m)));
  return { ...item, accept: { ...item.accept, types } };
}

/**
 * A member's checklist, from the package and choices the order was started with, the member's kind,
 * name and age (a thumb impression under 5, a signature from 5) and what their answers say (a
 * former Indian citizen brings the renunciation certificate; until asked it is optional).
 */
export function memberChecklistItems(
  app: ChecklistSnapshot,
  member: Pick<MemberRow, 'kind' | 'fullName' | 'dateOfBirth' | 'answers'>,
  today: string = todayIsoDate(),
): ChecklistItem[] {
  return (
    documentChecklist({
      serviceSlug: app.serviceSlug,
      packageSlug: app.packageSlug,
      choices: app.choices,
      memberKind: member.kind,
      fullName: member.fullName,
      dateOfBirth: member.dateOfBirth,
      today,
      ...checklistAnswers(member.answers),
    }) ?? []
  );
}

/** The members' checked files worth replacing (photos-to-redo.ts), with each member's checklist labels. */
function photosToRedoOf(
  app: ChecklistSnapshot,
  members: readonly MemberRow[],
  uploaded: Parameters<typeof photosToRedo>[1],
  definition: FormDefinition | null,
): PhotoToRedo[] {
  return photosToRedo(
    members.map((m) => ({ id: m.id, fullName: m.fullName, kind: m.kind, items: memberChecklistItems(app, m) })),
    uploaded,
    definition,
  );
}

/**
 * The member's checklist items and, after them, the documents outside the checklist our team asked
 * the member for (`requests`: the order's, oldest first; decision 0186): every item the member's
 * uploads, requests and checklist view may name. Another member's or order's `other-…` id is not
 * among them, so it is refused as an unknown item is.
 */
export function memberItems(
  app: ChecklistSnapshot,
  member: Pick<MemberRow, 'id' | 'kind' | 'fullName' | 'dateOfBirth' | 'answers'>,
  requests: readonly DocumentRequest[],
  today: string = todayIsoDate(),
): ChecklistItem[] {
  return [...memberChecklistItems(app, member, today), ...otherDocumentItems(requests, member.id)];
}

/**
 * The member's items as their form asks them (`askedAs`): what the member's uploads are checked
 * against. No form question asks for a document outside the checklist.
 */
function formChecklistItems(
  app: ChecklistSnapshot,
  definition: FormDefinition | null,
  member: Pick<MemberRow, 'id' | 'kind' | 'fullName' | 'dateOfBirth' | 'answers'>,
  requests: readonly DocumentRequest[],
): ChecklistItem[] {
  const items = memberItems(app, member, requests);
  if (!definition) return items;
  const questions = uploadQuestionsOf(definition, member);
  return items.map((item) => askedAs(item, questions.get(item.id)));
}

/** The member's items as the order's payment leaves them: what our team prepares is due once paid (`dueWhen`). */
function dueChecklistItems(
  app: ChecklistSnapshot,
  member: Pick<MemberRow, 'id' | 'kind' | 'fullName' | 'dateOfBirth' | 'answers'>,
  requests: readonly DocumentRequest[],
  paid: boolean,
  definition: FormDefinition | null = null,
): ChecklistItem[] {
  return formChecklistItems(app, definition, member, requests).map((item) => dueWhen(paid, item));
}

/** Each member's required documents our team prepares once the order is paid (`preparedByUs`), in member order. */
function preparedOncePaid(app: ChecklistSnapshot, members: readonly MemberRow[]): MissingDocuments[] {
  return members.flatMap((member): MissingDocuments[] => {
    const items = memberChecklistItems(app, member).filter((item) => item.preparedByUs && item.required);
    if (items.length === 0) return [];
    return [{ memberId: member.id, fullName: member.fullName, items: items.map(({ id, label }) => ({ id, label })) }];
  });
}

/**
 * Whether the member's checklist asks for a photo the SevaPhotos engine fits to a passport-style
 * size (not a signature): what Photo Enhancement's editor works on (ADDON_DETAILS.needsFittedPhoto).
 */
export function asksForFittedPhoto(
  app: ChecklistSnapshot,
  member: Pick<MemberRow, 'kind' | 'fullName' | 'dateOfBirth' | 'answers'>,
): boolean {
  return memberChecklistItems(app, member).some((item) => fittedPhotoSize(app.serviceSlug, item.id)?.kind === 'photo');
}

/**
 * Each member's items still needed (src/domain/applications/documents.ts itemsStillNeeded: required
 * ones without a file among `uploaded`, the order's live customer files, and ones our team asked for
 * again), in member order.
 */
export function missingDocumentsOf(
  app: ChecklistSnapshot,
  members: readonly MemberRow[],
  uploaded: readonly DocumentRow[],
  requests: readonly DocumentRequest[],
  paid: boolean,
): MissingDocuments[] {
  return members.flatMap((member): MissingDocuments[] => {
    const uploads = uploaded.flatMap((d) =>
      d.memberId === member.id ? [{ itemId: d.itemId, uploadedAt: d.createdAt.toISOString() }] : [],
    );
    const missing = itemsStillNeeded(dueChecklistItems(app, member, requests, paid), member.id, uploads, requests);
    if (missing.length === 0) return [];
    const items = missing.map(({ id, label, requested }) => ({
      id,
      label,
      ...(requested ? { requested: true as const } : {}),
    }));
    return [{ memberId: member.id, fullName: member.fullName, items }];
  });
}

/**
 * The members whose proof of address (its postal code, as given) resolves to another mission than
 * the order's: each holds the application back with why (issue 32 §1, decision
 * 0118-proof-of-address-mission).
 */
export function proofConflictsOf(
  app: Pick<ApplicationRow, 'mission'>,
  uploaded: readonly DocumentRow[],
): { memberId: number; message: string }[] {
  return uploaded.flatMap((d) => {
    if (d.itemId !== PROOF_OF_ADDRESS_ITEM || d.memberId === null || d.direction !== 'from-customer') return [];
    const message = proofConflict(app.mission, d.proofAddress);
    return message ? [{ memberId: d.memberId, message }] : [];
  });
}

function toView(row: DocumentRow, orderDisplayId: string): DocumentView {
  return {
    id: row.id,
    memberId: row.memberId,
    itemId: row.itemId,
    direction: row.direction,
    name: row.displayName,
    type: row.contentType,
    size: row.sizeBytes,
    uploadedBy: row.uploadedBy,
    uploadedAt: row.createdAt.toISOString(),
    links: documentLinks(orderDisplayId, row.id),
    ...(row.report ? { report: row.report } : {}),
    ...(row.proofAddress ? { proofAddress: row.proofAddress } : {}),
    ...(row.pages ? { pages: row.pages } : {}),
  };
}

function toMemberChecklist(
  { order, app, definition }: ChecklistOf,
  member: MemberRow,
  documents: readonly DocumentRow[],
  requests: readonly DocumentRequest[],
): MemberChecklist {
  const mine = documents
    .filter((d) => d.memberId === member.id && d.direction === 'from-customer')
    .map((d) => toView(d, order.displayId));
  const status = checklistStatus(
    dueChecklistItems(app, member, requests, isPaidStatus(order.status), definition),
    member.id,
    mine,
    requests,
  );
  const conflict = proofConflictsOf(
    app,
    documents.filter((d) => d.memberId === member.id),
  )[0]?.message;
  const proofCountry = proofCountryOf(app.mission, app.choices.applyingFrom);
  // The code of the address the member gave in the form's address step: not typed again.
  const proofPostalCode = proofPostalCodeOf(member.answers, proofCountry);
  const items = status.items.map(
    (item): ChecklistItemStatus => ({
      id: item.id,
      label: item.label,
      ...(item.hint ? { hint: item.hint } : {}),
      required: item.required,
      ...(item.preparedByUs ? { preparedByUs: true } : {}),
      ...(item.preparedByUs && canUsePrintPack(order.status)
        ? { printPack: printPackHref(order.displayId, member.id) }
        : {}),
      accept: { types: [...item.accept.types], maxBytes: item.accept.maxBytes },
      uploaded: item.uploaded,
      documents: item.documents,
      ...(item.requested ? { requested: item.requested } : {}),
      ...(conflict && item.id === PROOF_OF_ADDRESS_ITEM ? { conflict } : {}),
      ...(proofCountry && item.id === PROOF_OF_ADDRESS_ITEM ? { proofCountry } : {}),
      ...(proofPostalCode && item.id === PROOF_OF_ADDRESS_ITEM ? { proofPostalCode } : {}),
    }),
  );
  return {
    memberId: member.id,
    fullName: member.fullName,
    kind: member.kind,
    items,
    otherDocuments: status.otherDocuments,
    // The completeness rule's: every required file in, nothing our team asked for again still open, no conflict.
    complete: status.complete && items.every((item) => !item.conflict),
  };
}

/** The upload type a stored file counts as, for a checklist item's accepted types. */
const UPLOAD_TYPE_OF: Record<StoredFileType, UploadType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The order's members with their live uploads, as documentOffers takes them. */
function membersWithFiles(members: readonly MemberRow[], documents: readonly DocumentRow[]): MemberFiles[] {
  return members.map((m) => ({
    id: m.id,
    fullName: m.fullName,
    kind: m.kind,
    relationship: m.relationship,
    documents: documents.filter((d) => d.memberId === m.id).map((d) => ({ id: d.id, itemId: d.itemId })),
    // Who signs a child's consent alone, and which parent is which: the signer's papers follow them.
    answers: m.answers,
  }));
}

const orderNotFound = () => formFailure(404, A.orderNotFound);
const documentNotFound = () => formFailure(404, D.notFound);

/** An assembled document's name: the first page's, as a PDF ("passport.jpg" → "passport.pdf"). */
export function pdfFileName(name: string): string {
  return `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.pdf`;
}

/**
 * An application's documents (docs/decisions/0050): each member's checklist ticked off by the
 * customer's uploads, uploading (one file per item; a new one replaces the old), deleting, the
 * order's list with the documents staff sent back, and reading a file. Every call by a customer
 * reads the order through `findOwned`: another customer's order, member or document is a 404 like
 * an unknown one. Files are deleted from storage only after the change that drops them commits.
 */
export function createDocumentsService(db: Database, deps: DocumentsServiceDeps) {
  const { orders, storage, completion, forms, fitPhoto, resolveMission, log } = deps;
  const repository = createDocumentsRepository(db);
  const applications = createApplicationsRepository(db);

  /** The customer's service order with what it was started with, its form and its members, or null. */
  async function ownedApplication(customerId: number, ref: OrderRef) {
    const order = await orders.findOwned(customerId, ref, 'service');
    if (!order) return null;
    const [app, members] = await Promise.all([
      applications.findApplication(order.id),
      applications.listMembers(order.id),
    ]);
    if (!app) throw new Error(`service order ${order.displayId} has no application row`);
    const definition = (await forms.orderForm(app))?.definition ?? null;
    return { order, app, definition, members };
  }
  type OwnedApplication = NonNullable<Awaited<ReturnType<typeof ownedApplication>>>;

  /**
   * The customer's order, the member and the checklist item a file is for, while documents may
   * change: checked before an upload's body is read. 404 for another's order, a member or an item
   * not there; 409 once documents are closed.
   */
  async function itemOpenToChange(customerId: number, ref: OrderRef, memberId: number, itemId: string) {
    const found = await ownedApplication(customerId, ref);
    if (!found) return orderNotFound();
    return openItemIn(found, memberId, itemId);
  }

  /** itemOpenToChange for an order already found. */
  async function openItemIn(found: OwnedApplication, memberId: number, itemId: string) {
    const member = found.members.find((m) => m.id === memberId);
    if (!member) return formFailure(404, M.notFound);
    const requests = await repository.listRequests(found.order.id);
    const item = formChecklistItems(found.app, found.definition, member, requests).find((i) => i.id === itemId);
    if (!item) return formFailure(404, D.itemNotFound);
    if (!canChangeDocuments(found.order.status)) return formFailure(409, D.locked);
    return { ok: true as const, value: { found, member, item } };
  }

  /** A stored file no row refers to (a refused or failed change): removed now, or left logged. */
  async function removeUnrecorded(storageKey: string) {
    try {
      await storage.delete(storageKey);
    } catch (error) {
      log?.error({ err: error, storageKey }, 'could not remove the file of an upload that was not recorded');
    }
  }

  /** Removes the bytes of deleted documents; one that fails stays listed for the next start-up. */
  async function removeFiles(files: readonly UnremovedFile[]): Promise<number> {
    let removed = 0;
    for (const file of files) {
      try {
        await storage.delete(file.storageKey);
        await repository.clearStorageKey(file.id);
        removed += 1;
      } catch (error) {
        log?.error({ err: error, documentId: file.id }, 'could not remove a deleted document’s file');
      }
    }
    return removed;
  }

  /** Records an upload that `receive` already stored, in `change`'s transaction; the file goes if it fails. */
  async function record<T>(file: AcceptedUpload, change: (tx: Database) => Promise<FormResult<T>>) {
    let result: FormResult<T>;
    try {
      result = await db.transaction(change);
    } catch (error) {
      await removeUnrecorded(file.storageKey);
      throw error;
    }
    if (!result.ok) await removeUnrecorded(file.storageKey);
    return result;
  }

  async function memberChecklistOf(found: ChecklistOf, member: MemberRow) {
    const [documents, requests] = await Promise.all([
      repository.listLive(found.order.id, 'from-customer'),
      repository.listRequests(found.order.id),
    ]);
    return toMemberChecklist(found, member, documents, requests);
  }

  const fileOf = (file: AcceptedUpload) => ({
    storageKey: file.storageKey,
    displayName: file.displayName,
    contentType: file.type,
    sizeBytes: file.size,
    sha256: file.sha256,
  });

  /** The order's live files that fail a rule or repeat another member's (photosToRedoOf), read once. */
  async function checkedFilesToRedo(
    orderId: number,
    app: ChecklistSnapshot,
    members: readonly MemberRow[],
    definition: FormDefinition | null,
  ): Promise<PhotoToRedo[]> {
    return photosToRedoOf(app, members, await repository.listLive(orderId, 'from-customer'), definition);
  }

  /** A stored document as a page is added to it or taken out: its bytes read whole, its PDF's title. */
  async function pagedDocumentOf(current: DocumentRow): Promise<PagedDocument | null> {
    const opened = current.storageKey ? await storage.get(current.storageKey) : null;
    if (!opened) return null;
    const bytes = Buffer.concat(await opened.stream.toArray());
    return { bytes, contentType: current.contentType, title: pdfFileName(current.displayName) };
  }

  /**
   * Keeps a PDF assembled from `current` (a page added or taken out) as the item's file in its
   * place, named as a PDF and with its proof of address's code, unless another change reached the
   * item meanwhile (store's `replacing`).
   */
  async function storeAssembled(
    customerId: number,
    found: ChecklistOf,
    member: MemberRow,
    itemId: string,
    current: DocumentRow,
    { pdf, pages }: { pdf: Buffer; pages: number },
  ) {
    const stored = await storage.put(Readable.from([pdf]), { contentType: 'application/pdf' });
    const file: AcceptedUpload = {
      storageKey: stored.key,
      displayName: pdfFileName(current.displayName),
      type: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
    };
    return store(customerId, found, member, itemId, file, {
      proofAddress: current.proofAddress ?? undefined,
      pages,
      replacing: current.id,
    });
  }

  /**
   * Records `file` (already in storage) as the member's document for the item, with the order
   * locked, so concurrent uploads for one item take turns and the last one stays; the file it
   * replaces is removed after commit. When the member's form asks the item as an upload question
   * (the photo, the signature), the answer refers to the new file in the same transaction, before
   * the order's status follows: an upload that completes the order has its answer in
   * (docs/decisions/0103-issue-30-gaps.md), and the answer never points at a replaced file. Writing
   * the answer moves `answersSavedAt`, which the result carries: a form open elsewhere, built on the
   * answers before, is refused its next save (changedElsewhere) instead of putting the old file back;
   * the uploading form builds its next save on the new one.
   */
  async function store(
    customerId: number,
    found: ChecklistOf,
    member: MemberRow,
    itemId: string,
    file: AcceptedUpload,
    /**
     * What the file's checks found: its photo report; a proof of address's code, for a file used
     * again or given a page; the pages of a PDF we assembled. `replacing`: the document a page was
     * added to, which must still be the item's file (the lock makes the check and the change one).
     */
    {
      report,
      proofAddress,
      pages,
      replacing,
    }: {
      report?: ComplianceReport | undefined;
      proofAddress?: ProofAddress | undefined;
      pages?: number | undefined;
      replacing?: number | undefined;
    } = {},
  ): Promise<FormResult<StoredDocument>> {
    const result = await record(file, async (tx) => {
      const order = await orders.lockOrder(tx, found.order.id);
      if (!order) return orderNotFound();
      if (!canChangeDocuments(order.status)) return formFailure(409, D.locked);
      // A member removed while the file was being received.
      const applications = createApplicationsRepository(tx);
      const current = (await applications.listMembers(order.id)).find((m) => m.id === member.id);
      if (!current) return formFailure(404, M.notFound);
      const documents = createDocumentsRepository(tx);
      // A document outside the checklist whose requests staff withdrew while the file was being
      // received (decision 0188): no longer the member's item, so the file is not kept.
      if (isOtherDocumentId(itemId)) {
        const standing = otherDocumentItems(await documents.listRequests(order.id), member.id);
        if (!standing.some((item) => item.id === itemId)) return formFailure(404, D.itemNotFound);
      }
      if (replacing !== undefined && (await documents.findLiveItem(member.id, itemId))?.id !== replacing) {
        return formFailure(409, PG.changedMeanwhile);
      }
      const replaced = await documents.markItemDeleted(member.id, itemId);
      const row = await documents.insert({
        orderId: order.id,
        memberId: member.id,
        itemId,
        direction: 'from-customer',
        ...fileOf(file),
        ...(report ? { report } : {}),
        ...(proofAddress ? { proofAddress } : {}),
        ...(pages ? { pages } : {}),
        uploadedBy: 'customer',
        uploadedByUserId: customerId,
      });
      const answers = found.definition ? answersWithDocument(found.definition, current, row) : null;
      const answered = answers
        ? await applications.updateMember(order.id, member.id, { answers, answersSavedAt: new Date() })
        : null;
      await completion.sync(tx, order.id);
      return { ok: true, value: { row, replaced, answersSavedAt: answered?.answersSavedAt ?? null } };
    });
    if (!result.ok) return result;
    const { row, replaced, answersSavedAt } = result.value;
    await removeFiles(replaced);
    return {
      ok: true,
      value: {
        document: toView(row, found.order.displayId),
        checklist: await memberChecklistOf(found, member),
        replaced: replaced.length > 0,
        ...(answersSavedAt ? { answersSavedAt: answersSavedAt.toISOString() } : {}),
      },
    };
  }

  return {
    /** Every member's checklist, in member order, ticked off by what is uploaded. */
    async orderChecklist(customerId: number, ref: OrderRef): Promise<FormResult<OrderChecklist>> {
      const found = await ownedApplication(customerId, ref);
      if (!found) return orderNotFound();
      const { order, members } = found;
      const [documents, requests] = await Promise.all([
        repository.listLive(order.id, 'from-customer'),
        repository.listRequests(order.id),
      ]);
      const checklists = members.map((member) => toMemberChecklist(found, member, documents, requests));
      return {
        ok: true,
        value: {
          canChangeDocuments: canChangeDocuments(order.status),
          complete: checklists.every((c) => c.complete),
          members: checklists,
        },
      };
    },

    /** One member's checklist. */
    async memberChecklist(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<MemberChecklist>> {
      const found = await ownedApplication(customerId, ref);
      if (!found) return orderNotFound();
      const member = found.members.find((m) => m.id === memberId);
      if (!member) return formFailure(404, M.notFound);
      return { ok: true, value: await memberChecklistOf(found, member) };
    },

    /**
     * Uploads a member's file for a checklist item. Ownership, the member, the item and the order's
     * status are checked before the body is read; `receive` then stores the file (or refuses it and
     * stores nothing). The order is locked while the row is written, so concurrent uploads for one
     * item take turns and the last one stays; the file it replaces is removed after commit. A
     * photo, signature or thumb impression the portal takes at a fixed size is stored fitted to
     * it (fittedPhotoSize), and the engine's report comes back with it; the customer's own file
     * is not kept.
     */
    async upload(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      itemId: string,
      receive: ReceiveFile,
    ): Promise<FormResult<StoredDocument & { report?: ComplianceReport }>> {
      const open = await itemOpenToChange(customerId, ref, memberId, itemId);
      if (!open.ok) return open;
      const { found, member, item } = open.value;

      const size = fittedPhotoSize(found.app.serviceSlug, itemId);
      let report: ComplianceReport | undefined;
      const file = await receive(
        item.accept,
        size
          ? async (image) => {
              const fitted = await fitPhoto(image.data, size, { mark: fittedPhotoMark(itemId) });
              report = fitted.report;
              return fitted.image;
            }
          : undefined,
      );
      const stored = await store(customerId, found, member, itemId, file, { report });
      return stored.ok && report ? { ok: true, value: { ...stored.value, report } } : stored;
    },

    /**
     * Uses another member's upload for one of this member's checklist items ("Use Priya's passport
     * copy", docs/decisions/0096-household-prefill.md): only a file of the same order that
     * documentOffers offers for the item, in a type the item takes. The bytes are copied to a new
     * stored file, so each member's document stays whole when the other one's is replaced or deleted.
     */
    async reuse(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      itemId: string,
      documentId: number,
    ): Promise<FormResult<StoredDocument>> {
      const open = await itemOpenToChange(customerId, ref, memberId, itemId);
      if (!open.ok) return open;
      const { found, member, item } = open.value;
      const documents = await repository.listLive(found.order.id, 'from-customer');
      const everyone = membersWithFiles(found.members, documents);
      const self = everyone.find((m) => m.id === memberId) as MemberFiles;
      const offered = documentOffers(self, everyone, [itemId]).some((o) => o.documentId === documentId);
      const source = documents.find((d) => d.id === documentId);
      if (!offered || !source?.storageKey || !item.accept.types.includes(UPLOAD_TYPE_OF[source.contentType])) {
        return documentNotFound();
      }
      const opened = await storage.get(source.storageKey);
      if (!opened) return documentNotFound();
      const stored = await storage.put(opened.stream, {
        contentType: source.contentType,
        maxBytes: item.accept.maxBytes,
      });
      const file: AcceptedUpload = {
        storageKey: stored.key,
        displayName: source.displayName,
        type: stored.contentType,
        size: stored.size,
        sha256: stored.sha256,
      };
      // The same proof of address is the same code: it is not asked again for each member.
      return store(customerId, found, member, itemId, file, {
        report: source.report ?? undefined,
        proofAddress: source.proofAddress ?? undefined,
        pages: source.pages ?? undefined,
      });
    },

    /**
     * Adds a photo of the next page to the item's file (decision 0196): a photo becomes a PDF of
     * both pages, a PDF assembled here gains one; the customer's own PDF is not opened. Checked like
     * an upload before the body is read (ownership, member, item, status), and the file must take
     * a page (pageRefusal; not a photo fitted to a portal's size, which is one image). The new
     * PDF replaces the file, unless another change reached the item meanwhile.
     */
    async addPage(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      itemId: string,
      receivePage: ReceivePage,
    ): Promise<FormResult<StoredDocument>> {
      const open = await itemOpenToChange(customerId, ref, memberId, itemId);
      if (!open.ok) return open;
      const { found, member, item } = open.value;
      const current = await repository.findLiveItem(memberId, itemId);
      if (!current?.storageKey) return formFailure(409, PG.noFirstPage);
      const refused = fittedPhotoSize(found.app.serviceSlug, itemId)
        ? PG.notThisFile
        : pageRefusal({ type: current.contentType, pages: current.pages ?? undefined });
      if (refused) return formFailure(409, refused);

      const page = await receivePage(pageUploadRule(item.accept));
      const document = await pagedDocumentOf(current);
      if (!document) return documentNotFound();
      const assembled = await withPageAdded(document, page);
      if (assembled.pdf.length > item.accept.maxBytes) {
        return formFailure(413, PG.tooLarge(item.accept.maxBytes / MEGABYTE));
      }
      return storeAssembled(customerId, found, member, itemId, current, assembled);
    },

    /**
     * Takes page `page` (from 1) out of a file whose pages were added here (decision 0197): a
     * wrong or blurred page need not mean photographing every page again. Checked like a change
     * of the item (ownership, member, item, status); the customer's own PDF is never opened, and
     * the last page is removed with Delete. The new PDF replaces the file, unless another change
     * reached the item meanwhile.
     */
    async removePage(
      customerId: number,
      ref: OrderRef,
      documentId: number,
      page: number,
    ): Promise<FormResult<StoredDocument>> {
      const found = await ownedApplication(customerId, ref);
      if (!found) return orderNotFound();
      const current = await repository.findLive(found.order.id, documentId);
      if (!current?.storageKey || current.memberId === null || current.itemId === null) return documentNotFound();
      if (current.direction === 'to-customer') return formFailure(403, D.returnedNotRemovable);
      const open = await openItemIn(found, current.memberId, current.itemId);
      if (!open.ok) return open;
      const refused = pageRemovalRefusal({ type: current.contentType, pages: current.pages ?? undefined }, page);
      if (refused) return formFailure(refused.kind === 'noSuchPage' ? 404 : 409, refused.message);

      const document = await pagedDocumentOf(current);
      if (!document) return documentNotFound();
      const assembled = await withPageRemoved(document, page);
      return storeAssembled(customerId, found, open.value.member, current.itemId, current, assembled);
    },

    /** Deletes one of the customer's uploads while documents may change; answers the member's checklist. */
    async remove(customerId: number, ref: OrderRef, documentId: number): Promise<FormResult<MemberChecklist | null>> {
      const found = await ownedApplication(customerId, ref);
      if (!found) return orderNotFound();
      const document = await repository.findLive(found.order.id, documentId);
      if (!document) return documentNotFound();
      if (document.direction === 'to-customer') return formFailure(403, D.returnedNotRemovable);
      if (!canChangeDocuments(found.order.status)) return formFailure(409, D.locked);

      const result = await db.transaction(async (tx): Promise<FormResult<UnremovedFile[]>> => {
        const order = await orders.lockOrder(tx, found.order.id);
        if (!order) return orderNotFound();
        if (!canChangeDocuments(order.status)) return formFailure(409, D.locked);
        const files = await createDocumentsRepository(tx).markDeleted(order.id, documentId);
        // Deleted (or replaced) by a concurrent request.
        if (files.length === 0) return documentNotFound();
        await completion.sync(tx, order.id);
        return { ok: true, value: files };
      });
      if (!result.ok) return result;
      await removeFiles(result.value);
      const member = found.members.find((m) => m.id === document.memberId);
      return { ok: true, value: member ? await memberChecklistOf(found, member) : null };
    },

    /**
     * The order's documents, oldest first: the customer's uploads (`from-customer`) and the
     * documents staff sent back (`to-customer`), or one of them.
     */
    async list(
      customerId: number,
      ref: OrderRef,
      { direction, page, limit }: Pagination & { direction?: DocumentDirection },
    ): Promise<FormResult<ListData<DocumentView>>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const [rows, totalCount] = await Promise.all([
        repository.listLive(order.id, direction, { offset: (page - 1) * limit, limit }),
        repository.countLive(order.id, direction),
      ]);
      return { ok: true, value: { results: rows.map((r) => toView(r, order.displayId)), totalCount, page, limit } };
    },

    /** A document's file for its owner to download or preview (serveFile streams it). */
    async openFile(customerId: number, ref: OrderRef, documentId: number): Promise<FormResult<ServableFile>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const document = await repository.findLive(order.id, documentId);
      if (!document?.storageKey) return documentNotFound();
      return { ok: true, value: { storageKey: document.storageKey, displayName: document.displayName } };
    },

    /**
     * A document staff send back to the customer (a receipt, the approved document; SPEC.md §7
     * /user-order/documents/), for the whole order or one member. `file` is already in storage
     * (the back office's upload goes through `acceptUpload` like the customer's); it is removed
     * again when the order is not a service order or the member is not its own. Staff may send
     * documents in any status; the customer cannot delete them.
     */
    async addStaffDocument(
      orderId: number,
      file: AcceptedUpload,
      staffUserId: number,
      {
        memberId = null,
        onRecorded,
      }: {
        memberId?: number | null;
        /**
         * Runs in the upload's transaction once the row is in (the back office's audit entry and the
         * customer's notice), with the order as its lock found it: an erasure may have committed
         * while the file was on its way.
         */
        onRecorded?: (tx: Database, document: DocumentView, order: Order) => Promise<void>;
      } = {},
    ): Promise<FormResult<DocumentView>> {
      return record(file, async (tx) => {
        const order = await orders.lockOrder(tx, orderId);
        if (order?.kind !== 'service') return orderNotFound();
        // Under the order's lock, which the retention sweep takes too: it cannot finish meanwhile.
        if (await orders.filesErased(order.id, tx)) return formFailure(409, RETENTION_MESSAGES.noMoreFiles);
        if (memberId !== null) {
          const members = await createApplicationsRepository(tx).listMembers(order.id);
          if (!members.some((m) => m.id === memberId)) return formFailure(404, M.notFound);
        }
        const row = await createDocumentsRepository(tx).insert({
          orderId: order.id,
          memberId,
          itemId: null,
          direction: 'to-customer',
          ...fileOf(file),
          uploadedBy: 'staff',
          uploadedByUserId: staffUserId,
        });
        const document = toView(row, order.displayId);
        await onRecorded?.(tx, document, order);
        return { ok: true, value: document };
      });
    },

    /**
     * Records staff's request for a member's checklist item again, or for a document outside the
     * checklist staff name (`document.label`: the member's checklist gains it, under a new
     * `other-…` id; decision 0186), with a note for the customer, in `tx` (the back office's
     * transaction, with its status change and audit entry). The member's checklist shows the item
     * as requested until the customer uploads a file for it.
     */
    async requestDocument(
      tx: Database,
      orderId: number,
      {
        memberId,
        document: asked,
        note,
      }: { memberId: number; document: { itemId: string } | { label: string }; note: string },
      staffUserId: number,
    ): Promise<FormResult<{ requestId: number; itemId: string; itemLabel: string; document: string; again: boolean }>> {
      const applications = createApplicationsRepository(tx);
      const app = await applications.findApplication(orderId);
      if (!app) return orderNotFound();
      const member = (await applications.listMembers(orderId)).find((m) => m.id === memberId);
      if (!member) return formFailure(404, M.notFound);
      const documents = createDocumentsRepository(tx);
      const requests = await documents.listRequests(orderId);
      let item: Pick<ChecklistItem, 'id' | 'label'>;
      if ('label' in asked) {
        // Random, not counted: an id says nothing of how many others were asked. One already used
        // in the order (one in four billion) is drawn again, so an id names one member's item.
        const taken = new Set(requests.map((r) => r.itemId));
        let id: string;
        do id = otherDocumentId(randomBytes(4).toString('hex'));
        while (taken.has(id));
        item = { id, label: asked.label };
      } else {
        const found = memberItems(app, member, requests).find((i) => i.id === asked.itemId);
        if (!found) return formFailure(404, D.itemNotFound);
        item = found;
      }
      const other = isOtherDocumentId(item.id);
      // Asked "again" only for a file the customer had sent; a document never sent is asked for.
      const again = (await documents.listLive(orderId, 'from-customer')).some(
        (d) => d.memberId === memberId && d.itemId === item.id,
      );
      const request = await documents.insertRequest({
        orderId,
        memberId,
        itemId: item.id,
        // Each request outside the checklist keeps its name, asked again too: the row says what was asked.
        itemLabel: other ? item.label : null,
        note,
        requestedByUserId: staffUserId,
      });
      return {
        ok: true,
        value: {
          requestId: request.id,
          itemId: item.id,
          itemLabel: item.label,
          document: staffRequestWords(member, item),
          again,
        },
      };
    },

    /**
     * The order's requests for the desk (decision 0188), oldest first, withdrawn ones too: each
     * one's row id (what a withdrawal names), member, item, the name staff gave a document outside
     * the checklist, and when it was withdrawn (null while it stands).
     */
    /** The order's document requests, oldest first; in `on` (a status listener's transaction). */
    async requestsOf(orderId: number, on: Database = db): Promise<DeskRequestRow[]> {
      return (await createDocumentsRepository(on).listRequests(orderId)).map((r) => ({
        id: r.id,
        memberId: r.memberId,
        itemId: r.itemId,
        itemLabel: r.itemLabel,
        note: r.note,
        requestedByUserId: r.requestedByUserId,
        createdAt: r.createdAt,
        withdrawnAt: r.withdrawnAt,
      }));
    },

    /**
     * Withdraws staff's request for a document, in `tx` (the back office's transaction, with the order
     * locked, its notice, e-mail and audit entry). The request must be the order's (404 otherwise),
     * still standing and unanswered (no file of the customer's for the item since), and the order In
     * review or Forms incomplete (409 otherwise). Two cases:
     * - the customer had sent a file for the item before (a request for a new one, decision 0192):
     *   the item's requests no file has answered are withdrawn, and the file sent stays, as what the
     *   item has (`again`);
     * - they had not (decision 0188): a document outside the checklist leaves it with every request
     *   for it; a checklist item's request is refused (409), since the checklist asks for it anyway.
     * An order then complete moves on as a customer's last upload moves it (`completion.sync`).
     */
    async withdrawRequest(
      tx: Database,
      order: Pick<Order, 'id' | 'status'>,
      requestId: number,
      staffUserId: number,
    ): Promise<FormResult<WithdrawnRequest>> {
      const documents = createDocumentsRepository(tx);
      const requests = await documents.listRequests(order.id);
      const request = requests.find((r) => r.id === requestId);
      if (!request) return formFailure(404, W.notFound);
      if (!requestStands(request)) return formFailure(409, W.alreadyWithdrawn);
      if (!documentRequestsOpen(order.status)) return formFailure(409, W.notOpen(order.status));
      const applications = createApplicationsRepository(tx);
      const member = (await applications.listMembers(order.id)).find((m) => m.id === request.memberId);
      // The request goes with its member (cascade): a row without one is not this order's any more.
      if (!member) return formFailure(404, W.notFound);
      const files = (await documents.listLive(order.id, 'from-customer')).filter(
        (d) => d.memberId === member.id && d.itemId === request.itemId,
      );
      const latestFile = files.reduce<Date | undefined>((a, d) => (!a || d.createdAt > a ? d.createdAt : a), undefined);
      // A file sent after the request answered it: what came stays, and so does the request.
      if (latestFile && latestFile > request.createdAt) return formFailure(409, W.fileIn);
      const other = isOtherDocumentId(request.itemId);
      if (!latestFile && !other) return formFailure(409, W.neededAnyway);
      const app = await applications.findApplication(order.id);
      if (!app) return formFailure(404, W.notFound);
      const item = memberItems(app, member, requests).find((i) => i.id === request.itemId);
      if (!item) return formFailure(404, W.notFound);
      const requestIds = await documents.withdrawRequests(order.id, member.id, item.id, staffUserId, latestFile);
      const movedTo = await completion.sync(tx, order.id);
      return {
        ok: true,
        value: {
          requestIds,
          memberId: member.id,
          itemId: item.id,
          itemLabel: item.label,
          document: staffRequestWords(member, item),
          again: latestFile !== undefined,
          status: movedTo ?? order.status,
        },
      };
    },

    /**
     * What the order page and checkout say is left, while the order's status lets documents
     * change (nothing once it does not): each member's required documents not uploaded yet, the
     * proofs of address from another mission's area, and the files in that fail SevaPhotos' rules.
     * Those files are still named while the order waits for our team (Order pending): the last
     * upload moves it there, and the customer who read "Worth replacing" a moment before is told
     * our team checks them (walk F saw the list vanish).
     */
    async gaps(
      order: Order,
      app: ChecklistSnapshot,
      members: readonly MemberRow[],
      definition: FormDefinition | null,
    ): Promise<OrderGaps> {
      if (!canChangeDocuments(order.status)) {
        const waiting = order.status === 'Order pending';
        return {
          missingDocuments: [],
          preparedAfterPayment: [],
          proofConflicts: [],
          photosToRedo: waiting ? await checkedFilesToRedo(order.id, app, members, definition) : [],
        };
      }
      const [uploaded, requests] = await Promise.all([
        repository.listLive(order.id, 'from-customer'),
        repository.listRequests(order.id),
      ]);
      const paid = isPaidStatus(order.status);
      return {
        missingDocuments: missingDocumentsOf(app, members, uploaded, requests, paid),
        preparedAfterPayment: paid ? [] : preparedOncePaid(app, members),
        proofConflicts: proofConflictsOf(app, uploaded),
        photosToRedo: photosToRedoOf(app, members, uploaded, definition),
      };
    },

    /**
     * The members' photos and signatures that fail a rule or repeat another member's file, whatever
     * the order's status: the desk's, where staff decide whether to ask for a new one.
     */
    async photosToCheck(
      orderId: number,
      app: ChecklistSnapshot,
      members: readonly MemberRow[],
      definition: FormDefinition | null,
    ): Promise<PhotoToRedo[]> {
      return checkedFilesToRedo(orderId, app, members, definition);
    },

    /**
     * PUT …/members/{memberId}/documents/address-proof/postal-code: the ZIP or postal code printed on
     * the member's proof of address, stored with the mission it resolves to today (issue 32 §1). A
     * code the table cannot place is refused (422), never guessed; a proof from another mission's
     * area is kept, and holds the application back with why until it is replaced or the address
     * changes. Every member's proof that is the same file (the same bytes) takes the code too.
     * Answers the member's checklist.
     */
    async setProofPostalCode(
      customerId: number,
      ref: OrderRef,
      memberId: number,
      code: { country: AddressCountry; postalCode: string },
      at: Date = new Date(),
    ): Promise<FormResult<MemberChecklist>> {
      const found = await ownedApplication(customerId, ref);
      if (!found) return orderNotFound();
      if (!found.members.some((m) => m.id === memberId)) return formFailure(404, M.notFound);
      // Read outside the order's lock: the table's look-up takes its own turn at the database.
      const mission = await resolveMission(code.country, code.postalCode, at);
      if (!mission)
        return formFailure(422, JURISDICTION_MESSAGES.unknown, { postalCode: JURISDICTION_MESSAGES.unknown });
      const result = await db.transaction(async (tx): Promise<FormResult<null>> => {
        const order = await orders.lockOrder(tx, found.order.id);
        if (!order) return orderNotFound();
        if (!canChangeDocuments(order.status)) return formFailure(409, D.locked);
        const documents = createDocumentsRepository(tx);
        const proofs = (await documents.listLive(order.id, 'from-customer')).filter(
          (d) => d.itemId === PROOF_OF_ADDRESS_ITEM,
        );
        const proof = proofs.find((d) => d.memberId === memberId);
        if (!proof) return formFailure(409, P.uploadFirst);
        // The same file is the same code: the other members using it ("Use Priya’s copy", a copy made
        // before the code was given) are not asked for it again.
        for (const same of proofs.filter((d) => d.sha256 === proof.sha256)) {
          await documents.setProofAddress(same.id, { country: code.country, postalCode: mission.postalCode, mission });
        }
        await completion.sync(tx, order.id);
        return { ok: true, value: null };
      });
      if (!result.ok) return result;
      const member = found.members.find((m) => m.id === memberId) as MemberRow;
      return { ok: true, value: await memberChecklistOf(found, member) };
    },

    /** Marks a member's documents deleted in `tx` (the member is being removed); remove the files after commit. */
    markMemberDocumentsDeleted(tx: Database, orderId: number, memberId: number): Promise<UnremovedFile[]> {
      return createDocumentsRepository(tx).markMemberDeleted(orderId, memberId);
    },

    removeFiles,

    /** The storage keys of the order's files (the order kind's, for the retention sweep). */
    async storedFiles(on: Database, order: Pick<Order, 'id'>): Promise<string[]> {
      return (await createDocumentsRepository(on).storedFiles(order.id)).map((f) => f.storageKey);
    },

    /**
     * The retention sweep (the order kind's eraseFiles, issue 34 §4): every file of the order,
     * uploaded or sent by staff, removed from storage (unless in `removed`, gone already), then its
     * row marked deleted without a key in `on`'s transaction. A removal that fails throws: the
     * sweep's transaction rolls back and the next run tries the order again (what went already is
     * no error then).
     */
    async eraseFiles(on: Database, order: Pick<Order, 'id'>, removed?: ReadonlySet<string>): Promise<number> {
      const repository = createDocumentsRepository(on);
      const files = await repository.storedFiles(order.id);
      for (const file of files) if (!removed?.has(file.storageKey)) await storage.delete(file.storageKey);
      await repository.markErased(files.map((f) => f.id));
      return files.length;
    },

    /**
     * Finishes removals a crash cut short: the bytes of deleted documents still in storage. Run at
     * start-up; answers how many files it removed.
     */
    async removeLeftoverFiles(batch = 100): Promise<number> {
      let removed = 0;
      for (;;) {
        const files = await repository.listUnremoved(batch);
        const done = await removeFiles(files);
        removed += done;
        // Nothing left, or storage refuses (logged): try again at the next start.
        if (files.length < batch || done < files.length) return removed;
      }
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
