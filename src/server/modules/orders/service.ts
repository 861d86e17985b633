import type { AnyColumn, SQL, SQLWrapper } from 'drizzle-orm';
import { EXPEDITE_PROMISE } from '../../../domain/admin/expedite.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import { CHECKOUT_MESSAGES, type ChooseAddOns } from '../../../domain/checkout/api.ts';
import type { CostSummary } from '../../../domain/checkout/cost-summary.ts';
import {
  type PremiumSupport,
  premiumSupportFor,
  premiumSupportMailDetails,
} from '../../../domain/checkout/premium-support.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import { ORDER_REF_MESSAGES, type OrderKind } from '../../../domain/orders/order-kind.ts';
import { DASHBOARD_RECENT_ORDERS, isActiveStatus, type OrderSummary } from '../../../domain/orders/order-summary.ts';
import {
  canChangeStatus,
  INITIAL_ORDER_STATUS,
  type OrderStatus,
  type StatusActor,
  type StatusChange,
  toOrderStatus,
} from '../../../domain/orders/status.ts';
import { orderBrandName, sentBackMailIntro, statusDescription } from '../../../domain/orders/status-descriptions.ts';
import type { Database } from '../../db/client.ts';
import type { LinkOrigin } from '../../http/site-url.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { UsersService } from '../users/service.ts';
import { createCouponUses } from './coupon-uses.ts';
import { newOrderDisplayId } from './display-id.ts';
import {
  type AddOnsView,
  type CostSummaryView,
  createOrderKinds,
  type OrderKindDefinition,
  type StaffView,
} from './kinds.ts';
import { createOrderLedger } from './ledger.ts';
import { createOrdersPersonalDataRepository } from './personal-data-repository.ts';
import { createOrdersRepository, type OrderRow, type StatusHistoryRow } from './repository.ts';
import { createOrderFileRetention } from './retention.ts';

export type { OrderKind } from '../../../domain/orders/order-kind.ts';

/** How a caller names one order: its display id, its id, or the client's idempotency key. */
export type OrderLookup = { displayId: string } | { id: number } | { idempotencyKey: string };

/** The back office's queue filters (decision 0068); other modules narrow it with subqueries of ids. */
export interface StaffOrderFilter {
  status?: OrderStatus | undefined;
  kind?: OrderKind | undefined;
  /** Created at or after. */
  createdFrom?: Date | undefined;
  /** Created before. */
  createdBefore?: Date | undefined;
  /** Only these orders (a subquery of order ids, e.g. the applications of one service); several: in every one. */
  orderIdIn?: SQLWrapper | readonly SQLWrapper[] | undefined;
  /**
   * The display id, the order's e-mail, a customer among `userIdIn` (a subquery of user ids), or
   * an order among `orderIdIn` (a subquery: the applications whose members' names match).
   */
  search?: { text: string; userIdIn: SQLWrapper; orderIdIn?: SQLWrapper } | undefined;
}

export type StaffSort = 'createdAt' | 'displayId' | 'status' | 'totalCents';

/** An order as the back office reads it: with when it was paid and when everything was last in (its SLA clock's starts). */
export interface StaffOrder {
  order: Order;
  paidAt: Date | null;
  readyAt: Date | null;
}

