import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PHOTO_ORDER_DAYS } from '../../../domain/admin/orders.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { isPaidStatus } from '../../../domain/applications/application.ts';
import type { CostSummary } from '../../../domain/checkout/cost-summary.ts';
import { type Coupon, type DroppedCoupon, droppedCouponNotice } from '../../../domain/checkout/coupons.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { OrderSummary } from '../../../domain/orders/order-summary.ts';
import type { StaffMessage } from '../../../domain/orders/staff-messages.ts';
import { INITIAL_ORDER_STATUS } from '../../../domain/orders/status.ts';
import { isBorderline } from '../../../domain/photos/borderline.ts';
import { PHOTO_CHECK_MESSAGES } from '../../../domain/photos/checks.ts';
import {
  choiceAllowed,
  FAILED_RULE_MESSAGES as F,
  type FailedRuleChoice,
  photoHeld,
  printsHeld,
} from '../../../domain/photos/failed-rules.ts';
import {
  backgroundChangeOffered,
  type ChooseCurrency,
  type ChooseDelivery,
  type ChoosePlan,
  deliveryMethodFor,
  fileNamePrefix,
  PHOTO_ORDER_MESSAGES as M,
  MAX_ITEMS_PER_ORDER,
  MAX_PHOTOS_PER_ITEM,
  type NamePhotoItem,
  type OrderPhoto,
  PHOTO_ORDER_UPLOAD,
  type PhotoItem,
  type PhotoOrder,
  type PhotoOrderRef,
  type PhotoStep,
  photoLinks,
  printsOffered,
  type StoredDelivery,
  stillNeededBeforePayment,
} from '../../../domain/photos/orders.ts';
import {
  DIGITAL_PLAN_ID,
  optionCents,
  optionOffered,
  PHOTO_OPTION_DESCRIPTIONS,
  PHOTO_OPTION_LABELS,
  PHOTO_OPTION_UNITS,
  PHOTO_OPTIONS,
  PHOTO_PLAN_DESCRIPTIONS,
  PHOTO_PLAN_IDS,
  PHOTO_PLAN_LABELS,
  PHOTO_PRICES,
  type PhotoCurrency,
  type PhotoOption,
  PRINT_PLAN_ID,
  photoCurrencyOf,
  pricePhotoOrder,
} from '../../../domain/photos/pricing.ts';
import {
  closedToSecondLook,
  PAST_SECOND_LOOK,
  photoOptimizeBought,
  retakeHref,
  SECOND_LOOK_MESSAGES,
} from '../../../domain/photos/second-look.ts';
import { printsNotOutYet } from '../../../domain/photos/shipment.ts';
import { isPrintedSize, PHOTO_SIZES, type PhotoSizeId, printCounts } from '../../../domain/photos/sizes.ts';
import type { UploadRule } from '../../../domain/uploads/file-types.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue, RetryPolicy } from '../../jobs/queue.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AcceptedUpload, ServableFile } from '../../uploads/index.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CheckoutService, CouponPricing } from '../checkout/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { CostSummaryView, Order, OrderKindDefinition, OrdersService, StaffView } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';
import { photoOrderWorkedOnSince } from './activity-repository.ts';
import type { AnalysePhoto } from './analyser.ts';
import type { PhotoCheckRow } from './check-repository.ts';
import { FaceDetectionError } from './compliance/detection-queue.ts';
import { fittedVersion, servedHeld } from './fitted-version.ts';
import { heldPreview } from './held-preview.ts';
import { createPhotoChecks } from './photo-checks.ts';
import { printSheet } from './print-sheet.ts';
import { createPhotosRepository, filesOf, type PhotoItemRow, type PhotoOrderRow, type PhotoRow } from './repository.ts';
import { createSecondLook } from './second-look.ts';
import { createShipments } from './shipments.ts';

export { type AnalysePhoto, analysePhoto, stopFaceDetection } from './analyser.ts';
export { type FittedUpload, fitUpload } from './fit-upload.ts';

/** The job that checks and fits one uploaded photo (queued in the upload's transaction). */
export const PHOTO_CHECK_QUEUE = 'photos.check';
/**
 * A check is CPU work on our own machine: a photo the engine cannot read is marked failed at once,
 * not retried for hours. Two retries, 5 then 10 s later, cover a restart mid-check and an engine
 * that was busy, timed out or crashed (FaceDetectionError), which says nothing about the photo.
 */
export const PHOTO_CHECK_RETRY: RetryPolicy = { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true };
/** Receives a check that ran out of attempts: its photo is marked failed, not left "Checking…" for ever. */
export const PHOTO_CHECK_GAVE_UP_QUEUE = 'photos.check-gave-up';

/**
 * The job that removes the files of photos a change deleted, queued in that change's transaction:
 * a crash between the commit and the removal leaves the job, not an orphaned file (decision 0063).
 * Removing a file already gone is not an error, so a repeated job is harmless.
 */
export const PHOTO_FILE_REMOVAL_QUEUE = 'photos.remove-files';
const PHOTO_FILE_REMOVAL_RETRY: RetryPolicy = { retryLimit: 10, retryDelaySeconds: 30, retryBackoff: true };

export interface PhotoFileRemovalJob {
  storageKeys: string[];
}

export interface PhotoCheckJob {
  photoId: number;
}

/** Receives the request's file against the photo slot's rule (the route passes uploads.acceptUpload). */
export type ReceivePhoto = (rule: UploadRule) => Promise<AcceptedUpload>;

export interface PhotosServiceDeps {
  orders: Pick<
    OrdersService,
    | 'createOrder'
    | 'latestCurrencyOf'
    | 'findOwned'
    | 'findForStaff'
    | 'lockOrder'
    | 'setCharged'
    | 'setCurrency'
    | 'purchaseChanged'
    | 'chargedSummary'
    | 'timeline'
    | 'listForUser'
    | 'listForUserIn'
    | 'filesRetention'
    | 'strayCharges'
    | 'siteUrlOf'
  >;
  users: Pick<UsersService, 'listAddresses'>;
  storage: Pick<FileStorage, 'get' | 'put' | 'delete'>;
  jobs: Pick<JobQueue, 'send' | 'work'>;
  analyse: AnalysePhoto;
  /** Coupons of the `sevaphotos` platform: their rules and uses are checkout's. */
  checkout: Pick<
    CheckoutService,
    'redeemCoupon' | 'releaseCoupon' | 'appliedCoupon' | 'holdCouponForPayment' | 'confirmCouponAtSettle'
  >;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /** A person's second look e-mails its decision to the customer (issue 31 §4). */
  mail: Pick<MailOutbox, 'enqueue'>;
  /** Staff's decisions on photos write their audit entries (decision 0067). */
  audit: Pick<AuditLog, 'record'>;
  /** Prints posted or ready for pickup reach the customer's bell too (decision 0165). */
  notifications: Pick<NotificationsService, 'notify'>;
  /**
   * The messages staff sent the customer about the order, newest first (the back office keeps
   * them; admin-orders' createCustomerMessages). Declared here, not imported: the back office
   * depends on photos, not both ways.
   */
  messages: { sentAbout(on: Database, orderId: number): Promise<StaffMessage[]> };
  /** The clock of the visitors' checks' expiry and of the second looks' SLA (tests move it). */
  now?: () => Date;
}

