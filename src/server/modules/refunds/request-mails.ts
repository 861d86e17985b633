import type { Currency } from '../../../domain/catalog/money.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { type OrderKind, orderKindOfDisplayId } from '../../../domain/orders/order-kind.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import type { RefundRequestInput } from '../../../domain/refunds/schema.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import { simpleMail } from '../../mail/simple-template.ts';

export interface RefundMailContact {
  companyName: string;
  supportEmail: string;
  tollFreeNumber: string;
}

/** A request as it was logged: its reference, the order's id and currency, and what was asked. */
export interface LoggedRefundRequest {
  reference: string;
  orderId: string;
  orderTitle: string;
  currency: Currency;
  input: RefundRequestInput;
}

/** Billing's sign-off under the brand the order was bought from (SevaPhotos for a PHO- order). */
export const billingSignature = (orderId: string, contact: Pick<RefundMailContact, 'companyName'>) =>
  `The ${orderBrandName(orderKindOfDisplayId(orderId), contact.companyName)} billing team`;

const questions = (contact: RefundMailContact) =>
  `Questions? Reply to ${contact.supportEmail} or call us toll-free on ${contact.tollFreeNumber}.`;

function detailsOf({ reference, orderId, orderTitle, currency, input }: LoggedRefundRequest): [string, string][] {
  return [
    ['Reference', reference],
    ['Order', `${orderId} (${orderTitle})`],
    ['Amount requested', formatMoney({ amountCents: input.amount, currency })],
    ['Reason', input.reason],
  ];
}

/** The customer's copy of a logged request. */
export function requestReceivedMail(request: LoggedRefundRequest, contact: RefundMailContact) {
  return simpleMail({
    to: request.input.email,
    subject: `Refund request ${request.reference} received for order ${request.orderId}`,
    heading: 'We have received your refund request',
    intro: [
      `Thank you for letting us know. Your refund request for order ${request.orderId} is logged under reference ${request.reference}. Please quote it if you contact us about this request.`,
    ],
    details: detailsOf(request),
    outro: [
      'A member of our billing team reviews every request within 3 business days and will e-mail you the decision. Approved refunds reach your original payment method within 5–10 business days.',
      `If you did not ask for this refund, tell us at ${contact.supportEmail}: nothing is refunded without our team's review.`,
      questions(contact),
    ],
    signature: billingSignature(request.orderId, contact),
    ...orderSender(orderKindOfDisplayId(request.orderId)),
    replyTo: contact.supportEmail,
  });
}

/**
 * Support's notice of a logged request; `origin` says where it came from (by default the website's
 * form).
 */
export function requestNoticeMail(
  request: LoggedRefundRequest,
  contact: RefundMailContact,
  // The form signs no one in: whoever knows an order's id and e-mail address can send it.
  origin = `A refund request came through the website's refund form, with the order's e-mail address (${request.input.email}). The form does not sign anyone in: confirm it with the customer before refunding.`,
) {
  const amount = formatMoney({ amountCents: request.input.amount, currency: request.currency });
  return simpleMail({
    to: contact.supportEmail,
    subject: `Refund request ${request.reference} for order ${request.orderId}: ${amount}`,
    heading: `New refund request ${request.reference}`,
    intro: [origin],
    details: detailsOf(request),
    outro: ['Review it within 3 business days; the customer was told so.'],
    signature: `${contact.companyName} website`,
    // Support's Reply answers the order's customer, not the no-reply sender.
    replyTo: request.input.email,
  });
}

/** What the refund policy keeps back, by the kind of order: only an application pays fees to the authorities. */
const CANCELLATION_POLICY: Record<OrderKind, string> = {
  service: 'government and third-party fees already paid to the authorities on your behalf cannot be recovered',
  photo: 'a photo order carries no government or third-party fees, so none are held back',
};

/**
 * The customer's word that the order staff cancelled has a refund request opened for what is left
 * of its payment (decision 0150): they asked for nothing, so this says what happens next.
 */
export function cancellationRefundMail(request: LoggedRefundRequest, contact: RefundMailContact) {
  const amount = formatMoney({ amountCents: request.input.amount, currency: request.currency });
  return simpleMail({
    to: request.input.email,
    subject: `Refund request ${request.reference} opened for your cancelled order ${request.orderId}`,
    heading: 'We have opened a refund request for your cancelled order',
    intro: [
      `Your order ${request.orderId} was cancelled, so we have opened refund request ${request.reference} for the ${amount} of your payment we still hold. You do not need to do anything.`,
    ],
    details: [
      ['Reference', request.reference],
      ['Order', `${request.orderId} (${request.orderTitle})`],
      ['Amount to review', amount],
    ],
    outro: [
      `Our billing team reviews it within 3 business days under our refund policy (${CANCELLATION_POLICY[orderKindOfDisplayId(request.orderId)]}) and will e-mail you the decision. Approved refunds reach your original payment method within 5–10 business days.`,
      questions(contact),
    ],
    signature: billingSignature(request.orderId, contact),
    ...orderSender(orderKindOfDisplayId(request.orderId)),
    replyTo: contact.supportEmail,
  });
}

/**
 * Why a request could not be logged, told only to the address it was sent from: the form itself
 * answers every request alike (decision 0092-hardening-features), so this e-mail is where the
 * customer learns what to do. `reason` is one of REFUND_MESSAGES' texts.
 */
export function requestNotLoggedMail(
  { reference, input }: { reference: string; input: RefundRequestInput },
  reason: string,
  contact: RefundMailContact,
) {
  return simpleMail({
    to: input.email,
    subject: `Refund request ${reference} for order ${input.orderId}`,
    heading: 'We could not log your refund request',
    intro: [reason],
    details: [
      ['Reference', reference],
      ['Order ID you entered', input.orderId],
    ],
    outro: [
      'If you meant another order, please send the request again with the order ID from your confirmation e-mail and the e-mail address you used for that order.',
      questions(contact),
    ],
    signature: billingSignature(input.orderId, contact),
    ...orderSender(orderKindOfDisplayId(input.orderId)),
    replyTo: contact.supportEmail,
  });
}
