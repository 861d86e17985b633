import type { z } from 'zod';
import type { SlaPromise } from '../../../domain/admin/orders.ts';
import type { addOnsSchema, ChooseAddOns, costSummarySchema } from '../../../domain/checkout/api.ts';
import type { CostSummary } from '../../../domain/checkout/cost-summary.ts';
import type { FormResult } from '../../../domain/contact/result.ts';
import type { OrderKind } from '../../../domain/orders/order-kind.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import type { Database } from '../../db/client.ts';
import type { Order } from './service.ts';

/** An order's cost summary as the customer sees it: its lines, total and applied coupon. */
export type CostSummaryView = z.infer<typeof costSummarySchema>;
/** The add-ons an order offers, with their prices in its currency and what is chosen. */
export type AddOnsView = z.infer<typeof addOnsSchema>;

/** What the back office sees of one order, as its kind describes it (issue 28: "what staff see"). */
export interface StaffView {
  /** The queue's service column: the service applied for, or the brand that makes the order. */
  service: string;
  /**
   * The processing time promised for what the order sells (a package's published time, a photo
   * order's days). An add-on's own promise (Expedite) is the order core's rule on top of it.
   */
  promise: SlaPromise;
}

/**
 * One kind of order (a service application, a photo order) as the order core sees it (issue 28):
 * what it charged, what still stops payment, how its coupon is held and checked again, and where
 * a payment takes it, and what staff see of it. The kind's own module implements it; services.ts registers it with the
 * orders service, and payments reaches every kind through orders alone.
 */
export interface OrderKindDefinition {
  kind: OrderKind;
  /** An unknown order, or another customer's, in the words of this kind's pages. */
  notFoundMessage: string;
  /**
   * The cost summary as the order now stands, priced by this kind. What the order was charged is
   * the order core's (`orders.setCharged` stores it, `orders.chargedSummary` reads it); this
   * answers for an order priced before its lines were stored.
   */
  pricedSummary(on: Database, order: Order): Promise<CostSummary>;
  /**
   * What the customer must still give before paying (a photo, a delivery address), in words they
   * can act on; empty when the order may be paid.
   */
  missingBeforePayment(on: Database, order: Order): Promise<string[]>;
  /**
   * Before a payment starts, on the locked order: prices that depend on the day brought up to date
   * (an application's government fee that changed since it was priced). A failure (the order was
   * repriced) is answered to the customer, who must see the new total before paying.
   */
  repriceForToday?(tx: Database, order: Order): Promise<FormResult<null>>;
  /**
   * Before a payment starts, on the locked order: takes the coupon's use again for the hold. A
   * failure (the coupon went meanwhile, and the order was repriced) is answered to the customer.
   */
  holdCoupon(tx: Database, order: Order): Promise<FormResult<null>>;
  /**
   * When a payment settles, on the locked order: whether its coupon's limits still allow this
   * order's use, counted under the coupon's lock. False gives the use back and reprices the order
   * (the payment then cannot be taken: it is refunded).
   */
  confirmCoupon(tx: Database, order: Order): Promise<boolean>;
  /** The cost summary as the order now stands, with its coupon (a read: nothing is stored). */
  costSummary(on: Database, order: Order): Promise<CostSummaryView>;
  /**
   * Applies a coupon to the customer's order, or removes it, while it awaits payment (the coupon's
   * rules and uses are checked under its lock); answers the new cost summary.
   */
  applyCoupon(customerId: number, order: Order, code: string): Promise<FormResult<CostSummaryView>>;
  removeCoupon(customerId: number, order: Order): Promise<FormResult<CostSummaryView>>;
  /**
   * The add-ons this kind sells (a service's Expedite, apostille, courier): what is offered and
   * chosen, and the customer's new choice before payment. A kind without them offers none.
   */
  addOns?: {
    offered(customerId: number, order: Order): Promise<FormResult<AddOnsView>>;
    choose(customerId: number, order: Order, choice: ChooseAddOns): Promise<FormResult<CostSummaryView>>;
  };
  /** The status a verified payment moves the order to, on the locked order in the payment's transaction. */
  statusWhenPaid(tx: Database, order: Order): Promise<OrderStatus>;
  /**
   * On the locked order, before a staff change to `to` the transition table allows: why the work
   * cannot move there yet (a photo whose prints wait for a person's check), or null.
   */
  staffMoveHeld?(tx: Database, order: Order, to: OrderStatus): Promise<string | null>;
  /**
   * Whether the customer worked on the order after `since` in this kind's own records (an answer
   * saved, a member or photo added, a file uploaded): the unpaid-order sweep keeps an order worked
   * on within UNPAID_ORDER_CANCEL_DAYS, though neither its row nor its price changed.
   */
  workedOnSince(on: Database, order: Order, since: Date): Promise<boolean>;
  /** The storage keys of the stored files (uploads, photos, what staff sent) the order holds now. */
  storedFiles(on: Database, order: Order): Promise<string[]>;
  /**
   * Deletes every stored file of the order (the retention sweep, on the locked order in `on`'s
   * transaction): the bytes through file storage first, then what names them, so a crash in
   * between leaves rows a second call finishes (removing a missing file is no error), never a
   * file nothing names. Keys in `removed` the caller has already deleted from storage (the sweep
   * does so before its transaction, so storage's latency does not hold the database). The order,
   * its lines and payments stay. Answers how many files went.
   */
  eraseFiles(on: Database, order: Order, removed?: ReadonlySet<string>): Promise<number>;
  /**
   * What staff see of these orders of this kind, by order id: one batch for a page of the queue
   * (its reads do not grow with the page beyond what the kind's own figures need).
   */
  staffViews(orders: readonly Order[]): Promise<Map<number, StaffView>>;
}

/** The registered kinds: each is defined once, before the first request. */
export function createOrderKinds() {
  const kinds = new Map<OrderKind, OrderKindDefinition>();
  return {
    register(definition: OrderKindDefinition): void {
      if (kinds.has(definition.kind)) throw new Error(`order kind ${definition.kind} is registered twice`);
      kinds.set(definition.kind, definition);
    },
    of(kind: OrderKind): OrderKindDefinition {
      const definition = kinds.get(kind);
      if (!definition) throw new Error(`order kind ${kind} is not registered`);
      return definition;
    },
  };
}
export type OrderKinds = ReturnType<typeof createOrderKinds>;