/** What staff see of every photo order: the brand, and the days photo orders are promised in. */
const PHOTO_ORDER_STAFF_VIEW: StaffView = {
  service: DEFAULT_CONTACT.photoBrandName,
  promise: { days: PHOTO_ORDER_DAYS, basis: `Photo orders: ${PHOTO_ORDER_DAYS} days` },
};

/** What a change's answer says it took off the order (`PhotoOrder.choicesDropped`). */
type ChoicesDropped = NonNullable<PhotoOrder['choicesDropped']>;

/**
 * How many of the customer's open photo orders a claimed check tries to join, newest first, before
 * it starts one: another may be paid or full by the time its lock is taken.
 */
const OPEN_ORDERS_TRIED = 3;

const orderNotFound = () => formFailure(404, M.notFound);
const itemNotFound = () => formFailure(404, M.itemNotFound);
const photoNotFound = () => formFailure(404, M.photoNotFound);

/**
 * Why the customer gets no print sheet of their order yet or any more, or null. The sheet is what
 * the plans sell: theirs once the order is paid (an order cancelled before payment has left
 * Payment pending too), and not once it is cancelled or refunded, when nothing of it is printed.
 */
function sheetWithheld(status: string): string | null {
  if (!isPaidStatus(status)) return M.sheetNotPaid;
  return closedToSecondLook(status) ? M.sheetOrderClosed : null;
}

/** The delivery details still wanted after the plan, options or sizes change: kept while the method stays. */
function deliveryKept(
  details: Pick<PhotoOrderRow, 'delivery'> | null,
  planId: PhotoOrderRow['pricingPlanId'],
  options: PhotoOrderRow['options'],
  sizeIds: readonly PhotoSizeId[],
): PhotoOrderRow['delivery'] {
  const method = deliveryMethodFor(planId, options, sizeIds);
  return details?.delivery && details.delivery.method === method ? details.delivery : null;
}

/**
 * SevaPhotos orders (docs/decisions/0063): a `photo` order in the orders module (PHO-…, its status
 * and timeline) and this module's items, photos, plan, delivery and step. Every call reads the order
 * through `findOwned(…, 'photo')`: another customer's order is a 404 like an unknown one. Changes
 * are open while the order awaits payment and run with the order locked; each stores the new total.
 */
/** A file the service makes on request: a print sheet, or a held photo under stripes. */
type MadeFile = { body: Buffer; contentType: string; displayName: string };

