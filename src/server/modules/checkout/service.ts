import type { z } from 'zod';
import { DEFAULT_SERVICE_DAYS, processingDays, type SlaPromise } from '../../../domain/admin/orders.ts';
import {
  APPLICATION_MESSAGES as A,
  canChangeMemberList,
  isPaidStatus,
  type OrderRef,
} from '../../../domain/applications/application.ts';
import { ADDON_TYPES, type AddonType } from '../../../domain/catalog/addons.ts';
import { packageWording } from '../../../domain/catalog/choice-text.ts';
import { type Currency, formatMoney } from '../../../domain/catalog/money.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { ADDON_DETAILS } from '../../../domain/checkout/addons.ts';
import {
  type AddOnOption,
  type addOnsSchema,
  CHECKOUT_MESSAGES as C,
  type ChooseAddOns,
  type ChosenAddOn,
  type costSummarySchema,
} from '../../../domain/checkout/api.ts';
import { type CheckoutSnapshot, type CostSummary, priceCheckout } from '../../../domain/checkout/cost-summary.ts';
import {
  COUPON_HOLD_MS,
  COUPON_MESSAGES,
  type CouponPlatform,
  checkCoupon,
  couponLimitReached,
  type DroppedCoupon,
  droppedCouponNotice,
} from '../../../domain/checkout/coupons.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationsService,
  type DocumentsService,
  type FeeChanges,
  type OrderCompletion,
  orderNotFound,
  withLockedOrder,
} from '../applications/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Order, OrderKindDefinition, OrdersService, StaffView } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';
import { type CouponRow, createCheckoutRepository } from './repository.ts';

export { type CouponsAdmin, createCouponsAdmin } from './coupons-admin.ts';

export interface CheckoutPricingDeps {
  catalog: Pick<CatalogService, 'addonPrices'>;
  /** The referral discount: a referred customer's first application. */
  orders: Pick<OrdersService, 'isFirstOrder' | 'setCharged' | 'couponUse' | 'releaseCouponUse'>;
  users: Pick<UsersService, 'wasReferred'>;
}

/** The order a summary is for: its id, and its customer and kind for the referral discount. */
type PricedOrder = Pick<Order, 'id' | 'userId' | 'kind'>;

/** The coupon applied to the order (the order's use of it, checkout's coupon), or null. */
async function appliedCoupon(
  on: Database,
  orders: Pick<OrdersService, 'couponUse'>,
  orderId: number,
): Promise<CouponRow | null> {
  const use = await orders.couponUse(on, orderId);
  return use ? createCheckoutRepository(on).couponById(use.couponId) : null;
}

/** What settling the order would store: its summary, and the coupon it would give back (or null). */
export interface SettledPrice {
  summary: CostSummary;
  droppedCoupon: DroppedCoupon | null;
}

/**
 * An order's cost summary from what is stored: its price snapshot and members (the applications
 * module's), its chosen add-ons priced from the catalog, and its coupon. The applications module
 * and the checkout calls both take the total from here (decision 0054).
 */
