import type { StaffActor } from '../../../domain/admin/audit.ts';
import { deskPhotoLinks } from '../../../domain/admin/orders.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { printsHeld } from '../../../domain/photos/failed-rules.ts';
import {
  deliveryMethodFor,
  PHOTO_ORDER_MESSAGES as M,
  PHOTO_ORDER_UPLOAD,
  type PhotoOrderRef,
  versionedFittedPath,
} from '../../../domain/photos/orders.ts';
import {
  approvable,
  approvedNext,
  CLOSED_TO_SECOND_LOOK,
  closedToSecondLook,
  photoOptimizeBought,
  SECOND_LOOK_MESSAGES as S,
  SECOND_LOOK_TEXT,
  type SecondLookDecision,
  type SecondLookEntry,
  secondLookSla,
} from '../../../domain/photos/second-look.ts';
import { PHOTO_SIZES, type PhotoSizeId, sizeTitle } from '../../../domain/photos/sizes.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { AuditLog } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { fittedVersion } from './fitted-version.ts';
import { createPhotosRepository, filesOf, type LookedPhotoRow } from './repository.ts';
import type { ReceivePhoto } from './service.ts';

export interface SecondLookDeps {
  orders: Pick<OrdersService, 'findOwned' | 'findForStaff' | 'lockOrder' | 'siteUrlOf'>;
  /** The decision's e-mail to the customer, queued in the decision's transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  /** Every staff decision writes its entry in the same transaction (decision 0067). */
  audit: Pick<AuditLog, 'record'>;
  /** Every decision, and a retake that could not be checked, reaches the customer's bell too. */
  notifications: Pick<NotificationsService, 'notify'>;
  /** Queues the photo's check (the photos module's job) in `tx`. */
  queueCheck: (tx: Database, photoId: number) => Promise<void>;
  removeFilesLater: (tx: Database, storageKeys: string[]) => Promise<void>;
  removeFiles: (storageKeys: readonly string[]) => Promise<void>;
  now: () => Date;
}

const notFound = () => formFailure(404, S.notFound);

/** Orders whose photos staff look at: paid (any later status) and not closed. */
const OUTSIDE_QUEUE = new Set<string>(['Payment pending', ...CLOSED_TO_SECOND_LOOK]);

/** A looked-at photo with its order as staff see it, when the order was paid, and its items' sizes. */
type HeldPhoto = LookedPhotoRow & { order: Order; paidAt: Date | null; sizeIds: PhotoSizeId[] };

/**
 * A person's second look (issue 31 §4, docs/decisions/0110-photo-second-look.md): the staff queue
 * of photos of paid orders waiting for a person, oldest first with their SLA clocks; approval
 * (the prints are released) and rejection with a reason (the customer may replace the photo at no
 * charge, and the retake waits for a person again); the customer is e-mailed and told on the bell
 * either way.
 */
