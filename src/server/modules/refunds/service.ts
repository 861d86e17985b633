import type { RefundOrigin } from '../../../domain/admin/refunds.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { type FormResult, formFailure, tooManyRequests } from '../../../domain/contact/result.ts';
import { type AnyOrderRef, ORDER_REF_MESSAGES } from '../../../domain/orders/order-kind.ts';
import { CANCELLATION_REFUND } from '../../../domain/refunds/cancellation.ts';
import { REFUND_MESSAGES, REFUND_NOTICES, REFUND_RATE_LIMIT } from '../../../domain/refunds/options.ts';
import type { OrderRefundRequest } from '../../../domain/refunds/order-refunds.ts';
import type { RefundReceipt, RefundRequestInput } from '../../../domain/refunds/schema.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { withNewReference } from '../../lib/reference.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../../plugins/rate-limit-store.ts';
import type { OrdersService, Order as PlacedOrder, StatusChangeListener } from '../orders/service.ts';
import { createRefundDecisions, notifyOrderAccount, type RefundDecisionDeps } from './decisions.ts';
import { createRefundsPersonalDataRepository } from './personal-data-repository.ts';
import { newRefundReference } from './reference.ts';
import { createRefundsRepository } from './repository.ts';
import {
  cancellationRefundMail,
  requestNoticeMail,
  requestNotLoggedMail,
  requestReceivedMail,
} from './request-mails.ts';

/** What a refund started on the order desk answers (decision 0187). */
export type { DeskRefundResult } from './decisions.ts';

export interface RefundsServiceDeps {
  /** The orders module owns the order a refund names. */
  orders: Pick<
    OrdersService,
    'findByDisplayIdAndEmail' | 'findByIds' | 'findOwned' | 'lockOrder' | 'changeOrderStatus' | 'fullyRefunded'
  > &
    RefundDecisionDeps['orders'];
  /** The back office's decisions refund through the order's payment provider (decision 0069). */
  payments: RefundDecisionDeps['payments'];
  audit: RefundDecisionDeps['audit'];
  notifications: RefundDecisionDeps['notifications'];
  log?: RefundDecisionDeps['log'];
  /** Queues e-mail in the transaction of what causes it. */
  mail: Pick<MailOutbox, 'enqueue' | 'isQueued'>;
  /** The form's requests are looked at by a job, after the answer (see `submit`). */
  jobs: Pick<JobQueue, 'send' | 'work'>;
  contact: { companyName: string; supportEmail: string; tollFreeNumber: string };
  feesPaidRecord: RefundDecisionDeps['feesPaidRecord'];
  now?: () => Date;
  newReference?: () => string;
  /** Where the form's requests are counted (the app's store; by default one of the service's own). */
  rateLimits?: RateLimitStore;
}

/** Why a request cannot be logged (REFUND_MESSAGES' words), and the form's field it is about, if one. */
interface Refusal {
  message: string;
  field?: 'amount';
}

/** The job that looks at one refund request sent through the form. */
export const REFUND_REQUEST_QUEUE = 'refunds.request';
const REFUND_REQUEST_RETRY = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true } as const;

export interface RefundRequestJob {
  /** The reference the form answered with. */
  reference: string;
  input: RefundRequestInput;
  ip: string | null;
}

type Order = NonNullable<Awaited<ReturnType<OrdersService['findByDisplayIdAndEmail']>>>;

