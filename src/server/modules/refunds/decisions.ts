import { feesPaidOut, refundSplit } from '../../../domain/admin/refund-split.ts';
import {
  type AdminRefund,
  type AdminRefundDetail,
  type AdminRefundListQuery,
  type AutomaticRefund,
  type DeskRefund,
  type NamedRefund,
  partialReasonRefusal,
  type RefundOrigin,
} from '../../../domain/admin/refunds.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import type { FeesPaidRecord } from '../../../domain/applications/fees-paid.ts';
import { type Currency, formatMoney, type Money } from '../../../domain/catalog/money.ts';
import { orderKindOfDisplayId } from '../../../domain/orders/order-kind.ts';
import { REFUND_NOTICES, refundedAmount } from '../../../domain/refunds/options.ts';
import { isOpenRefundRequest } from '../../../domain/refunds/order-refunds.ts';
import type { Database } from '../../db/client.ts';
import { withNewReference } from '../../lib/reference.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService, RefundReservation } from '../orders/service.ts';
import type { ByHandRefusal, PaymentsService } from '../payments/service.ts';
import { newRefundReference } from './reference.ts';
import { createRefundsRepository, type RefundRequestRow } from './repository.ts';
import { billingSignature } from './request-mails.ts';

type RefundStatus = RefundRequestRow['status'];

export interface RefundDecisionDeps {
  /** Orders, and what each was charged: which fees the policy does not give back. */
  orders: Pick<
    OrdersService,
    | 'findByIds'
    | 'lockOrder'
    | 'changeOrderStatus'
    | 'fullyRefunded'
    | 'chargedSummary'
    | 'refundable'
    | 'reserveRefund'
    | 'strayRefunds'
    | 'timeline'
    | 'refundByKey'
    | 'attempt'
  >;
  /** Gives the reserved money back through the order's payment provider, or records it given back by hand there. */
  payments: Pick<
    PaymentsService,
    'executeRefund' | 'recordRefundByHand' | 'retryStrayRefund' | 'recordStrayRefundByHand'
  >;
  audit: Pick<AuditLog, 'record'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The customer's panel hears of the decision too: the order page and the bell, not only the inbox. */
  notifications: Pick<NotificationsService, 'notifyAboutOrder'>;
  contact: { companyName: string; supportEmail: string; tollFreeNumber: string };
  now: () => Date;
  /** The fees our team paid at the centre for an order, as the desk recorded them (the applications module's), or null. */
  feesPaidRecord: (orderId: number) => Promise<FeesPaidRecord | null>;
  /** Told in the decision's transaction once a request is decided and money may still be held. */
  afterDecision?: (tx: Database, orderId: number) => Promise<void>;
  log?: { error(details: object, message: string): void };
}

export type ApproveResult =
  | { ok: true; request: AdminRefund; fullyRefunded: boolean }
  /**
   * `provider`: the provider refused, and the request is open again. `provider-unclear`: it may
   * have refunded, and the request stays Approved for a retry under the same key. `in-flight`:
   * another call of this refund is running (decision 0170).
   */
  | { ok: false; reason: 'not-found' | 'not-paid' | 'provider' | 'provider-unclear' | 'in-flight' }
  | { ok: false; reason: 'decided'; status: RefundStatus }
  /** A refund staff made by hand that the provider does not show as this one (decision 0171). */
  | { ok: false; reason: 'not-recorded'; why: ByHandRefusal; refundId?: string }
  /** A retry of a request that is not waiting on its provider call. */
  | { ok: false; reason: 'not-retryable'; status: RefundStatus }
  | { ok: false; reason: 'over'; remaining: { amountCents: number; currency: Currency } }
  /** The reason for a partial approval is missing, or was sent with the whole amount (decision 0187). */
  | { ok: false; reason: 'partial-reason'; message: string };

/**
 * A refund started on the order desk (decision 0187): an approval's answers (`created` false when the
 * same form's key found the refund it made), or why none was started.
 */
