import { setTimeout as sleep } from 'node:timers/promises';
import { daysBetween } from '../../../domain/catalog/fee-schedule.ts';
import { isErasedCustomerOrder } from '../../../domain/data-rights/schemas.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import { notificationHref } from '../../../domain/notifications/notification.ts';
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
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrderKindDefinition } from './kinds.ts';
import {
  createRetentionRepository,
  RETENTION_STEPS,
  type RetentionRow,
  type RetentionStep,
} from './retention-repository.ts';
import type { Order } from './service.ts';

/** Orders looked at per statement and per pass: each order's own work is one short transaction. */
export const RETENTION_BATCH = 100;

/**
 * The sweep's pace: it waits this long after each order's work (and each batch it enrols) before
 * the next, so it handles at most 5 orders a second, 300 a minute. On the embedded database a
 * transaction holds the one connection while requests wait (decision 0085): run back to back, the
 * orders' transactions slowed the shop for as long as the sweep ran. Paced, the database is free
 * most of the time, and an hourly sweep still gets through 18,000 orders.
 */
export const RETENTION_PAUSE_MS = 200;

export interface RetentionSweep {
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

export interface RetentionFailure {
  orderId: number;
  error: unknown;
}

/** What a step did over its orders: how many it did, what their work counted, which failed. */
interface StepResult {
  done: number;
  total: number;
  failed: RetentionFailure[];
}

export interface OrderFileRetentionDeps {
  kind(order: Order): OrderKindDefinition;
  lockOrder(on: Database, orderId: number): Promise<Order | null>;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The notice is on the customer's bell too, in its e-mail's transaction. */
  notifications: Pick<NotificationsService, 'notify'>;
  /** The app's file storage: the sweep deletes an order's files before its transaction. */
  storage: Pick<FileStorage, 'delete'>;
  /** Where the order's e-mail links point (the orders service's siteUrlOf). */
  siteUrlOf(orderId: number, on: Database): Promise<string>;
  companyName: string;
}

/**
 * The retention of closed orders' files (issue 34 §4, docs/decisions/0120-retention.md), in three
 * steps a sweep runs in turn, each over its rows in batches and each order in a transaction of its
 * own (its retention row locked, SKIP LOCKED: a second sweep at the same moment passes it by), at
 * RETENTION_PAUSE_MS between orders: closed orders get their deletion day; the customer is told
 * ORDER_FILES_NOTICE_DAYS before; on the day the order's kind deletes its files. Every step is a
 * guarded change of the row, so a sweep run again (a retry after a crash) finds nothing left to do
 * for what the first one did.
 */
export function createOrderFileRetention(db: Database, deps: OrderFileRetentionDeps) {
  const repository = createRetentionRepository(db);

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

  /**
   * Runs `work` on each order whose row `step` selects, in id order and batches (keyset: a row
   * another sweep holds is passed by, not waited for or met again), RETENTION_PAUSE_MS apart.
   * One order's failure is counted and the next order's turn comes: a single file the storage will
   * not delete must not hold back every other order (its row, unchanged, is tried again next
   * sweep). Once `signal` is aborted (the job's time is up, and pg-boss hands the job to another
   * run), it stops before the next order; the rows say where the next sweep carries on.
   */
  async function eachOrder(
    step: RetentionStep,
    signal: AbortSignal | undefined,
    work: (id: number) => Promise<number | null>,
  ): Promise<StepResult> {
    const result: StepResult = { done: 0, total: 0, failed: [] };
    let first = true;
    for (let afterId = 0; ; ) {
      const ids = await repository.idsWhere(step, afterId, RETENTION_BATCH);
      for (const id of ids) {
        if (!first) await sleep(RETENTION_PAUSE_MS);
        if (signal?.aborted) return result;
        first = false;
        try {
          const counted = await work(id);
          if (counted !== null) {
            result.done += 1;
            result.total += counted;
          }
        } catch (error) {
          result.failed.push({ orderId: id, error });
        }
      }
      const last = ids.at(-1);
      if (last === undefined || ids.length < RETENTION_BATCH) return result;
      afterId = last;
    }
  }

  function noticeMail(order: Order, deleteOn: string, siteUrl: string) {
    const link = `${siteUrl}${notificationHref({ orderId: order.displayId, orderId_DB: order.id })}`;
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
        // An erased customer's account gets nothing more: no one can read it.
        if (!isErasedCustomerOrder(order)) {
          await deps.notifications.notify(
            order.userId,
            {
              orderId: order.displayId,
              orderIdDb: order.id,
              orderStatus: order.status,
              remark: R.noticeRemark(deleteOn),
            },
            tx,
          );
        }
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
     * One sweep at `now`: plan, tell, delete. Running it again at once does nothing more; `signal`
     * aborted stops it between two orders.
     */
    async sweep(now: Date, signal?: AbortSignal): Promise<RetentionSweep> {
      const today = todayIsoDate(now);
      const enrolled = await enrol(today, signal);
      const noticed = await notify(today, now, signal);
      // Not the UTC day the notices count by: the day the customer was told must have begun for them.
      const erased = await erase(deletionToday(now), now, signal);
      return {
        enrolled,
        noticed: noticed.done,
        erased: erased.done,
        files: erased.total,
        failed: [...noticed.failed, ...erased.failed],
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
