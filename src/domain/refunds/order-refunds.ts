import { formatMoney, type Money } from '../catalog/money.ts';
import { REFUND_NOTICES } from './options.ts';

/** A refund request's states: the back office moves it; its order's page words each for the customer. */
export const REFUND_REQUEST_STATUSES = ['Received', 'In review', 'Approved', 'Rejected', 'Refunded'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/**
 * The refund requests of a customer's own order, as its page lists them under "What you paid": a
 * partial refund read "Refunded to you -$10" with no reference, state or reason, which the e-mail
 * and the bell had (decision 0195). Each line is the bell's sentence for the request's state, so the
 * page, the bell and the e-mail say one thing.
 */
export interface OrderRefundRequest {
  reference: string;
  status: RefundRequestStatus;
  amountCents: number;
  /** What staff approved: all that was asked, or less with `partialReason`. */
  approvedCents: number | null;
  currency: Money['currency'];
  requestedAt: string;
  decidedAt: string | null;
  partialReason: string | null;
  rejectionReason: string | null;
}

export const ORDER_REFUNDS_TEXT = {
  title: 'Refund requests',
  /** The API's answer. */
  loaded: 'Refund requests loaded',
  /** An approval whose provider has not confirmed the refund yet (decision 0191): the money may be on its way. */
  approved: (reference: string, amount: string) =>
    `Refund ${reference} of ${amount} is approved. We will e-mail you as soon as your payment provider confirms it.`,
  /** A request's state in a word or two, beside its reference. */
  state: {
    Received: 'Waiting for a decision',
    'In review': 'Waiting for a decision',
    Approved: 'Approved',
    Refunded: 'Refunded',
    Rejected: 'Not approved',
  } satisfies Record<RefundRequestStatus, string>,
  /** A request's first line: its reference and what was asked. */
  asked: (reference: string, amount: string) => `${reference} · ${amount} asked`,
  /** In place of "Request a refund" while one waits (the form would refuse a second). */
  waiting: (reference: string) => `You can ask for another refund once ${reference} is decided.`,
  /** When it was asked for, and decided once it was. */
  dates: (requested: string, decided: string | null) =>
    decided ? `Asked ${requested} · decided ${decided}` : `Asked ${requested}`,
  loadError: 'We could not load this order’s refund requests. Reload the page to try again.',
} as const;

/** Requests still waiting for staff's decision: an order takes no other until it is decided. */
export const OPEN_REFUND_REQUEST_STATUSES = ['Received', 'In review'] as const satisfies readonly RefundRequestStatus[];

/** Whether a request still waits for staff's decision (the customer's page, the desks and the server alike). */
export const isOpenRefundRequest = (status: RefundRequestStatus) =>
  (OPEN_REFUND_REQUEST_STATUSES as readonly string[]).includes(status);

/** The sentence a request reads as on its order's page, for its state. */
export function orderRefundLine(request: OrderRefundRequest): string {
  const money = (amountCents: number) => formatMoney({ amountCents, currency: request.currency });
  const approved = money(request.approvedCents ?? request.amountCents);
  switch (request.status) {
    case 'Received':
    case 'In review':
      return REFUND_NOTICES.received(request.reference, money(request.amountCents));
    case 'Approved':
      return ORDER_REFUNDS_TEXT.approved(request.reference, approved);
    case 'Refunded':
      return REFUND_NOTICES.refunded(request.reference, approved, request.partialReason);
    case 'Rejected':
      // Every rejection carries staff's reason; an erased customer's is blanked, and they cannot sign in.
      return REFUND_NOTICES.rejected(request.reference, request.rejectionReason ?? '');
  }
}
