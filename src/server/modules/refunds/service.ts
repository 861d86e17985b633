import { formatMoney } from '../../../domain/catalog/money.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { REFUND_MESSAGES, REFUND_RATE_LIMIT } from '../../../domain/refunds/options.ts';
import type { RefundReceipt, RefundRequestInput } from '../../../domain/refunds/schema.ts';
import type { Database } from '../../db/client.ts';
import { withNewReference } from '../../lib/reference.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../../plugins/rate-limit-store.ts';
import type { OrdersService } from '../orders/service.ts';
import { createRefundDecisions, type RefundDecisionDeps } from './decisions.ts';
import { newRefundReference } from './reference.ts';
import { createRefundsRepository } from './repository.ts';

export interface RefundsServiceDeps {
  /** The orders module owns the order a refund names. */
  orders: Pick<
    OrdersService,
    'findByDisplayIdAndEmail' | 'findByIds' | 'lockOrder' | 'changeOrderStatus' | 'fullyRefunded' | 'chargedSummary'
  >;
  /** The back office's decisions refund through the order's payment provider (decision 0069). */
  payments: RefundDecisionDeps['payments'];
  audit: RefundDecisionDeps['audit'];
  log?: RefundDecisionDeps['log'];
  /** Queues e-mail in the refund request's transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  contact: { companyName: string; supportEmail: string; tollFreeNumber: string };
  now?: () => Date;
  newReference?: () => string;
  /** Where failed look-ups are counted (the app's store; by default one of the service's own). */
  rateLimits?: RateLimitStore;
}

/** Failed order look-ups one address may make per window before it must wait (guards guessing). */
export const REFUND_LOOKUP_FAILURE_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

export function createRefundsService(db: Database, deps: RefundsServiceDeps) {
  const repository = createRefundsRepository(db);
  const now = deps.now ?? (() => new Date());
  const newReference = deps.newReference ?? newRefundReference;
  const rateLimits = deps.rateLimits ?? createMemoryRateLimitStore({ now: () => now().getTime() });
  /** Failed look-ups per address, each counted for REFUND_LOOKUP_FAILURE_LIMIT.windowMs after it happened. */
  const failureKey = (ip: string) => `refund-lookup-failure|${ip}`;

  /** The customer's copy and support's notice, queued in the request's transaction. */
  async function queueMails(tx: Database, receipt: RefundReceipt, input: RefundRequestInput, orderTitle: string) {
    const amount = formatMoney({ amountCents: receipt.amountCents, currency: receipt.currency });
    const details: [string, string][] = [
      ['Reference', receipt.reference],
      ['Order', `${receipt.orderId} (${orderTitle})`],
      ['Amount requested', amount],
      ['Reason', input.reason],
    ];
    const customer = simpleMail({
      to: input.email,
      subject: `Refund request ${receipt.reference} received for order ${receipt.orderId}`,
      heading: 'We have received your refund request',
      intro: [
        `Thank you for letting us know. Your refund request for order ${receipt.orderId} is logged under reference ${receipt.reference}. Please quote it if you contact us about this request.`,
      ],
      details,
      outro: [
        'A member of our billing team reviews every request within 3 business days and will e-mail you the decision. Approved refunds reach your original payment method within 5–10 business days.',
        `Questions? Reply to ${deps.contact.supportEmail} or call us toll-free on ${deps.contact.tollFreeNumber}.`,
      ],
      signature: `The ${deps.contact.companyName} billing team`,
    });
    const staff = simpleMail({
      to: deps.contact.supportEmail,
      subject: `Refund request ${receipt.reference} for order ${receipt.orderId}: ${amount}`,
      heading: `New refund request ${receipt.reference}`,
      intro: [`The customer (${input.email}) asked for a refund through the website.`],
      details,
      outro: ['Review it within 3 business days; the customer was told so.'],
      signature: `${deps.contact.companyName} website`,
    });
    await deps.mail.enqueue(tx, {
      ...customer,
      purpose: 'refund-request-customer',
      key: `refund-request:${receipt.reference}:customer`,
    });
    await deps.mail.enqueue(tx, {
      ...staff,
      purpose: 'refund-request-staff',
      key: `refund-request:${receipt.reference}:staff`,
    });
  }

  const decisions = createRefundDecisions(db, {
    orders: deps.orders,
    payments: deps.payments,
    audit: deps.audit,
    mail: deps.mail,
    contact: deps.contact,
    now,
    ...(deps.log ? { log: deps.log } : {}),
  });

  return {
    ...decisions,

    /**
     * Checks the order belongs to the e-mail, stores the request under a new reference number
     * and queues e-mails to the customer and support in the same transaction. An unknown order and another customer's order get
     * the same answer, so the form reveals nothing about orders it is not given the e-mail of.
     */
    async submit(input: RefundRequestInput, from: { ip?: string | null } = {}): Promise<FormResult<RefundReceipt>> {
      if (input.website) return formFailure(400, REFUND_MESSAGES.honeypot);
      if (from.ip) {
        const failures = await rateLimits.peek(failureKey(from.ip), REFUND_LOOKUP_FAILURE_LIMIT.windowMs, 'rolling');
        if (failures.count >= REFUND_LOOKUP_FAILURE_LIMIT.max) {
          return formFailure(429, REFUND_MESSAGES.rateLimited);
        }
        const since = new Date(now().getTime() - REFUND_RATE_LIMIT.windowMs);
        if ((await repository.countFromIpSince(from.ip, since)) >= REFUND_RATE_LIMIT.max) {
          return formFailure(429, REFUND_MESSAGES.rateLimited);
        }
      }

      const order = await deps.orders.findByDisplayIdAndEmail(input.orderId, input.email);
      if (!order) {
        if (from.ip) await rateLimits.hit(failureKey(from.ip), REFUND_LOOKUP_FAILURE_LIMIT.windowMs, 'rolling');
        return formFailure(404, REFUND_MESSAGES.orderNotFound);
      }
      const status = order.status.toLowerCase();
      if (status === 'payment pending') return formFailure(409, REFUND_MESSAGES.notPaid);
      if (status === 'refunded') return formFailure(409, REFUND_MESSAGES.alreadyRefunded);
      const open = await repository.findOpenRequest(order.id);
      if (open) return formFailure(409, REFUND_MESSAGES.alreadyOpen(open.reference));
      if (input.amount > order.totalCents) {
        const message = REFUND_MESSAGES.amountOverTotal(
          formatMoney({ amountCents: order.totalCents, currency: order.currency }),
        );
        return formFailure(400, message, { amount: message });
      }

      // The request and its two e-mails are kept together, or not at all; a reference another
      // request already has (astronomically rare) draws a fresh one.
      const receipt = await withNewReference(
        db,
        'refund_requests_reference_unique',
        newReference,
        async (tx, reference) => {
          const stored = await createRefundsRepository(tx).insert({
            reference,
            orderId: order.id,
            email: input.email,
            reason: input.reason,
            amountCents: input.amount,
            currency: order.currency,
            ip: from.ip ?? null,
          });
          const receipt: RefundReceipt = { ...stored, orderId: order.displayId };
          await queueMails(tx, receipt, input, order.title);
          return receipt;
        },
      );
      return { ok: true, value: receipt };
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
