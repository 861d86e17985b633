import { formatFeeDate } from '../../../domain/catalog/fee-schedule.ts';
import type { FormResult } from '../../../domain/contact/result.ts';
import { formFailure } from '../../../domain/contact/result.ts';
import {
  type AdminDeletionRequest,
  type DataRightsStatus,
  type DeletionState,
  type DeletionStatus,
  deletionDeadline,
  erasedEmail,
  isOpenOrderStatus,
  DATA_RIGHTS_MESSAGES as M,
} from '../../../domain/data-rights/schemas.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OrderNotesPersonalData } from '../admin-orders/service.ts';
import type { ApplicationsPersonalData } from '../applications/service.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { MarketingService } from '../marketing/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import type { PhotosPersonalData } from '../photos/service.ts';
import type { ReferralsService } from '../referrals/service.ts';
import type { RefundsService } from '../refunds/service.ts';
import type { UsersService } from '../users/service.ts';
import { buildExportArchive, type ExportFile } from './archive.ts';
import { type DataRightsMailAccount, erasedMail, requestReceivedMail } from './mails.ts';
import { createDataRightsRepository, type DeletionRequestRow } from './repository.ts';

export interface DataRightsDeps {
  users: Pick<UsersService, 'getProfile' | 'findAccountById' | 'listAddresses' | 'contactsByIds' | 'erasePersonalData'>;
  auth: Pick<AuthService, 'checkPassword' | 'forgetUser' | 'sessionsOf'>;
  orders: Pick<
    OrdersService,
    | 'orderIdsOf'
    | 'findByIds'
    | 'timeline'
    | 'chargedSummary'
    | 'payments'
    | 'eraseFiles'
    | 'erasePersonalFields'
    | 'changeOrderStatus'
  >;
  applications: Pick<ApplicationsPersonalData, 'exportOrder' | 'erase'>;
  photos: Pick<PhotosPersonalData, 'exportOrder' | 'erase'>;
  notifications: Pick<NotificationsService, 'allOf' | 'eraseAllOf'>;
  refunds: Pick<RefundsService, 'ofOrders' | 'erasePersonalFields'>;
  referrals: Pick<ReferralsService, 'listRewards' | 'eraseFriendName' | 'withdrawUnsentOf'>;
  /**
   * Enquiries sent from the account or its address, and campaign leads left with the address; how
   * the customer reaches support, in the e-mails about their request.
   */
  contact: Pick<ContactService, 'ofAccount' | 'eraseOf' | 'contactInfo'>;
  marketing: Pick<MarketingService, 'eraseLeadsOf'>;
  /**
   * The e-mails about the request (`mails.ts`). At the erasure, e-mails to the address keep their
   * delivery record without it, and those still to be sent are given up (issue 34 §3): the one
   * that says the account is deleted is queued after that, so it is the one that still goes.
   */
  mail: Pick<MailOutbox, 'forgetRecipient' | 'sentTo' | 'enqueue'>;
  audit: Pick<AuditLog, 'record' | 'forgetActor' | 'forgetWordsAbout'>;
  /** Staff's notes and messages on the orders. */
  notes: Pick<OrderNotesPersonalData, 'messagesOf' | 'erase'>;
  /** The export reads the customer's files from it; erasure goes through each order's kind. */
  storage: Pick<FileStorage, 'get'>;
  /** After an erasure: no copy of the replaced rows stays where a backup reads it (DatabaseHandle). */
  scrubDeadRows: () => Promise<void>;
  log: { error(details: object, message: string): void };
  now?: () => Date;
}

/** Who acts: the customer on their own account, or a staff member from the queue. */
export type DataRightsActor = StaffActor;

/**
 * A customer's order as the erasure sees it, with its refund requests still to be
 * decided or paid out (`owedRefunds`). Their reasons and addresses are what staff decide on and
 * write to, so one holds the erasure back like an open order.
 */
type HeldOrder = Order & { owedRefunds: readonly { id: number; reference: string }[] };

const REFUND_OWED: ReadonlySet<string> = new Set(['Received', 'In review', 'Approved']);