export function createPhotosService(db: Database, deps: PhotosServiceDeps) {
  const { orders, storage, jobs, log } = deps;

  /** The currency a new order starts in: the one asked for, else the customer's last order's. */
  const currencyFor = async (tx: Database, customerId: number, asked: PhotoCurrency | undefined) =>
    asked ?? photoCurrencyOf(await orders.latestCurrencyOf(tx, customerId));

  const removeFilesLater = async (tx: Database, storageKeys: string[]) => {
    await jobs.send<PhotoFileRemovalJob>(
      PHOTO_FILE_REMOVAL_QUEUE,
      { storageKeys },
      { tx, ...PHOTO_FILE_REMOVAL_RETRY },
    );
  };
  const shipments = createShipments(db, {
    orders,
    mail: deps.mail,
    audit: deps.audit,
    notifications: deps.notifications,
    now: deps.now ?? (() => new Date()),
  });
  const secondLook = createSecondLook(db, {
    orders,
    mail: deps.mail,
    audit: deps.audit,
    notifications: deps.notifications,
    queueCheck: async (tx, photoId) => {
      await jobs.send<PhotoCheckJob>(PHOTO_CHECK_QUEUE, { photoId }, { tx });
    },
    removeFilesLater,
    removeFiles: (keys) => removeFiles(keys),
    now: deps.now ?? (() => new Date()),
  });
  const checks = createPhotoChecks(db, {
    storage,
    analyse: deps.analyse,
    removeFilesLater,
    removeFiles: (keys) => removeFiles(keys),
    ...(deps.now ? { now: deps.now } : {}),
  });

  async function removeFiles(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.error({ err: error, key }, 'could not remove a photo order file');
      }
    }
  }

  function toPhoto(order: Order, row: PhotoRow, sizeId: PhotoSizeId): OrderPhoto {
    const links = photoLinks(order.displayId, row.itemId, row.id, {
      fittedVersion: fittedVersion(order, row),
      printed: isPrintedSize(sizeId),
      held: photoHeld(row),
      sold: sheetWithheld(order.status) === null,
    });
    return {
      id: row.id,
      itemId: row.itemId,
      name: row.displayName,
      size: row.sizeBytes,
      type: row.contentType,
      state: row.state,
      report: row.report,
      error: row.error,
      url: links.original,
      links,
      uploadedAt: row.createdAt.toISOString(),
      failedRuleChoice:
        row.failedRuleChoice && row.failedRuleChosenAt
          ? { choice: row.failedRuleChoice, chosenAt: row.failedRuleChosenAt.toISOString() }
          : null,
      secondLook: row.secondLook,
      secondLookReason: row.secondLook === 'rejected' ? row.secondLookReason : null,
      // A cancelled or refunded order takes no retake (second-look.ts refuses one): none is offered.
      retakeUrl:
        row.secondLook === 'rejected' && !closedToSecondLook(order.status)
          ? retakeHref(order.displayId, row.itemId, row.id)
          : null,
    };
  }

  function toItem(order: Order, item: PhotoItemRow, photos: readonly PhotoRow[]): PhotoItem {
    return {
      id: item.id,
      photoSize: item.sizeId,
      documentType: item.documentType,
      personName: item.personName,
      label: PHOTO_SIZES[item.sizeId].label,
      photos: photos.filter((p) => p.itemId === item.id).map((p) => toPhoto(order, p, item.sizeId)),
    };
  }

  function summaryOf(
    order: Order,
    details: PhotoOrderRow,
    sizeIds: readonly PhotoSizeId[],
    coupon: Coupon | null,
  ): CostSummary {
    return pricePhotoOrder({
      currency: photoCurrencyOf(order.currency),
      items: printCounts(sizeIds),
      planId: details.pricingPlanId,
      options: details.options,
      coupon,
    });
  }

  async function view(on: Database, order: Order): Promise<PhotoOrder> {
    const repository = createPhotosRepository(on);
    const details = await repository.findOrder(order.id);
    if (!details) throw new Error(`photo order ${order.id} has no photo_orders row`);
    const items = await repository.listItems(order.id);
    const photos = await repository.listPhotos(items.map((i) => i.id));
    const summary = await orders.chargedSummary(on, order);
    const sizeIds = items.map((i) => i.sizeId);
    const deliveryMethod = deliveryMethodFor(details.pricingPlanId, details.options, sizeIds);
    return {
      id: order.id,
      displayId: order.displayId,
      status: order.status,
      step: details.step as PhotoStep,
      currency: order.currency,
      totalCents: order.totalCents,
      items: items.map((item) => toItem(order, item, photos)),
      pricingPlanId: details.pricingPlanId,
      options: details.options,
      deliveryMethod,
      delivery: details.delivery,
      shipment: details.shipment,
      pickupReady: details.pickupReady,
      costSummary: summary.lines.map(({ refundable: _r, ...line }) => line),
      appliedCoupon: (await deps.checkout.appliedCoupon(on, order.id))?.code ?? null,
      backgroundChangeOffered: backgroundChangeOffered(sizeIds),
      printsHeld: printsHeld(deliveryMethod !== null, photos),
      timeline: await orders.timeline(order.id, on),
      files: await orders.filesRetention(order.id, on),
      strayCharges: await orders.strayCharges(on, order.id),
      messages: await deps.messages.sentAbout(on, order.id),
      createdAt: order.createdAt.toISOString(),
    };
  }

  /** The order's cost summary as it now is, with its coupon. */
  async function priced(tx: Database, order: Order) {
    const repository = createPhotosRepository(tx);
    const details = await repository.findOrder(order.id);
    if (!details) throw new Error(`photo order ${order.id} has no photo_orders row`);
    const sizeIds = await repository.sizeIdsOf(order.id);
    const coupon = await deps.checkout.appliedCoupon(tx, order.id);
    return { summary: summaryOf(order, details, sizeIds, coupon), coupon };
  }

  /**
   * Prices the order as it now is and stores the summary and the total (the caller holds the
   * lock); a coupon whose minimum order it no longer reaches is given back first, and answered
   * (`droppedCoupon`) so the caller tells the customer.
   */
  async function settle(tx: Database, order: Order): Promise<{ order: Order; droppedCoupon: DroppedCoupon | null }> {
    let { summary, coupon } = await priced(tx, order);
    const droppedCoupon = coupon && summary.actualCostCents < coupon.minimumOrderCents ? coupon : null;
    if (droppedCoupon) {
      await deps.checkout.releaseCoupon(tx, order.id);
      ({ summary } = await priced(tx, order));
    }
    return { order: await orders.setCharged(tx, order.id, summary), droppedCoupon };
  }

  /** Photo orders' side of coupons (checkout's CouponPricing): platform `sevaphotos`, this module's prices. */
  const couponPricing: CouponPricing = {
    platform: 'sevaphotos',
    async actualCost(tx, order) {
      const { summary } = await priced(tx, order);
      return { actualCostCents: summary.actualCostCents, currency: order.currency };
    },
    async reprice(tx, order) {
      await settle(tx, order);
    },
  };

  /**
   * Runs `change` on the customer's photo order, locked, while it awaits payment; then reprices it
   * and answers the order as it now is. Files the change dropped are removed by a job queued in
   * the same transaction. A change to what the order buys (all but moving between steps) closes a
   * payment started before it, even at the same total: that payment was for other photos.
   */
  async function change(
    customerId: number,
    ref: PhotoOrderRef,
    // `order`: the order as the work changed it (its currency), priced from then on.
    work: (
      tx: Database,
      order: Order,
    ) => Promise<FormResult<{ dropped?: string[]; order?: Order; choicesDropped?: ChoicesDropped } | null>>,
    { purchase = true }: { purchase?: boolean } = {},
  ): Promise<FormResult<PhotoOrder>> {
    const owned = await orders.findOwned(customerId, ref, 'photo');
    if (!owned) return orderNotFound();
    return db.transaction(async (tx): Promise<FormResult<PhotoOrder>> => {
      const order = await orders.lockOrder(tx, owned.id);
      if (!order) return orderNotFound();
      if (order.status !== 'Payment pending') return formFailure(409, M.locked);
      const done = await work(tx, order);
      if (!done.ok) return done;
      const storageKeys = done.value?.dropped ?? [];
      if (storageKeys.length > 0) await removeFilesLater(tx, storageKeys);
      const { order: priced, droppedCoupon } = await settle(tx, done.value?.order ?? order);
      // A new total was told to the listeners by the repricing already.
      if (purchase && priced.totalCents === order.totalCents) await orders.purchaseChanged(tx, priced);
      const answer = await view(tx, priced);
      const choicesDropped = done.value?.choicesDropped;
      // The coupon, or a choice the order no longer allows, went with this change: the answer says
      // so once (the order page keeps showing it).
      return {
        ok: true,
        value: {
          ...answer,
          ...(droppedCoupon ? { couponRemoved: droppedCouponNotice(droppedCoupon, priced.currency) } : {}),
          ...(choicesDropped ? { choicesDropped } : {}),
        },
      };
    });
  }

  /** The customer's item of their photo order, or a 404 (another customer's is a 404 too). */
  async function ownedItem(customerId: number, ref: PhotoOrderRef, itemId: number) {
    const order = await orders.findOwned(customerId, ref, 'photo');
    if (!order) return { order: null, item: null } as const;
    return { order, item: await createPhotosRepository(db).findItem(order.id, itemId) };
  }

  /** The customer's photo of their order's item, with both, or the 404 of whichever is missing. */
  async function ownedPhoto(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
    const { order, item } = await ownedItem(customerId, ref, itemId);
    if (!order) return orderNotFound();
    if (!item) return itemNotFound();
    const row = await createPhotosRepository(db).findPhoto(item.id, photoId);
    if (!row) return photoNotFound();
    return { ok: true as const, value: { order, item, row } };
  }

  /** The fitted file of a photo and the name it is downloaded by; 409 until its check fitted it. */
  function fittedFile(item: PhotoItemRow, row: PhotoRow): FormResult<ServableFile> {
    if (!row.fittedKey) return formFailure(409, row.state === 'failed' ? M.photoFailed : M.photoNotReady);
    const size = PHOTO_SIZES[item.sizeId];
    return {
      ok: true,
      value: {
        storageKey: row.fittedKey,
        displayName: `${fileNamePrefix(item.personName)}${size.id}-${size.widthPx}x${size.heightPx}.jpg`,
      },
    };
  }

  /** The original upload or the fitted photo, for its owner (the route serves it). */
  async function openFile(
    customerId: number,
    ref: PhotoOrderRef,
    itemId: number,
    photoId: number,
    which: 'original' | 'fitted',
  ): Promise<FormResult<ServableFile>> {
    const owned = await ownedPhoto(customerId, ref, itemId, photoId);
    if (!owned.ok) return owned;
    const { item, row } = owned.value;
    if (which === 'original') return { ok: true, value: { storageKey: row.storageKey, displayName: row.displayName } };
    return fittedFile(item, row);
  }

  /** The owner's fitted photo read whole, with its row (whether a person holds it), item and order. */
  async function readFitted(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
    const owned = await ownedPhoto(customerId, ref, itemId, photoId);
    if (!owned.ok) return owned;
    const fitted = fittedFile(owned.value.item, owned.value.row);
    if (!fitted.ok) return fitted;
    const stored = await storage.get(fitted.value.storageKey);
    if (!stored) return photoNotFound();
    return { ok: true as const, value: { body: await buffer(stored.stream), ...owned.value, ...fitted.value } };
  }

  /**
   * GET …/fitted: the fitted photo at its size's pixels, for its owner. While it is held for a
   * person (servedHeld) the page still shows it, under stripes (heldPreview): the clean file waits
   * for their approval, as its print sheet does.
   */
  async function fittedOf(
    customerId: number,
    ref: PhotoOrderRef,
    itemId: number,
    photoId: number,
  ): Promise<FormResult<MadeFile>> {
    const read = await readFitted(customerId, ref, itemId, photoId);
    if (!read.ok) return read;
    const { body, order, row, displayName } = read.value;
    const held = servedHeld(order, row);
    return {
      ok: true,
      value: {
        body: held ? await heldPreview(body) : body,
        contentType: 'image/jpeg',
        displayName: held ? displayName.replace(/\.jpg$/, '-not-approved-yet.jpg') : displayName,
      },
    };
  }

  /**
   * GET …/print-sheet: the fitted photo tiled at its printed size on a 4×6 in sheet at 300 dpi,
   * made on request (a retail counter prints it; decision 0063). The customer's only once the order
   * is paid (sheetWithheld); staff's is not held back by the order's status. Not while a person's
   * check of the photo is open or after they rejected it: no print of it before a person approves
   * it.
   */
  async function sheetOf(
    customerId: number,
    ref: PhotoOrderRef,
    itemId: number,
    photoId: number,
    as: 'customer' | 'staff',
  ): Promise<FormResult<MadeFile>> {
    const read = await readFitted(customerId, ref, itemId, photoId);
    if (!read.ok) return read;
    const { body, order, row, item } = read.value;
    const size = PHOTO_SIZES[item.sizeId];
    if (!size.printInches) return formFailure(404, M.notPrinted);
    const withheld = as === 'customer' ? sheetWithheld(order.status) : null;
    if (withheld) return formFailure(409, withheld);
    if (photoHeld(row)) {
      if (as === 'staff') return formFailure(409, F.printsHeld);
      return formFailure(409, row.secondLook === 'rejected' ? M.heldForRetake : M.heldForCheck);
    }
    return {
      ok: true,
      value: {
        body: await printSheet(body, size),
        contentType: 'image/jpeg',
        // The order's reference first: sheets of several orders downloaded together stay told apart.
        displayName: `${order.displayId}-${fileNamePrefix(item.personName)}${size.id}-print-sheet-4x6in.jpg`,
      },
    };
  }

  /**
   * Marks a photo still waiting for its check as failed, with the reason logged. A free retake
   * waiting for a person is turned down with the reason instead (nobody can approve a photo that
   * was never checked), so the customer is offered another retake and the prints are not held for
   * ever; they are e-mailed and told on the bell in the same transaction (the retake was sent
   * from the paid order's page, which they may have left).
   */
  async function checkFailed(photoId: number, error: unknown, message: string): Promise<void> {
    const photo = await createPhotosRepository(db).photoById(photoId);
    if (photo?.state !== 'pending') return;
    log.error({ err: error, photoId }, message);
    const retake = photo.secondLook === 'requested' && photo.secondLookCause === 'retake';
    const finish = (on: Database) =>
      createPhotosRepository(on).finishCheck(
        photoId,
        {
          state: 'failed',
          report: null,
          fittedKey: null,
          error: M.photoFailed,
          ...(retake
            ? { secondLook: 'rejected' as const, secondLookReason: SECOND_LOOK_MESSAGES.retakeNotChecked }
            : {}),
        },
        photo.options.includes('background-change'),
      );
    if (!retake) {
      await finish(db);
      return;
    }
    await db.transaction(async (tx) => {
      // The order first, as a retake's upload locks it: a cancel meanwhile is seen, and no deadlock.
      const order = await orders.lockOrder(tx, photo.orderId);
      // Recorded once: a repeated job (or one overtaken) e-mails nobody.
      if ((await finish(tx)) && order) await secondLook.retakeNotChecked(tx, order, photo);
    });
  }

  /**
   * The check (its `attempt`, 0 first): reads the original, runs the engine, stores the fitted
   * file and the report once.
   */
  async function check(photoId: number, attempt: number): Promise<void> {
    const repository = createPhotosRepository(db);
    const photo = await repository.photoById(photoId);
    if (photo?.state !== 'pending') return;
    const backgroundChange = photo.options.includes('background-change');
    const failed = (error: unknown, message: string) => checkFailed(photoId, error, message);
    const stored = await storage.get(photo.storageKey);
    if (!stored) {
      await failed(null, 'an uploaded photo is missing from storage');
      return;
    }
    let result: Awaited<ReturnType<AnalysePhoto>>;
    try {
      result = await deps.analyse(await buffer(stored.stream), PHOTO_SIZES[photo.sizeId], { backgroundChange });
    } catch (error) {
      // The engine's fault, not the photo's: tried again while attempts remain.
      if (error instanceof FaceDetectionError && attempt < (PHOTO_CHECK_RETRY.retryLimit ?? 0)) throw error;
      await failed(error, 'the compliance engine could not check a photo');
      return;
    }
    const fitted = result.fitted
      ? await storage.put(Readable.from([result.fitted]), { contentType: 'image/jpeg' })
      : null;
    const recorded = await repository.finishCheck(
      photoId,
      { state: 'done', report: result.report, fittedKey: fitted?.key ?? null, error: null },
      backgroundChange,
      isBorderline(result.report),
    );
    // Deleted while it was being checked, checked by a repeated job, or overtaken by a change of
    // options (whose own check is queued): the new file is nobody's.
    if (!recorded && fitted) await removeFiles([fitted.key]);
  }

  return {
    async registerWorkers(): Promise<void> {
      await jobs.work<PhotoCheckJob>(
        PHOTO_CHECK_GAVE_UP_QUEUE,
        (job) => checkFailed(job.data.photoId, null, 'gave up checking a photo after its last attempt'),
        { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true },
      );
      await jobs.work<PhotoCheckJob>(PHOTO_CHECK_QUEUE, (job) => check(job.data.photoId, job.attempt), {
        ...PHOTO_CHECK_RETRY,
        deadLetter: PHOTO_CHECK_GAVE_UP_QUEUE,
      });
      // A failure throws, so the job is retried; a key already removed deletes nothing.
      await jobs.work<PhotoFileRemovalJob>(
        PHOTO_FILE_REMOVAL_QUEUE,
        async (job) => {
          for (const key of job.data.storageKeys) await storage.delete(key);
        },
        PHOTO_FILE_REMOVAL_RETRY,
      );
    },

    /** GET /photo-orders/plans: the plans and options with their prices in `currency`. */
    plans(currency: PhotoCurrency) {
      const prices = PHOTO_PRICES[currency];
      return {
        currency,
        plans: PHOTO_PLAN_IDS.map((id) => ({
          id,
          label: PHOTO_PLAN_LABELS[id],
          description: PHOTO_PLAN_DESCRIPTIONS[id],
          unitCents: prices.plans[id],
          unit: 'item' as const,
          isDefault: id === 1,
        })),
        // Only the options the currency offers (pickup: USD).
        options: PHOTO_OPTIONS.flatMap((id) => {
          const unitCents = optionCents(id, currency);
          if (unitCents === undefined) return [];
          const unit = PHOTO_OPTION_UNITS[id];
          return [{ id, label: PHOTO_OPTION_LABELS[id], description: PHOTO_OPTION_DESCRIPTIONS[id], unitCents, unit }];
        }),
      };
    },

    /**
     * POST /photo-orders: a photo order in Payment pending at step 1. The same idempotency key
     * again answers the first call's order (`created: false`); a key the customer used for a
     * service order is a 409.
     */
    async create(
      customer: { id: number; email: string },
      input: { idempotencyKey: string; currency?: PhotoCurrency | undefined },
    ): Promise<FormResult<{ order: PhotoOrder; created: boolean }>> {
      return db.transaction(async (tx) => {
        const { order, created } = await orders.createOrder(tx, {
          kind: 'photo',
          userId: customer.id,
          email: customer.email,
          title: 'SevaPhotos photo order',
          totalCents: 0,
          currency: await currencyFor(tx, customer.id, input.currency),
          idempotencyKey: input.idempotencyKey,
        });
        if (order.kind !== 'photo') return formFailure(409, M.keyUsedElsewhere);
        if (created) await createPhotosRepository(tx).insertOrder(order.id);
        return { ok: true, value: { order: await view(tx, order), created } };
      });
    },

    /** A visitor's photo check before any account (photo-checks.ts). */
    checks,

    /** A person's second look: the staff queue, approval, rejection and the free retake (second-look.ts). */
    secondLook,
    shipments,

    /**
     * POST /photo-orders/claim-check: the photo the customer's browser checked (an item of its
     * size, the photo with its report and fitted file), taken into their open photo order (unpaid,
     * not cancelled: the newest) or, without one, a new order; the check is deleted in the same
     * transaction, so a second claim finds none (404). Joining runs as every change of the order
     * does, under its lock and only while it awaits payment: one paid or full meanwhile (another
     * tab) leaves the photo to the next open order, or to a new one. A choice the order had that
     * the new size refuses (Background Change) goes as adding the size at step 1 takes it, and the
     * answer says so (`choicesDropped`); the order goes back to step 1, where the photo is shown.
     */
    async claimCheck(
      customer: { id: number; email: string },
      token: string | undefined,
      asked: PhotoCurrency | undefined,
    ): Promise<FormResult<{ order: PhotoOrder; created: boolean }>> {
      const open = await orders.listForUserIn(customer.id, 'photo', [INITIAL_ORDER_STATUS], OPEN_ORDERS_TRIED);
      for (const candidate of open) {
        const joined = await change(customer.id, { id: candidate.id }, async (tx, order) => {
          const repository = createPhotosRepository(tx);
          if ((await repository.listItems(order.id)).length >= MAX_ITEMS_PER_ORDER) {
            return formFailure(409, M.tooManyItems);
          }
          const check = await checks.take(tx, token);
          if (!check) return formFailure(404, PHOTO_CHECK_MESSAGES.notFound);
          await holdCheck(tx, order.id, check);
          const { dropped, choicesDropped } = await dropRefusedChoices(tx, order.id);
          await repository.updateOrder(order.id, { step: 1 });
          return { ok: true, value: { dropped, ...(choicesDropped ? { choicesDropped } : {}) } };
        });
        if (joined.ok) return { ok: true, value: { order: joined.value, created: false } };
        // Paid, cancelled, full or gone since it was listed: the next one. A check gone is a 404 at once.
        if (joined.status !== 409 && joined.message !== M.notFound) return joined;
      }
      return db.transaction(async (tx): Promise<FormResult<{ order: PhotoOrder; created: boolean }>> => {
        const check = await checks.take(tx, token);
        if (!check) return formFailure(404, PHOTO_CHECK_MESSAGES.notFound);
        const { order } = await orders.createOrder(tx, {
          kind: 'photo',
          userId: customer.id,
          email: customer.email,
          title: 'SevaPhotos photo order',
          totalCents: 0,
          currency: await currencyFor(tx, customer.id, asked),
          idempotencyKey: null,
        });
        await createPhotosRepository(tx).insertOrder(order.id);
        await holdCheck(tx, order.id, check);
        // A photo added only adds to the total: no coupon's minimum is lost here.
        return { ok: true, value: { order: await view(tx, (await settle(tx, order)).order), created: true } };
      });
    },

    async get(customerId: number, ref: PhotoOrderRef): Promise<FormResult<PhotoOrder>> {
      const order = await orders.findOwned(customerId, ref, 'photo');
      return order ? { ok: true, value: await view(db, order) } : orderNotFound();
    },

    list(customerId: number, page: Pagination): Promise<ListData<OrderSummary>> {
      return orders.listForUser(customerId, page, 'photo');
    },

    addItem(
      customerId: number,
      ref: PhotoOrderRef,
      input: { photoSize: PhotoSizeId; idempotencyKey?: string | undefined },
    ): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        // The same add again (under the order's lock): the order as it is, with that item once.
        if (input.idempotencyKey && (await repository.findItemByKey(order.id, input.idempotencyKey))) {
          return { ok: true, value: null };
        }
        if ((await repository.listItems(order.id)).length >= MAX_ITEMS_PER_ORDER)
          return formFailure(409, M.tooManyItems);
        await repository.insertItem({
          orderId: order.id,
          sizeId: input.photoSize,
          documentType: PHOTO_SIZES[input.photoSize].documentType,
          idempotencyKey: input.idempotencyKey ?? null,
        });
        // Background Change may no longer be offered for the new size: taken off, and said so.
        const { dropped, choicesDropped } = await dropRefusedChoices(tx, order.id);
        return { ok: true, value: { dropped, ...(choicesDropped ? { choicesDropped } : {}) } };
      });
    },

    /** Names whose photo an item is (before payment, as every change of the order). */
    nameItem(
      customerId: number,
      ref: PhotoOrderRef,
      itemId: number,
      { personName }: NamePhotoItem,
    ): Promise<FormResult<PhotoOrder>> {
      return change(
        customerId,
        ref,
        async (tx, order) => {
          const repository = createPhotosRepository(tx);
          if (!(await repository.findItem(order.id, itemId))) return itemNotFound();
          await repository.nameItem(order.id, itemId, personName);
          return { ok: true, value: null };
        },
        // A name changes nothing that was bought.
        { purchase: false },
      );
    },

    removeItem(customerId: number, ref: PhotoOrderRef, itemId: number): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        if (!(await repository.findItem(order.id, itemId))) return itemNotFound();
        const photos = await repository.deleteItems(order.id, itemId);
        // The last printed size gone, print copies and pickup are no longer offered.
        return {
          ok: true,
          value: { dropped: [...filesOf(photos), ...(await dropRefusedChoices(tx, order.id)).dropped] },
        };
      });
    },

    /**
     * POST …/items/{itemId}/photos: checks the order, item and count before reading the body (a
     * refused upload stores nothing), receives and re-encodes the file, then records it and queues
     * its check in one transaction (the count checked again under the order's lock).
     */
    async upload(
      customerId: number,
      ref: PhotoOrderRef,
      itemId: number,
      receive: ReceivePhoto,
    ): Promise<FormResult<OrderPhoto>> {
      const { order, item } = await ownedItem(customerId, ref, itemId);
      if (!order) return orderNotFound();
      if (!item) return itemNotFound();
      if (order.status !== 'Payment pending') return formFailure(409, M.locked);
      const repository = createPhotosRepository(db);
      if ((await repository.countPhotos(item.id)) >= MAX_PHOTOS_PER_ITEM) return formFailure(409, M.tooManyPhotos);
      const file = await receive(PHOTO_ORDER_UPLOAD);
      const saved = await db.transaction(async (tx): Promise<FormResult<PhotoRow> & { again?: boolean }> => {
        const locked = await orders.lockOrder(tx, order.id);
        const inTx = createPhotosRepository(tx);
        if (locked?.status !== 'Payment pending') return formFailure(409, M.locked);
        if (!(await inTx.findItem(order.id, item.id))) return itemNotFound();
        // The same file again (sent once more after an answer lost on a phone's line): the photo it
        // already is, not a second one using up a place.
        const same = await inTx.findPhotoByHash(item.id, file.sha256);
        if (same) return { ok: true, value: same, again: true };
        if ((await inTx.countPhotos(item.id)) >= MAX_PHOTOS_PER_ITEM) return formFailure(409, M.tooManyPhotos);
        const photo = await inTx.insertPhoto({
          itemId: item.id,
          storageKey: file.storageKey,
          displayName: file.displayName,
          contentType: file.type,
          sizeBytes: file.size,
          sha256: file.sha256,
        });
        await jobs.send<PhotoCheckJob>(PHOTO_CHECK_QUEUE, { photoId: photo.id }, { tx });
        await orders.purchaseChanged(tx, locked);
        return { ok: true, value: photo };
      });
      if (!saved.ok || saved.again) await removeFiles([file.storageKey]);
      if (!saved.ok) return saved;
      return { ok: true, value: toPhoto(order, saved.value, item.sizeId) };
    },

    /** GET …/photos/{photoId}: the photo with its check's state and report (polled until done or failed). */
    async photo(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
      const { order, item } = await ownedItem(customerId, ref, itemId);
      if (!order) return orderNotFound();
      if (!item) return itemNotFound();
      const row = await createPhotosRepository(db).findPhoto(item.id, photoId);
      return row ? ({ ok: true, value: toPhoto(order, row, item.sizeId) } as const) : photoNotFound();
    },

    removePhoto(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        const item = await repository.findItem(order.id, itemId);
        const photo = item ? await repository.findPhoto(item.id, photoId) : null;
        if (!photo) return photoNotFound();
        await repository.deletePhoto(photo.id);
        return { ok: true, value: { dropped: filesOf([photo]) } };
      });
    },

    openFile,
    fitted: fittedOf,

    printSheet(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
      return sheetOf(customerId, ref, itemId, photoId, 'customer');
    },

    /**
     * The print sheet staff print from: refused while the photo waits for a person's check (issue
     * 31 §3, §4) or for its retake after a rejection, so no print of it is released before a
     * person approves it.
     */
    printSheetForStaff(customerId: number, ref: PhotoOrderRef, itemId: number, photoId: number) {
      return sheetOf(customerId, ref, itemId, photoId, 'staff');
    },

    /**
     * PUT …/photos/{photoId}/choice: for a fitted photo that failed a rule, the customer's choice
     * instead of a retake, stored with who and when; "have a person check it" asks staff for a
     * second look (and holds the prints until approved), the other withdraws that request.
     */
    chooseForFailedRules(
      customerId: number,
      ref: PhotoOrderRef,
      itemId: number,
      photoId: number,
      choice: FailedRuleChoice,
    ): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        const item = await repository.findItem(order.id, itemId);
        const photo = item ? await repository.findPhoto(item.id, photoId) : null;
        if (!photo) return photoNotFound();
        const refusal = choiceAllowed(photo);
        if (refusal) return formFailure(409, refusal);
        await repository.recordChoice(photo.id, { choice, by: customerId });
        return { ok: true, value: null };
      });
    },

    /** PUT …/plan: the plan and options (step 2); a delivery that no longer fits the plan is dropped. */
    /**
     * PUT /photo-orders/:ref/currency: the currency the unpaid order is priced and paid in (a
     * customer in Canada pays in CAD); every line is priced again in it, and attempts opened in
     * the old one cannot be paid any more.
     */
    chooseCurrency(
      customerId: number,
      ref: PhotoOrderRef,
      { currency }: ChooseCurrency,
    ): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        if (order.currency === currency) return { ok: true, value: null };
        // An option the new currency does not offer (pickup, in CAD) goes, with its delivery details.
        const repository = createPhotosRepository(tx);
        const details = await repository.findOrder(order.id);
        const options = details?.options ?? [];
        const kept = options.filter((option) => optionOffered(option, currency));
        const changed = { order: await orders.setCurrency(tx, order.id, currency) };
        if (kept.length === options.length) return { ok: true, value: changed };
        const sizeIds = await repository.sizeIdsOf(order.id);
        const delivery = deliveryKept(details, details?.pricingPlanId ?? 1, kept, sizeIds);
        await repository.updateOrder(order.id, { options: kept, delivery });
        // Said, not silent: the customer chose pickup (the page offers it back with US dollars).
        const gone = options.filter((option) => !kept.includes(option));
        return { ok: true, value: { ...changed, choicesDropped: { options: gone, message: M.pickupDropped } } };
      });
    },

    choosePlan(customerId: number, ref: PhotoOrderRef, input: ChoosePlan): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        const sizeIds = await repository.sizeIdsOf(order.id);
        if (input.options.includes('background-change') && !backgroundChangeOffered(sizeIds)) {
          return formFailure(400, M.backgroundChangeNotAllowed, { options: M.backgroundChangeNotAllowed });
        }
        if (input.options.some((option) => !optionOffered(option, photoCurrencyOf(order.currency)))) {
          return formFailure(400, M.pickupUsOnly, { options: M.pickupUsOnly });
        }
        if (input.options.includes('pickup') && input.pricingPlanId === PRINT_PLAN_ID) {
          return formFailure(400, M.pickupWithPrint, { options: M.pickupWithPrint });
        }
        // Prints of nothing printed would be paid for and never made (a signature, an e-Visa photo).
        const asksForPrints =
          input.pricingPlanId === PRINT_PLAN_ID ? 'pricingPlanId' : input.options.includes('pickup') ? 'options' : null;
        if (asksForPrints && !printsOffered(sizeIds)) {
          return formFailure(400, M.nothingPrinted, { [asksForPrints]: M.nothingPrinted });
        }
        const details = await repository.findOrder(order.id);
        const keep = deliveryKept(details, input.pricingPlanId, input.options, sizeIds);
        await repository.updateOrder(order.id, {
          pricingPlanId: input.pricingPlanId,
          options: input.options,
          delivery: keep,
        });
        const dropped = await recheckIfBackgroundChanged(tx, order.id, details?.options ?? [], input.options);
        return { ok: true, value: { dropped } };
      });
    },

    /** PUT …/delivery (step 3): pickup details, or a copy of one of the customer's saved addresses. */
    async setDelivery(customerId: number, ref: PhotoOrderRef, input: ChooseDelivery): Promise<FormResult<PhotoOrder>> {
      // Read before the order's transaction: the address book is the users module's, on its own connection.
      const addresses = input.method === 'home' ? await deps.users.listAddresses(customerId) : [];
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        const details = await repository.findOrder(order.id);
        const sizeIds = await repository.sizeIdsOf(order.id);
        const method = details ? deliveryMethodFor(details.pricingPlanId, details.options, sizeIds) : null;
        if (method === null) return formFailure(409, M.deliveryNotNeeded);
        if (input.method !== method) {
          const message = M.deliveryMethodMismatch(method);
          return formFailure(400, message, { method: message });
        }
        let delivery: StoredDelivery;
        if (input.method === 'pickup') {
          delivery = input;
        } else {
          const address = addresses.find((a) => a.id === input.addressId);
          if (!address) return formFailure(404, M.addressNotFound);
          const { fullName, addressLine, city, state, postalCode, country, type, additionalInfo, phone } = address;
          delivery = {
            method: 'home',
            addressId: address.id,
            address: { fullName, addressLine, city, state, postalCode, country, type, additionalInfo, phone },
          };
        }
        await repository.updateOrder(order.id, { delivery });
        return { ok: true, value: null };
      });
    },

    /**
     * PUT …/step: where the customer is (kept on the server, so leaving mid-way resumes there).
     * A step is reached only when the ones before it are done; going back is always allowed.
     */
    setStep(customerId: number, ref: PhotoOrderRef, step: PhotoStep): Promise<FormResult<PhotoOrder>> {
      return change(
        customerId,
        ref,
        async (tx, order) => {
          const repository = createPhotosRepository(tx);
          const details = await repository.findOrder(order.id);
          if (!details) return orderNotFound();
          const items = await repository.listItems(order.id);
          if (step >= 2) {
            const photos = await repository.listPhotos(items.map((i) => i.id));
            const everyItemHasPhoto = items.length > 0 && items.every((i) => photos.some((p) => p.itemId === i.id));
            if (!everyItemHasPhoto) return formFailure(409, M.stepNotReady(2));
          }
          if (step === 4) {
            const sizeIds = items.map((i) => i.sizeId);
            const method = deliveryMethodFor(details.pricingPlanId, details.options, sizeIds);
            if (method !== null && details.delivery?.method !== method) return formFailure(409, M.stepNotReady(4));
          }
          await repository.updateOrder(order.id, { step });
          return { ok: true, value: null };
        },
        { purchase: false },
      );
    },

    /** POST …/reset (SPEC.md §4 "resettable"): no items, the default plan, no delivery, step 1; the order stays. */
    reset(customerId: number, ref: PhotoOrderRef): Promise<FormResult<PhotoOrder>> {
      return change(customerId, ref, async (tx, order) => {
        const repository = createPhotosRepository(tx);
        const photos = await repository.deleteItems(order.id);
        await repository.updateOrder(order.id, { step: 1, pricingPlanId: 1, options: [], delivery: null });
        return { ok: true, value: { dropped: filesOf(photos) } };
      });
    },

    /** SPEC.md §7 photo `/apply-coupon/`: a `sevaphotos` coupon, checked and its use taken as in checkout. */
    applyCoupon,

    /** SPEC.md §7 photo `/remove-coupon/`: gives the coupon's use back. */
    removeCoupon,

    /** Photo orders as the order core sees them (services.ts registers it). */
    orderKind: {
      kind: 'photo',
      notFoundMessage: M.notFound,
      pricedSummary: async (on, order) => (await priced(on, order)).summary,
      missingBeforePayment,
      holdCoupon: (tx, order) => deps.checkout.holdCouponForPayment(tx, order, couponPricing),
      confirmCoupon: (tx, order) => deps.checkout.confirmCouponAtSettle(tx, order, couponPricing),
      costSummary: summaryView,
      applyCoupon: async (customerId, order, code) =>
        viewSummary(await applyCoupon(customerId, { id: order.id }, code), order),
      removeCoupon: async (customerId, order) => viewSummary(await removeCoupon(customerId, { id: order.id }), order),
      // A photo order has everything in (its photos) once paid. The kind's one step in the payment's
      // transaction: with Photo Optimize bought, each fitted photo now waits for the editor's check,
      // as "have a person check it" does (files and prints held until approved, the same clock).
      async statusWhenPaid(tx, order) {
        const repository = createPhotosRepository(tx);
        const details = await repository.findOrder(order.id);
        if (details && photoOptimizeBought(details.options)) await repository.askLookAtFittedPhotos(order.id);
        return 'Order pending';
      },
      // Its prints wait for a person's check the customer asked for (or a rejection's retake), and
      // are said to be out only once their shipment or pickup is recorded.
      async staffMoveHeld(tx, order, to) {
        if (!PAST_SECOND_LOOK.includes(to)) return null;
        const repository = createPhotosRepository(tx);
        const [details, sizeIds, photos] = await Promise.all([
          repository.findOrder(order.id),
          repository.sizeIdsOf(order.id),
          repository.photosOfOrder(order.id),
        ]);
        if (!details) return null;
        const deliveryMethod = deliveryMethodFor(details.pricingPlanId, details.options, sizeIds);
        if (printsHeld(deliveryMethod !== null, photos)) return SECOND_LOOK_MESSAGES.orderHeld;
        return printsNotOutYet(to, { deliveryMethod, ...details });
      },
      staffViews: async (ofKind) =>
        new Map(ofKind.map((order): [number, StaffView] => [order.id, PHOTO_ORDER_STAFF_VIEW])),
      workedOnSince: (on, order, since) => photoOrderWorkedOnSince(on, order.id, since),
      storedFiles: async (on, order) => filesOf(await createPhotosRepository(on).photosOfOrder(order.id)),
      /**
       * The retention sweep (issue 34 §4): each photo's original and fitted file removed from
       * storage (unless in `removed`, gone already), then the photo rows (a failed removal throws,
       * and the sweep tries again later). The items stay: they are the order's lines. Print sheets
       * are drawn on request, never stored.
       */
      async eraseFiles(on, order, removed) {
        const repository = createPhotosRepository(on);
        const photos = await repository.photosOfOrder(order.id);
        const keys = filesOf(photos);
        for (const key of keys) if (!removed?.has(key)) await storage.delete(key);
        await repository.deletePhotos(photos.map((p) => p.id));
        return keys.length;
      },
    } satisfies OrderKindDefinition,
  };

  function applyCoupon(customerId: number, ref: PhotoOrderRef, code: string): Promise<FormResult<PhotoOrder>> {
    return change(customerId, ref, (tx, order) =>
      deps.checkout.redeemCoupon(tx, order, customerId, code, couponPricing),
    );
  }

  function removeCoupon(customerId: number, ref: PhotoOrderRef): Promise<FormResult<PhotoOrder>> {
    return change(customerId, ref, (tx, order) => deps.checkout.releaseCoupon(tx, order.id));
  }

  /**
   * The order's cost summary with its coupon, for the order core's own paths: as it now stands
   * until it is paid, then as it was charged (the receipt's lines), as `view` shows it.
   */
  async function summaryView(on: Database, order: Order): Promise<CostSummaryView> {
    const { summary, coupon } = isPaidStatus(order.status)
      ? { summary: await orders.chargedSummary(on, order), coupon: await deps.checkout.appliedCoupon(on, order.id) }
      : await priced(on, order);
    return { ...summary, appliedCoupon: coupon?.code ?? null };
  }

  /**
   * A change's answer as the order core's paths give it: the new cost summary (priced from the rows
   * the change committed; the order's currency, all it takes from `order`, never changes).
   */
  async function viewSummary(result: FormResult<PhotoOrder>, order: Order): Promise<FormResult<CostSummaryView>> {
    return result.ok ? { ok: true, value: await summaryView(db, order) } : result;
  }

  /**
   * A photo order is paid for its photos, and its prints for where they go: each must be there.
   * A photo that failed a rule needs a retake or the customer's choice, and one still being checked
   * its result (issue 31 §3): nothing that may be refused is sold without the customer knowing.
   */
  async function missingBeforePayment(on: Database, order: Order): Promise<string[]> {
    const repository = createPhotosRepository(on);
    const details = await repository.findOrder(order.id);
    const items = await repository.listItems(order.id);
    if (!details || items.length === 0) return [M.needsItem];
    const photos = await repository.listPhotos(items.map((i) => i.id));
    const sizeIds = items.map((i) => i.sizeId);
    return stillNeededBeforePayment({
      items: items.map((item) => ({
        label: PHOTO_SIZES[item.sizeId].label,
        photos: photos.filter((p) => p.itemId === item.id).map((p) => ({ ...p, name: p.displayName })),
      })),
      deliveryMethod: deliveryMethodFor(details.pricingPlanId, details.options, sizeIds),
      delivery: details.delivery,
    }).map((needed) => needed.text);
  }

  /**
   * A browser's photo check as an item of the order (the caller holds the order's lock, or made
   * it): the item of its size, the photo with its report and fitted file (the files move with the
   * row, nothing is copied). A borderline verdict waits for a person, as it would had it been
   * checked in the order.
   */
  async function holdCheck(tx: Database, orderId: number, check: PhotoCheckRow): Promise<void> {
    const repository = createPhotosRepository(tx);
    const item = await repository.insertItem({
      orderId,
      sizeId: check.sizeId,
      documentType: PHOTO_SIZES[check.sizeId].documentType,
    });
    await repository.insertPhoto({
      itemId: item.id,
      storageKey: check.storageKey,
      displayName: check.displayName,
      contentType: check.contentType,
      sizeBytes: check.sizeBytes,
      sha256: check.sha256,
      state: 'done',
      report: check.report,
      fittedKey: check.fittedKey,
      ...(isBorderline(check.report)
        ? {
            secondLook: 'requested' as const,
            secondLookCause: 'borderline' as const,
            secondLookRequestedAt: new Date(),
          }
        : {}),
    });
  }

  /**
   * After an item joins or leaves the order, drops what its sizes no longer allow: Background
   * Change when a size refuses it, print copies (back to Digital Copy) and pickup when no size is
   * printed, with a delivery that no longer fits. Answers the files that made obsolete, and
   * Background Change taken off with the sentence saying why (the customer chose and priced it).
   */
  async function dropRefusedChoices(
    tx: Database,
    orderId: number,
  ): Promise<{ dropped: string[]; choicesDropped?: ChoicesDropped }> {
    const repository = createPhotosRepository(tx);
    const details = await repository.findOrder(orderId);
    if (!details) return { dropped: [] };
    const sizeIds = await repository.sizeIdsOf(orderId);
    const prints = printsOffered(sizeIds);
    const options = details.options.filter((option) =>
      option === 'background-change' ? backgroundChangeOffered(sizeIds) : option !== 'pickup' || prints,
    );
    const pricingPlanId = prints ? details.pricingPlanId : DIGITAL_PLAN_ID;
    if (options.length === details.options.length && pricingPlanId === details.pricingPlanId) return { dropped: [] };
    const delivery = deliveryKept(details, pricingPlanId, options, sizeIds);
    await repository.updateOrder(orderId, { pricingPlanId, options, delivery });
    const dropped = await recheckIfBackgroundChanged(tx, orderId, details.options, options);
    if (!details.options.includes('background-change') || options.includes('background-change')) return { dropped };
    const refusing = [...new Set(sizeIds.filter((id) => !PHOTO_SIZES[id].backgroundChangeAllowed))];
    return {
      dropped,
      choicesDropped: {
        options: ['background-change'],
        message: M.backgroundChangeDropped(refusing.map((id) => PHOTO_SIZES[id].label)),
      },
    };
  }

  /**
   * The fitted photos follow the order's Background Change (decision 0078): when it is bought or
   * given up, every photo is checked again, and its old fitted file is answered for removal.
   */
  async function recheckIfBackgroundChanged(
    tx: Database,
    orderId: number,
    before: readonly PhotoOption[],
    after: readonly PhotoOption[],
  ): Promise<string[]> {
    if (before.includes('background-change') === after.includes('background-change')) return [];
    const photos = await createPhotosRepository(tx).resetChecks(orderId);
    for (const photo of photos) await jobs.send<PhotoCheckJob>(PHOTO_CHECK_QUEUE, { photoId: photo.id }, { tx });
    return photos.flatMap((p) => (p.fittedKey ? [p.fittedKey] : []));
  }
}
export type PhotosService = ReturnType<typeof createPhotosService>;

/** A photo order's personal data: the customer's export and erasure (issue 34 §3). */
export { createPhotosPersonalData, type PhotosPersonalData } from './personal-data.ts';