export type DeskRefundResult =
  | (ApproveResult & { created?: boolean })
  /**
   * The provider refused (the request is open again on the refunds desk, to be decided there) or
   * answered unclearly (it stays Approved there, for a retry): `refundRequest` names it.
   */
  | { ok: false; reason: 'provider' | 'provider-unclear'; refundRequest: NamedRefund }
  /** Another refund of the order is approved and unfinished at the provider (decision 0191). */
  | { ok: false; reason: 'unfinished'; reference: string; origin: RefundOrigin }
  | { ok: false; reason: 'cancelled' | 'key-reused' }
  | { ok: false; reason: 'open-request'; reference: string }
  | { ok: false; reason: 'not-finished'; reference: string; status: RefundStatus };

export type RejectResult =
  | { ok: true; request: AdminRefund }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'decided'; status: RefundStatus };

const SUBJECT = { type: 'refund-request' } as const;
/** An automatic refund of a stray charge: its payment attempt. */
const AUTOMATIC = { type: 'payment-attempt' } as const;
/** One key per request and amount, so the same refund tried again is the same refund at the provider. */
const refundKey = (reference: string, amountCents: number) => `refund-request-${reference}-${amountCents}`;

/** Step 1 done: the reservation's key, and the status to reopen the request as if the provider refuses. */
type Claimed = { ok: 'claimed'; key: string; before: RefundStatus };

/** Ends a transaction with its rollback and carries the refusal out of it. */
class RolledBack extends Error {
  readonly result: ApproveResult;
  constructor(result: ApproveResult) {
    super('rolled back');
    this.result = result;
  }
}

/** Why a reservation was refused, as the approval's answer. */
function refusal(reserved: Exclude<RefundReservation, { ok: true }>): ApproveResult {
  return reserved.reason === 'over'
    ? { ok: false, reason: 'over', remaining: { amountCents: reserved.remainingCents, currency: reserved.currency } }
    : { ok: false, reason: 'not-paid' };
}