const openOrdersOf = (orders: readonly HeldOrder[]) =>
  orders
    .filter((o) => isOpenOrderStatus(o.status) || o.owedRefunds.length > 0)
    .map((o) => ({ orderId: o.displayId, kind: o.kind, status: o.status }));

/** Not paid yet: the erasure cancels it rather than wait for it. */
const isUnpaid = (order: Order) => order.status === 'Payment pending';

/**
 * The open orders a request waits for: those not paid yet do not count, the erasure cancels them
 * (`cancelUnpaid`). What the customer and staff are shown, and what decides "erase now".
 */
const awaitedOrdersOf = (orders: readonly HeldOrder[]) => openOrdersOf(orders.filter((o) => !isUnpaid(o)));

/** The refund requests a request waits for (the desk links each), with the orders they are of. */
const awaitedRefundsOf = (orders: readonly HeldOrder[]) =>
  orders
    .filter((o) => !isUnpaid(o))
    .flatMap((o) => o.owedRefunds.map(({ id, reference }) => ({ id, reference, orderId: o.displayId })));

/**
 * Data rights, self-service (issue 34 §3, decision 0119-data-rights): the customer's export of
 * everything held about them, and the erasure of their account, at once when no order is open,
 * else once staff carry it out from the queue. Every export, request and erasure is audited.
 */
