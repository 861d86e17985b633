import { hasExpedite } from '../../../domain/admin/expedite.ts';
import {
  type AddOrderNote,
  type ChangeOrderStatus,
  type DeskOrder,
  deskDocumentLinks,
  deskPhotoLinks,
  ORDER_DESK_MESSAGES as M,
  type MessageCustomer,
  type OrderNote,
  type OrderQueueQuery,
  PHOTO_ORDERS_FILTER,
  parseDeskOrderRef,
  type QueuedOrder,
  type RequestDocument,
  type ServiceFilterOption,
  slaOf,
} from '../../../domain/admin/orders.ts';
import type { DeskRefund } from '../../../domain/admin/refunds.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import {
  DOCUMENT_REQUEST_MESSAGES,
  type DocumentView,
  documentSlot,
  documentSlotHref,
  type OrderChecklist,
} from '../../../domain/applications/documents.ts';
import { FEES_PAID_MESSAGES, type FeesPaidInput, type FeesPaidRecord } from '../../../domain/applications/fees-paid.ts';
import {
  OTHER_DOCUMENT_MESSAGES,
  DOCUMENT_REQUEST_WITHDRAWAL as WITHDRAWAL,
} from '../../../domain/applications/other-documents.ts';
import {
  type ConfirmedPostingAddress,
  POSTING_ADDRESS_MESSAGES,
  type PostingAddressInput,
} from '../../../domain/applications/posting-address.ts';
import { printPackHref } from '../../../domain/applications/print-pack.ts';
import { BRANDS } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { isErasedCustomerOrder } from '../../../domain/data-rights/schemas.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import {
  canChangeStatus,
  nextStatuses,
  remarkRequired,
  STATUS_MESSAGES,
  type StatusChange,
} from '../../../domain/orders/status.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import { fittedVersionOf, type PhotoOrder, versionedFittedPath } from '../../../domain/photos/orders.ts';
import { PAST_SECOND_LOOK } from '../../../domain/photos/second-look.ts';
import { printsNotOutYet } from '../../../domain/photos/shipment.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { type PortalPdfLimits, portalPdfLimitsOf } from '../../../domain/uploads/portal-pdf.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { ServableFile } from '../../uploads/index.ts';
import type {
  ApplicationsService,
  DocumentsService,
  MemberFormsService,
  PrintPackService,
  ReceiveFile,
} from '../applications/service.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Order, OrdersService, QueuedStaffOrder, StaffView } from '../orders/service.ts';
import type { PhotosService } from '../photos/service.ts';
import type { RefundsService } from '../refunds/service.ts';
import type { UsersService } from '../users/service.ts';
import { deskRefundAnswer } from './desk-refunds.ts';
import {
  DOCUMENT_REQUEST_ACTION,
  DOCUMENT_REQUEST_WITHDRAWN_ACTION,
  deskDocumentRequests,
  documentRequestEntries,
  documentRequestRemark,
} from './document-requests.ts';
import { postingAddressMail, postingAddressNotice } from './posting-address-mail.ts';
import { createAdminOrdersRepository, type OrderNoteRow } from './repository.ts';

export interface AdminOrdersDeps {
  /**
   * Orders, what staff see of each by its kind (service label, SLA promise), what each was charged
   * (the desk's paid lines; issue 28 §3) and its ledger: every attempt, charge and refund, stray
   * ones included.
   */
  orders: Pick<
    OrdersService,
    | 'listForStaff'
    | 'findForStaff'
    | 'lockOrder'
    | 'changeOrderStatus'
    | 'chargedSummary'
    | 'payments'
    | 'refundedInFull'
    | 'refundable'
    | 'returnedCents'
    | 'staffViews'
    | 'siteUrlOf'
  >;
  users: Pick<UsersService, 'idsMatching' | 'contactsByIds'>;
  /**
   * The order's refund request waiting for staff, linked from the desk; and a refund staff start on
   * the desk, made through the refunds module's approval (decision 0187).
   */
  refunds: Pick<RefundsService, 'openRequestOf' | 'unfinishedRequestsOf' | 'decidedRequestsOf' | 'startFromDesk'>;
  applications: Pick<
    ApplicationsService,
    | 'orderIdsOfService'
    | 'orderIdsWithMemberNamed'
    | 'getOrder'
    | 'confirmPostingAddress'
    | 'recordFeesPaid'
    | 'staffRecords'
    | 'serviceSlugOf'
  >;
  memberForms: Pick<MemberFormsService, 'orderForm' | 'memberForm'>;
  /** A member's print pack, as the customer gets it (issue 32 §3). */
  printPacks: Pick<PrintPackService, 'memberPack'>;
  documents: Pick<
    DocumentsService,
    'orderChecklist' | 'list' | 'openFile' | 'addStaffDocument' | 'requestDocument' | 'requestsOf' | 'withdrawRequest'
  >;
  /**
   * Told in the customer's panel: a staff message, a document sent, a document requested while they
   * are already completing the order, and the posting address confirmed.
   */
  notifications: Pick<NotificationsService, 'notify' | 'notifyAboutOrder'>;
  photos: Pick<PhotosService, 'get' | 'openFile' | 'printSheetForStaff'>;
  catalog: Pick<CatalogService, 'listServicesByBrand'>;
  /** Which orders chose an add-on: the queue's Expedite flag and filter. */
  addOns: Pick<CheckoutService, 'orderIdsWithAddOn' | 'withAddOn' | 'chosenAddOns'>;
  /**
   * Every staff action writes its entry in the action's transaction (decision 0067); the desk lists
   * the order's document requests from their entries.
   */
  audit: Pick<AuditLog, 'record' | 'list'>;
  /**
   * A document request and a document staff send are e-mailed to the customer with a link to the
   * slot on the order page (issue 30 §4), queued in the action's transaction.
   */
  mail: Pick<MailOutbox, 'enqueue'>;
  companyName: string;
  now?: () => Date;
}

