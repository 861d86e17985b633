import {
  daysBetween,
  FEE_CHANGE_MESSAGES,
  FEE_CHANGE_NOTICE_DAYS,
  feeDay,
  type OutsideFees,
  orderFeeChangeSentence,
  sameOutsideFees,
} from '../../../domain/catalog/fee-schedule.ts';
import type { PackagePrice } from '../../../domain/catalog/service-detail.ts';
import type { CheckoutSnapshot, CostSummary } from '../../../domain/checkout/cost-summary.ts';
import type { DroppedCoupon } from '../../../domain/checkout/coupons.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { continueHref } from '../../../domain/orders/open-application.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { type ApplicationRow, createApplicationsRepository } from './repository.ts';

/**
 * The fee on the day for unpaid applications (issue 32 §2, decision 0109-fee-on-the-day). An
 * order's government and outsourcer fees are those in force on the day it is paid: a dated
 * change (a catalog price row with a later `effective_from`) reprices an order still awaiting
 * payment on the day it takes effect, and the customer is told once, by e-mail and on the
 * notification panel, up to FEE_CHANGE_NOTICE_DAYS before (pay before it, keep the old fees) or
 * on the day (the new total). Our service fee and add-ons stay as they were, and the coupon too
 * unless the new fees take the order below its minimum order (checkout's rule): then it goes, and
 * the notice says so.
 *
 * A daily job looks at every unpaid application; a payment that starts before the job ran on the
 * day of a change finds the order repriced first and is refused with the new total (409).
 */
export const FEE_CHANGES_QUEUE = 'applications.fee-changes';
/** Daily at 00:07 UTC: the first minutes of the day a change takes effect. */
export const FEE_CHANGES_CRON = '7 0 * * *';

/** What reviewing one unpaid order did: a reprice names the coupon the new fees took away, if any. */
export type FeeReview =
  | { outcome: 'repriced'; droppedCoupon: DroppedCoupon | null }
  | { outcome: 'told' | 'unchanged' };

const UNCHANGED: FeeReview = { outcome: 'unchanged' };

