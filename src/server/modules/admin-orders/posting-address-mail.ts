import {
  type PostingAddress,
  readyToSend,
  POSTING_ADDRESS_TEXT as T,
} from '../../../domain/applications/posting-address.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { Order } from '../orders/service.ts';

/**
 * The customer's e-mail with the posting address our team confirmed (decision 0179): the address
 * as the envelope takes it and a link to the order page; a change of an address already sent says
 * it is a correction, so the earlier e-mail is not followed. Staff may confirm it before Submitted
 * (while the order is In review): then it says to wait for our "ready to send" message first, which
 * Submitted is.
 */
export function postingAddressMail(
  order: Pick<Order, 'displayId' | 'title' | 'email' | 'kind' | 'status'>,
  address: PostingAddress,
  { correction, siteUrl, companyName }: { correction: boolean; siteUrl: string; companyName: string },
): OutgoingMail {
  const page = `${siteUrl}${orderPageHref(order.displayId)}`;
  return simpleMail({
    to: order.email,
    subject: correction ? T.correctionSubject(order.displayId) : T.mailSubject(order.displayId),
    heading: T.mailHeading,
    intro: [
      correction ? T.correctionIntro : T.mailIntro,
      ...(readyToSend(order.status) ? [T.envelope] : [T.notYet, T.envelopeLater]),
    ],
    details: [
      ['Post to', address.lines.join('\n')],
      ['Order', `${order.displayId} (${order.title})`],
    ],
    outro: [`${T.mailOutro}: ${page}`],
    ...orderSender(order.kind),
    signature: `The ${orderBrandName(order.kind, companyName)} team`,
  });
}

/**
 * The customer's notification of that e-mail (their bell, which links to the order page): confirmed
 * or corrected, then what to do now, post it or wait for our check.
 */
export function postingAddressNotice(order: Pick<Order, 'status'>, { correction }: { correction: boolean }): string {
  const now = readyToSend(order.status) ? T.toDoPost : T.notYet;
  return `${correction ? T.correctionNotice : T.mailIntro} ${now}`;
}
