import { brandNameOf } from '../../../domain/config/site.ts';
import { deletionWaits } from '../../../domain/data-rights/schemas.ts';
import { senderAs } from '../../mail/brand-sender.ts';
import { simpleMail } from '../../mail/simple-template.ts';

/** How the customer reaches support (ContactService.contactInfo). */
export interface DataRightsMailContact {
  supportEmail: string;
  tollFreeNumber: string;
}

/** The account the e-mail goes to: its address, and the platform whose brand it speaks (brandNameOf). */
export interface DataRightsMailAccount {
  email: string;
  platform: string;
}

/** An order the e-mail names, by its display id. */
export interface OrderRef {
  orderId: string;
}

/** An order a request waits for, as the profile's "Your data" section lists it. */
export interface AwaitedOrder extends OrderRef {
  status: string;
}

/** What an erasure deletes, in the privacy policy's words. */
const DELETED_DATA =
  'your account details, addresses, notifications and messages to us, and the answers, documents and photos of every order, completed ones too';

/** What it keeps and why, in the privacy policy's words. */
const KEPT_DATA =
  'We keep the record of each order and of its payments and refunds (amounts, dates, statuses and the payment providers’ references), without your name, e-mail or address, because tax and payment law requires it. Copies in backups made before the deletion keep your data until those backups are deleted.';

const questions = (contact: DataRightsMailContact) =>
  `Questions? Reply to ${contact.supportEmail} or call us toll-free on ${contact.tollFreeNumber}.`;

const ids = (orders: readonly OrderRef[]) => orders.map((o) => o.orderId).join(', ');

/** Signed, sent and replied to as the brand the account was signed up on. */
function fromBrand(account: DataRightsMailAccount, contact: DataRightsMailContact) {
  const brand = brandNameOf(account.platform);
  return { brand, signature: `The ${brand} team`, ...senderAs(brand), replyTo: contact.supportEmail };
}

/**
 * The answer to a request that waits (GDPR art. 12(3), decision 0177): what is deleted and kept,
 * the orders in progress it waits for (as DATA_RIGHTS_MESSAGES.pending says, with no date), and
 * those not paid yet that the erasure cancels. A request erased at once gets only `erasedMail`.
 */
export function requestReceivedMail(
  account: DataRightsMailAccount,
  orders: { awaited: readonly AwaitedOrder[]; unpaid: readonly OrderRef[] },
  contact: DataRightsMailContact,
) {
  const { brand, ...sender } = fromBrand(account, contact);
  return simpleMail({
    to: account.email,
    subject: `We have your request to delete your ${brand} account`,
    heading: 'We have your request to delete your account',
    intro: [
      `${deletionWaits('the orders below')} We will e-mail you when your account has been deleted.`,
      ...(orders.unpaid.length > 0
        ? [`Orders not paid yet are cancelled when we delete your account: ${ids(orders.unpaid)}.`]
        : []),
    ],
    details: [['Waiting for', orders.awaited.map((o) => `${o.orderId} · ${o.status}`).join('\n')]],
    outro: [`Deleting your account deletes ${DELETED_DATA}.`, KEPT_DATA, questions(contact)],
    ...sender,
  });
}

/**
 * The word that the erasure was carried out, to the address the account had. It names nothing of
 * the customer's but the orders it cancelled: the outbox keeps its address and subject for its
 * retention once it is sent, its words until then.
 */
export function erasedMail(
  account: DataRightsMailAccount,
  cancelled: readonly OrderRef[],
  contact: DataRightsMailContact,
) {
  const { brand, ...sender } = fromBrand(account, contact);
  return simpleMail({
    to: account.email,
    subject: `Your ${brand} account has been deleted`,
    heading: 'Your account has been deleted',
    intro: [
      `As you asked, we have deleted ${DELETED_DATA}.`,
      ...(cancelled.length > 0 ? [`Orders not paid yet were cancelled with your account: ${ids(cancelled)}.`] : []),
    ],
    outro: [KEPT_DATA, questions(contact)],
    ...sender,
  });
}