export function createDataRightsService(db: Database, deps: DataRightsDeps) {
  const now = deps.now ?? (() => new Date());

  async function ordersOf(userId: number, on: Database = db): Promise<HeldOrder[]> {
    const orders = await deps.orders.findByIds(await deps.orders.orderIdsOf(on, userId), on);
    const requests = await deps.refunds.ofOrders(
      orders.map((o) => o.id),
      on,
    );
    const owed = requests.filter((r) => REFUND_OWED.has(r.status));
    return orders.map((o) => ({
      ...o,
      owedRefunds: owed.filter((r) => r.orderId === o.id).map(({ id, reference }) => ({ id, reference })),
    }));
  }

  function statusOf(row: DeletionRequestRow, orders: readonly HeldOrder[]): DeletionStatus {
    return {
      state: row.state,
      requestedAt: row.requestedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      openOrders: awaitedOrdersOf(orders),
    };
  }

  /**
   * The customer's orders not paid yet go with the account (a service order could be cancelled on
   * its page, a photo order nowhere), cancelled with a remark and no e-mail of their own (the one
   * saying that the account is deleted names them). One paid meanwhile is refused the change and
   * holds the erasure back like any open order; a payment arriving after the cancellation is a
   * stray one, refunded by the order core. Returns those it cancelled.
   */
  async function cancelUnpaid(orders: readonly Order[]): Promise<Order[]> {
    const cancelled: Order[] = [];
    for (const order of orders.filter(isUnpaid)) {
      const changed = await deps.orders.changeOrderStatus(order.id, 'Cancelled', {
        by: { actor: 'system' },
        remark: M.cancelledWithDeletion,
        mail: false,
      });
      if (changed.ok) cancelled.push(order);
    }
    return cancelled;
  }

  /** Where the e-mails about the request go: the account's address and brand, while it has them. */
  async function mailAccountOf(userId: number): Promise<DataRightsMailAccount | null> {
    const account = await deps.users.findAccountById(userId);
    return account ? { email: account.email, platform: account.platform } : null;
  }

  /**
   * The customer's word that their request waits, with what for (`requestReceivedMail`), queued
   * through `on` once per request: its key names the request.
   */
  async function queueReceived(
    on: Database,
    request: DeletionRequestRow,
    account: DataRightsMailAccount,
    orders: readonly HeldOrder[],
  ) {
    await deps.mail.enqueue(on, {
      ...requestReceivedMail(
        account,
        { awaited: awaitedOrdersOf(orders), unpaid: orders.filter(isUnpaid).map((o) => ({ orderId: o.displayId })) },
        deps.contact.contactInfo(),
      ),
      purpose: 'data-rights-request',
      key: `data-rights-request:${request.id}`,
    });
  }

  /**
   * Erases the account of a pending request once no order is open (those not paid yet are
   * cancelled then, `cancelUnpaid`): the orders' files first (each
   * kind removes its own from storage; a run cut short is finished by the next), then in one
   * transaction the answers, deliveries, notifications and personal fields, the request marked
   * done and its audit entry; then every session and e-mailed link ends.
   */
  async function erase(
    requestId: number,
    actor: DataRightsActor,
    again: { erasedAt: string } | null = null,
  ): Promise<FormResult<DeletionStatus>> {
    const request = await createDataRightsRepository(db).find(requestId);
    if (!request) return formFailure(404, M.requestNotFound);
    if (request.state === 'withdrawn') return formFailure(409, M.requestWithdrawn);
    if (request.state !== 'pending') return formFailure(409, M.alreadyErased);
    let orders = await ordersOf(request.userId);
    // Erased again after a restore: the orders were closed when the account was first erased, so
    // the older archive's open states wait for nothing; its unpaid orders go as the first erasure
    // took them (left pending, they would wait for a payment from an account that is gone).
    if (!again && awaitedOrdersOf(orders).length > 0) return formFailure(409, M.stillOpenOrders);
    const cancelled = await cancelUnpaid(orders);
    if (cancelled.length > 0) {
      orders = await ordersOf(request.userId);
      // One paid just before its cancellation is open now: its files stay.
      if (!again && openOrdersOf(orders).length > 0) return formFailure(409, M.stillOpenOrders);
    }
    let filesRemoved = 0;
    for (const order of orders) filesRemoved += await deps.orders.eraseFiles(order.id);
    // The address the account had, before its fields are replaced: what it left elsewhere is found
    // by it, and the word that the account is deleted goes to it.
    const account = await mailAccountOf(request.userId);
    const email = account?.email ?? null;
    const at = now();
    const result = await db.transaction(async (tx): Promise<FormResult<DeletionStatus>> => {
      const requests = createDataRightsRepository(tx);
      await requests.lockAccount(request.userId);
      const locked = await requests.lock(requestId);
      if (locked?.state === 'withdrawn') return formFailure(409, M.requestWithdrawn);
      if (locked?.state !== 'pending') return formFailure(409, M.alreadyErased);
      // An order started meanwhile holds the erasure back like any other open order.
      const current = await ordersOf(locked.userId, tx);
      if (!again && openOrdersOf(current).length > 0) return formFailure(409, M.stillOpenOrders);
      const orderIds = current.map((o) => o.id);
      const placeholder = erasedEmail(locked.userId);
      await deps.applications.erase(tx, orderIds);
      await deps.photos.erase(tx, orderIds);
      const refundIds = await deps.refunds.erasePersonalFields(tx, orderIds, placeholder);
      await deps.notes.erase(tx, orderIds);
      await deps.audit.forgetWordsAbout(
        tx,
        'order',
        current.map((o) => o.displayId),
      );
      await deps.audit.forgetWordsAbout(tx, 'refund-request', refundIds.map(String));
      await deps.referrals.eraseFriendName(tx, orderIds);
      await deps.referrals.withdrawUnsentOf(tx, locked.userId);
      await deps.orders.erasePersonalFields(tx, locked.userId, placeholder);
      await deps.notifications.eraseAllOf(tx, locked.userId);
      const enquiries = await deps.contact.eraseOf(tx, locked.userId, email ?? placeholder);
      const leads = email ? await deps.marketing.eraseLeadsOf(tx, email) : 0;
      if (email) await deps.mail.forgetRecipient(tx, email, placeholder);
      // After the address's e-mails were given up, so this one still goes (once: the request is
      // erased once). Its row keeps the address for the outbox's retention, its words until sent.
      // An erasure again after a restore tells no one: the customer was told at the first.
      if (account && !again) {
        await deps.mail.enqueue(tx, {
          ...erasedMail(
            account,
            cancelled.map((o) => ({ orderId: o.displayId })),
            deps.contact.contactInfo(),
          ),
          purpose: 'data-rights-erased',
          key: `data-rights-erased:${requestId}`,
        });
      }
      await deps.users.erasePersonalData(tx, locked.userId, at);
      await requests.markErased(requestId, at, actor.id);
      await deps.audit.record(tx, {
        actor,
        action: 'data-rights.erase',
        subject: { type: 'user', id: locked.userId },
        before: { state: 'pending' },
        after: {
          state: 'erased',
          orders: orderIds.length,
          filesRemoved,
          enquiries,
          leads,
          ...(again ? { erasedAgainAfterRestore: true, firstErasedAt: again.erasedAt } : {}),
        },
      });
      // Last, so the customer's own request to erase (this entry, when they made it) is covered too.
      await deps.audit.forgetActor(tx, locked.userId, placeholder);
      return {
        ok: true,
        value: {
          state: 'erased',
          requestedAt: locked.requestedAt.toISOString(),
          dueAt: locked.dueAt.toISOString(),
          openOrders: [],
        },
      };
    });
    if (result.ok) {
      await deps.auth.forgetUser(request.userId);
      // The erasure has committed: a clean-up that fails is the operator's to see, not an error
      // for whoever asked (a retry would find the account erased). The next erasure's clean-up
      // rewrites every table again.
      await deps
        .scrubDeadRows()
        .catch((error: unknown) =>
          deps.log.error(
            { err: error },
            'the database clean-up after an erasure failed: old row copies may stay until the next',
          ),
        );
    }
    return result;
  }

  return {
    /**
     * Everything held about the customer as one ZIP archive: a README, one JSON document (account,
     * consents, orders with their answers, documents, photos, payments and refunds, notifications)
     * and their files. Only this customer's: every row is reached from their own account and orders.
     */
    async exportArchive(actor: DataRightsActor): Promise<{ body: Buffer; fileName: string } | null> {
      const profile = await deps.users.getProfile(actor.id);
      if (!profile) return null;
      const exportedAt = now();
      const orders = await ordersOf(actor.id);
      const files: ExportFile[] = [];
      const refundRequests = await deps.refunds.ofOrders(orders.map((o) => o.id));
      const orderData = [];
      for (const order of orders) {
        const details =
          order.kind === 'photo'
            ? await deps.photos.exportOrder(order.id, order.displayId)
            : await deps.applications.exportOrder(order.id, order.displayId);
        files.push(...details.files);
        orderData.push({
          orderId: order.displayId,
          kind: order.kind,
          title: order.title,
          status: order.status,
          email: order.email,
          totalCents: order.totalCents,
          currency: order.currency,
          placedAt: order.createdAt.toISOString(),
          timeline: await deps.orders.timeline(order.id),
          charged: await deps.orders.chargedSummary(db, order),
          payments: await deps.orders.payments(db, order.id),
          // What our team wrote to the customer about the order (status remarks are in its timeline).
          messages: await deps.notes.messagesOf(db, order.id),
          refundRequests: refundRequests
            .filter((r) => r.orderId === order.id)
            .map(({ orderId: _order, id: _id, ...r }) => r),
          ...(order.kind === 'photo' ? { photoOrder: details.data } : { application: details.data }),
        });
      }
      const latest = await createDataRightsRepository(db).latestOf(actor.id);
      const data = {
        exportedAt: exportedAt.toISOString(),
        account: profile,
        addresses: await deps.users.listAddresses(actor.id),
        consents: [
          {
            consent: 'Privacy Policy and Terms of Use',
            givenAt: profile.createdAt,
            how: 'Ticked on the sign-up form; an account is not opened without it.',
          },
        ],
        orders: orderData,
        // The gift cards earned for friends' orders (referrer's side: friends are named as they see them).
        referralRewards: (await deps.referrals.listRewards(actor.id, { page: 1, limit: 1000 })).results,
        notifications: await deps.notifications.allOf(actor.id),
        // What was sent through the contact form signed in, with our replies.
        enquiries: await deps.contact.ofAccount(actor.id),
        // Every e-mail we queued to the account's address: its subject, and when and how it went.
        emails: await deps.mail.sentTo(profile.email),
        // The signed-in sessions open now, with the browser and address each was used from.
        sessions: await deps.auth.sessionsOf(actor.id),
        deletionRequest: latest ? statusOf(latest, orders) : null,
      };
      const body = await buildExportArchive(data, files, deps.storage, exportedAt);
      await deps.audit.record(db, {
        actor,
        action: 'data-rights.export',
        subject: { type: 'user', id: actor.id },
        after: { orders: orders.length, files: files.length, bytes: body.length },
      });
      return { body, fileName: `sevadocs-data-${exportedAt.toISOString().slice(0, 10)}.zip` };
    },

    /**
     * The requests waiting for staff, and those past the month the law gives (for /metrics: an
     * alert on an overdue one, which nothing else would raise).
     */
    waitingCounts(): Promise<{ waiting: number; overdue: number }> {
      return createDataRightsRepository(db).waitingCounts(now());
    },

    /**
     * The customer keeps their account after all: their pending request is withdrawn (kept, with
     * its audit entry), leaves the back office's queue, and their unpaid orders can be paid again.
     */
    async withdrawDeletion(actor: DataRightsActor): Promise<FormResult<DataRightsStatus>> {
      const withdrawn = await db.transaction(async (tx) => {
        const requests = createDataRightsRepository(tx);
        // After an erasure that holds the account's lock: nothing is left to withdraw then.
        await requests.lockAccount(actor.id);
        const row = await requests.withdrawPending(actor.id);
        if (row) {
          await deps.audit.record(tx, {
            actor,
            action: 'data-rights.deletion-withdrawn',
            subject: { type: 'user', id: actor.id },
            before: { state: 'pending' },
            after: { state: 'withdrawn' },
          });
        }
        return row;
      });
      if (!withdrawn) return formFailure(409, M.nothingToWithdraw);
      return { ok: true, value: { deletion: null } };
    },

    /** Why the customer's orders cannot be paid now (their deletion request waits), or null. */
    async paymentHold(userId: number): Promise<string | null> {
      const latest = await createDataRightsRepository(db).latestOf(userId);
      return latest?.state === 'pending'
        ? M.paymentHeld(formatFeeDate(latest.requestedAt.toISOString().slice(0, 10)))
        : null;
    },

    /** The customer's pending deletion request and what it waits for; null when there is none. */
    async status(userId: number): Promise<DataRightsStatus> {
      const latest = await createDataRightsRepository(db).latestOf(userId);
      if (latest?.state !== 'pending') return { deletion: null };
      return { deletion: statusOf(latest, await ordersOf(userId)) };
    },

    /**
     * The customer asks for their account to be erased, with their password again. With no open
     * order it is erased at once; otherwise the request waits (one per account) for its orders to
     * finish or be cancelled, in the back office's queue, due one month after it was made. The
     * customer is e-mailed that it waits, and for what, by the call that made it (GDPR art. 12(3));
     * the erasure e-mails that it is done.
     */
    async requestDeletion(actor: DataRightsActor, password: string): Promise<FormResult<DeletionStatus>> {
      if (!(await deps.auth.checkPassword(actor.id, password))) {
        // A double click's second request can check the password after the first erased the
        // account (no password matches then): it is answered with the erasure, not "incorrect".
        const latest = await createDataRightsRepository(db).latestOf(actor.id);
        if (latest?.state === 'erased') return { ok: true, value: statusOf(latest, []) };
        return formFailure(400, M.passwordIncorrect, { password: M.passwordIncorrect });
      }
      const account = await mailAccountOf(actor.id);
      const requestedAt = now();
      const { request, orders, made } = await db.transaction(async (tx) => {
        // A request racing the one that erased the account (a double click) waits for that
        // erasure's transaction, then answers it.
        const requests = createDataRightsRepository(tx);
        await requests.lockAccount(actor.id);
        const latest = await requests.latestOf(actor.id);
        if (latest?.state === 'erased') return { request: latest, orders: [], made: false };
        const row = await requests.insertPending(actor.id, requestedAt, deletionDeadline(requestedAt));
        // This call made the request, rather than repeat one already waiting: only it tells anyone.
        const made = row.requestedAt.getTime() === requestedAt.getTime();
        if (made) {
          await deps.audit.record(tx, {
            actor,
            action: 'data-rights.deletion-request',
            subject: { type: 'user', id: actor.id },
            after: { state: 'pending', dueAt: row.dueAt.toISOString() },
          });
        }
        const held = await ordersOf(actor.id, tx);
        if (made && account && awaitedOrdersOf(held).length > 0) await queueReceived(tx, row, account, held);
        return { request: row, orders: held, made };
      });
      if (request.state === 'erased') return { ok: true, value: statusOf(request, []) };
      if (awaitedOrdersOf(orders).length > 0) return { ok: true, value: statusOf(request, orders) };
      const erased = await erase(request.id, actor);
      if (erased.ok || erased.status !== 409) return erased;
      // Raced: an order started meanwhile (the request waits), or a second click erased it first.
      const settled = (await createDataRightsRepository(db).find(request.id)) ?? request;
      if (settled.state !== 'pending') return { ok: true, value: statusOf(settled, []) };
      const current = await ordersOf(actor.id);
      // It waits for the order started meanwhile: the customer is told so, as above.
      if (made && account) await queueReceived(db, settled, account, current);
      return { ok: true, value: statusOf(settled, current) };
    },

    /** The back office's queue: pending requests oldest first (nearest deadline on top), or those done. */
    async queue(state: DeletionState): Promise<AdminDeletionRequest[]> {
      const rows = await createDataRightsRepository(db).list(state);
      const contacts = await deps.users.contactsByIds(rows.map((r) => r.userId));
      const results: AdminDeletionRequest[] = [];
      for (const row of rows) {
        const contact = contacts.get(row.userId);
        const held = row.state === 'pending' ? await ordersOf(row.userId) : [];
        results.push({
          id: row.id,
          userId: row.userId,
          customerName: contact?.name ?? '',
          customerEmail: contact?.email ?? '',
          state: row.state,
          requestedAt: row.requestedAt.toISOString(),
          dueAt: row.dueAt.toISOString(),
          erasedAt: row.erasedAt?.toISOString() ?? null,
          openOrders: awaitedOrdersOf(held),
          openRefundRequests: awaitedRefundsOf(held),
        });
      }
      return results;
    },

    /** Staff carry out a pending request once the customer's orders are all finished or cancelled. */
    carryOut(requestId: number, actor: DataRightsActor): Promise<FormResult<DeletionStatus>> {
      return erase(requestId, actor);
    },

    /**
     * After a restore (`npm run restore`): the accounts the registers of newer archives say were
     * erased are erased again, files and all, whatever their orders' states in the older archive.
     * An account the restored database does not hold (made after the archive) or already erased is
     * skipped. Recorded as the customer's own erasure, as the first one was made on their request.
     * Returns how many were erased again.
     */
    async eraseAgain(register: readonly ErasureRecord[]): Promise<number> {
      const requests = createDataRightsRepository(db);
      const held = await deps.users.contactsByIds(register.map((r) => r.userId));
      let erased = 0;
      for (const record of register) {
        if (!held.has(record.userId)) continue;
        const latest = await requests.latestOf(record.userId);
        if (latest?.state === 'erased') continue;
        const firstErasedAt = new Date(record.erasedAt);
        const request = latest ?? (await requests.insertPending(record.userId, firstErasedAt, firstErasedAt));
        const actor = { id: record.userId, email: erasedEmail(record.userId) };
        if ((await erase(request.id, actor, { erasedAt: record.erasedAt })).ok) erased += 1;
      }
      return erased;
    },
  };
}
export type DataRightsService = ReturnType<typeof createDataRightsService>;

/** An erased account, as a backup archive's register lists it (src/server/backup/archive.ts). */
export interface ErasureRecord {
  userId: number;
  erasedAt: string;
}

/**
 * Every account erased so far: each backup archive carries this register, so that a restore of an
 * older archive can erase them again (`eraseAgain`). Needs no services: a stopped shop's backup
 * reads it too.
 */
export async function erasureRegister(db: Database): Promise<ErasureRecord[]> {
  const rows = await createDataRightsRepository(db).erased();
  return rows.map((row) => ({ userId: row.userId, erasedAt: (row.erasedAt ?? row.requestedAt).toISOString() }));
}