export function createSecondLook(db: Database, deps: SecondLookDeps) {
  const brand = DEFAULT_CONTACT.photoBrandName;

  function orderLink(siteUrl: string, displayId: string, photoId?: number) {
    const query = new URLSearchParams({ orderId: displayId });
    return `${siteUrl}${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${query}${photoId ? `#retake-${photoId}` : ''}`;
  }

  /** The news on the customer's bell, in `tx` beside its e-mail, linking the order. */
  const tellBell = (tx: Database, order: Order, remark: string) =>
    deps.notifications.notify(
      order.userId,
      { orderId: order.displayId, orderIdDb: order.id, orderStatus: order.status, remark },
      tx,
    );

  /** The photos with their orders (the orders module's), leaving out those of unpaid or closed orders. */
  async function held(photoId?: number): Promise<HeldPhoto[]> {
    const repository = createPhotosRepository(db);
    const rows = await repository.lookedPhotos(photoId);
    const found = await Promise.all(
      rows.map(async (row) => {
        const staffOrder = await deps.orders.findForStaff({ id: row.orderId });
        if (!staffOrder) return null;
        return {
          ...row,
          order: staffOrder.order,
          paidAt: staffOrder.paidAt,
          sizeIds: await repository.sizeIdsOf(row.orderId),
        };
      }),
    );
    return found.filter((row): row is HeldPhoto => row !== null && !OUTSIDE_QUEUE.has(row.order.status));
  }

  /**
   * The clock starts when the photo reached a person: the later of the order's payment and the
   * request (a retake is asked after payment; a borderline result or a choice before it).
   */
  function startedAt(row: HeldPhoto): Date {
    const requested = row.photo.secondLookRequestedAt ?? row.photo.createdAt;
    const paidAt = row.paidAt ?? requested;
    return new Date(Math.max(paidAt.getTime(), requested.getTime()));
  }

  function entryOf(row: HeldPhoto, now: Date): SecondLookEntry {
    const { photo, order } = row;
    const desk = deskPhotoLinks(order.displayId, photo.itemId, photo.id);
    // The customer's version of the fitted image: the queue's picture changes when theirs does.
    const version = fittedVersion(order, photo);
    return {
      photoId: photo.id,
      itemId: photo.itemId,
      name: photo.displayName,
      photoSize: row.sizeId,
      documentType: row.documentType,
      cause: photo.secondLookCause ?? 'asked',
      state: photo.state,
      report: photo.report,
      order: {
        displayId: order.displayId,
        status: order.status,
        email: order.email,
        hasPrints: deliveryMethodFor(row.pricingPlanId, row.options, row.sizeIds) !== null,
        photoOptimize: photoOptimizeBought(row.options),
      },
      links: { fitted: version ? versionedFittedPath(desk.fitted, version) : null, original: desk.original },
      sla: secondLookSla(startedAt(row), now),
    };
  }

  /**
   * Approves or rejects a photo waiting for a person, with its audit entry and the customer's
   * e-mail in one transaction. A photo decided meanwhile (two staff at once) or still being
   * checked is refused with a 409, and so is the approval of one its check could not fit (there
   * is nothing to release: it can only be rejected, for a retake); one not in the queue is a 404.
   */
  async function decide(
    actor: StaffActor,
    photoId: number,
    decision: { secondLook: 'approved' | 'rejected'; reason: string | null },
  ): Promise<FormResult<SecondLookDecision>> {
    const [photo] = await held(photoId);
    if (!photo) return notFound();
    if (photo.photo.secondLook !== 'requested') return formFailure(409, S.notWaiting);
    if (photo.photo.state === 'pending') return formFailure(409, S.stillChecking);
    if (decision.secondLook === 'approved' && !approvable(photo.photo)) return formFailure(409, S.notFitted);
    const { order } = photo;
    return db.transaction(async (tx): Promise<FormResult<SecondLookDecision>> => {
      const repository = createPhotosRepository(tx);
      const decided = await repository.decideSecondLook(photoId, { ...decision, by: actor.id });
      if (!decided) return formFailure(409, S.notWaiting);
      const items = await repository.listItems(order.id);
      const photos = await repository.listPhotos(items.map((i) => i.id));
      const delivery = deliveryMethodFor(photo.pricingPlanId, photo.options, photo.sizeIds);
      // Read after the decision: another photo of the order may still hold the prints.
      const stillHeld = printsHeld(delivery !== null, photos);
      const next = approvedNext(delivery, stillHeld);
      const size = PHOTO_SIZES[photo.sizeId];
      const what = `your photo “${photo.photo.displayName}” for ${sizeTitle(size)}`;
      const approved = decision.secondLook === 'approved';
      const siteUrl = await deps.orders.siteUrlOf(order.id, tx);
      await deps.mail.enqueue(tx, {
        ...simpleMail({
          to: order.email,
          subject: approved
            ? `Your photo is approved (order ${order.displayId})`
            : `Please take a new photo: the retake is free (order ${order.displayId})`,
          heading: approved ? SECOND_LOOK_TEXT.approved : 'A person checked your photo and could not approve it',
          intro: approved
            ? [`We checked ${what} and it is ready for the authority.`, next]
            : [
                `We checked ${what}. The reason: ${decision.reason ?? ''}`,
                'Upload a new photo on your order page: the retake costs nothing, and a person checks it again within 2 business hours.',
              ],
          details: [['Order', order.displayId]],
          outro: [
            approved
              ? `Your order: ${orderLink(siteUrl, order.displayId)}`
              : `Upload your new photo here: ${orderLink(siteUrl, order.displayId, photoId)}`,
          ],
          signature: `The ${brand} team`,
          ...orderSender('photo'),
        }),
        purpose: approved ? 'photo-second-look-approved' : 'photo-second-look-rejected',
        key: `photo-second-look:${photoId}:${decision.secondLook}`,
      });
      await tellBell(
        tx,
        order,
        approved
          ? SECOND_LOOK_TEXT.approvedBell(photo.photo.displayName, next)
          : SECOND_LOOK_TEXT.retakeAskedBell(photo.photo.displayName, decision.reason ?? ''),
      );
      await deps.audit.record(tx, {
        actor,
        action: approved ? 'photo.second-look.approve' : 'photo.second-look.reject',
        subject: { type: 'order', id: order.displayId },
        before: { photoId, secondLook: 'requested' },
        after: { photoId, secondLook: decision.secondLook, ...(decision.reason ? { reason: decision.reason } : {}) },
        words: ['reason'],
      });
      return {
        ok: true,
        value: {
          photoId,
          secondLook: decision.secondLook,
          orderDisplayId: order.displayId,
          printsHeld: stillHeld,
        },
      };
    });
  }

  /**
   * A free retake whose check failed (the photos module turns it down with S.retakeNotChecked, in
   * `tx` with the order locked): the customer is e-mailed and told on the bell, since they may
   * have left the page, that it could not be checked and another retake is free. Nothing for an
   * order cancelled or refunded meanwhile: its page offers no retake.
   */
  async function retakeNotChecked(
    tx: Database,
    order: Order,
    photo: { id: number; displayName: string; sizeId: PhotoSizeId },
  ): Promise<void> {
    if (closedToSecondLook(order.status)) return;
    const what = `your new photo “${photo.displayName}” for ${sizeTitle(PHOTO_SIZES[photo.sizeId])}`;
    const siteUrl = await deps.orders.siteUrlOf(order.id, tx);
    await deps.mail.enqueue(tx, {
      ...simpleMail({
        to: order.email,
        subject: `We could not check your new photo: please send another (order ${order.displayId})`,
        heading: SECOND_LOOK_TEXT.retakeNotCheckedHeading,
        intro: [SECOND_LOOK_TEXT.retakeNotChecked(what), SECOND_LOOK_TEXT.retakeNotCheckedNext],
        details: [['Order', order.displayId]],
        outro: [`Upload your new photo here: ${orderLink(siteUrl, order.displayId, photo.id)}`],
        signature: `The ${brand} team`,
        ...orderSender('photo'),
      }),
      purpose: 'photo-retake-not-checked',
      key: `photo-retake-not-checked:${photo.id}`,
    });
    await tellBell(tx, order, SECOND_LOOK_TEXT.retakeNotCheckedBell(photo.displayName));
  }

  return {
    retakeNotChecked,

    /** GET /admin/photo-checks: every photo of a paid order waiting for a person, the longest-waiting first. */
    async queue(): Promise<SecondLookEntry[]> {
      const now = deps.now();
      const entries = (await held()).map((row) => entryOf(row, now));
      return entries.sort((a, b) => a.sla.startedAt.localeCompare(b.sla.startedAt) || a.photoId - b.photoId);
    },

    approve: (actor: StaffActor, photoId: number) => decide(actor, photoId, { secondLook: 'approved', reason: null }),

    reject: (actor: StaffActor, photoId: number, reason: string) =>
      decide(actor, photoId, { secondLook: 'rejected', reason }),

    /**
     * POST …/photos/{photoId}/retake: the customer's free new photo for one a person rejected,
     * after payment (nothing is charged) and while the order is not cancelled or refunded. The new
     * photo takes the rejected one's place in its item, its check is queued, and it waits for a
     * person again; the rejected photo's files go.
     */
    async retake(
      customerId: number,
      ref: PhotoOrderRef,
      itemId: number,
      photoId: number,
      receive: ReceivePhoto,
    ): Promise<FormResult<{ photoId: number; orderDisplayId: string }>> {
      const order = await deps.orders.findOwned(customerId, ref, 'photo');
      if (!order) return formFailure(404, M.notFound);
      const repository = createPhotosRepository(db);
      const item = await repository.findItem(order.id, itemId);
      const photo = item ? await repository.findPhoto(item.id, photoId) : null;
      if (!item || !photo) return formFailure(404, M.photoNotFound);
      if (closedToSecondLook(order.status)) return formFailure(409, S.retakeOrderClosed);
      if (photo.secondLook !== 'rejected') return formFailure(409, S.retakeNotOffered);
      const file = await receive(PHOTO_ORDER_UPLOAD);
      const saved = await db.transaction(async (tx): Promise<FormResult<number>> => {
        const locked = await deps.orders.lockOrder(tx, order.id);
        // Cancelled or refunded while the file arrived: the retake would wait for nobody.
        if (!locked || closedToSecondLook(locked.status)) return formFailure(409, S.retakeOrderClosed);
        const inTx = createPhotosRepository(tx);
        const rejected = await inTx.findPhoto(item.id, photoId);
        // Replaced meanwhile (another tab): the first retake stands.
        if (rejected?.secondLook !== 'rejected') return formFailure(409, S.retakeNotOffered);
        const inserted = await inTx.insertPhoto({
          itemId: item.id,
          storageKey: file.storageKey,
          displayName: file.displayName,
          contentType: file.type,
          sizeBytes: file.size,
          sha256: file.sha256,
          secondLook: 'requested',
          secondLookCause: 'retake',
          secondLookRequestedAt: deps.now(),
        });
        await inTx.deletePhoto(rejected.id);
        await deps.removeFilesLater(tx, filesOf([rejected]));
        await deps.queueCheck(tx, inserted.id);
        return { ok: true, value: inserted.id };
      });
      if (!saved.ok) {
        await deps.removeFiles([file.storageKey]);
        return saved;
      }
      return { ok: true, value: { photoId: saved.value, orderDisplayId: order.displayId } };
    },
  };
}
export type SecondLook = ReturnType<typeof createSecondLook>;
