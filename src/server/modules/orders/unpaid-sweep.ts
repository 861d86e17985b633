import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import {
  filesDeletionDay,
  UNPAID_CANCEL_MESSAGES as U,
  UNPAID_ORDER_CANCEL_DAYS,
} from '../../../domain/orders/retention.ts';
import { INITIAL_ORDER_STATUS, type OrderStatus } from '../../../domain/orders/status.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import { DAY_MS } from '../../../domain/time.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { OrderKindDefinition } from './kinds.ts';
import { createLedgerRepository } from './ledger-repository.ts';
import { eachOrderPaced, type StepResult } from './retention-pace.ts';
import { createRetentionRepository } from './retention-repository.ts';
import type { Order, StatusChangeResult, StatusChanger } from './service.ts';
import { createUnpaidSweepRepository } from './unpaid-sweep-repository.ts';

export interface UnpaidSweepDeps {
  kind(order: Order): OrderKindDefinition;
  lockOrder(on: Database, orderId: number): Promise<Order | null>;
  /** The orders service's own change: its timeline entry, the customer's bell and every status listener. */
  changeOrderStatus(
    orderId: number,
    to: OrderStatus,
    change: { by: StatusChanger; remark?: string | null; from?: OrderStatus },
    on: Database,
  ): Promise<StatusChangeResult>;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** Where the order's e-mail links point (the orders service's siteUrlOf). */
  siteUrlOf(orderId: number, on: Database): Promise<string>;
  companyName: string;
}

/**
 * Orders left unpaid are cancelled (decision 0177): an order in Payment pending whose last change
 * is UNPAID_ORDER_CANCEL_DAYS old, with no payment attempt still open, is moved to Cancelled by
 * the system with a remark on its timeline, its files' retention day is planned in the same
 * transaction, and its customer gets one e-mail saying so. The retention sweep runs it first; a
 * closed order's ORDER_FILES_RETENTION_DAYS then apply. Each order is one short transaction holding
 * the order's lock, which a payment starting or settling takes too; the order is read again under
 * it, so one paid, changed or being paid meanwhile stays, and a second sweep at the same moment
 * waits for the first and finds the order cancelled: it is cancelled and e-mailed once. A payment
 * that still reaches a cancelled order is a stray charge, refunded in full (decision 0119), and the
 * cancellation closes its open attempts at their providers (payments' status listener).
 */
export function createUnpaidSweep(db: Database, deps: UnpaidSweepDeps) {
  function cancelledMail(order: Order, said: { deleteOn: string | null; charged: boolean }, siteUrl: string) {
    const link = `${siteUrl}${orderPageHref(order.displayId)}`;
    return simpleMail({
      to: order.email,
      subject: U.subject(order.displayId),
      heading: U.subject(order.displayId),
      intro: [
        said.charged ? U.why : `${U.why} ${U.notCharged}`,
        ...(said.deleteOn ? [U.files(said.deleteOn)] : []),
        U.startAgain(order.kind),
      ],
      details: [
        ['Order', `${order.displayId} (${order.title})`],
        ['Status', 'Cancelled'],
      ],
      outro: [`See your order: ${link}`],
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
    });
  }

  /** Cancels order `id` if it is still left unpaid under its lock: 1, or null when it is not. */
  function cancel(id: number, since: Date, now: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      const order = await deps.lockOrder(tx, id);
      if (!order || !(await createUnpaidSweepRepository(tx).isLeft(id, since, now))) return null;
      // What the customer did on it lives in the kind's own records: a family still gathering
      // papers has not abandoned the order.
      if (await deps.kind(order).workedOnSince(tx, order, since)) return null;
      const moved = await deps.changeOrderStatus(
        id,
        'Cancelled',
        { by: { actor: 'system' }, remark: U.remark, from: INITIAL_ORDER_STATUS },
        tx,
      );
      if (!moved.ok) throw new Error(`order ${id} left unpaid could not be cancelled: ${moved.reason}`);
      // Planned here, not by the retention's next enrolment: the e-mail names the row's own day.
      const deleteOn = filesDeletionDay(now, todayIsoDate(now));
      await createRetentionRepository(tx).insert([{ orderId: id, closedAt: now, deleteOn }]);
      const hasFiles = (await deps.kind(order).storedFiles(tx, order)).length > 0;
      // A payment that reached the order anyway was refunded and told apart: "nothing was charged" would be untrue.
      const charged = (await createLedgerRepository(tx).latestStrayRefund(id)) !== null;
      await deps.mail.enqueue(tx, {
        ...cancelledMail(order, { deleteOn: hasFiles ? deleteOn : null, charged }, await deps.siteUrlOf(id, tx)),
        purpose: 'unpaid-cancelled',
        key: `unpaid-cancelled:${id}`,
      });
      return 1;
    });
  }

  return {
    /**
     * Cancels the orders left unpaid at `now`, RETENTION_PAUSE_MS apart; `signal` aborted stops it
     * between two orders. Run again at once, it finds none.
     */
    cancelLeft(now: Date, signal?: AbortSignal): Promise<StepResult> {
      const since = new Date(now.getTime() - UNPAID_ORDER_CANCEL_DAYS * DAY_MS);
      const repository = createUnpaidSweepRepository(db);
      return eachOrderPaced(
        (afterId, limit) => repository.idsLeft(since, now, afterId, limit),
        signal,
        (id) => cancel(id, since, now),
      );
    },
  };
}
