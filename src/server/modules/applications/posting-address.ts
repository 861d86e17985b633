import type { StaffActor } from '../../../domain/admin/audit.ts';
import { FEES_PAID_MESSAGES } from '../../../domain/applications/fees-paid.ts';
import {
  type ConfirmedPostingAddress,
  POSTING_ADDRESS_MESSAGES as M,
  type PostingAddress,
  type PostingAddressInput,
  postingAddressOpen,
  sameLines,
  POSTING_ADDRESS_TEXT as T,
} from '../../../domain/applications/posting-address.ts';
import { canUsePrintPack } from '../../../domain/applications/print-pack.ts';
import { filingOf } from '../../../domain/catalog/filing.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Jurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import { orderPageHref } from '../../../domain/notifications/notification.ts';
import type { OrderStatus } from '../../../domain/orders/status.ts';
import { orderBrandName } from '../../../domain/orders/status-descriptions.ts';
import type { Database } from '../../db/client.ts';
import { orderSender } from '../../mail/brand-sender.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { feesPaidOf, paysFeesAtCentre } from './fees-paid.ts';
import { type ApplicationRow, createApplicationsRepository } from './repository.ts';

/** The posting address our team confirmed on the order (decision 0179), as the customer's order answers it; null until then. */
export function postingAddressOf(app: ApplicationRow): PostingAddress | null {
  if (!app.postingAddress || !app.postingAddressConfirmedAt) return null;
  return { lines: app.postingAddress, confirmedAt: app.postingAddressConfirmedAt.toISOString() };
}

/** The same with the member of staff who confirmed it: what the desk shows. */
export function confirmedPostingAddressOf(app: ApplicationRow): ConfirmedPostingAddress | null {
  const address = postingAddressOf(app);
  return address && { ...address, confirmedBy: app.postingAddressConfirmedByEmail ?? '' };
}

/** What a confirmation did: the address now, the one it replaced (null for the first), and whether anything changed. */
export interface PostingAddressConfirmation {
  address: ConfirmedPostingAddress;
  before: PostingAddress | null;
  changed: boolean;
}

/**
 * Stores the posting address staff confirmed for a service order, in the order's locked transaction
 * `tx`: only a mission's file is posted (not the e-Visa's, filed online), and only once paid, while
 * neither cancelled nor refunded (the print pack's own rule), and not past Submitted. A form filled for another
 * mission than the order's now is refused: the customer's answers moved it since, and its lines
 * were for where the file went before. The same lines again change nothing, so a double submit
 * neither moves the confirmation's date nor tells the customer twice.
 */
export async function confirmPostingAddress(
  tx: Database,
  order: Pick<Order, 'id' | 'status'>,
  { lines, mission }: PostingAddressInput,
  actor: StaffActor,
  at: Date,
): Promise<FormResult<PostingAddressConfirmation>> {
  const repository = createApplicationsRepository(tx);
  const app = await repository.findApplication(order.id);
  if (!app) throw new Error(`service order ${order.id} has no application row`);
  if (filingOf(app.serviceSlug) !== 'mission') return formFailure(409, M.notPosted);
  if (!canUsePrintPack(order.status)) return formFailure(409, M.notPaid);
  // Decided or completed: the file went long ago, and a "correction" would tell its customer to post again.
  if (!postingAddressOpen(order.status)) return formFailure(409, M.alreadySent(order.status));
  const missionNow = app.mission?.mission.name ?? null;
  if (mission !== missionNow) return formFailure(409, M.missionChanged(missionNow));
  const before = postingAddressOf(app);
  const kept = confirmedPostingAddressOf(app);
  if (kept && sameLines(kept.lines, lines)) return { ok: true, value: { address: kept, before, changed: false } };
  await repository.setPostingAddress(order.id, {
    postingAddress: [...lines],
    postingAddressConfirmedAt: at,
    postingAddressConfirmedById: actor.id,
    postingAddressConfirmedByEmail: actor.email,
  });
  const address = { lines: [...lines], confirmedAt: at.toISOString(), confirmedBy: actor.email };
  return { ok: true, value: { address, before, changed: true } };
}

/** What tells the customer an address we sent no longer stands: the outbox, and where the order's links point. */
export interface WithdrawalMail {
  mail: Pick<MailOutbox, 'enqueue'>;
  orders: Pick<OrdersService, 'siteUrlOf'>;
  companyName: string;
}

/**
 * After the order's mission moved to another destination and the posting address our team
 * confirmed was cleared with it, in that move's transaction `tx`: one e-mail tells the customer not
 * to post to the address we sent, and that our team confirms the new one. Keyed on the withdrawn
 * confirmation's moment, so a retry queues nothing twice, and a later confirmation withdrawn in
 * turn is told again.
 */
export async function tellPostingAddressWithdrawn(
  tx: Database,
  { mail, orders, companyName }: WithdrawalMail,
  order: Pick<Order, 'id' | 'displayId' | 'title' | 'email' | 'kind'>,
  withdrawn: PostingAddress,
  missionNow: Jurisdiction | null,
): Promise<void> {
  const page = `${await orders.siteUrlOf(order.id, tx)}${orderPageHref(order.displayId)}`;
  await mail.enqueue(tx, {
    ...simpleMail({
      to: order.email,
      subject: T.withdrawnSubject(order.displayId),
      heading: T.withdrawnHeading,
      intro: [T.withdrawnIntro(missionNow?.mission.name ?? null), T.withdrawnNext],
      details: [
        [T.withdrawnLines, withdrawn.lines.join('\n')],
        ['Order', `${order.displayId} (${order.title})`],
      ],
      outro: [`${T.orderPage}: ${page}`],
      ...orderSender(order.kind),
      signature: `The ${orderBrandName(order.kind, companyName)} team`,
    }),
    purpose: 'order-posting-address-withdrawn',
    key: `order-posting-address-withdrawn:${order.id}:${withdrawn.confirmedAt}`,
  });
}

/**
 * Staff move a mission's file to Submitted only once its posting address is confirmed: Submitted
 * tells the customer the file is ready to send and that their order page says where it goes, which
 * it does only then (before, it says to wait). Then, when its price carries the government and
 * centre fees, only once our team recorded paying them: the refund policy keeps them from
 * Submitted on (FEES_PAID_OUT_STATUSES). Null when nothing holds the move.
 */
export async function submittedHeld(tx: Database, order: Pick<Order, 'id'>, to: OrderStatus): Promise<string | null> {
  if (to !== 'Submitted') return null;
  const app = await createApplicationsRepository(tx).findApplication(order.id);
  if (!app || filingOf(app.serviceSlug) !== 'mission') return null;
  if (!postingAddressOf(app)) return M.confirmBeforeSubmitted;
  if (paysFeesAtCentre(app) && !feesPaidOf(app)) return FEES_PAID_MESSAGES.recordBeforeSubmitted;
  return null;
}