/** A row of the back office's order list: with what staff's refunds give back of its payment. */
export interface QueuedStaffOrder extends StaffOrder {
  refundedCents: number;
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['listForUser']>>[number];

function toSummary(row: SummaryRow): OrderSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** An order as other modules see it. */
export interface Order {
  id: number;
  displayId: string;
  kind: OrderKind;
  userId: number;
  email: string;
  title: string;
  status: string;
  totalCents: number;
  currency: Currency;
  createdAt: Date;
  updatedAt: Date;
}

function toOrder({ idempotencyKey: _k, ...row }: OrderRow): Order {
  return row;
}

function toStatusChange(row: StatusHistoryRow): StatusChange {
  return {
    fromStatus: row.fromStatus === null ? null : toOrderStatus(row.fromStatus),
    status: toOrderStatus(row.toStatus) ?? INITIAL_ORDER_STATUS,
    by: row.changedBy,
    remark: row.remark,
    at: row.changedAt.toISOString(),
  };
}

/** Who changes a status: the customer or a staff member (with their account), or the system. */
export type StatusChanger = { actor: Exclude<StatusActor, 'system'>; userId: number } | { actor: 'system' };

export interface NewOrder {
  kind: OrderKind;
  userId: number;
  /** The e-mail the order is placed with (status e-mails and refund look-ups use it). */
  email: string;
  title: string;
  totalCents: number;
  currency: Currency;
  /** The client's key: a second call with it answers the first call's order. */
  idempotencyKey: string | null;
}

export type StatusChangeResult =
  | { ok: true; order: Order; change: StatusChange }
  | { ok: false; reason: 'not-found' | 'not-allowed' | 'not-refunded' | 'changed'; from?: string }
  /** The order's kind holds the work back (`staffMoveHeld`): `message` says why. */
  | { ok: false; reason: 'held'; from: string; message: string };

/**
 * Told of every status change inside the change's transaction, after the timeline entry and the
 * customer's notification: what it writes commits or rolls back with the change, and a listener
 * that throws undoes the change (decision 0057). Another module reacts to a status this way
 * without the orders module importing it.
 */
export type StatusChangeListener = (
  tx: Database,
  change: { order: Order; to: OrderStatus; change: StatusChange },
) => Promise<void>;

/**
 * Told, inside the change's transaction, when what an order buys changes: its total (members,
 * add-ons, coupon, plan), or a photo order's photos at the same total. Payments closes the attempts
 * opened for the order as it was.
 */
export type PurchaseChangeListener = (tx: Database, order: Order) => Promise<void>;

/** Told, in the refund's transaction, when an order's payment has been refunded in full. */
export type FullRefundListener = (tx: Database, order: Order) => Promise<void>;

export type { CostSummaryView, OrderKindDefinition, StaffView } from './kinds.ts';
export {
  type PaymentAttempt,
  type PaymentCounts,
  type PaymentRefund,
  type Refundable,
  type RefundReservation,
  type SettledPayment,
  type Settlement,
  strayRefundKey,
} from './ledger.ts';

export interface OrdersServiceDeps {
  /** The customer hears of every status change in their notification panel. */
  notifications: Pick<NotificationsService, 'notify' | 'notifyAboutOrder'>;
  /** Staff changes are e-mailed too, queued in the change's transaction (docs/decisions/0033). */
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The app's file storage (the retention sweep deletes closed orders' files through it). */
  storage: Pick<FileStorage, 'delete'>;
  /** Where a customer last signed in (the fallback of an order never taken to payment). */
  users: Pick<UsersService, 'linkOriginOf'>;
  /** The origin of links sent outside a request, from what was recorded (linkOriginFor). */
  linkOrigin: LinkOrigin;
  companyName: string;
  /** The deployment's premium-support contact (Env.premiumSupport), in large orders' status e-mails. */
  premiumSupport: PremiumSupport;
  now?: () => Date;
  newDisplayId?: (kind: OrderKind) => string;
}

/**
 * Orders of every kind: history and dashboard figures, creation, status changes, what each was
 * charged, and its ledger of payments and refunds.
 */
/**
 * A condition for another module's single statement: order `orderId` (an id, or a column holding
 * one) is in one of `statuses` when the statement runs (autosave writes answers only while they
 * are open; the fee-change job lists the unpaid applications).
 */
export function orderInStatuses(db: Database, orderId: number | AnyColumn, statuses: readonly OrderStatus[]): SQL {
  return createOrdersRepository(db).inStatuses(orderId, statuses);
}