export function createCheckoutPricing({ catalog, orders, users }: CheckoutPricingDeps) {
  /**
   * The order priced as it stands (its coupon applied whatever its minimum), and as settling it
   * stores it: without a coupon whose minimum order the order no longer reaches. Both come from
   * one reading, so a preview of a reprice and the reprice itself cannot disagree.
   */
  async function compute(on: Database, order: PricedOrder, snapshot: CheckoutSnapshot, memberIds: readonly number[]) {
    const repository = createCheckoutRepository(on);
    const chosen = await repository.listAddOns(order.id);
    const coupon = await appliedCoupon(on, orders, order.id);
    const prices = await catalog.addonPrices(snapshot.currency, on);
    const addOns = ADDON_TYPES.flatMap((addon) => {
      const unitCents = prices[addon];
      const quantity = chosen.filter(
        (c) => c.addon === addon && (c.memberId === null || memberIds.includes(c.memberId)),
      ).length;
      return unitCents !== undefined && quantity > 0 ? [{ addon, unitCents, quantity }] : [];
    });
    const referral = {
      applies: (await users.wasReferred(order.userId, on)) && (await orders.isFirstOrder(on, order)),
    };
    const price = (applied: CouponRow | null) => priceCheckout(snapshot, memberIds.length, addOns, applied, referral);
    const asItStands = price(coupon);
    const droppedCoupon = coupon && asItStands.actualCostCents < coupon.minimumOrderCents ? coupon : null;
    return { asItStands, settled: { summary: droppedCoupon ? price(null) : asItStands, droppedCoupon } };
  }

  return {
    /** The cost summary as things stand (a read: nothing is stored). */
    async summary(
      on: Database,
      order: PricedOrder,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<CostSummary> {
      return (await compute(on, order, snapshot, memberIds)).asItStands;
    },

    /** What `settle` would store for the order priced with `snapshot` (a read: a notice of a reprice ahead). */
    async preview(
      on: Database,
      order: PricedOrder,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<SettledPrice> {
      return (await compute(on, order, snapshot, memberIds)).settled;
    },

    /**
     * After a change to members, add-ons, coupon or fees (the caller holds the order's lock): a
     * coupon whose minimum order the order no longer reaches is given back and answered (the
     * caller tells the customer), and the total is stored with the summary it comes from.
     */
    async settle(
      tx: Database,
      order: PricedOrder,
      snapshot: CheckoutSnapshot,
      memberIds: readonly number[],
    ): Promise<SettledPrice & { order: Order }> {
      const { settled } = await compute(tx, order, snapshot, memberIds);
      if (settled.droppedCoupon) await orders.releaseCouponUse(tx, order.id);
      return { ...settled, order: await orders.setCharged(tx, order.id, settled.summary) };
    },
  };
}

export type CheckoutPricing = ReturnType<typeof createCheckoutPricing>;

export interface CheckoutServiceDeps {
  /** Orders, and each order's use of a coupon (the order's; the coupons and their rules are checkout's). */
  orders: Pick<
    OrdersService,
    | 'findOwned'
    | 'lockOrder'
    | 'findByIds'
    | 'orderIdsOf'
    | 'isFirstOrder'
    | 'onStatusChange'
    | 'chargedSummary'
    | 'countExcept'
    | 'couponUse'
    | 'holdCouponUse'
    | 'otherCouponUses'
    | 'takeCouponUse'
    | 'releaseCouponUse'
  >;
  /** What an application was started with: its price's input, and the service and package staff see. */
  applications: Pick<
    ApplicationsService,
    'checkoutInput' | 'fittedPhotoMemberIds' | 'snapshots' | 'staffMoveHeld' | 'workedOnSince'
  >;
  /** A paid application moves straight on to Order pending when everything is already in. */
  completion: Pick<OrderCompletion, 'statusWhenPaid'>;
  catalog: Pick<CatalogService, 'getPackage' | 'addonPrices'>;
  pricing: CheckoutPricing;
  /** The coupon's validity window is checked against this clock. */
  now?: () => Date;
  /** An unpaid application whose fees changed on a date is repriced before a payment starts (issue 32 §2). */
  fees?: Pick<FeeChanges, 'beforePayment'>;
  /** An application's files are its documents': the retention sweep deletes them through it (issue 34 §4). */
  documents: Pick<DocumentsService, 'storedFiles' | 'eraseFiles'>;
}

type CostSummaryView = z.infer<typeof costSummarySchema>;

/**
 * How one kind of order meets coupons: its platform, its actual cost before discounts (the
 * minimum-order rule and percentages apply to it), and its repricing once a coupon came or went.
 * Service applications have theirs here; photo orders bring theirs (the photos module).
 */
export interface CouponPricing {
  platform: CouponPlatform;
  actualCost(tx: Database, order: Order): Promise<{ actualCostCents: number; currency: Currency }>;
  reprice(tx: Database, order: Order): Promise<void>;
}

type CheckoutInput = Awaited<ReturnType<ApplicationsService['checkoutInput']>>;

/** The checkout calls on a customer's service order (decision 0054): add-ons, cost summary, coupon. */
export function createCheckoutService(db: Database, deps: CheckoutServiceDeps) {
  const { orders, applications, catalog, pricing } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The package's add-ons with a price, each with the members it may be chosen for (none for a
   * per-order one); a per-member add-on no member may have (Photo Enhancement on an order without a
   * passport-style photo) is not offered.
   */
  async function offeredAddOns(on: Database, input: CheckoutInput) {
    const found = await catalog.getPackage(input.packageId);
    const prices = await catalog.addonPrices(input.snapshot.currency, on);
    const addons = found?.pkg.addons ?? [];
    // Read from the members' checklists here, when an add-on needs it, not on every pricing call.
    const withPhoto = addons.some((addon) => ADDON_DETAILS[addon].needsFittedPhoto)
      ? applications.fittedPhotoMemberIds(input)
      : [];
    return addons.flatMap((addon) => {
      const unitCents = prices[addon];
      const details = ADDON_DETAILS[addon];
      const forMemberIds = details.scope === 'order' ? [] : details.needsFittedPhoto ? withPhoto : input.memberIds;
      if (unitCents === undefined || (details.scope === 'member' && forMemberIds.length === 0)) return [];
      return [{ addon, unitCents, forMemberIds }];
    });
  }

  /**
   * A coupon's uses on other orders (only `userId`'s when given): cancelled orders give theirs
   * back, and an unpaid order holds its use only for COUPON_HOLD_MS after taking it.
   */
  async function liveUses(tx: Database, couponId: number, orderId: number, userId?: number) {
    const redemptions = await orders.otherCouponUses(tx, couponId, orderId, userId);
    const since = now().getTime() - COUPON_HOLD_MS;
    const held = redemptions.filter((r) => r.heldAt.getTime() > since).map((r) => r.orderId);
    const lapsed = redemptions.filter((r) => r.heldAt.getTime() <= since).map((r) => r.orderId);
    return (
      (await orders.countExcept(tx, held, ['Cancelled'])) +
      (await orders.countExcept(tx, lapsed, ['Cancelled', 'Payment pending']))
    );
  }

  /** Service applications' side of coupons: the checkout pricing of decision 0054. */
  const servicePricing: CouponPricing = {
    platform: 'sevadocs',
    async actualCost(tx, order) {
      const input = await applications.checkoutInput(tx, order.id);
      const summary = await pricing.summary(tx, order, input.snapshot, input.memberIds);
      return { actualCostCents: summary.actualCostCents, currency: input.snapshot.currency };
    },
    async reprice(tx, order) {
      const input = await applications.checkoutInput(tx, order.id);
      await pricing.settle(tx, order, input.snapshot, input.memberIds);
    },
  };

  /** The coupon's rules for this order now, its uses on other orders counted under the coupon's lock. */
  /** The coupon's uses on other orders, in all and by this customer (only those its limits count). */
  async function usesElsewhere(tx: Database, coupon: CouponRow, orderId: number, customerId: number) {
    return {
      total: coupon.usageLimit === null ? 0 : await liveUses(tx, coupon.id, orderId),
      byCustomer: coupon.perCustomerLimit === null ? 0 : await liveUses(tx, coupon.id, orderId, customerId),
    };
  }

  async function checkUse(tx: Database, coupon: CouponRow, order: Order, customerId: number, kind: CouponPricing) {
    const { actualCostCents, currency } = await kind.actualCost(tx, order);
    return checkCoupon(coupon, {
      now: now(),
      platform: kind.platform,
      actualCostCents,
      use: await usesElsewhere(tx, coupon, order.id, customerId),
      format: (cents) => formatMoney({ amountCents: cents, currency }),
    });
  }

  /**
   * Takes one of the coupon's uses for the locked order (the caller reprices it after). The coupon
   * row is locked while its uses are counted and the redemption written, so two checkouts racing
   * for its last use end with one redemption.
   */
  async function redeem(tx: Database, order: Order, customerId: number, code: string, kind: CouponPricing) {
    const repository = createCheckoutRepository(tx);
    const coupon = await repository.lockCouponByCode(code);
    const fail = (message: string) => formFailure(400, message, { code: message });
    if (!coupon) return fail(COUPON_MESSAGES.unknown);
    const checked = await checkUse(tx, coupon, order, customerId, kind);
    if (!checked.ok) return fail(checked.message);
    await orders.takeCouponUse(tx, order.id, coupon.id, customerId);
    return { ok: true, value: null } as const;
  }

  /** Gives the locked order's coupon use back; a 409 when it had none. */
  async function release(tx: Database, orderId: number): Promise<FormResult<null>> {
    const removed = await orders.releaseCouponUse(tx, orderId);
    return removed ? { ok: true, value: null } : formFailure(409, COUPON_MESSAGES.noCoupon);
  }

  /**
   * Before a payment starts on the locked order: takes the coupon's use again for
   * COUPON_HOLD_MS. A hold that lapsed is checked like a new application of the coupon; when the
   * coupon has gone meanwhile (its last use taken, expired) it is removed and the order repriced,
   * and the answer says so: the customer must see the new total before paying.
   */
  async function holdCoupon(
    tx: Database,
    order: Order,
    kind: CouponPricing = servicePricing,
  ): Promise<FormResult<null>> {
    const use = await orders.couponUse(tx, order.id);
    if (!use) return { ok: true, value: null };
    const lapsed = use.heldAt.getTime() <= now().getTime() - COUPON_HOLD_MS;
    if (lapsed) {
      const coupon = await createCheckoutRepository(tx).lockCoupon(use.couponId);
      const checked = coupon ? await checkUse(tx, coupon, order, order.userId, kind) : null;
      if (!checked?.ok) {
        await orders.releaseCouponUse(tx, order.id);
        await kind.reprice(tx, order);
        // Why, when the check can say: used up, expired, or already used by this customer elsewhere.
        return formFailure(
          409,
          coupon && checked && !checked.ok
            ? COUPON_MESSAGES.releasedBecause(coupon.code, checked.message)
            : COUPON_MESSAGES.released(coupon?.code ?? ''),
        );
      }
    }
    await orders.holdCouponUse(tx, order.id, now());
    return { ok: true, value: null };
  }

  /**
   * When a payment settles on the locked order: its coupon's limits are counted again under the
   * coupon's lock, other orders' uses as redemption counts them. A use the coupon no longer has
   * (its hold lapsed and another order took it) is given back and the order repriced: the
   * payment, priced with it, is then not this order's (payments refunds it).
   */
  async function confirmCoupon(tx: Database, order: Order, kind: CouponPricing = servicePricing): Promise<boolean> {
    const use = await orders.couponUse(tx, order.id);
    if (!use) return true;
    const coupon = await createCheckoutRepository(tx).lockCoupon(use.couponId);
    if (coupon && !couponLimitReached(coupon, await usesElsewhere(tx, coupon, order.id, order.userId))) return true;
    await orders.releaseCouponUse(tx, order.id);
    await kind.reprice(tx, order);
    return false;
  }

  /** The order's cost summary as it now stands (the order core keeps what it was charged). */
  async function pricedSummary(on: Database, order: Order): Promise<CostSummary> {
    const input = await applications.checkoutInput(on, order.id);
    return pricing.summary(on, order, input.snapshot, input.memberIds);
  }

  /**
   * The order's cost summary for its pages: as it now stands until it is paid, then as it was
   * charged (the receipt's lines), which a later add-on price or referral discount does not move.
   */
  async function summaryView(on: Database, order: Order): Promise<CostSummaryView> {
    const input = await applications.checkoutInput(on, order.id);
    const summary = isPaidStatus(order.status)
      ? await orders.chargedSummary(on, order)
      : await pricing.summary(on, order, input.snapshot, input.memberIds);
    const coupon = await appliedCoupon(on, orders, order.id);
    const feeNote = await packageFeeNote(input.snapshot);
    return { ...summary, appliedCoupon: coupon?.code ?? null, ...(feeNote ? { feeNote } : {}) };
  }

  /**
   * The package's fee note for the order's choices, as its service page shows it beside the price
   * ("If you file by post, VFS Global charges for return shipping on top."): what the centre may
   * charge apart is said again where the customer pays.
   */
  async function packageFeeNote(started: { packageId: number; choices: ParameterChoices }): Promise<string | null> {
    const found = await catalog.getPackage(started.packageId);
    return found ? packageWording(found.pkg, started.choices).feeNote : null;
  }

  /** Runs a change before payment on the locked order, then stores the new total in the same transaction. */
  function changeBeforePayment<T>(
    customerId: number,
    ref: OrderRef,
    change: (tx: Database, order: Order) => Promise<FormResult<T>>,
  ): Promise<FormResult<CostSummaryView>> {
    return withLockedOrder(db, orders, customerId, ref, async (tx, order) => {
      if (!canChangeMemberList(order.status)) return formFailure(409, C.locked);
      const changed = await change(tx, order);
      if (!changed.ok) return changed;
      const input = await applications.checkoutInput(tx, order.id);
      await pricing.settle(tx, order, input.snapshot, input.memberIds);
      return { ok: true, value: await summaryView(tx, order) };
    });
  }

  const service = {
    /** SPEC.md §7 `/photoAddon-price/`, `/expedite-price/`, `/appostilled-price/`: the package's add-ons with prices and choices. */
    async addOns(customerId: number, ref: OrderRef): Promise<FormResult<z.infer<typeof addOnsSchema>>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const input = await applications.checkoutInput(db, order.id);
      const chosen = await createCheckoutRepository(db).listAddOns(order.id);
      const offered = await offeredAddOns(db, input);
      const money = (cents: number) => formatMoney({ amountCents: cents, currency: input.snapshot.currency });
      const addOns: AddOnOption[] = offered.map(({ addon, unitCents, forMemberIds }) => {
        const details = ADDON_DETAILS[addon];
        const rows = chosen.filter((c) => c.addon === addon);
        return {
          addon,
          title: details.title,
          subText: details.subText,
          icon: details.icon,
          scope: details.scope,
          unitCents,
          subTitle: details.scope === 'member' ? `${money(unitCents)} per member` : money(unitCents),
          chosen: rows.length > 0,
          memberIds: rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])),
          forMemberIds,
        };
      });
      return { ok: true, value: { currency: input.snapshot.currency, addOns } };
    },

    /** Replaces the order's add-ons with `choice` (before payment); answers the new cost summary. */
    chooseAddOns(customerId: number, ref: OrderRef, choice: ChooseAddOns): Promise<FormResult<CostSummaryView>> {
      return changeBeforePayment(customerId, ref, async (tx, order) => {
        const input = await applications.checkoutInput(tx, order.id);
        const offered = new Map((await offeredAddOns(tx, input)).map((o) => [o.addon, o.forMemberIds]));
        const rows: { addon: AddonType; memberIds: number[] | undefined }[] = [];
        for (const [i, { addon, memberIds }] of choice.addOns.entries()) {
          const field = `addOns.${i}`;
          const fail = (message: string) => formFailure(400, message, { [field]: message });
          if (!offered.has(addon)) return fail(C.notOffered(addon));
          if (choice.addOns.findIndex((a) => a.addon === addon) !== i) return fail(C.twice(addon));
          if (ADDON_DETAILS[addon].scope === 'order') {
            if (memberIds?.length) return fail(C.orderWide(addon));
          } else {
            if (!memberIds?.length) return fail(C.chooseMembers(addon));
            if (memberIds.some((id) => !input.memberIds.includes(id))) return formFailure(404, C.memberNotFound);
            // A member it is not for (Photo Enhancement: no passport-style photo on their checklist).
            if (memberIds.some((id) => !offered.get(addon)?.includes(id))) return fail(C.notOffered(addon));
          }
          rows.push({ addon, memberIds });
        }
        await createCheckoutRepository(tx).replaceAddOns(
          order.id,
          rows.flatMap(({ addon, memberIds }): { addon: AddonType; memberId: number | null }[] =>
            memberIds?.length
              ? [...new Set(memberIds)].map((memberId) => ({ addon, memberId }))
              : [{ addon, memberId: null }],
          ),
        );
        return { ok: true, value: null };
      });
    },

    /** SPEC.md §3 cost summary of the order, as the server prices it now. */
    async costSummary(customerId: number, ref: OrderRef): Promise<FormResult<CostSummaryView>> {
      const order = await orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      return { ok: true, value: await summaryView(db, order) };
    },

    /**
     * SPEC.md §7 `/apply-coupon/`: checks the coupon's rules and takes one of its uses for the
     * order. The coupon row is locked while its uses are counted and the redemption inserted, so
     * two checkouts racing for the last use end with one redemption.
     */
    applyCoupon(customerId: number, ref: OrderRef, code: string): Promise<FormResult<CostSummaryView>> {
      return changeBeforePayment(customerId, ref, (tx, order) => redeem(tx, order, customerId, code, servicePricing));
    },

    /** Applies a coupon to a locked order of another kind (photo orders); the caller reprices it. */
    redeemCoupon(tx: Database, order: Order, customerId: number, code: string, kind: CouponPricing) {
      return redeem(tx, order, customerId, code, kind);
    },

    /** Removes a locked order's coupon (photo orders); the caller reprices it. */
    releaseCoupon: release,

    /**
     * The back office's view of chosen add-ons (issue 28: Expedite orders): a subquery of the ids
     * of orders that chose `addon`, for the queue's filter in one statement, and which of a page's
     * orders chose it. Only service orders have add-ons.
     */
    orderIdsWithAddOn(addon: AddonType) {
      return createCheckoutRepository(db).orderIdsWithAddOn(addon);
    },
    withAddOn(orderIds: readonly number[], addon: AddonType): Promise<Set<number>> {
      return createCheckoutRepository(db).withAddOn(orderIds, addon);
    },

    /**
     * What the order bought beyond its package, for the desk: each chosen add-on with the members
     * it is for (of `memberIds`, the order's members now), or null for one bought for the whole order.
     */
    async chosenAddOns(orderId: number, memberIds: readonly number[]): Promise<ChosenAddOn[]> {
      const rows = await createCheckoutRepository(db).listAddOns(orderId);
      return ADDON_TYPES.flatMap((addon): ChosenAddOn[] => {
        const mine = rows.filter((r) => r.addon === addon);
        if (ADDON_DETAILS[addon].scope === 'order') return mine.length > 0 ? [{ addon, memberIds: null }] : [];
        const members = memberIds.filter((id) => mine.some((r) => r.memberId === id));
        return members.length > 0 ? [{ addon, memberIds: members }] : [];
      });
    },

    /** The coupon applied to an order, or null. */
    appliedCoupon(on: Database, orderId: number) {
      return appliedCoupon(on, orders, orderId);
    },

    holdCouponForPayment: holdCoupon,
    confirmCouponAtSettle: confirmCoupon,

    /** SPEC.md §7 `/remove-coupon/`: gives the coupon's use back. */
    removeCoupon(customerId: number, ref: OrderRef): Promise<FormResult<CostSummaryView>> {
      return changeBeforePayment(customerId, ref, (tx, order) => release(tx, order.id));
    },

    /**
     * A coupon's uses that count against its limits now, by the same rule redemption counts them
     * (paid orders, and unpaid ones still holding theirs): the back office shows it and keeps
     * limits from going below it.
     */
    couponUses(on: Database, couponId: number): Promise<number> {
      return liveUses(on, couponId, 0);
    },

    /** SPEC.md §7 `/coupons-management/platform`: the active public coupons of a platform, not expired. */
    async publicCoupons(platform: CouponPlatform) {
      const at = now();
      const rows = await createCheckoutRepository(db).listPublicCoupons(platform);
      return rows
        .filter((c) => (!c.startsAt || c.startsAt <= at) && (!c.endsAt || at < c.endsAt))
        .map((c) => ({
          code: c.code,
          description: c.description,
          discountType: c.discountType,
          value: c.value,
          minimumOrderCents: c.minimumOrderCents,
          endsAt: c.endsAt?.toISOString() ?? null,
        }));
    },
  };

  /**
   * The promised processing time of a service order's package, as published for its choices (the
   * default's days without an application or a figure to read).
   */
  async function packagePromise(
    started: { packageId: number; choices: ParameterChoices } | undefined,
  ): Promise<SlaPromise> {
    const found = started ? await catalog.getPackage(started.packageId) : null;
    const text = found && started ? packageWording(found.pkg, started.choices).processingTime : null;
    const days = processingDays(text);
    return days === null
      ? {
          days: DEFAULT_SERVICE_DAYS,
          basis: `No figure in the package's processing time: ${DEFAULT_SERVICE_DAYS} days`,
        }
      : { days, basis: `Published processing time: ${text}` };
  }

  /**
   * Before a payment starts, on the locked order: its total brought up to what the checkout shows.
   * The stored total follows the order's own changes and a cancellation that hands it the
   * first-order discount (repriceNextFirstOrder), but an add-on's catalog price moves without one;
   * the payment must take what the page showed, so a total that moved is stored and the payment
   * refused, with the coupon named when the order no longer reaches its minimum (an add-on's price
   * went down).
   */
  async function repriceForToday(tx: Database, order: Order): Promise<FormResult<null>> {
    const fees = deps.fees ? await deps.fees.beforePayment(tx, order) : null;
    if (fees && !fees.ok) return fees;
    const input = await applications.checkoutInput(tx, order.id);
    const { order: settled, droppedCoupon } = await pricing.settle(tx, order, input.snapshot, input.memberIds);
    if (droppedCoupon) return formFailure(409, droppedCouponNotice(droppedCoupon, settled.currency));
    return settled.totalCents === order.totalCents ? { ok: true, value: null } : formFailure(409, C.priceChanged);
  }

  /**
   * A cancelled application can make the customer's next one their first, which a referred friend's
   * discount then applies to: that order, while unpaid, is priced again in the cancellation's
   * transaction, so its stored total is the one its page shows and the payment links opened at the
   * old one are closed by the change (payments' purchase listener), as after a member or coupon
   * change. Only an order after the cancelled one can take its place; locking no earlier one keeps
   * two cancellations at once from waiting on each other.
   */
  async function repriceNextFirstOrder(tx: Database, cancelled: Order): Promise<void> {
    const laterIds = (await orders.orderIdsOf(tx, cancelled.userId, 'service')).filter((id) => id > cancelled.id);
    const unpaid = (await orders.findByIds(laterIds, tx)).filter((o) => o.status === 'Payment pending');
    const [next] = unpaid.sort((a, b) => a.id - b.id);
    if (!next || !(await orders.isFirstOrder(tx, next))) return;
    const locked = await orders.lockOrder(tx, next.id);
    if (locked?.status !== 'Payment pending') return;
    const input = await applications.checkoutInput(tx, locked.id);
    await pricing.settle(tx, locked, input.snapshot, input.memberIds);
  }
  orders.onStatusChange(async (tx, { order, to }) => {
    if (to === 'Cancelled' && order.kind === 'service') await repriceNextFirstOrder(tx, order);
  });

  /** Service applications as the order core sees them (services.ts registers it). */
  const orderKind: OrderKindDefinition = {
    kind: 'service',
    notFoundMessage: A.orderNotFound,
    pricedSummary,
    // An application is paid first; its forms and documents follow.
    missingBeforePayment: async () => [],
    repriceForToday,
    holdCoupon: (tx, order) => holdCoupon(tx, order, servicePricing),
    confirmCoupon: (tx, order) => confirmCoupon(tx, order, servicePricing),
    costSummary: summaryView,
    applyCoupon: (customerId, order, code) => service.applyCoupon(customerId, { id: order.id }, code),
    removeCoupon: (customerId, order) => service.removeCoupon(customerId, { id: order.id }),
    addOns: {
      offered: (customerId, order) => service.addOns(customerId, { id: order.id }),
      choose: (customerId, order, choice) => service.chooseAddOns(customerId, { id: order.id }, choice),
    },
    // Forms incomplete, or straight on to Order pending when every form and document is already in.
    statusWhenPaid: (tx, order) => deps.completion.statusWhenPaid(tx, order.id),
    // Staff see the service applied for and its package's promise (one read of the applications).
    async staffViews(ofKind) {
      const snapshots = await applications.snapshots(ofKind.map((o) => o.id));
      return new Map(
        await Promise.all(
          ofKind.map(async (order): Promise<[number, StaffView]> => {
            const snapshot = snapshots.get(order.id);
            return [
              order.id,
              {
                service: snapshot?.serviceName ?? order.title,
                promise: await packagePromise(snapshot),
              },
            ];
          }),
        ),
      );
    },
    // Submitted waits for the posting address our team confirms (decision 0179).
    staffMoveHeld: (tx, order, to) => applications.staffMoveHeld(tx, order, to),
    workedOnSince: (on, order, since) => applications.workedOnSince(on, order.id, since),
    // The documents hold every stored file of an application; its print pack is drawn on request, never stored.
    storedFiles: deps.documents.storedFiles,
    eraseFiles: deps.documents.eraseFiles,
  };

  return { ...service, orderKind };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