export function createRefundsService(db: Database, deps: RefundsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newReference = deps.newReference ?? newRefundReference;
  const rateLimits = deps.rateLimits ?? createMemoryRateLimitStore({ now: () => now().getTime() });
  /**
   * Every request of a signed-in customer's account, else of a network address, whatever it names,
   * each counted for REFUND_RATE_LIMIT.windowMs. A customer is counted apart from the address they
   * share: many mobile users in India come through one (a walk's customer was refused after other
   * people's requests), and the limit must never lock a customer out (DESIGN.md §1).
   */
  const requestsKey = (from: { ip?: string | null; userId?: number | null }) =>
    from.userId ? `refund-request|user:${from.userId}` : from.ip ? `refund-request|${from.ip}` : null;

  /**
   * Why the request cannot be logged (one of REFUND_MESSAGES' texts): no order of that id for this
   * address, or one that cannot take it; null when it can. Told to the address given only, never in
   * the form's answer.
   */
  async function refusal(tx: Database, order: Order | null, input: RefundRequestInput): Promise<Refusal | null> {
    if (!order) return { message: REFUND_MESSAGES.orderNotFound };
    const status = order.status.toLowerCase();
    if (status === 'payment pending') return { message: REFUND_MESSAGES.notPaid };
    if (status === 'refunded') return { message: REFUND_MESSAGES.alreadyRefunded };
    const open = await createRefundsRepository(tx).findOpenRequest(order.id);
    if (open) return { message: REFUND_MESSAGES.alreadyOpen(open.reference) };
    const money = (amountCents: number) => formatMoney({ amountCents, currency: order.currency });
    if (input.amount > order.totalCents) {
      return { message: REFUND_MESSAGES.amountOverTotal(money(order.totalCents)), field: 'amount' };
    }
    const left = await deps.orders.refundable(tx, order.id);
    if (left && left.refundedCents > 0 && input.amount > left.remainingCents) {
      return {
        message: REFUND_MESSAGES.amountOverLeft(money(left.remainingCents), money(left.refundedCents)),
        field: 'amount',
      };
    }
    return null;
  }

  /**
   * Why the signed-in customer's request for their own order, under its e-mail, cannot be logged,
   * or null. They may know anything of their order, so the form tells them at once: a walk's
   * customer read "Refund request sent" with a reference for a request only the e-mail later said
   * was never logged (one already waiting; more than was paid). Anyone else's request, or one
   * under another address, is answered as every other (`submit`).
   */
  async function ownOrderRefusal(userId: number, input: RefundRequestInput): Promise<Refusal | null> {
    const order = await deps.orders.findOwned(userId, { displayId: input.orderId });
    return order && order.email.toLowerCase() === input.email.toLowerCase() ? refusal(db, order, input) : null;
  }

  /**
   * The job: matches the request with an order of that e-mail address and either logs it (the row,
   * the customer's copy and support's notice, in one transaction) or e-mails the address why it
   * could not be logged (refusal). A job that runs again finds its e-mail queued and stops.
   */
  async function processRequest({ reference, input, ip }: RefundRequestJob): Promise<void> {
    const customerKey = `refund-request:${reference}:customer`;
    const order = await deps.orders.findByDisplayIdAndEmail(input.orderId, input.email);
    // The reference the form answered, unless (astronomically rarely) another request has it.
    let answered: string | null = reference;
    const draw = () => {
      const next = answered ?? newReference();
      answered = null;
      return next;
    };
    await withNewReference(db, 'refund_requests_reference_unique', draw, async (tx, stored) => {
      if (await deps.mail.isQueued(tx, customerKey)) return;
      const refused = await refusal(tx, order, input);
      if (refused !== null || order === null) {
        await deps.mail.enqueue(tx, {
          ...requestNotLoggedMail(
            { reference, input },
            refused?.message ?? REFUND_MESSAGES.orderNotFound,
            deps.contact,
          ),
          purpose: 'refund-request-not-logged',
          key: customerKey,
        });
        return;
      }
      await createRefundsRepository(tx).insert({
        reference: stored,
        orderId: order.id,
        email: input.email,
        reason: input.reason,
        amountCents: input.amount,
        currency: order.currency,
        ip,
      });
      const logged = {
        reference: stored,
        orderId: order.displayId,
        orderTitle: order.title,
        currency: order.currency,
        input,
      };
      await deps.mail.enqueue(tx, {
        ...requestReceivedMail(logged, deps.contact),
        purpose: 'refund-request-customer',
        key: customerKey,
      });
      // On the bell of the order's account too: the form signs no one in, so this is where its
      // owner sees a request they did not make.
      await notifyOrderAccount(
        deps,
        tx,
        order.id,
        REFUND_NOTICES.received(stored, formatMoney({ amountCents: input.amount, currency: order.currency })),
      );
      await deps.mail.enqueue(tx, {
        ...requestNoticeMail(logged, deps.contact),
        purpose: 'refund-request-staff',
        key: `refund-request:${reference}:staff`,
      });
    });
  }

  /**
   * An order cancelled with money of its payment still held (staff cancel a paid order) is owed it
   * back: a refund request for all that is left is opened, for the refunds desk to decide under the
   * refund policy, and the customer and support are told. Nothing is opened when nothing was paid
   * through us or all of it went back.
   */
  async function openCancellationRequest(tx: Database, order: PlacedOrder, remark: string | null): Promise<void> {
    const left = await deps.orders.refundable(tx, order.id);
    if (!left || left.remainingCents <= 0) return;
    const input: RefundRequestInput = {
      orderId: order.displayId,
      email: order.email,
      reason: CANCELLATION_REFUND.reason(remark),
      amount: left.remainingCents,
    };
    // A savepoint per drawn reference: a clash must not spoil the caller's transaction.
    await withNewReference(tx, 'refund_requests_reference_unique', newReference, async (savepoint, reference) => {
      await createRefundsRepository(savepoint).insert({
        reference,
        orderId: order.id,
        email: input.email,
        reason: input.reason,
        amountCents: input.amount,
        currency: left.currency,
        origin: 'cancellation',
        ip: null,
      });
      const logged = { reference, orderId: order.displayId, orderTitle: order.title, currency: left.currency, input };
      await deps.mail.enqueue(savepoint, {
        ...cancellationRefundMail(logged, deps.contact),
        purpose: 'refund-request-customer',
        key: `refund-request:${reference}:customer`,
      });
      await deps.mail.enqueue(savepoint, {
        ...requestNoticeMail(
          logged,
          deps.contact,
          `Order ${order.displayId} was cancelled while ${input.email}'s payment was still held: this request was opened for what is left of it.`,
        ),
        purpose: 'refund-request-staff',
        key: `refund-request:${reference}:staff`,
      });
    });
  }

  /** The cancellation's request is opened with it, unless one is open already (the customer's own). */
  const onStatusChange: StatusChangeListener = async (tx, { order, to, change }) => {
    if (to !== 'Cancelled') return;
    if (await createRefundsRepository(tx).findOpenRequest(order.id)) return;
    await openCancellationRequest(tx, order, change.remark);
  };

  /**
   * The customer's request that kept the cancellation from opening its own is decided (refunded in
   * part, or rejected): the cancellation's request is opened now for what is still held, once.
   */
  async function afterDecision(tx: Database, orderId: number): Promise<void> {
    const [order] = await deps.orders.findByIds([orderId], tx);
    if (order?.status !== 'Cancelled') return;
    const requests = createRefundsRepository(tx);
    if ((await requests.findOpenRequest(orderId)) || (await requests.hasCancellationRequest(orderId))) return;
    await openCancellationRequest(tx, order, null);
  }

  const decisions = createRefundDecisions(db, {
    orders: deps.orders,
    payments: deps.payments,
    audit: deps.audit,
    mail: deps.mail,
    notifications: deps.notifications,
    contact: deps.contact,
    feesPaidRecord: deps.feesPaidRecord,
    now,
    afterDecision,
    ...(deps.log ? { log: deps.log } : {}),
  });

  return {
    ...decisions,

    /**
     * Takes a request from the public form and answers it with a new reference at once, the same
     * for every order id and e-mail address: an order that exists or not, another customer's,
     * unpaid, refunded or already asked for. The answer tells only what was sent; the order is
     * looked at afterwards by the request's job (processRequest), which e-mails the outcome to the
     * address given, so only its owner learns anything about the order. The one exception is that
     * owner, signed in and asking under the order's e-mail: told at once why their own order cannot
     * take the request (`ownOrderRefusal`), nothing logged. Each address may send
     * REFUND_RATE_LIMIT.max requests per window, whatever they name; a signed-in customer's account
     * as many, apart from its address's.
     */
    async submit(
      input: RefundRequestInput,
      from: { ip?: string | null; userId?: number | null } = {},
    ): Promise<FormResult<RefundReceipt>> {
      if (input.website) return formFailure(400, REFUND_MESSAGES.honeypot);
      const key = requestsKey(from);
      if (key) {
        const sent = await rateLimits.peek(key, REFUND_RATE_LIMIT.windowMs, 'rolling');
        if (sent.count >= REFUND_RATE_LIMIT.max) {
          return tooManyRequests(REFUND_MESSAGES.rateLimited, sent.resetAt - now().getTime());
        }
        await rateLimits.hit(key, REFUND_RATE_LIMIT.windowMs, 'rolling');
      }
      const refused = from.userId ? await ownOrderRefusal(from.userId, input) : null;
      if (refused) {
        return refused.field
          ? formFailure(400, refused.message, { [refused.field]: refused.message })
          : formFailure(409, refused.message);
      }
      const reference = newReference();
      await deps.jobs.send<RefundRequestJob>(
        REFUND_REQUEST_QUEUE,
        { reference, input, ip: from.ip ?? null },
        REFUND_REQUEST_RETRY,
      );
      return {
        ok: true,
        value: { reference, orderId: input.orderId, amountCents: input.amount, status: 'Received', createdAt: now() },
      };
    },

    onStatusChange,

    /** The order's refund request still waiting for staff (the desk links it), or null. */
    openRequestOf(orderId: number) {
      return createRefundsRepository(db).findOpenRequest(orderId);
    },

    /** The order's approved requests not yet refunded at the provider, newest first, with their amounts and who opened them (0191). */
    async unfinishedRequestsOf(
      orderId: number,
    ): Promise<{ id: number; reference: string; approvedCents: number; origin: RefundOrigin }[]> {
      // An Approved request always has its amount (the approval sets both in one update).
      return (await createRefundsRepository(db).listUnfinished(orderId)).map((r) => ({
        ...r,
        approvedCents: r.approvedCents ?? 0,
      }));
    },

    /**
     * The refund requests of the customer's own order, newest first (its page lists them); another's
     * order is not found, as one that does not exist. Only requests sent with the order's e-mail
     * address are ever logged (processRequest), so nothing here comes from a stranger.
     */
    async ofCustomerOrder(customerId: number, ref: AnyOrderRef): Promise<FormResult<OrderRefundRequest[]>> {
      const order = await deps.orders.findOwned(customerId, ref);
      if (!order) return formFailure(404, ORDER_REF_MESSAGES.notFound);
      const rows = await createRefundsRepository(db).listOfOrder(order.id);
      return {
        ok: true,
        value: rows.map(({ createdAt, decidedAt, ...r }) => ({
          ...r,
          requestedAt: createdAt.toISOString(),
          decidedAt: decidedAt?.toISOString() ?? null,
        })),
      };
    },

    /** The order's decided requests, newest first (the desk names the request each refund answered). */
    decidedRequestsOf(orderId: number) {
      return createRefundsRepository(db).listDecided(orderId);
    },

    /** What the request worker runs for one job (exposed for tests of its idempotency). */
    processRequest,

    /** Attaches the request worker to the job queue (before it starts). */
    registerWorkers(): Promise<void> {
      return deps.jobs.work<RefundRequestJob>(
        REFUND_REQUEST_QUEUE,
        (job) => processRequest(job.data),
        REFUND_REQUEST_RETRY,
      );
    },

    /** The refund requests of these orders, as the customer's data export shows them (issue 34 §3). */
    async ofOrders(orderIds: readonly number[], on: Database = db) {
      return (await createRefundsPersonalDataRepository(on).ofOrders(orderIds)).map((r) => ({
        /** The desk's page of the request (/admin/refunds/{id}); not part of the customer's export. */
        id: r.id,
        reference: r.reference,
        orderId: r.orderId,
        reason: r.reason,
        /** The address the request was sent from, as the shop logged it. */
        ipAddress: r.ip,
        amountCents: r.amountCents,
        currency: r.currency,
        status: r.status,
        requestedAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        approvedCents: r.approvedCents,
        /** Staff's words to the customer, as the decision's e-mail gave them. */
        rejectionReason: r.rejectionReason,
        /** Why less than asked was refunded, as the refund's e-mail gave it (decision 0187). */
        partialReason: r.partialReason,
        /** Who asked: the customer, or our team on the order desk (decision 0187). */
        startedBy: r.origin,
      }));
    },

    /**
     * An erased customer's requests keep amounts and decisions, not their e-mail, address or the
     * words of their reasons (issue 34 §3); answers the requests' ids.
     */
    erasePersonalFields(tx: Database, orderIds: readonly number[], placeholderEmail: string): Promise<number[]> {
      return createRefundsPersonalDataRepository(tx).anonymise(orderIds, placeholderEmail);
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
