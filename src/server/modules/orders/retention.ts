import { setTimeout as sleep } from 'node:timers/promises';
import { daysBetween } from '../../../domain/catalog/fee-schedule.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import {
  addDays,
  deletionToday,
  filesDeletionDay,
  filesNoticeDue,
  ORDER_FILES_NOTICE_DAYS,
  type OrderFilesRetention,
  RETENTION_MESSAGES as R,
} from '../../../domain/orders/retention.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { NotificationsService } from '../notifications/service.ts';
import {
  eachOrderPaced,
  RETENTION_BATCH,
  RETENTION_PAUSE_MS,
  type RetentionFailure,
  type StepResult,
} from './retention-pace.ts';
import {
  createRetentionRepository,
  RETENTION_STEPS,
  type RetentionRow,
  type RetentionStep,
} from './retention-repository.ts';
import type { Order } from './service.ts';
import { createUnpaidSweep, type UnpaidSweepDeps } from './unpaid-sweep.ts';

// The pace a reader of the README looks for here (env-lookalikes.ts names it).
export { RETENTION_PAUSE_MS } from './retention-pace.ts';

export interface RetentionSweep {
  /** Orders left unpaid that were cancelled (unpaid-sweep.ts), their files' day planned with them. */
  cancelled: number;
  /** Closed orders the sweep saw for the first time (their deletion day planned). */
  enrolled: number;
  /** Customers told their files go in ORDER_FILES_NOTICE_DAYS. */
  noticed: number;
  /** Orders whose files were deleted on their day. */
  erased: number;
  /** Files removed from storage. */
  files: number;
  /** Orders a step failed on (a file the storage would not delete, …): their rows wait for the next sweep. */
  failed: RetentionFailure[];
}

export interface OrderFileRetentionDeps extends UnpaidSweepDeps {
  /** The notice is on the customer's bell too, in its e-mail's transaction. */
  notifications: Pick<NotificationsService, 'notifyAboutOrder'>;
  /** The app's file storage: the sweep deletes an order's files before its transaction. */
  storage: Pick<FileStorage, 'delete'>;
}

/**
 * The retention of closed orders' files (issue 34 §4, docs/decisions/0120-retention.md), once the
 * orders left unpaid are closed (unpaid-sweep.ts), in three steps a sweep runs in turn, each over
 * its rows in batches and each order in a transaction of its own (its retention row locked, SKIP
 * LOCKED: a second sweep at the same moment passes it by), at RETENTION_PAUSE_MS between orders:
 * closed orders get their deletion day; the customer is told ORDER_FILES_NOTICE_DAYS before; on
 * the day the order's kind deletes its files. Every step is a guarded change of the row, so a
 * sweep run again (a retry after a crash) finds nothing left to do for what the first one did.
 */