export function createOrdersService(db: Database, deps: OrdersServiceDeps) {
  const repository = createOrdersRepository(db);
  const now = deps.now ?? (() => new Date());
  const newDisplayId = deps.newDisplayId ?? newOrderDisplayId;
  const listeners: StatusChangeListener[] = [];
  const purchaseListeners: PurchaseChangeListener[] = [];
  const fullRefundListeners: FullRefundListener[] = [];
  const kinds = createOrderKinds();
  const retention = createOrderFileRetention(db, {
    kind: (order) => kinds.of(order.kind),
    lockOrder,
    changeOrderStatus,
    mail: deps.mail,
    notifications: deps.notifications,
    storage: deps.storage,
    siteUrlOf: (orderId, on) => siteUrlOf(orderId, on),
    companyName: deps.companyName,
  });

  async function lockOrder(on: Database, orderId: number): Promise<Order | null> {
    const row = await createOrdersRepository(on).lockById(orderId);
    return row ? toOrder(row) : null;
  }

  /**
   * Where links in the order's e-mails point: SITE_URL's whenever that is set; without it, the
   * address its customer paid from, else the one they last signed in on (an order never taken to
   * payment), else the default. A customer who paid on 127.0.0.1 and got a link to localhost found
   * themselves signed out (the session cookie is the other host's).
   */
  async function siteUrlOf(orderId: number, on: Database = db): Promise<string> {
    if (deps.linkOrigin.fixed) return deps.linkOrigin.fixed;
    const paidFrom = await ledger.paidFrom(on, orderId);
    if (paidFrom) return deps.linkOrigin(paidFrom);
    const [order] = await createOrdersRepository(on).findByIds([orderId]);
    return deps.linkOrigin(order ? await deps.users.linkOriginOf(order.userId, on) : null);
  }

  function statusMail(order: Order, to: OrderStatus, remark: string | null, siteUrl: string) {
    const link = `${siteUrl}${orderPageHref(order.displayId)}`;
    const details: [string, string][] = [
      ['Order', `${order.displayId} (${order.title})`],
      ['Status', to],
    ];
    const sentBack = sentBackMailIntro(to, remark);
    if (remark && !sentBack) details.push(['Remark', remark]);
    details.push(...premiumSupportMailDetails(premiumSupportFor(order.totalCents, deps.premiumSupport)));
    return simpleMail({
      to: order.email,
      subject: `Your order ${order.displayId} is now ${to}`,
      heading: `Your order ${order.displayId}: ${to}`,
      intro: sentBack ?? [statusDescription(order.kind, to)],
      details,
      outro: [`See your order and its timeline at any time: ${link}`],
      // A photo order's customer bought from SevaPhotos: signed by that brand, not the company's.
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
    });
  }

  /** Runs `work` with the customer's order of any kind and its kind's definition; a 404 for another's. */
  async function withOwnedKind<T>(
    customerId: number,
    ref: OrderLookup,
    work: (kind: OrderKindDefinition, order: Order) => Promise<FormResult<T>>,
  ): Promise<FormResult<T>> {
    const row = await repository.findOwned(customerId, ref);
    if (!row) return formFailure(404, ORDER_REF_MESSAGES.notFound);
    return work(kinds.of(row.kind), toOrder(row));
  }

  /**
   * Moves an order to `to` if the transition table (src/domain/orders/status.ts) lets `by` do
   * it from the order's current status. In one transaction (a savepoint of `on`'s): the status,
   * its timeline entry with who, when and remark, the customer's notification, and for a staff
   * change the customer's e-mail, then the status listeners. A customer may only change their own order: another's is
   * 'not-found', like an unknown one. `mail: false` leaves the e-mail to a caller that sends a
   * more specific one in the same transaction (a document request, with its link to the slot);
   * `documentStatus`, the notification's Document Status line (SPEC.md §3), when the change is about
   * a document (a document request's 'Requested').
   * `from`, the status the changer saw: another status under the lock is 'changed' (two staff
   * members on one order: the second is told, not left to undo the first's change unknowingly).
   */
  async function changeOrderStatus(
    orderId: number,
    to: OrderStatus,
    {
      by,
      remark = null,
      mail = true,
      from,
      documentStatus = null,
    }: {
      by: StatusChanger;
      remark?: string | null;
      mail?: boolean;
      from?: OrderStatus;
      documentStatus?: string | null;
    },
    on: Database = db,
  ): Promise<StatusChangeResult> {
    return on.transaction(async (tx) => {
      const orders = createOrdersRepository(tx);
      const current = await orders.lockById(orderId);
      if (!current || (by.actor === 'customer' && current.userId !== by.userId)) {
        return { ok: false, reason: 'not-found' };
      }
      if (from !== undefined && current.status !== from) return { ok: false, reason: 'changed', from: current.status };
      if (!canChangeStatus(current.status, to, by.actor, current.kind)) {
        return { ok: false, reason: 'not-allowed', from: current.status };
      }
      // Refunded tells the customer their money went back: only the ledger can say so (a refund
      // approved on the refunds desk moves the order once its payment is refunded in full).
      if (to === 'Refunded' && !(await ledger.refundedInFull(tx, orderId))) {
        return { ok: false, reason: 'not-refunded', from: current.status };
      }
      const held = by.actor === 'staff' ? await kinds.of(current.kind).staffMoveHeld?.(tx, toOrder(current), to) : null;
      if (held) return { ok: false, reason: 'held', from: current.status, message: held };
      const at = now();
      const order = toOrder(await orders.update(orderId, { status: to }));
      const history = await orders.insertHistory({
        orderId,
        fromStatus: toOrderStatus(current.status) ?? current.status,
        toStatus: to,
        remark,
        changedBy: by.actor,
        changedByUserId: by.actor === 'system' ? null : by.userId,
        changedAt: at,
      });
      await deps.notifications.notify(
        order.userId,
        {
          orderId: order.displayId,
          orderIdDb: order.id,
          orderStatus: to,
          remark: remark ?? statusDescription(order.kind, to),
          documentStatus,
        },
        tx,
      );
      if (by.actor === 'staff' && mail) {
        await deps.mail.enqueue(tx, {
          ...statusMail(order, to, remark, await siteUrlOf(order.id, tx)),
          purpose: 'order-status',
          key: `order-status:${history.id}`,
        });
      }
      const change = toStatusChange(history);
      for (const listener of listeners) await listener(tx, { order, to, change });
      return { ok: true, order, change };
    });
  }

  const ledger = createOrderLedger({ kind: (kind) => kinds.of(kind), changeOrderStatus });

  /** Tells the purchase listeners that what the order buys changed (the caller holds the lock). */
  async function purchaseChanged(on: Database, order: Order): Promise<void> {
    for (const listener of purchaseListeners) await listener(on, order);
  }

  return {
    /**
     * The order's ledger (issue 28): its payment attempts, payments and refunds. Payments records
     * what its providers answered here (the order decides what a payment makes of it); the order
     * desk, refunds and referrals read it.
     */
    ...ledger,

    /** The order's use of a coupon (checkout owns the coupons and counts uses under the coupon's lock). */
    ...createCouponUses(),

    /**
     * The order with this customer-facing id placed with this e-mail (the refund form), or null
     * when either does not match: the caller cannot tell which.
     */
    findByDisplayIdAndEmail(displayId: string, email: string) {
      return repository.findByDisplayIdAndEmail(displayId, email);
    },

    /** Newest first; only one kind of order when `kind` is given. */
    async listForUser(userId: number, { page, limit }: Pagination, kind?: OrderKind): Promise<ListData<OrderSummary>> {
      const [rows, totalCount] = await Promise.all([
        repository.listForUser(userId, (page - 1) * limit, limit, kind),
        repository.countForUser(userId, kind),
      ]);
      return { results: rows.map(toSummary), totalCount, page, limit };
    },

    /** The user's orders of `kind` in one of `statuses`, newest first, at most `limit`. */
    async listForUserIn(
      userId: number,
      kind: OrderKind,
      statuses: readonly OrderStatus[],
      limit: number,
    ): Promise<OrderSummary[]> {
      return (await repository.listForUserIn(userId, kind, statuses, limit)).map(toSummary);
    },

    async summaryForUser(
      userId: number,
    ): Promise<{ ordersCount: number; activeOrders: number; recent: OrderSummary[] }> {
      const [byStatus, recent] = await Promise.all([
        repository.countByStatus(userId),
        repository.listForUser(userId, 0, DASHBOARD_RECENT_ORDERS),
      ]);
      return {
        ordersCount: byStatus.reduce((sum, s) => sum + s.n, 0),
        activeOrders: byStatus.filter((s) => isActiveStatus(s.status)).reduce((sum, s) => sum + s.n, 0),
        recent: recent.map(toSummary),
      };
    },

    /**
     * Creates an order in `Payment pending` with a new random display id, recording its first
     * status on the timeline, through `on` (the caller's transaction). With an idempotency key the
     * user already used, nothing is written and that order comes back with `created: false`
     * (a concurrent request with the key waits for the first to commit, then gets its order).
     */
    async createOrder(on: Database, input: NewOrder): Promise<{ order: Order; created: boolean }> {
      const orders = createOrdersRepository(on);
      await orders.lockNewOrders(input.userId);
      for (let attempt = 0; ; attempt++) {
        const row = await orders.insertUnlessTaken({
          displayId: newDisplayId(input.kind),
          kind: input.kind,
          userId: input.userId,
          email: input.email,
          title: input.title,
          status: INITIAL_ORDER_STATUS,
          totalCents: input.totalCents,
          currency: input.currency,
          idempotencyKey: input.idempotencyKey,
        });
        if (row) {
          await orders.insertHistory({
            orderId: row.id,
            fromStatus: null,
            toStatus: INITIAL_ORDER_STATUS,
            changedBy: 'customer',
            changedByUserId: input.userId,
            changedAt: row.createdAt,
          });
          return { order: toOrder(row), created: true };
        }
        if (input.idempotencyKey !== null) {
          // Whatever kind of order the key created: the caller sees it is not what it asked for.
          const existing = await orders.findOwned(input.userId, { idempotencyKey: input.idempotencyKey });
          if (existing) return { order: toOrder(existing), created: false };
        }
        // The random display id was taken: draw another.
        if (attempt >= 9) throw new Error('could not find a free order display id in 10 attempts');
      }
    },

    /**
     * One page of every customer's orders for the back office (decision 0068), with when each was
     * paid and what was refunded of it.
     */
    async listForStaff(
      filter: StaffOrderFilter,
      sort: { by: StaffSort; dir: 'asc' | 'desc' },
      { page, limit }: Pagination,
    ): Promise<ListData<QueuedStaffOrder>> {
      const { rows, total } = await repository.pageForStaff(filter, sort, (page - 1) * limit, limit);
      return {
        results: rows.map((r) => ({ ...r, order: toOrder(r.order) })),
        totalCount: total,
        page,
        limit,
      };
    },

    /** Any customer's order (the back office; the caller has checked the role). */
    async findForStaff(ref: OrderLookup): Promise<StaffOrder | null> {
      const row = await repository.findForStaff(ref);
      return row ? { order: toOrder(row.order), paidAt: row.paidAt, readyAt: row.readyAt } : null;
    },

    /**
     * The user's order named by `ref`, of this kind when one is given, or null (another user's
     * order is null too).
     */
    async findOwned(userId: number, ref: OrderLookup, kind?: OrderKind): Promise<Order | null> {
      const row = await repository.findOwned(userId, ref, kind);
      return row ? toOrder(row) : null;
    },

    /** The orders with these ids, in no particular order (the back office names rows by display id). */
    async findByIds(ids: readonly number[], on: Database = db): Promise<Order[]> {
      return (await createOrdersRepository(on).findByIds(ids)).map(toOrder);
    },

    /**
     * Locks the order for the rest of `on`'s transaction and answers it as it is now: changes
     * that depend on its status (members, payment, status changes) take turns.
     */
    lockOrder,

    /**
     * Whether the order is the customer's first of its kind (earlier cancelled ones do not count):
     * a referred friend's discount is for their first application.
     */
    async isFirstOrder(on: Database, order: Pick<Order, 'id' | 'userId' | 'kind'>): Promise<boolean> {
      return (await createOrdersRepository(on).firstNotCancelled(order.userId, order.kind)) === order.id;
    },

    /**
     * The ids of the customer's orders, of one kind or all (a referral compares the cards both
     * sides paid with; a form opening reads earlier applications).
     */
    orderIdsOf(on: Database, userId: number, kind?: OrderKind): Promise<number[]> {
      return createOrdersRepository(on).idsOfUser(userId, kind);
    },

    /** The currency the customer last ordered in (a new photo order starts in it), or null. */
    latestCurrencyOf(on: Database, userId: number): Promise<Currency | null> {
      return createOrdersRepository(on).latestCurrency(userId);
    },

    /** How many of these orders are in none of `statuses` (coupon uses: not cancelled, or paid). */
    countExcept(on: Database, orderIds: readonly number[], statuses: readonly OrderStatus[]): Promise<number> {
      return createOrdersRepository(on).countExcept(orderIds, statuses);
    },

    /**
     * Sets the currency of an order nothing has been paid for (the caller holds the lock and has
     * checked the status); its kind prices it again next (`setCharged`), which closes the attempts
     * opened in the old one.
     */
    async setCurrency(on: Database, orderId: number, currency: Currency): Promise<Order> {
      return toOrder(await createOrdersRepository(on).changeCurrency(orderId, currency));
    },

    /**
     * Stores what the order is charged, its kind's priced lines, and sets its total from them (the
     * caller holds the lock and has checked the status); a different total is told to the total
     * listeners in the same transaction.
     */
    async setCharged(on: Database, orderId: number, summary: CostSummary): Promise<Order> {
      const repository = createOrdersRepository(on);
      await repository.saveCharged(orderId, summary);
      const changed = await repository.changeTotal(orderId, summary.totalCents);
      if (!changed) {
        const [unchanged] = await repository.findByIds([orderId]);
        if (!unchanged) throw new Error(`order ${orderId} vanished while it was locked`);
        return toOrder(unchanged);
      }
      const order = toOrder(changed);
      await purchaseChanged(on, order);
      return order;
    },

    /**
     * Tells the purchase listeners of a change at the same total (a photo added, removed or
     * accepted as it is); a new total is told by `setCharged` itself.
     */
    purchaseChanged,

    /** Adds a listener of every change of what an order buys (services.ts wires them once). */
    onPurchaseChange(listener: PurchaseChangeListener): void {
      purchaseListeners.push(listener);
    },

    /** Adds a listener of full refunds (a referral reward is withdrawn). */
    onFullyRefunded(listener: FullRefundListener): void {
      fullRefundListeners.push(listener);
    },

    /**
     * Tells the full-refund listeners, in the refund's transaction, that nothing of the order's
     * payment is left (whatever its status: a Completed order stays Completed).
     */
    async fullyRefunded(on: Database, orderId: number): Promise<void> {
      const [row] = await createOrdersRepository(on).findByIds([orderId]);
      if (!row) return;
      for (const listener of fullRefundListeners) await listener(on, toOrder(row));
    },

    /** Registers a kind of order (services.ts, once per kind, before any request). */
    registerKind(definition: OrderKindDefinition): void {
      kinds.register(definition);
    },

    /** The cost summary the order's total was set from (its lines, as charged), whatever its kind. */
    async chargedSummary(on: Database, order: Order): Promise<CostSummary> {
      return (
        (await createOrdersRepository(on).storedCharged(order.id)) ?? kinds.of(order.kind).pricedSummary(on, order)
      );
    },

    /**
     * The customer's order of any kind: its cost summary as it now stands, with what was refunded
     * of its payment (the core's own path: the order page's "What you paid").
     */
    costSummary(customerId: number, ref: OrderLookup): Promise<FormResult<CostSummaryView>> {
      return withOwnedKind(customerId, ref, async (kind, order) => {
        const [summary, refundedCents] = await Promise.all([
          kind.costSummary(db, order),
          ledger.returnedCents(db, order.id),
        ]);
        return { ok: true, value: { ...summary, refundedCents } };
      });
    },

    /** Applies a coupon to the customer's order of any kind (its kind checks the rules); the new summary. */
    applyCoupon(customerId: number, ref: OrderLookup, code: string): Promise<FormResult<CostSummaryView>> {
      return withOwnedKind(customerId, ref, (kind, order) => kind.applyCoupon(customerId, order, code));
    },

    /** Removes the coupon of the customer's order of any kind; the new summary. */
    removeCoupon(customerId: number, ref: OrderLookup): Promise<FormResult<CostSummaryView>> {
      return withOwnedKind(customerId, ref, (kind, order) => kind.removeCoupon(customerId, order));
    },

    /** The add-ons the customer's order offers, whatever its kind (a kind that sells none offers none). */
    addOns(customerId: number, ref: OrderLookup): Promise<FormResult<AddOnsView>> {
      return withOwnedKind(customerId, ref, async (kind, order) =>
        kind.addOns
          ? kind.addOns.offered(customerId, order)
          : { ok: true, value: { currency: order.currency, addOns: [] } },
      );
    },

    /** Replaces the add-ons of the customer's order of any kind (before payment); the new summary. */
    chooseAddOns(customerId: number, ref: OrderLookup, choice: ChooseAddOns): Promise<FormResult<CostSummaryView>> {
      return withOwnedKind(customerId, ref, async (kind, order) => {
        if (kind.addOns) return kind.addOns.choose(customerId, order, choice);
        const [first] = choice.addOns;
        if (!first) return { ok: true, value: await kind.costSummary(db, order) };
        const message = CHECKOUT_MESSAGES.notOffered(first.addon);
        return formFailure(400, message, { 'addOns.0': message });
      });
    },

    /**
     * What staff see of these orders, by order id, whatever their kinds (one batch per kind): the
     * queue's service label and the SLA's promise. The SLA is the core's: an order in `expedited`
     * (it bought Expedite, as the caller's screen shows it) runs against the add-on's promise,
     * any other against what its kind promises.
     */
    async staffViews(orders: readonly Order[], expedited: ReadonlySet<number>): Promise<Map<number, StaffView>> {
      const byKind = Map.groupBy(orders, (order) => order.kind);
      const views = await Promise.all([...byKind].map(([kind, ofKind]) => kinds.of(kind).staffViews(ofKind)));
      return new Map(
        views.flatMap((ofKind) =>
          [...ofKind].map(([id, view]): [number, StaffView] => [
            id,
            expedited.has(id) ? { ...view, promise: EXPEDITE_PROMISE } : view,
          ]),
        ),
      );
    },

    /** What the core needs of a kind of order: its charged summary, readiness, coupon, paid status. */
    kind(kind: OrderKind): OrderKindDefinition {
      return kinds.of(kind);
    },

    /** Every status the order has been in, oldest first. */
    async timeline(orderId: number, on: Database = db): Promise<StatusChange[]> {
      return (await createOrdersRepository(on).listHistory(orderId)).map(toStatusChange);
    },

    /**
     * The retention sweep of closed orders' files (issue 34 §4): cancels the orders left unpaid
     * (unpaid-sweep.ts), plans each closed one's deletion day, tells the customer beforehand, and
     * on the day has the order's kind delete its files. The job (src/server/retention.ts) calls
     * it; a second run at once does nothing more.
     */
    sweepClosedOrderFiles: (at: Date, signal?: AbortSignal) => retention.sweep(at, signal),

    /** Closed orders whose files are kept past their deletion day (/metrics: the sweep is failing). */
    overdueClosedOrderFiles: (today: string) => retention.overdue(today),

    /** Whether the order's files are kept until a day, or were deleted when (its pages say so). */
    filesRetention: (orderId: number, on: Database = db) => retention.of(orderId, on),

    /** Whether the retention sweep is done with the order's files: nothing more may be filed on it. */
    filesErased: (orderId: number, on: Database = db) => retention.erased(orderId, on),

    siteUrlOf,

    /** Adds a listener of every status change (services.ts wires them once, before any request). */
    onStatusChange(listener: StatusChangeListener): void {
      listeners.push(listener);
    },

    changeOrderStatus,

    /**
     * Removes the files uploaded for the order from storage, through its kind (issue 34 §3; the
     * retention job of §4 calls it too); answers how many were removed, 0 for an unknown order.
     */
    async eraseFiles(orderId: number): Promise<number> {
      const [order] = await repository.findByIds([orderId]);
      return order ? kinds.of(order.kind).eraseFiles(db, toOrder(order)) : 0;
    },

    /**
     * An erased customer's orders keep their amounts, dates, statuses and provider references (the
     * law's record of payments) but no longer their e-mail or card fingerprint; answers their ids.
     */
    erasePersonalFields(tx: Database, userId: number, placeholderEmail: string): Promise<number[]> {
      return createOrdersPersonalDataRepository(tx).anonymise(userId, placeholderEmail);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