export interface FeeChangesDeps {
  orders: Pick<OrdersService, 'lockOrder' | 'siteUrlOf'>;
  /** The package's price in force today for the order's countries, with its next dated change. */
  catalog: Pick<CatalogService, 'priceToday'>;
  /**
   * Checkout's pricing (declared, not imported: checkout depends on applications): a notice ahead
   * previews the reprice its change will make, coupon rule included, so the total it quotes is the
   * one the day brings.
   */
  pricing: {
    preview(
      on: Database,
      order: Pick<Order, 'id' | 'userId' | 'kind'>,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<{ summary: CostSummary; droppedCoupon: DroppedCoupon | null }>;
    settle(
      tx: Database,
      order: Pick<Order, 'id' | 'userId' | 'kind'>,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<{ order: Order; droppedCoupon: DroppedCoupon | null }>;
  };
  mail: Pick<MailOutbox, 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  jobs: Pick<JobQueue, 'work' | 'schedule' | 'send'>;
  companyName: string;
  now?: () => Date;
}

export function createFeeChanges(db: Database, deps: FeeChangesDeps) {
  const { orders, catalog, pricing, mail, notifications, companyName } = deps;
  const now = deps.now ?? (() => new Date());

  /** The order's package priced today for its countries, read in `tx`; null when it is no longer priced so. */
  async function priceToday(tx: Database, app: ApplicationRow): Promise<PackagePrice | null> {
    const price = await catalog.priceToday(app.packageId, app.choices, tx);
    // A price in another currency is another offer, not a change of this one's fees.
    return price?.currency === app.currency ? price : null;
  }

  /** Once per order and price row: the e-mail and the panel's notification, in `tx`. */
  async function tell(
    tx: Database,
    order: Order,
    app: ApplicationRow,
    change: OutsideFees & { id: number; effectiveFrom: string },
    totals: { nowCents: number; afterCents: number; droppedCoupon: DroppedCoupon | null },
    inForce: boolean,
  ): Promise<boolean> {
    const repository = createApplicationsRepository(tx);
    if (!(await repository.recordFeeNotice(order.id, change.id, change.effectiveFrom))) return false;
    const sentence = orderFeeChangeSentence(order, app, change, totals, inForce);
    const link = `${await orders.siteUrlOf(order.id, tx)}${continueHref({ displayId: order.displayId, status: 'Payment pending' })}`;
    await mail.enqueue(tx, {
      ...simpleMail({
        to: order.email,
        subject: `The fees of your ${order.displayId} application ${inForce ? 'changed' : 'change soon'}`,
        heading: `${app.serviceName}: ${app.packageName}`,
        intro: [sentence],
        details: [['Order', `${order.displayId} (${order.title})`]],
        outro: [`See your order and pay: ${link}`],
        signature: `The ${companyName} team`,
      }),
      purpose: 'fee-change',
      key: `fee-change:${order.id}:${change.id}`,
    });
    await notifications.notify(
      order.userId,
      { orderId: order.displayId, orderIdDb: order.id, orderStatus: order.status, remark: sentence },
      tx,
    );
    return true;
  }

  /**
   * One unpaid order, locked by the caller in `tx`: repriced when a dated change of its fees has
   * taken over since it was priced (a row edited in place is a correction, not a change: the order
   * keeps what it was started with), and (`ahead`) told of a change due within
   * FEE_CHANGE_NOTICE_DAYS.
   */
  async function review(tx: Database, order: Order, { ahead }: { ahead: boolean }): Promise<FeeReview> {
    if (order.kind !== 'service' || order.status !== 'Payment pending') return UNCHANGED;
    const repository = createApplicationsRepository(tx);
    const app = await repository.findApplication(order.id);
    const price = app && (await priceToday(tx, app));
    if (!app || !price) return UNCHANGED;
    const memberIds = (await repository.listMembers(order.id)).map((m) => m.id);

    if (price.id !== app.packagePriceId && !sameOutsideFees(app, price)) {
      const fees = {
        packagePriceId: price.id,
        governmentFeeCents: price.governmentFeeCents,
        mandatoryFees: price.mandatoryFees,
        isEstimate: price.isEstimate,
        feesPaidOnPortal: price.feesPaidOnPortal,
      };
      await repository.replaceFees(order.id, fees);
      const { order: repriced, droppedCoupon } = await pricing.settle(tx, order, { ...app, ...fees }, memberIds);
      // Fees the customer pays on the portal change no total of ours: the order shows the new
      // amounts, and there is nothing to tell or to refuse a payment for.
      if (repriced.totalCents === order.totalCents && !droppedCoupon) return UNCHANGED;
      await tell(
        tx,
        order,
        app,
        { ...price, effectiveFrom: price.effectiveFrom ?? feeDay(now()) },
        { nowCents: order.totalCents, afterCents: repriced.totalCents, droppedCoupon },
        true,
      );
      return { outcome: 'repriced', droppedCoupon };
    }

    const next = price.scheduledChange;
    if (!ahead || !next || sameOutsideFees(app, next)) return UNCHANGED;
    if (daysBetween(feeDay(now()), next.effectiveFrom) > FEE_CHANGE_NOTICE_DAYS) return UNCHANGED;
    const after = await pricing.preview(tx, order, { ...app, ...next }, memberIds);
    if (after.summary.totalCents === order.totalCents && !after.droppedCoupon) return UNCHANGED;
    const totals = {
      nowCents: order.totalCents,
      afterCents: after.summary.totalCents,
      droppedCoupon: after.droppedCoupon,
    };
    return (await tell(tx, order, app, next, totals, false)) ? { outcome: 'told' } : UNCHANGED;
  }

  /** Every unpaid application, each in its own transaction under its lock. */
  async function reviewAll(): Promise<Record<FeeReview['outcome'], number>> {
    const counts: Record<FeeReview['outcome'], number> = { repriced: 0, told: 0, unchanged: 0 };
    const ids = await createApplicationsRepository(db).orderIdsInStatuses(['Payment pending']);
    for (const id of ids) {
      const reviewed = await db.transaction(async (tx) => {
        const order = await orders.lockOrder(tx, id);
        return order ? review(tx, order, { ahead: true }) : UNCHANGED;
      });
      counts[reviewed.outcome] += 1;
    }
    return counts;
  }

  return {
    review,
    reviewAll,
    /**
     * Before a payment starts, on the locked order: an order whose fees changed since it was
     * priced is repriced first, and the payment refused so the customer sees the new total (and
     * learns of the coupon the new fees took away).
     */
    async beforePayment(tx: Database, order: Order): Promise<FormResult<null>> {
      const reviewed = await review(tx, order, { ahead: false });
      if (reviewed.outcome !== 'repriced') return { ok: true, value: null };
      const { droppedCoupon } = reviewed;
      return formFailure(
        409,
        droppedCoupon ? FEE_CHANGE_MESSAGES.repricedWithoutCoupon(droppedCoupon.code) : FEE_CHANGE_MESSAGES.repriced,
      );
    },
    /**
     * Staff changed the catalog: a fee change they dated today reaches unpaid orders now (repriced,
     * told), not at the next daily run, so the total an order shows is the one a payment takes.
     */
    async catalogChanged(): Promise<void> {
      await deps.jobs.send(FEE_CHANGES_QUEUE, {});
    },
    /** The daily job and its schedule (one run a day however many processes share the database). */
    async registerJobs(): Promise<void> {
      await deps.jobs.work(FEE_CHANGES_QUEUE, async () => {
        await reviewAll();
      });
      await deps.jobs.schedule(FEE_CHANGES_QUEUE, FEE_CHANGES_CRON);
    },
  };
}
export type FeeChanges = ReturnType<typeof createFeeChanges>;