const notFound = () => formFailure(404, M.notFound);

/** The order's view among its kind's answers (every registered kind describes each of its orders). */
function staffView(views: ReadonlyMap<number, StaffView>, order: Order): StaffView {
  const view = views.get(order.id);
  if (!view) throw new Error(`order ${order.displayId}'s kind did not describe it for staff`);
  return view;
}

/** Unwraps a read the back office makes as the order's owner (it cannot fail for an order that exists). */
function owned<T>(result: FormResult<T>, what: string): T {
  if (!result.ok) throw new Error(`reading ${what} of an existing order failed: ${result.message}`);
  return result.value;
}

/**
 * The back office's orders (issue 13 items 1 and 2, decision 0068): the queue with its SLA
 * clocks, one order as staff work it, and staff's actions on it. Reads of an order's
 * application, answers, checklist, documents and photo items go through the owning modules'
 * customer reads with the order's own customer id, so staff see exactly what the customer sees
 * (and the same formatting); every change writes its audit entry in its own transaction.
 */
// The order answers carry the customer's links, which answer only the customer: staff read each
// file through the desk's own routes.

/** Where the order's service has a portal (portalPdfLimitsOf), each document's Portal PDF is linked too. */
type DeskLinks = { displayId: string; portal: boolean };

function withDeskDocumentLinks({ displayId, portal }: DeskLinks, document: DocumentView): DocumentView {
  return { ...document, links: deskDocumentLinks(displayId, document, { portal }) };
}

function withDeskChecklistLinks(on: DeskLinks, list: OrderChecklist): OrderChecklist {
  const { displayId } = on;
  const desk = (document: DocumentView) => withDeskDocumentLinks(on, document);
  return {
    ...list,
    members: list.members.map((m) => ({
      ...m,
      items: m.items.map((item) => ({
        ...item,
        documents: item.documents.map(desk),
        ...(item.printPack ? { printPack: printPackHref(displayId, m.memberId, 'staff') } : {}),
      })),
      otherDocuments: m.otherDocuments.map(desk),
    })),
  };
}

function withDeskPhotoLinks(displayId: string, photoOrder: PhotoOrder): PhotoOrder {
  return {
    ...photoOrder,
    items: photoOrder.items.map((item) => ({
      ...item,
      photos: item.photos.map((photo) => {
        const desk = deskPhotoLinks(displayId, item.id, photo.id);
        // The customer's version of the fitted image: the desk's link changes when theirs does.
        const version = photo.links.fitted ? fittedVersionOf(photo.links.fitted) : null;
        return {
          ...photo,
          url: desk.original,
          links: {
            original: desk.original,
            fitted: version ? versionedFittedPath(desk.fitted, version) : null,
            printSheet: photo.links.printSheet ? desk.printSheet : null,
          },
        };
      }),
    })),
  };
}

