import { COMPLETION_TEXT } from '../applications/completion.ts';
import { DEFAULT_CONTACT } from '../config/site.ts';
import type { OrderKind } from './order-kind.ts';
import type { OrderStatus } from './status.ts';

// Apart from status.ts, which the app shell loads for every page: these words are read by the
// server's status e-mails and notifications and by the order page only.

/** The brand each kind of order is sold under: the name its customer is thanked with and signed off by. */
export const ORDER_BRAND_NAMES: Record<OrderKind, string> = {
  service: DEFAULT_CONTACT.companyName,
  photo: DEFAULT_CONTACT.photoBrandName,
};

/**
 * The brand an order's e-mails sign off with: a service application's is the deployment's own
 * company name (the environment may rename it), a photo order's SevaPhotos.
 */
export const orderBrandName = (kind: OrderKind, companyName: string) =>
  kind === 'service' ? companyName : ORDER_BRAND_NAMES[kind];

/**
 * What each status means for the customer, per kind of order: the notification's remark (and
 * the e-mail's first line) when the change comes without a remark of its own. One transition
 * table serves both kinds, but they mean different work: an application is checked by our team
 * and then sent by its customer; a photo order is checked, printed, and shipped or left at a
 * studio for pickup, and its customer bought from SevaPhotos, not SevaDocs.
 */
export const STATUS_DESCRIPTIONS_BY_KIND: Record<OrderKind, Record<OrderStatus, string>> = {
  service: {
    'Payment pending': 'Your application is started. Complete the payment to send it to us.',
    'Forms incomplete': 'Some forms or documents are still missing. Please complete them so we can start work.',
    'Order pending': 'We have everything we need. Our team will review your application shortly.',
    'In review': 'Our team is reviewing your application.',
    // The customer sends it themselves (SevaDocs never files it): Submitted is our team's check done
    // (the print pack stops saying to wait, print-pack.ts packReadiness), not the file sent. True of
    // a posted file (the order page says where: decision 0179) and of the e-Visa (the portal).
    Submitted:
      'Our team has checked your application: it is ready for you to send. Your order page has the print pack and says where it goes.',
    Approved: 'Good news: your application has been approved.',
    Rejected: 'Your application was not approved. We will contact you about what happens next.',
    Completed: `Your order is complete. Thank you for choosing ${ORDER_BRAND_NAMES.service}.`,
    Refunded: 'Your order has been refunded.',
    Cancelled: 'Your order has been cancelled.',
  },
  photo: {
    'Payment pending': 'Your photo order is started. Complete the payment to send it to us.',
    'Forms incomplete': 'We need something more from you before we can prepare your photos. Please check your order.',
    'Order pending': 'We have your photos. Our team will check them shortly.',
    'In review': 'Our team is checking your photos against the rules for their size and document.',
    // Not "passed": the customer may have kept a photo that failed a rule ("I understand it may be
    // refused"), and a check done is true of that photo too.
    Submitted:
      'Our team has checked your photos and is preparing them: the fitted digital copies, and prints if you ordered them.',
    Approved:
      'Your photos are ready: the digital copies are on your order page, and any prints are on their way to you or ready for pickup at the studio you chose.',
    Rejected: 'Your photos did not pass our check. We will contact you about what happens next.',
    Completed: `Your photo order is complete. Thank you for choosing ${ORDER_BRAND_NAMES.photo}.`,
    Refunded: 'Your photo order has been refunded.',
    Cancelled: 'Your photo order has been cancelled.',
  },
};

/** An application's status descriptions (its order page shows them). */
export const STATUS_DESCRIPTIONS = STATUS_DESCRIPTIONS_BY_KIND.service;

/** What `status` means for the customer of an order of `kind`. */
export function statusDescription(kind: OrderKind, status: OrderStatus): string {
  return STATUS_DESCRIPTIONS_BY_KIND[kind][status];
}

/**
 * A staff status e-mail's opening when staff send an application back (staff move an order to
 * Forms incomplete for nothing else): Forms incomplete's own description says something is still
 * missing, while the order page says our team sent it back. The e-mail says what the page says,
 * their remark right after it; null for any other change.
 */
export function sentBackMailIntro(to: OrderStatus, remark: string | null): string[] | null {
  if (to !== 'Forms incomplete') return null;
  return remark ? [COMPLETION_TEXT.sentBack, remark] : [COMPLETION_TEXT.sentBackUnsaid];
}