export function createOrderFileRetention(db: Database, deps: OrderFileRetentionDeps) {
  const repository = createRetentionRepository(db);
  const unpaid = createUnpaidSweep(db, deps);

  /** Plans the deletion day of closed orders not seen before, from when each first closed. */
  async function enrol(today: string, signal: AbortSignal | undefined): Promise<number> {
    let enrolled = 0;
    for (;;) {
      const rows = await repository.unseenClosed(RETENTION_BATCH);
      enrolled += await repository.insert(rows.map((r) => ({ ...r, deleteOn: filesDeletionDay(r.closedAt, today) })));
      if (rows.length < RETENTION_BATCH || signal?.aborted) return enrolled;
      await sleep(RETENTION_PAUSE_MS);
    }
  }

  /**
   * Runs `work` in a short transaction on order `id`, its retention row and order locked, if
   * `step` still selects the row and no other sweep holds it; null otherwise.
   */
  function locked<T>(
    id: number,
    step: RetentionStep,
    work: (tx: Database, row: RetentionRow, order: Order) => Promise<T | null>,
  ): Promise<T | null> {
    return db.transaction(async (tx) => {
      const row = await createRetentionRepository(tx).lockIf(id, step);
      const order = row && (await deps.lockOrder(tx, id));
      return row && order ? work(tx, row, order) : null;
    });
  }

  /** Runs `work` on each order whose row `step` selects (eachOrderPaced: in batches, paced, one failure counted). */
  function eachOrder(
    step: RetentionStep,
    signal: AbortSignal | undefined,
    work: (id: number) => Promise<number | null>,
  ): Promise<StepResult> {
    return eachOrderPaced((afterId, limit) => repository.idsWhere(step, afterId, limit), signal, work);
  }

  function noticeMail(order: Order, deleteOn: string, siteUrl: string) {
    const link = `${siteUrl}${orderPageHref(order.displayId)}`;
    return simpleMail({
      to: order.email,
      subject: R.noticeSubject(order.displayId),
      heading: R.noticeSubject(order.displayId),
      intro: [R.noticeIntro(deleteOn)],
      details: [['Order', `${order.displayId} (${order.title})`]],
      outro: [`Download them from your order: ${link}`],
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, deps.companyName)} team`,
    });
  }

  /**
   * Tells the customers whose files go within the notice, by e-mail and on their bell (once: the
   * row's notice_sent_at, the e-mail and the notification are written in one transaction). A
   * notice that comes late (no sweep ran for days) moves the day so the customer still has every
   * notice day. An order without files is done.
   */
  function notify(today: string, now: Date, signal: AbortSignal | undefined): Promise<StepResult> {
    const step = RETENTION_STEPS.notice(addDays(today, ORDER_FILES_NOTICE_DAYS));
    return eachOrder(step, signal, (id) =>
      locked(id, step, async (tx, row, order) => {
        if (!filesNoticeDue(row.deleteOn, today)) return null;
        const rows = createRetentionRepository(tx);
        if ((await deps.kind(order).storedFiles(tx, order)).length === 0) {
          await rows.update(order.id, { deletedAt: now, filesDeleted: 0 });
          return null;
        }
        const deleteOn =
          daysBetween(today, row.deleteOn) < ORDER_FILES_NOTICE_DAYS
            ? addDays(today, ORDER_FILES_NOTICE_DAYS)
            : row.deleteOn;
        await rows.update(order.id, { noticeSentAt: now, deleteOn });
        await deps.mail.enqueue(tx, {
          ...noticeMail(order, deleteOn, await deps.siteUrlOf(order.id, tx)),
          purpose: 'retention-notice',
          key: `retention-notice:${order.id}`,
        });
        await deps.notifications.notifyAboutOrder(order, { remark: R.noticeRemark(deleteOn) }, tx);
        return 1;
      }),
    );
  }

  /**
   * On the day (`today` as deletionToday counts it): the order's keys read in a short transaction,
   * its files go from storage with the database free (storage's latency, an S3 round trip a file,
   * holds no transaction), then in a second short transaction the order's kind deletes what named
   * them (and any file added meanwhile, bytes first) and the row says when. A crash in between
   * leaves rows naming gone files, which the next sweep finishes; a second sweep at the same moment
   * may delete the same bytes again (no error), but only one marks and counts them.
   */
  function erase(today: string, now: Date, signal: AbortSignal | undefined): Promise<StepResult> {
    const step = RETENTION_STEPS.erase(today);
    return eachOrder(step, signal, async (id) => {
      const keys = await locked(id, step, (tx, _row, order) => deps.kind(order).storedFiles(tx, order));
      if (keys === null) return null;
      for (const key of keys) await deps.storage.delete(key);
      return locked(id, step, async (tx, _row, order) => {
        const files = await deps.kind(order).eraseFiles(tx, order, new Set(keys));
        await createRetentionRepository(tx).update(order.id, { deletedAt: now, filesDeleted: files });
        return files;
      });
    });
  }

  return {
    /**
     * One sweep at `now`: cancel the orders left unpaid, plan, tell, delete. Running it again at
     * once does nothing more; `signal` aborted stops it between two orders.
     */
    async sweep(now: Date, signal?: AbortSignal): Promise<RetentionSweep> {
      const today = todayIsoDate(now);
      const cancelled = await unpaid.cancelLeft(now, signal);
      const enrolled = await enrol(today, signal);
      const noticed = await notify(today, now, signal);
      // Not the UTC day the notices count by: the day the customer was told must have begun for them.
      const erased = await erase(deletionToday(now), now, signal);
      return {
        cancelled: cancelled.done,
        enrolled,
        noticed: noticed.done,
        erased: erased.done,
        files: erased.total,
        failed: [...cancelled.failed, ...noticed.failed, ...erased.failed],
      };
    },

    /**
     * Closed orders whose files are still kept after their deletion day (`today` excluded: its
     * first sweep has the day to run): a sweep that keeps failing on them shows here.
     */
    overdue: (today: string): Promise<number> => repository.countOverdue(today),

    /** What the order's pages say of its files: kept until a day, or deleted when (nothing while open). */
    async of(orderId: number, on: Database = db): Promise<OrderFilesRetention> {
      const row = await createRetentionRepository(on).find(orderId);
      // An order without files has nothing deleted to speak of.
      if (!row || row.filesDeleted === 0) return { deleteOn: null, deletedAt: null };
      return { deleteOn: row.deleteOn, deletedAt: row.deletedAt?.toISOString() ?? null };
    },

    /**
     * Whether the sweep is done with the order's files (deleted, or none to delete): a file added
     * after it would be kept for ever, since no later sweep looks at the order again.
     */
    async erased(orderId: number, on: Database = db): Promise<boolean> {
      const row = await createRetentionRepository(on).find(orderId);
      return row?.deletedAt != null;
    },
  };
}
export type OrderFileRetention = ReturnType<typeof createOrderFileRetention>;
