import { formatMoney, type Money } from '../catalog/money.ts';

/** The refund-request form's limits and texts. No zod here (the page's browser code imports it). */
export const REFUND_REASON_MIN_LENGTH = 20;
export const REFUND_REASON_MAX_LENGTH = 2000;
/** Requests one network address may send within the window (on top of the per-route API limit). */
export const REFUND_RATE_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;
/** Customer-facing order ids: DOC-000123 (service) or PHO-000123 (photo). */
export const ORDER_ID_PATTERN = /^(DOC|PHO)-\d{1,12}$/;

export const REFUND_MESSAGES = {
  orderIdRequired: 'Order ID is required',
  orderIdInvalid: 'Enter the order ID from your confirmation e-mail, for example DOC-000123',
  reasonRequired: 'Please tell us why you are requesting a refund',
  reasonTooShort: `Reason should be at least ${REFUND_REASON_MIN_LENGTH} characters`,
  reasonTooLong: `Reason should not exceed ${REFUND_REASON_MAX_LENGTH} characters`,
  amountRequired: 'Refund amount is required',
  amountInvalid: 'Enter the amount as a number, for example 49.99',
  amountTooSmall: 'Refund amount must be more than 0',
  amountTooLarge: 'Refund amount is too large',
  orderNotFound: 'We could not find an order with that ID for this e-mail address.',
  amountOverTotal: (total: string) => `The refund amount cannot be more than the order total of ${total}.`,
  /** Part of the order was refunded already: the request can ask for what is left, at most. */
  amountOverLeft: (left: string, refunded: string) =>
    `The refund amount cannot be more than the ${left} not yet refunded: ${refunded} of this order was refunded already.`,
  notPaid: 'This order has not been paid yet, so there is nothing to refund.',
  alreadyRefunded: 'This order has already been refunded.',
  alreadyOpen: (reference: string) =>
    `A refund request for this order is already open under reference ${reference}. We will e-mail you as soon as it is reviewed.`,
  /**
   * The same answer for every request (it must not say whether the order exists or is whose), so it
   * says what it cannot know yet: a mistyped e-mail or order ID logs nothing, and a walk's customer
   * read "received … reference … e-mailed you" as done. The e-mail is the confirmation.
   */
  received: (reference: string) =>
    `Your refund request has been sent. If the order ID and the e-mail match an order, we log it under reference ${reference} and e-mail you a copy within a few minutes. No e-mail? Check both and send it again.`,
  rateLimited: 'You have sent several refund requests in a short time. Please wait before trying again.',
  honeypot: 'We could not accept this form. Please reload the page and try again.',
} as const;

/**
 * A refund as the customer is told it: in the order's currency, and also in the currency their
 * payment was charged in when that differs (a USD order paid in INR through Razorpay is refunded
 * in INR), the figure their bank shows.
 */
export function refundedAmount(amount: Money, charged: Money | null): string {
  return charged && charged.currency !== amount.currency
    ? `${formatMoney(amount)} (${formatMoney(charged)} to your ${charged.currency} payment)`
    : formatMoney(amount);
}

/** The customer's notification of their refund request logged, and of its decision (beside each e-mail). */
export const REFUND_NOTICES = {
  received: (reference: string, amount: string) =>
    `Refund request ${reference} for ${amount} received. Our billing team reviews it within 3 business days and will e-mail you the decision.`,
  /** `why`: staff's reason for refunding less than was asked (decision 0187), when they did. */
  refunded: (reference: string, amount: string, why: string | null = null) =>
    `Refund ${reference}: we refunded ${amount} to your original payment method. It reaches your account within 5–10 business days.${why ? ` Why less than asked: ${why}` : ''}`,
  /** The order's move to Refunded once a refund gave back the whole payment (its timeline's remark). */
  wholePayment: (reference: string, why: string | null = null) =>
    `Refund ${reference}: the whole payment was refunded.${why ? ` Why less than asked: ${why}` : ''}`,
  rejected: (reference: string, reason: string) => `Refund request ${reference} was not approved: ${reason}`,
} as const;