export function createAdminOrdersService(db: Database, deps: AdminOrdersDeps) {
  const now = deps.now ?? (() => new Date());

  const toNote = (r: OrderNoteRow): OrderNote => ({
    id: r.id,
    authorEmail: r.authorEmail,
    body: r.body,
    toCustomer: r.toCustomer,
    createdAt: r.createdAt.toISOString(),
  });

  async function notesOf(orderId: number): Promise<OrderNote[]> {
    return (await createAdminOrdersRepository(db).notesOf(orderId)).map(toNote);
  }

  /** Keeps a note on the order (an internal one, or the message sent the customer), with its audit entry. */
  async function keepNote(tx: Database, actor: StaffActor, order: Order, body: string, toCustomer: boolean) {
    const row = await createAdminOrdersRepository(tx).insertNote({
      orderId: order.id,
      authorId: actor.id,
      authorEmail: actor.email,
      body,
      toCustomer,
    });
    await deps.audit.record(tx, {
      actor,
      action: toCustomer ? 'order.message' : 'order.note',
      subject: { type: 'order', id: order.displayId },
      after: { noteId: row.id },
    });
    return row;
  }

  /** Staff's message to the customer by e-mail: the words as written, and the link to the order page. */
  function messageMail(order: Order, body: string, siteUrl: string) {
    const link = `${siteUrl}${orderPageHref(order.displayId)}`;
    return simpleMail({
      to: order.email,
      subject: `A message from our team about your order ${order.displayId}`,
      heading: `A message about your order ${order.displayId}`,
      intro: body.split(/\n+/),
      details: [['Order', `${order.displayId} (${order.title})`]],
      outro: [`See your order at any time: ${link}`],
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
    });
  }

  /**
   * The customer's e-mail that a document our team asked for is no longer needed (decision 0188: the
   * item's slot is gone), or that the file they sent will do (`again`, decision 0192), with the link
   * to the order page.
   */
  function withdrawnMail(order: Order, { document, again }: { document: string; again: boolean }, siteUrl: string) {
    const link = `${siteUrl}${orderPageHref(order.displayId)}`;
    return simpleMail({
      to: order.email,
      subject: (again ? WITHDRAWAL.againMailSubject : WITHDRAWAL.mailSubject)(order.displayId, document),
      heading: (again ? WITHDRAWAL.againMailHeading : WITHDRAWAL.mailHeading)(document),
      intro: [again ? WITHDRAWAL.againMailIntro : WITHDRAWAL.mailIntro],
      details: [['Order', `${order.displayId} (${order.title})`]],
      outro: [`${WITHDRAWAL.mailLink}: ${link}`],
      signature: `The ${deps.companyName} team`,
    });
  }

  /** The customer's e-mail about their order, with the link to a document slot on the order page. */
  function documentMail(
    order: Order,
    slot: string,
    parts: { subject: string; heading: string; intro: string[]; linkText: string },
    siteUrl: string,
  ) {
    const link = `${siteUrl}${documentSlotHref(order.displayId, slot)}`;
    return simpleMail({
      to: order.email,
      subject: parts.subject,
      heading: parts.heading,
      intro: parts.intro,
      details: [['Order', `${order.displayId} (${order.title})`]],
      outro: [`${parts.linkText}: ${link}`],
      signature: `The ${deps.companyName} team`,
    });
  }

  /**
   * `work` on the service order `orderRef` names, locked in its transaction (the confirmation and the
   * record staff make on an application's file); a photo order answers 409 with `photoOrder`.
   */
  async function onLockedApplication<T>(
    orderRef: string,
    photoOrder: string,
    work: (tx: Database, order: Order) => Promise<FormResult<T>>,
  ): Promise<FormResult<T>> {
    const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
    if (!found) return notFound();
    if (found.order.kind !== 'service') return formFailure(409, photoOrder);
    return db.transaction(async (tx) => {
      const order = await deps.orders.lockOrder(tx, found.order.id);
      return order ? work(tx, order) : notFound();
    });
  }

  /** A document of the service order `orderRef` names (the customer's or staff's), with that order. */
  async function staffDocument(
    orderRef: string,
    documentId: number,
  ): Promise<FormResult<{ orderId: number; file: ServableFile }>> {
    const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
    if (found?.order.kind !== 'service') return notFound();
    const opened = await deps.documents.openFile(found.order.userId, { id: found.order.id }, documentId);
    return opened.ok ? { ok: true, value: { orderId: found.order.id, file: opened.value } } : opened;
  }

  return {
    /**
     * Refunds `input.amountCents` of the order's payment for the customer (decision 0187): the
     * refunds module opens the request as staff's and approves it in one step, so the provider's
     * call, its key, the ledger and the customer's e-mail are an approval's.
     */
    async startRefund(actor: StaffActor, orderRef: string, input: DeskRefund) {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return notFound();
      const { order } = found;
      return deskRefundAnswer(await deps.refunds.startFromDesk(actor, { id: order.id, email: order.email }, input));
    },

    /** The services the queue can be filtered by, and photo orders. */
    async serviceFilters(): Promise<ServiceFilterOption[]> {
      const services = await deps.catalog.listServicesByBrand(BRANDS.docs);
      return [
        ...services.map((s) => ({ value: s.slug, label: s.name })),
        { value: PHOTO_ORDERS_FILTER, label: 'Photo orders (SevaPhotos)' },
      ];
    },

    /**
     * Every customer's orders, filtered, searched, sorted and paged on the server, each with its SLA
     * clock and what was refunded of it.
     */
    async list(query: OrderQueueQuery): Promise<ListData<QueuedOrder>> {
      // Names keep the plain apostrophe (O'Brien); a phone's keyboard types the curly one.
      const q = query.q?.replace(/[\u2018\u2019\u02BC]/g, "'");
      const page = await deps.orders.listForStaff(
        {
          status: query.status,
          kind: query.service === PHOTO_ORDERS_FILTER ? 'photo' : query.service ? 'service' : undefined,
          orderIdIn: [
            ...(query.service && query.service !== PHOTO_ORDERS_FILTER
              ? [deps.applications.orderIdsOfService(query.service)]
              : []),
            ...(query.expedite ? [deps.addOns.orderIdsWithAddOn('Expedite')] : []),
          ],
          createdFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
          createdBefore: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
          search: q
            ? {
                text: q,
                userIdIn: deps.users.idsMatching(q),
                orderIdIn: deps.applications.orderIdsWithMemberNamed(q),
              }
            : undefined,
        },
        { by: query.sort, dir: query.dir },
        query,
      );
      const orders = page.results.map((r) => r.order);
      // The queue's flag, filter and SLA agree: Expedite is the add-on the order chose.
      const expediting = deps.addOns.withAddOn(
        orders.map((o) => o.id),
        'Expedite',
      );
      const [contacts, expedited, views] = await Promise.all([
        deps.users.contactsByIds(orders.map((o) => o.userId)),
        expediting,
        expediting.then((ids) => deps.orders.staffViews(orders, ids)),
      ]);
      const at = now();
      const results = page.results.map(({ order, paidAt, readyAt, refundedCents }: QueuedStaffOrder): QueuedOrder => {
        const view = staffView(views, order);
        const contact = contacts.get(order.userId);
        return {
          id: order.id,
          displayId: order.displayId,
          kind: order.kind,
          title: order.title,
          status: order.status,
          customer: { id: order.userId, name: contact?.name ?? '', email: contact?.email ?? order.email },
          service: view.service,
          totalCents: order.totalCents,
          refundedCents,
          currency: order.currency,
          createdAt: order.createdAt.toISOString(),
          sla: slaOf({ status: order.status, paidAt, readyAt }, view.promise, at),
          expedite: expedited.has(order.id),
        };
      });
      return { ...page, results };
    },

    /**
     * One order as staff work it, or null: customer, SLA, the statuses staff may move it to,
     * internal notes, and the service order's application, answers, checklist and documents or
     * the photo order's items, photos, reports and delivery.
     */
    async get(orderRef: string): Promise<DeskOrder | null> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return null;
      const { order, paidAt, readyAt } = found;
      const ref = { id: order.id };
      const [
        contacts,
        notes,
        charged,
        payments,
        refunded,
        refundedCents,
        openRefund,
        unfinishedRefunds,
        decidedRefunds,
        refundable,
      ] = await Promise.all([
        deps.users.contactsByIds([order.userId]),
        notesOf(order.id),
        deps.orders.chargedSummary(db, order),
        deps.orders.payments(db, order.id),
        deps.orders.refundedInFull(db, order.id),
        deps.orders.returnedCents(db, order.id),
        deps.refunds.openRequestOf(order.id),
        deps.refunds.unfinishedRequestsOf(order.id),
        deps.refunds.decidedRequestsOf(order.id),
        deps.orders.refundable(db, order.id),
      ]);
      const contact = contacts.get(order.userId);
      // The desk's badge and SLA agree: Expedite is a paid line of what the order was charged.
      const expedite = hasExpedite(charged);
      const views = await deps.orders.staffViews([order], new Set(expedite ? [order.id] : []));
      const base = {
        id: order.id,
        displayId: order.displayId,
        kind: order.kind,
        title: order.title,
        status: order.status,
        customer: { id: order.userId, name: contact?.name ?? '', email: contact?.email ?? order.email },
        sla: slaOf({ status: order.status, paidAt, readyAt }, staffView(views, order).promise, now()),
        // Refunded follows a refund of the whole payment (refunds desk), never a choice alone.
        nextStatuses: nextStatuses(order.status, 'staff', order.kind).filter((s) => s !== 'Refunded' || refunded),
        notes,
        expedite,
        charged,
        refundedCents,
        payments,
        openRefund,
        unfinishedRefunds,
        decidedRefunds,
        refundable,
      };
      if (order.kind === 'photo') {
        const photo = withDeskPhotoLinks(
          order.displayId,
          owned(await deps.photos.get(order.userId, ref), 'the photo order'),
        );
        // Held prints (a person's check still open) cannot go out, and prints not yet posted or at the
        // studio are not said to be: the desk offers no move the order refuses.
        const next = base.nextStatuses.filter(
          (s) => !(photo.printsHeld && PAST_SECOND_LOOK.includes(s)) && printsNotOutYet(s, photo) === null,
        );
        return { ...base, nextStatuses: next, service: null, photo };
      }
      const [application, form, checklist, documents, records, requests, requestRows, withdrawals] = await Promise.all([
        deps.applications.getOrder(order.userId, ref),
        deps.memberForms.orderForm(order.userId, ref),
        deps.documents.orderChecklist(order.userId, ref),
        deps.documents.list(order.userId, ref, { page: 1, limit: 100 }),
        deps.applications.staffRecords(order.id),
        documentRequestEntries(deps.audit, order.displayId),
        deps.documents.requestsOf(order.id),
        documentRequestEntries(deps.audit, order.displayId, DOCUMENT_REQUEST_WITHDRAWN_ACTION),
      ]);
      const orderChecklist = owned(checklist, 'the checklist');
      const app = owned(application, 'the application');
      const { definition } = owned(form, 'the form');
      const deskLinks = { displayId: order.displayId, portal: portalPdfLimitsOf(app.service.slug) !== null };
      const [answers, addOns] = await Promise.all([
        Promise.all(
          app.members.map(async (member) => {
            // A package without a form (decision 0051) has nothing to answer: the member form call
            // refuses it, so the desk shows the member with no answers instead of asking.
            if (definition === null) return { memberId: member.id, answers: {}, reviewed: false };
            const memberForm = owned(await deps.memberForms.memberForm(order.userId, ref, member.id), 'a member form');
            return { memberId: member.id, answers: memberForm.answers, reviewed: memberForm.reviewDetails !== null };
          }),
        ),
        deps.addOns.chosenAddOns(
          order.id,
          app.members.map((m) => m.id),
        ),
      ]);
      return {
        ...base,
        service: {
          order: app,
          definition,
          answers,
          checklist: withDeskChecklistLinks(deskLinks, orderChecklist),
          documents: owned(documents, 'the documents').results.map((d) => withDeskDocumentLinks(deskLinks, d)),
          documentRequests: deskDocumentRequests(requests, orderChecklist, requestRows, withdrawals),
          addOns,
          ...records,
        },
        photo: null,
      };
    },

    /**
     * Moves the order along the transition table as staff, with a remark: the orders service
     * writes the timeline entry, the customer's notification and e-mail; the audit entry commits
     * with them.
     */
    async changeStatus(
      actor: StaffActor,
      orderRef: string,
      { status, remark, fromStatus }: ChangeOrderStatus,
    ): Promise<FormResult<StatusChange>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return notFound();
      // A change the table refuses is told as such below, whatever its remark.
      const { order } = found;
      if (!remark && remarkRequired(status, 'staff') && canChangeStatus(order.status, status, 'staff', order.kind)) {
        return formFailure(400, STATUS_MESSAGES.sendBackNeedsRemark, { remark: STATUS_MESSAGES.sendBackNeedsRemark });
      }
      return db.transaction(async (tx): Promise<FormResult<StatusChange>> => {
        const result = await deps.orders.changeOrderStatus(
          order.id,
          status,
          { by: { actor: 'staff', userId: actor.id }, remark, ...(fromStatus ? { from: fromStatus } : {}) },
          tx,
        );
        if (!result.ok) {
          if (result.reason === 'not-found') return notFound();
          if (result.reason === 'changed') return formFailure(409, STATUS_MESSAGES.changedConcurrently);
          if (result.reason === 'not-refunded') return formFailure(409, STATUS_MESSAGES.notRefunded);
          if (result.reason === 'held') return formFailure(409, result.message);
          return formFailure(409, STATUS_MESSAGES.notAllowed(result.from ?? order.status, status));
        }
        await deps.audit.record(tx, {
          actor,
          action: 'order.status',
          subject: { type: 'order', id: order.displayId },
          before: { status: result.change.fromStatus },
          after: { status: result.change.status, remark },
          words: ['remark'],
        });
        return { ok: true, value: result.change };
      });
    },

    /** Adds an internal note (never shown to the customer), with its audit entry. */
    async addNote(actor: StaffActor, orderRef: string, { body }: AddOrderNote): Promise<FormResult<OrderNote>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return notFound();
      return db.transaction(async (tx) => ({
        ok: true,
        value: toNote(await keepNote(tx, actor, found.order, body, false)),
      }));
    },

    /**
     * Sends the customer a message about their order without changing its status (an appointment,
     * what to bring): their notification and e-mail, and the desk keeps it among the notes, marked
     * as sent; all in one transaction with the audit entry.
     */
    async messageCustomer(
      actor: StaffActor,
      orderRef: string,
      { body }: MessageCustomer,
    ): Promise<FormResult<OrderNote>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return notFound();
      const { order } = found;
      if (isErasedCustomerOrder(order)) return formFailure(409, M.customerErased);
      return db.transaction(async (tx) => {
        const row = await keepNote(tx, actor, order, body, true);
        await deps.notifications.notifyAboutOrder(order, { remark: body }, tx);
        await deps.mail.enqueue(tx, {
          ...messageMail(order, body, await deps.orders.siteUrlOf(order.id, tx)),
          purpose: 'order-message',
          key: `order-message:${row.id}`,
        });
        return { ok: true, value: toNote(row) };
      });
    },

    /**
     * Sends a document back to the customer (SPEC.md §7 /admin-order/documents/): checked and
     * stored by `receive` (the app's acceptUpload), recorded by the documents service as a
     * `to-customer` document, with its audit entry, the customer's notification and e-mail in the
     * same transaction (an erased customer's account gets no notification: no one can read it).
     */
    async sendDocument(
      actor: StaffActor,
      orderRef: string,
      receive: ReceiveFile,
      { memberId = null }: { memberId?: number | null },
      limits: Parameters<ReceiveFile>[0],
    ): Promise<FormResult<DocumentView>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (!found) return notFound();
      if (found.order.kind !== 'service') return formFailure(409, M.onlyServiceDocuments);
      const file = await receive(limits);
      return deps.documents.addStaffDocument(found.order.id, file, actor.id, {
        memberId,
        onRecorded: async (tx, document, order) => {
          await deps.audit.record(tx, {
            actor,
            action: 'order.document',
            subject: { type: 'order', id: order.displayId },
            after: { documentId: document.id, name: document.name, memberId },
            words: ['name'],
          });
          // The notification says what the e-mail's heading and first line say.
          const heading = 'Our team sent you a document';
          const ready = `${document.name} is ready for you on your order page.`;
          await deps.notifications.notifyAboutOrder(order, { remark: `${heading}: ${ready}` }, tx);
          await deps.mail.enqueue(tx, {
            ...documentMail(
              order,
              documentSlot.sent(document.id),
              {
                subject: `A document from our team for your order ${order.displayId}`,
                heading,
                intro: [ready],
                linkText: 'Open it here',
              },
              await deps.orders.siteUrlOf(order.id, tx),
            ),
            purpose: 'order-document-sent',
            key: `order-document-sent:${document.id}`,
          });
        },
      });
    },

    /**
     * Asks the customer for a member's checklist item again, or for a document outside the
     * checklist staff name (decision 0186), with a note their checklist shows.
     * In review: the order goes back to Forms incomplete with the request as the remark (the
     * customer's notification and e-mail, through the orders service). Forms incomplete: the
     * customer is notified in their panel. In one transaction with the audit entry.
     */
    async requestDocument(
      actor: StaffActor,
      orderRef: string,
      { memberId, itemId, otherDocument, note }: RequestDocument,
    ): Promise<FormResult<{ itemLabel: string; status: string }>> {
      // The body's schema takes exactly one of them.
      const asked = otherDocument ?? (itemId === undefined ? null : { itemId });
      if (!asked) return formFailure(400, OTHER_DOCUMENT_MESSAGES.oneDocument);
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'service') return notFound();
      const { order } = found;
      if (order.status !== 'In review' && order.status !== 'Forms incomplete') {
        return formFailure(409, DOCUMENT_REQUEST_MESSAGES.notOpen(order.status));
      }
      type Answer = FormResult<{ itemLabel: string; status: string }>;
      const changedMeanwhile = formFailure(409, STATUS_MESSAGES.changedConcurrently);
      const rollback = new Error('rolled back: the order changed meanwhile');
      return db
        .transaction(async (tx): Promise<Answer> => {
          // Moved since the read above (the customer's last upload took it to Order pending): the
          // request and its e-mail would ask for an upload the order no longer takes.
          const locked = await deps.orders.lockOrder(tx, order.id);
          if (locked?.status !== order.status) return changedMeanwhile;
          const recorded = await deps.documents.requestDocument(
            tx,
            order.id,
            { memberId, document: asked, note },
            actor.id,
          );
          if (!recorded.ok) return recorded;
          const { requestId, itemId: requestedItem, itemLabel, document } = recorded.value;
          const again = recorded.value.again ? ' again' : '';
          const remark = documentRequestRemark(`${document}${again}`, note);
          // Either way the customer's notification carries the Document Status line (SPEC.md §3).
          const documentStatus = 'Requested';
          let status = order.status;
          if (order.status === 'In review') {
            // The request's own e-mail below says what to do and links to the slot: no status e-mail too.
            const moved = await deps.orders.changeOrderStatus(
              order.id,
              'Forms incomplete',
              { by: { actor: 'staff', userId: actor.id }, remark, mail: false, documentStatus },
              tx,
            );
            // Changed by someone else meanwhile: nothing of this request stays.
            if (!moved.ok) throw rollback;
            status = moved.change.status;
          } else {
            await deps.notifications.notify(
              order.userId,
              {
                orderId: order.displayId,
                orderIdDb: order.id,
                orderStatus: order.status,
                remark,
                documentStatus,
              },
              tx,
            );
          }
          await deps.mail.enqueue(tx, {
            ...documentMail(
              order,
              documentSlot.item(memberId, requestedItem),
              {
                // The order leads: a document's name may carry its own brackets ("… (for Aarav)").
                subject: `Your order ${order.displayId}: please upload ${document}${again}`,
                heading: `Our team needs ${document}${again}`,
                intro: [note, 'Only this document is needed: your answers stay as they are.'],
                linkText: 'Upload it here',
              },
              await deps.orders.siteUrlOf(order.id, tx),
            ),
            purpose: 'order-document-request',
            key: `order-document-request:${requestId}`,
          });
          await deps.audit.record(tx, {
            actor,
            action: DOCUMENT_REQUEST_ACTION,
            subject: { type: 'order', id: order.displayId },
            // A document outside the checklist keeps the name staff gave it.
            after: {
              memberId,
              itemId: requestedItem,
              ...(otherDocument ? { itemLabel } : {}),
              note,
              status,
            },
            words: ['note'],
          });
          return { ok: true, value: { itemLabel, status } };
        })
        .catch((error: unknown): Answer => {
          if (error === rollback) return changedMeanwhile;
          throw error;
        });
    },

    /**
     * Withdraws staff's request for a document (`withdrawRequest`): one outside the checklist leaves
     * it (decision 0188); a new file of one the customer sent is no longer asked for, and the file
     * they sent stays (decision 0192). Either way the customer's order page and the completeness rule
     * stop waiting for it (an order held in Forms incomplete only by it moves on, as a last upload
     * moves it), and the customer is told in their panel and by e-mail, with the audit entry, in the
     * order's locked transaction. Refused (409) for a request withdrawn already or answered, an order
     * not In review or Forms incomplete, and a checklist item the customer has sent nothing for.
     */
    async withdrawDocumentRequest(
      actor: StaffActor,
      orderRef: string,
      requestId: number,
    ): Promise<FormResult<{ itemLabel: string; status: string }>> {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'service') return notFound();
      return db.transaction(async (tx) => {
        const order = await deps.orders.lockOrder(tx, found.order.id);
        if (!order) return notFound();
        const withdrawn = await deps.documents.withdrawRequest(tx, order, requestId, actor.id);
        if (!withdrawn.ok) return withdrawn;
        const { requestIds, memberId, itemId, itemLabel, document, again, status } = withdrawn.value;
        // What the customer reads says the order's status now (Order pending once nothing else is missing).
        const now = { ...order, status };
        await deps.notifications.notifyAboutOrder(
          now,
          {
            remark: (again ? WITHDRAWAL.againNotice : WITHDRAWAL.notice)(document),
            documentStatus: WITHDRAWAL.documentStatus,
          },
          tx,
        );
        await deps.mail.enqueue(tx, {
          ...withdrawnMail(now, withdrawn.value, await deps.orders.siteUrlOf(order.id, tx)),
          purpose: 'order-document-request-withdrawn',
          key: `order-document-request-withdrawn:${requestId}`,
        });
        await deps.audit.record(tx, {
          actor,
          action: DOCUMENT_REQUEST_WITHDRAWN_ACTION,
          subject: { type: 'order', id: order.displayId },
          before: { status: order.status },
          after: { requestIds, memberId, itemId, itemLabel, status },
          // A document's name is words typed about the customer's family (AuditEntry.words).
          words: ['itemLabel'],
        });
        return { ok: true, value: { itemLabel, status } };
      });
    },

    /**
     * Confirms where the customer posts a mission's file (decision 0179): stored on the order with
     * who and when, so the print pack's label prints it and the order page shows it, e-mailed to the
     * customer (a changed address as a correction) and put in their notifications, with the audit
     * entry, in the order's locked transaction. The same address again changes and sends nothing; a
     * form filled for another mission than the order's now is refused (409), and so is any once the
     * order is past Submitted.
     */
    async confirmPostingAddress(
      actor: StaffActor,
      orderRef: string,
      input: PostingAddressInput,
    ): Promise<FormResult<{ address: ConfirmedPostingAddress; changed: boolean }>> {
      return onLockedApplication(orderRef, POSTING_ADDRESS_MESSAGES.notAnApplication, async (tx, order) => {
        const confirmed = await deps.applications.confirmPostingAddress(tx, order, input, actor, now());
        if (!confirmed.ok) return confirmed;
        const { address, before, changed } = confirmed.value;
        if (changed) {
          const correction = before !== null;
          // Their bell too, as for a message from our team.
          await deps.notifications.notifyAboutOrder(order, { remark: postingAddressNotice(order, { correction }) }, tx);
          await deps.mail.enqueue(tx, {
            ...postingAddressMail(order, address, {
              correction,
              siteUrl: await deps.orders.siteUrlOf(order.id, tx),
              companyName: deps.companyName,
            }),
            purpose: 'order-posting-address',
            // Each change is e-mailed, a return to an earlier address too (A, B, then A again); the
            // same address again never reaches here (its confirmation is kept, unchanged).
            key: `order-posting-address:${order.id}:${address.confirmedAt}`,
          });
          await deps.audit.record(tx, {
            actor,
            action: 'order.posting-address',
            subject: { type: 'order', id: order.displayId },
            before: before ? { lines: before.lines } : null,
            after: { lines: address.lines },
          });
        }
        return { ok: true, value: { address, changed } };
      });
    },

    /**
     * Records the fees our team paid at the centre for a mission's file (the government fee, the ICWF
     * and the centre's service fee the price carries), with the centre's reference, who and when, and
     * the audit entry, in the order's locked transaction: Submitted waits for it, since the refund
     * policy keeps those fees from then on. Staff bookkeeping: the customer is not e-mailed. The same
     * reference again changes nothing.
     */
    async recordFeesPaid(
      actor: StaffActor,
      orderRef: string,
      input: FeesPaidInput,
    ): Promise<FormResult<{ record: FeesPaidRecord; changed: boolean }>> {
      return onLockedApplication(orderRef, FEES_PAID_MESSAGES.notAnApplication, async (tx, order) => {
        const recorded = await deps.applications.recordFeesPaid(tx, order, input, actor, now());
        if (!recorded.ok) return recorded;
        const { record, before, changed } = recorded.value;
        if (changed) {
          await deps.audit.record(tx, {
            actor,
            action: 'order.fees-paid',
            subject: { type: 'order', id: order.displayId },
            before: before ? { reference: before.reference } : null,
            after: { reference: record.reference },
          });
        }
        return { ok: true, value: { record, changed } };
      });
    },

    /** A photo order's photo for staff: as uploaded or fitted (the photos module's own checks). */
    async openPhoto(orderRef: string, itemId: number, photoId: number, which: 'original' | 'fitted') {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'photo') return notFound();
      return deps.photos.openFile(found.order.userId, { id: found.order.id }, itemId, photoId, which);
    },

    /** A photo's 4×6 in print sheet for staff (made on request, like the customer's). */
    async photoPrintSheet(orderRef: string, itemId: number, photoId: number) {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'photo') return notFound();
      return deps.photos.printSheetForStaff(found.order.userId, { id: found.order.id }, itemId, photoId);
    },

    /** A member's print pack for staff: the customer's own, made on request (409 before payment). */
    async memberPrintPack(orderRef: string, memberId: number) {
      const found = await deps.orders.findForStaff(parseDeskOrderRef(orderRef));
      if (found?.order.kind !== 'service') return notFound();
      return deps.printPacks.memberPack(found.order.userId, { id: found.order.id }, memberId);
    },

    /** A document of the order (the customer's or staff's) for staff to download or preview. */
    async openDocument(orderRef: string, documentId: number): Promise<FormResult<ServableFile>> {
      const found = await staffDocument(orderRef, documentId);
      return found.ok ? { ok: true, value: found.value.file } : found;
    },

    /**
     * A document of the order with the limits its Portal PDF is made to: those of the portal the
     * order's service is filed at (portalPdfLimitsOf, decision 0189).
     */
    async openDocumentForPortal(
      orderRef: string,
      documentId: number,
    ): Promise<FormResult<{ file: ServableFile; limits: PortalPdfLimits }>> {
      const found = await staffDocument(orderRef, documentId);
      if (!found.ok) return found;
      const serviceSlug = await deps.applications.serviceSlugOf(found.value.orderId);
      // A service filed on paper only has no Portal PDF: the desk offers no link to it.
      const limits = serviceSlug === null ? null : portalPdfLimitsOf(serviceSlug);
      if (limits === null) return notFound();
      return { ok: true, value: { file: found.value.file, limits } };
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

export { type CustomerMessages, createCustomerMessages } from './customer-messages.ts';
export { createOrderNotesPersonalData, type OrderNotesPersonalData } from './personal-data.ts';
export { createRequestAnsweredAlert, REQUEST_ANSWERED_TEXT } from './request-answered.ts';