function toAdminRefund(row: RefundRequestRow, orderDisplayId: string): AdminRefund {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.orderId,
    orderDisplayId,
    email: row.email,
    reason: row.reason,
    origin: row.origin,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    approvedCents: row.approvedCents,
    partialReason: row.partialReason,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Staff decisions on refund requests (issue 13 item 7, decision 0069). Approving is three steps,
 * so no transaction waits on a provider: (1) under the request's and the order's locks, check it
 * is still undecided, reserve the amount against what is left (payments) and mark it Approved,
 * with its audit entry; (2) the provider's refund call with the reservation's idempotency key;
 * (3) mark it Refunded, e-mail the customer and, when nothing is left, move the order to Refunded
 * — or, if the provider refused, put the request back to undecided; if its answer was unclear,
 * leave it Approved for a retry of the same refund (decision 0170). A second approve of the same
 * request (a double click, a second tab) finds it decided at step 1 and refunds nothing.
 */
export const REFUND_MAIL_TEXT = {
  /** The order went to the authorities and staff gave back all the policy allows: the fees are why. */
  lessThanAsked: (asked: string) =>
    `This is less than the ${asked} asked for: fees already paid out for your order, such as government fees, cannot be refunded. If you think the amount is wrong, reply to this e-mail.`,
  /** The refund left nothing of the payment: the order moved to Refunded, told here, not in a second e-mail. */
  wholePayment: 'With it, your whole payment has been refunded, and your order is now Refunded.',
  /** Any other shortfall: no reason is made up. */
  lessThanAskedOnly: (asked: string) =>
    `This is less than the ${asked} asked for. If you think the amount is wrong, reply to this e-mail.`,
  /** The details row with staff's reason for refunding less than asked (decision 0187). */
  partialReasonLabel: 'Why less was refunded',
} as const;

/**
 * A refund request's news in the notifications of the order's account, about the order, in `tx`
 * (its logging, its decision). An erased customer's account gets nothing more: no one can read it.
 */
export async function notifyOrderAccount(
  deps: Pick<RefundDecisionDeps, 'orders' | 'notifications'>,
  tx: Database,
  orderId: number,
  remark: string,
): Promise<void> {
  const [order] = await deps.orders.findByIds([orderId], tx);
  if (order) await deps.notifications.notifyAboutOrder(order, { remark }, tx);
}

export function createRefundDecisions(db: Database, deps: RefundDecisionDeps) {
  const repository = createRefundsRepository(db);

  async function displayIds(orderIds: number[], on: Database = db): Promise<Map<number, string>> {
    const orders = await deps.orders.findByIds([...new Set(orderIds)], on);
    return new Map(orders.map((o) => [o.id, o.displayId]));
  }
  async function toAdmin(row: RefundRequestRow, on: Database = db): Promise<AdminRefund> {
    return toAdminRefund(row, (await displayIds([row.orderId], on)).get(row.orderId) ?? '');
  }

  /**
   * Why a refund just made is less than was asked, in the customer's words, read in its recording
   * transaction (the refund counted); null when it is all that was asked. Fees are named only when
   * the order went to the authorities and staff gave back all the policy allows; else no reason is
   * made up (an order cancelled before it was submitted paid no fees out).
   */
  async function shortfall(tx: Database, request: AdminRefund): Promise<string | null> {
    const approvedCents = request.approvedCents ?? 0;
    if (approvedCents >= request.amountCents) return null;
    const asked = formatMoney({ amountCents: request.amountCents, currency: request.currency });
    const paidOut = feesPaidOut((await deps.orders.timeline(request.orderId, tx)).map((change) => change.status));
    const [order] = paidOut ? await deps.orders.findByIds([request.orderId], tx) : [];
    const after = order ? await deps.orders.refundable(tx, request.orderId) : null;
    // The policy's amount as the decision saw it: before this refund was counted.
    const before = after && {
      refundedCents: after.refundedCents - approvedCents,
      remainingCents: after.remainingCents + approvedCents,
    };
    const policyCents =
      order && before ? refundSplit(await deps.orders.chargedSummary(tx, order), before, true).defaultCents : null;
    return policyCents !== null && approvedCents >= policyCents
      ? REFUND_MAIL_TEXT.lessThanAsked(asked)
      : REFUND_MAIL_TEXT.lessThanAskedOnly(asked);
  }

  /**
   * What this request's refund gave back at the provider when it charged another currency than
   * the order's (Razorpay's INR for a USD order), else null.
   */
  async function chargedRefund(tx: Database, request: AdminRefund): Promise<Money | null> {
    const refund = await deps.orders.refundByKey(tx, refundKey(request.reference, request.approvedCents ?? 0));
    if (!refund) return null;
    const attempt = await deps.orders.attempt(tx, refund.attemptId);
    return attempt.currency === refund.currency
      ? null
      : { amountCents: refund.providerAmountCents, currency: attempt.currency };
  }

  function decisionMail(
    request: AdminRefund,
    decision: 'refunded' | 'rejected',
    {
      shortBy = null,
      charged = null,
      whole = false,
    }: { shortBy?: string | null; charged?: Money | null; whole?: boolean } = {},
  ) {
    const details: [string, string][] = [
      ['Reference', request.reference],
      ['Order', request.orderDisplayId],
    ];
    // Staff started it on the desk: the customer asked nothing, so they read why it was made.
    const byStaff = request.origin === 'staff';
    if (byStaff) details.push(['Reason', request.reason]);
    const support = `Questions? Reply to ${deps.contact.supportEmail} or call us toll-free on ${deps.contact.tollFreeNumber}.`;
    const signature = billingSignature(request.orderDisplayId, deps.contact);
    const sender = orderSender(orderKindOfDisplayId(request.orderDisplayId));
    if (decision === 'refunded') {
      const approved = { amountCents: request.approvedCents ?? 0, currency: request.currency };
      const amount = formatMoney(approved);
      const refunded = refundedAmount(approved, charged);
      // Less than was asked: said plainly, with the figure asked and why, so the customer is not left to guess.
      const asked = formatMoney({ amountCents: request.amountCents, currency: request.currency });
      details.push(['Amount refunded', refunded]);
      if (shortBy) details.push(['Amount asked', asked]);
      if (request.partialReason) details.push([REFUND_MAIL_TEXT.partialReasonLabel, request.partialReason]);
      return simpleMail({
        to: request.email,
        subject: `Your refund of ${amount} for order ${request.orderDisplayId} is on its way`,
        heading: 'Your refund is approved',
        intro: [
          `We have refunded ${refunded} for order ${request.orderDisplayId} (${byStaff ? 'refund' : 'refund request'} ${request.reference}) to your original payment method.`,
          ...(shortBy ? [shortBy] : []),
          ...(whole ? [REFUND_MAIL_TEXT.wholePayment] : []),
        ],
        details,
        outro: ['Depending on your bank, it reaches your account within 5–10 business days.', support],
        signature,
        ...sender,
        replyTo: deps.contact.supportEmail,
      });
    }
    details.push(['Reason', request.rejectionReason ?? '']);
    return simpleMail({
      to: request.email,
      subject: `Your refund request ${request.reference} for order ${request.orderDisplayId}`,
      heading: 'We could not approve your refund request',
      intro: [
        `We have reviewed your refund request ${request.reference} for order ${request.orderDisplayId} and cannot approve it, for the reason below.`,
      ],
      details,
      outro: [support],
      signature,
      ...sender,
      replyTo: deps.contact.supportEmail,
    });
  }

  /**
   * Steps 2 and 3 of an approval (or its retry, or its record as made by hand): the provider's
   * refund (`refunded`), outside any transaction, then the outcome recorded under the request's
   * lock. Only a request still Approved is moved: a concurrent retry that recorded first has
   * already told the customer.
   */
  async function finish(
    actor: StaffActor,
    id: number,
    refunded: () => ReturnType<PaymentsService['executeRefund']>,
    reopenAs: RefundStatus,
    /** Told in the transaction that records the refund made. */
    recorded?: (tx: Database) => Promise<void>,
  ): Promise<ApproveResult> {
    // Step 2: the provider's refund, outside any transaction.
    const outcome = await refunded();
    // The call running now records its own answer.
    if (!outcome.ok && outcome.reason === 'in-flight') return { ok: false, reason: 'in-flight' };

    // Step 3: record the outcome, tell the customer, close the order when nothing is left.
    return db.transaction(async (tx): Promise<ApproveResult> => {
      const requests = createRefundsRepository(tx);
      const row = await requests.lockById(id);
      if (!row) return { ok: false, reason: 'not-found' };
      if (row.status === 'Refunded' && outcome.ok) {
        return { ok: true, request: await toAdmin(row, tx), fullyRefunded: outcome.fullyRefunded };
      }
      if (row.status !== 'Approved') return { ok: false, reason: 'decided', status: row.status };
      if (!outcome.ok && outcome.reason === 'unclear') {
        // The money may have gone: a new decision could choose another amount, so another key and
        // a second refund. The request stays Approved, for a retry of this one.
        await deps.audit.record(tx, {
          actor,
          action: 'refund.provider-unclear',
          subject: { ...SUBJECT, id },
          before: { status: 'Approved' },
          after: { status: 'Approved', error: outcome.detail.slice(0, 300) },
        });
        return { ok: false, reason: 'provider-unclear' };
      }
      if (!outcome.ok) {
        await requests.update(id, {
          status: reopenAs,
          approvedCents: null,
          partialReason: null,
          decidedByUserId: null,
          decidedAt: null,
        });
        await deps.audit.record(tx, {
          actor,
          action: 'refund.provider-failed',
          subject: { ...SUBJECT, id },
          before: { status: 'Approved' },
          after: { status: reopenAs, error: outcome.detail.slice(0, 300) },
        });
        return { ok: false, reason: 'provider' };
      }
      const refunded = await toAdmin(await requests.update(id, { status: 'Refunded' }), tx);
      await recorded?.(tx);
      const charged = await chargedRefund(tx, refunded);
      await deps.mail.enqueue(tx, {
        ...decisionMail(refunded, 'refunded', {
          shortBy: await shortfall(tx, refunded),
          charged,
          whole: outcome.fullyRefunded,
        }),
        purpose: 'refund-decision',
        key: `refund-decision:${row.reference}:refunded`,
      });
      // A whole refund moves the order to Refunded, whose own notification says so.
      if (!outcome.fullyRefunded) {
        const amount = refundedAmount(
          { amountCents: refunded.approvedCents ?? 0, currency: refunded.currency },
          charged,
        );
        await notifyOrderAccount(
          deps,
          tx,
          refunded.orderId,
          REFUND_NOTICES.refunded(refunded.reference, amount, refunded.partialReason),
        );
        await deps.afterDecision?.(tx, row.orderId);
      }
      if (outcome.fullyRefunded) {
        await deps.orders.fullyRefunded(tx, row.orderId);
        const moved = await deps.orders.changeOrderStatus(
          row.orderId,
          'Refunded',
          {
            by: { actor: 'staff', userId: actor.id },
            remark: REFUND_NOTICES.wholePayment(refunded.reference, refunded.partialReason),
            // The decision's e-mail above says it: one e-mail for one refund.
            mail: false,
          },
          tx,
        );
        if (!moved.ok) {
          deps.log?.error(
            { orderId: row.orderId, reason: moved.reason },
            'a fully refunded order could not move to Refunded',
          );
        }
      }
      return { ok: true, request: refunded, fullyRefunded: outcome.fullyRefunded };
    });
  }

  /**
   * Step 1 of finishing a request stuck as Approved (a retry, or its record as made by hand):
   * under the request's and the order's locks, its reservation counted again if its failed call
   * marked it failed (and checked it still fits), and the step audited as `action` when given.
   */
  function claimStuck(
    actor: StaffActor,
    id: number,
    action: 'refund.retry' | null,
  ): Promise<ApproveResult | { ok: 'claimed'; key: string }> {
    return db.transaction(async (tx): Promise<ApproveResult | { ok: 'claimed'; key: string }> => {
      const requests = createRefundsRepository(tx);
      const row = await requests.lockById(id);
      if (!row) return { ok: false, reason: 'not-found' };
      if (row.status !== 'Approved' || row.approvedCents === null) {
        return { ok: false, reason: 'not-retryable', status: row.status };
      }
      await deps.orders.lockOrder(tx, row.orderId);
      const key = refundKey(row.reference, row.approvedCents);
      const reserved = await deps.orders.reserveRefund(tx, {
        orderId: row.orderId,
        amountCents: row.approvedCents,
        key,
      });
      if (!reserved.ok) return refusal(reserved);
      if (action) {
        await deps.audit.record(tx, {
          actor,
          action,
          subject: { ...SUBJECT, id },
          before: { status: 'Approved' },
          after: { status: 'Approved', approvedCents: row.approvedCents },
        });
      }
      return { ok: 'claimed', key };
    });
  }

  /**
   * Step 1 of an approval, in `tx` holding the request's and the order's locks: the amount reserved
   * against what is left (payments), the request marked Approved with who decided, audited.
   */
  async function decideLocked(
    tx: Database,
    actor: StaffActor,
    row: RefundRequestRow,
    amountCents: number,
    partialReason: string | null,
  ): Promise<ApproveResult | Claimed> {
    const key = refundKey(row.reference, amountCents);
    const reserved = await deps.orders.reserveRefund(tx, { orderId: row.orderId, amountCents, key });
    if (!reserved.ok) return refusal(reserved);
    await createRefundsRepository(tx).update(row.id, {
      status: 'Approved',
      approvedCents: amountCents,
      partialReason,
      decidedByUserId: actor.id,
      decidedAt: deps.now(),
    });
    await deps.audit.record(tx, {
      actor,
      action: 'refund.approve',
      subject: { ...SUBJECT, id: row.id },
      before: { status: row.status },
      after: { status: 'Approved', approvedCents: amountCents, ...(partialReason ? { partialReason } : {}) },
      ...(partialReason ? { words: ['partialReason'] } : {}),
    });
    return { ok: 'claimed', key, before: row.status };
  }

  /** The desk's form sent again with its key: the refund it made, or why that one is not made yet. */
  async function replayed(tx: Database, row: RefundRequestRow, input: DeskRefund): Promise<DeskRefundResult> {
    if (row.amountCents !== input.amountCents || row.reason !== input.reason)
      return { ok: false, reason: 'key-reused' };
    if (row.status !== 'Refunded') {
      return { ok: false, reason: 'not-finished', reference: row.reference, status: row.status };
    }
    return { ok: true, request: await toAdmin(row, tx), fullyRefunded: false, created: false };
  }

  return {
    async adminList(query: AdminRefundListQuery): Promise<ListData<AdminRefund>> {
      const { rows, total } = await repository.adminList(query);
      const ids = await displayIds(rows.map((r) => r.orderId));
      return {
        results: rows.map((row) => toAdminRefund(row, ids.get(row.orderId) ?? '')),
        totalCount: total,
        page: query.page,
        limit: query.limit,
      };
    },

    /** The newest automatic refunds of stray charges, with their orders' ids. */
    async automaticRefunds(limit = 20): Promise<AutomaticRefund[]> {
      const refunds = await deps.orders.strayRefunds(db, limit);
      const ids = await displayIds(refunds.map((r) => r.orderId));
      return refunds.map((r) => ({ ...r, orderDisplayId: ids.get(r.orderId) ?? '' }));
    },

    /**
     * Sends the automatic refund of stray charge `attemptId` to its provider again (the job's,
     * under its key: refunded once however often), audited as staff's; 'refunded' when it is made.
     */
    async retryAutomatic(actor: StaffActor, attemptId: number): Promise<'queued' | 'not-found' | 'refunded'> {
      const outcome = await deps.payments.retryStrayRefund(attemptId);
      if (outcome === 'queued') {
        await db.transaction((tx) =>
          deps.audit.record(tx, { actor, action: 'refund.automatic-retry', subject: { ...AUTOMATIC, id: attemptId } }),
        );
      }
      return outcome;
    },

    /** Records the automatic refund of stray charge `attemptId` as made by staff at the provider; audited once recorded. */
    async recordAutomaticByHand(actor: StaffActor, attemptId: number, providerRefundId: string) {
      const outcome = await deps.payments.recordStrayRefundByHand(attemptId, providerRefundId);
      if (outcome.ok) {
        await db.transaction((tx) =>
          deps.audit.record(tx, {
            actor,
            action: 'refund.automatic-recorded-by-hand',
            subject: { ...AUTOMATIC, id: attemptId },
            after: { providerRefundId },
          }),
        );
      }
      return outcome;
    },

    async adminGet(id: number): Promise<AdminRefundDetail | null> {
      const row = await repository.findById(id);
      if (!row) return null;
      const [order] = await deps.orders.findByIds([row.orderId]);
      const [refundable, charged, timeline, feesPaid] = await Promise.all([
        deps.orders.refundable(db, row.orderId),
        order ? deps.orders.chargedSummary(db, order) : Promise.resolve(null),
        deps.orders.timeline(row.orderId),
        deps.feesPaidRecord(row.orderId),
      ]);
      const paidOut = feesPaidOut(timeline.map((change) => change.status));
      return {
        request: toAdminRefund(row, order?.displayId ?? ''),
        order: order
          ? { displayId: order.displayId, title: order.title, status: order.status, totalCents: order.totalCents }
          : null,
        refundable,
        split: charged ? refundSplit(charged, refundable, paidOut) : null,
        feesPaid,
      };
    },

    async approve(actor: StaffActor, id: number, amountCents: number, partialReason?: string): Promise<ApproveResult> {
      // Step 1: decide and reserve, under the request's lock (then the order's, as checkout locks it).
      const claimed = await db.transaction(async (tx): Promise<ApproveResult | Claimed> => {
        const row = await createRefundsRepository(tx).lockById(id);
        if (!row) return { ok: false, reason: 'not-found' };
        if (!isOpenRefundRequest(row.status)) return { ok: false, reason: 'decided', status: row.status };
        const refused = partialReasonRefusal(row.amountCents, amountCents, partialReason);
        if (refused) return { ok: false, reason: 'partial-reason', message: refused };
        await deps.orders.lockOrder(tx, row.orderId);
        return decideLocked(tx, actor, row, amountCents, partialReason ?? null);
      });
      if (claimed.ok !== 'claimed') return claimed;
      const { key } = claimed;
      return finish(actor, id, () => deps.payments.executeRefund(key), claimed.before);
    },

    /**
     * A refund staff start for the customer on the order desk (decision 0187): a request for
     * `amountCents` with staff's reason, opened and approved in one transaction under the order's
     * lock, then refunded as any approval is (the provider's call under the request's key, the
     * ledger, the customer's e-mail). Nothing is stored when the amount does not fit what is left,
     * so a refused start leaves no request behind. The form's key finds the request an earlier
     * sending of it made: the same form twice is one refund.
     */
    async startFromDesk(
      actor: StaffActor,
      order: { id: number; email: string },
      input: DeskRefund,
    ): Promise<DeskRefundResult> {
      const claimed = await withNewReference(
        db,
        'refund_requests_reference_unique',
        newRefundReference,
        async (tx, reference): Promise<DeskRefundResult | (Claimed & { id: number; reference: string })> => {
          const locked = await deps.orders.lockOrder(tx, order.id);
          if (!locked) return { ok: false, reason: 'not-found' };
          const requests = createRefundsRepository(tx);
          // Under the order's lock: a second sending waits for the first to store its request.
          const earlier = await requests.findByIdempotencyKey(order.id, input.idempotencyKey);
          if (earlier) return replayed(tx, earlier, input);
          if (locked.status === 'Cancelled') return { ok: false, reason: 'cancelled' };
          const open = await requests.findOpenRequest(order.id);
          if (open) return { ok: false, reason: 'open-request', reference: open.reference };
          const left = await deps.orders.refundable(tx, order.id);
          if (!left) return { ok: false, reason: 'not-paid' };
          // Within what is left (more is refused as such below), a refund that may have been made
          // already comes first: a second one could give the same money back twice (decision 0191).
          const [unfinished] = input.amountCents <= left.remainingCents ? await requests.listUnfinished(order.id) : [];
          if (unfinished)
            return { ok: false, reason: 'unfinished', reference: unfinished.reference, origin: unfinished.origin };
          const inserted = await requests.insert({
            reference,
            orderId: order.id,
            email: order.email,
            reason: input.reason,
            amountCents: input.amountCents,
            currency: left.currency,
            origin: 'staff',
            idempotencyKey: input.idempotencyKey,
            ip: null,
          });
          const row = await requests.lockById(inserted.id);
          if (!row) throw new Error(`refund request ${reference} vanished as it was stored`);
          await deps.audit.record(tx, {
            actor,
            action: 'refund.desk-start',
            subject: { ...SUBJECT, id: row.id },
            after: { orderId: order.id, amountCents: input.amountCents, reason: input.reason },
            words: ['reason'],
          });
          const decided = await decideLocked(tx, actor, row, input.amountCents, null);
          // Refused (more than is left, nothing paid): the transaction rolls back, the request with it.
          if (decided.ok !== 'claimed') throw new RolledBack(decided);
          return { ...decided, id: row.id, reference: row.reference };
        },
      ).catch((error: unknown) => {
        if (error instanceof RolledBack) return error.result;
        throw error;
      });
      if (claimed.ok !== 'claimed') return claimed;
      const { key, id, reference } = claimed;
      // A refusal of the provider leaves the request In review on the refunds desk, to decide again;
      // an unclear answer leaves it Approved there, to retry: the answer names it, so the desk can
      // send staff there.
      const result = await finish(actor, id, () => deps.payments.executeRefund(key), 'In review');
      if (!result.ok && result.reason === 'provider') {
        return { ...result, refundRequest: { id, reference, status: 'In review' } };
      }
      if (!result.ok && result.reason === 'provider-unclear') {
        return { ...result, refundRequest: { id, reference, status: 'Approved' } };
      }
      return { ...result, created: true };
    },

    /**
     * Finishes an approval that is stuck as Approved — its provider call did not answer clearly,
     * or the server stopped before recording the answer — with the same idempotency key, so the
     * provider refunds once however many times it was called. Only one call of it runs at a time:
     * a retry while another is running answers `in-flight` (decision 0170).
     */
    async retry(actor: StaffActor, id: number): Promise<ApproveResult> {
      const claimed = await claimStuck(actor, id, 'refund.retry');
      if (claimed.ok !== 'claimed') return claimed;
      const { key } = claimed;
      // A retry that fails too leaves the request open for a new decision, as a failed approval does.
      return finish(actor, id, () => deps.payments.executeRefund(key), 'In review');
    },

    /**
     * Closes an approval that is stuck as Approved with the refund staff made by hand in the
     * provider's dashboard (its id there): Refunded, the customer e-mailed, as if the provider had
     * answered. No retry can send the refund again after it, and it waits for a call running now.
     */
    async recordByHand(actor: StaffActor, id: number, providerRefundId: string): Promise<ApproveResult> {
      const claimed = await claimStuck(actor, id, null);
      if (claimed.ok !== 'claimed') return claimed;
      const outcome = await deps.payments.recordRefundByHand(claimed.key, providerRefundId);
      if (!outcome.ok && outcome.reason === 'not-recorded') return outcome;
      // Audited once recorded: a record the provider's answer refused changed nothing.
      return finish(
        actor,
        id,
        async () => outcome,
        'Approved',
        (tx) =>
          deps.audit.record(tx, {
            actor,
            action: 'refund.recorded-by-hand',
            subject: { ...SUBJECT, id },
            before: { status: 'Approved' },
            after: { status: 'Refunded', providerRefundId },
          }),
      );
    },

    async reject(actor: StaffActor, id: number, reason: string): Promise<RejectResult> {
      return db.transaction(async (tx): Promise<RejectResult> => {
        const requests = createRefundsRepository(tx);
        const row = await requests.lockById(id);
        if (!row) return { ok: false, reason: 'not-found' };
        if (!isOpenRefundRequest(row.status)) return { ok: false, reason: 'decided', status: row.status };
        const updated = await requests.update(id, {
          status: 'Rejected',
          rejectionReason: reason,
          decidedByUserId: actor.id,
          decidedAt: deps.now(),
        });
        const request = await toAdmin(updated, tx);
        await deps.mail.enqueue(tx, {
          ...decisionMail(request, 'rejected'),
          purpose: 'refund-decision',
          key: `refund-decision:${row.reference}:rejected`,
        });
        await notifyOrderAccount(deps, tx, request.orderId, REFUND_NOTICES.rejected(request.reference, reason));
        await deps.afterDecision?.(tx, row.orderId);
        await deps.audit.record(tx, {
          actor,
          action: 'refund.reject',
          subject: { ...SUBJECT, id },
          before: { status: row.status },
          after: { status: 'Rejected', rejectionReason: reason },
          words: ['rejectionReason'],
        });
        return { ok: true, request };
      });
    },
  };
}
export type RefundDecisions = ReturnType<typeof createRefundDecisions>;
