import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { type Currency, formatMoney } from '../../../domain/catalog/money.ts';
import {
  friendDisplayName,
  REFERRAL_REWARD_MESSAGES as R,
  REFERRAL_REWARD_CENTS,
  REFERRAL_REWARD_LABELS,
} from '../../../domain/checkout/referral.ts';
import type { ReferralReward } from '../../../domain/checkout/referral-reward-api.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { samePhoneNumber } from '../../../domain/phone/same-number.ts';
import type { Database } from '../../db/client.ts';
import type { LinkOrigin } from '../../http/site-url.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { FullRefundListener, Order, OrdersService, StatusChangeListener } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';
import { createReferralsPersonalDataRepository } from './personal-data-repository.ts';
import { createReferralsRepository, type RewardRow } from './repository.ts';

export interface ReferralsServiceDeps {
  /** Who referred the order's customer. */
  users: Pick<UsersService, 'referralOf'>;
  /** What the order was charged (an order nothing was paid for earns nothing); each side's orders. */
  orders: Pick<OrdersService, 'chargedSummary' | 'orderIdsOf' | 'cardFingerprints'>;
  /** The cards each side's orders were paid with. */
  notifications: Pick<NotificationsService, 'notify'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The origin of the e-mail's link, from where the referrer last signed in (linkOriginFor). */
  linkOrigin: LinkOrigin;
  companyName: string;
  now?: () => Date;
}

function toReward(row: RewardRow): ReferralReward {
  return {
    id: row.id,
    state: row.state,
    amountCents: row.amountCents,
    currency: row.currency,
    friend: row.friendName,
    earnedAt: row.earnedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The referrer's side of the referral programme (decision 0057): gift-card rewards. */
export function createReferralsService(db: Database, deps: ReferralsServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The referrer's e-mail of a reward earned, or withdrawn: what the bell says, with the reward's details. */
  function rewardMail(to: { name: string; email: string; linkOrigin: string | null }, reward: RewardRow) {
    const amount = formatMoney({ amountCents: reward.amountCents, currency: reward.currency as Currency });
    const withdrawn = reward.state === 'reversed';
    return simpleMail({
      to: to.email,
      subject: withdrawn ? `Your ${amount} gift card was withdrawn` : `You earned a ${amount} gift card`,
      heading: withdrawn ? 'Your gift card was withdrawn' : `Thank you for referring ${reward.friendName}`,
      intro: [
        `Hello ${to.name},`,
        withdrawn ? R.reversed(amount, reward.friendName) : R.earned(amount, reward.friendName),
      ],
      details: [
        ['Reward', `${amount} gift card`],
        ['Friend', reward.friendName],
        ['State', REFERRAL_REWARD_LABELS[reward.state]],
      ],
      outro: [
        `See your rewards and your referral link at any time: ${deps.linkOrigin(to.linkOrigin)}${ROUTES.REFER_FRIEND}`,
      ],
      signature: `The ${deps.companyName} team`,
    });
  }

  /**
   * Whether the friend looks like the referrer under another account: the same phone number, or a
   * card both have paid with (by its provider's fingerprint, where the provider gives one).
   */
  async function sameCustomer(
    tx: Database,
    order: Order,
    referral: NonNullable<Awaited<ReturnType<ReferralsServiceDeps['users']['referralOf']>>>,
  ): Promise<boolean> {
    if (samePhoneNumber(referral.phone, referral.referrer.phone)) return true;
    const cardsOf = async (userId: number) =>
      deps.orders.cardFingerprints(tx, await deps.orders.orderIdsOf(tx, userId));
    const friendCards = await cardsOf(order.userId);
    if (friendCards.length === 0) return false;
    const referrerCards = new Set(await cardsOf(referral.referrer.id));
    return friendCards.some((card) => referrerCards.has(card));
  }

  /**
   * The order listener: each service order of a referred customer reaching Completed earns the
   * referrer a gift card (SPEC.md §1: "for each application that friend completes"), not only the
   * first, discounted one, with a notification and an e-mail, all in the status change's
   * transaction. Nothing is earned for an order nothing was paid for (its discounts covered the
   * whole total: since decision 0164 an e-Visa's $12 can reach $0 with the referral discount and a
   * coupon), nor when the friend shares the referrer's phone number or payment card (issue 29: a
   * referral of oneself earns nothing). A second Completed of the same order finds the reward there
   * and does nothing.
   */
  const onStatusChange: StatusChangeListener = async (tx, { order, to }) => {
    if (to !== 'Completed' || order.kind !== 'service') return;
    const referral = await deps.users.referralOf(order.userId, tx);
    if (!referral) return;
    if ((await deps.orders.chargedSummary(tx, order)).totalCents <= 0) return;
    if (await sameCustomer(tx, order, referral)) return;
    const reward = await createReferralsRepository(tx).insertOnce({
      referrerUserId: referral.referrer.id,
      friendOrderId: order.id,
      friendName: friendDisplayName(referral.name),
      amountCents: REFERRAL_REWARD_CENTS,
      currency: order.currency,
      earnedAt: now(),
    });
    if (!reward) return;
    const amount = formatMoney({ amountCents: reward.amountCents, currency: order.currency });
    await deps.notifications.notify(referral.referrer.id, { remark: R.earned(amount, reward.friendName) }, tx);
    await deps.mail.enqueue(tx, {
      ...rewardMail(referral.referrer, reward),
      purpose: 'referral-reward',
      key: `referral-reward:${reward.id}`,
    });
  };

  /**
   * The friend's order was refunded in full: its reward, earned or already sent, is withdrawn, and
   * the referrer told (the bell and an e-mail), in the refund's transaction. A second full refund
   * finds it withdrawn.
   */
  const onFullyRefunded: FullRefundListener = async (tx, order) => {
    const reversed = await createReferralsRepository(tx).reverseForOrder(order.id, now());
    if (!reversed) return;
    const amount = formatMoney({ amountCents: reversed.amountCents, currency: reversed.currency as Currency });
    await deps.notifications.notify(reversed.referrerUserId, { remark: R.reversed(amount, reversed.friendName) }, tx);
    // E-mailed as the reward was: a referrer told of a card by e-mail is told by e-mail it is gone.
    const referral = await deps.users.referralOf(order.userId, tx);
    if (referral?.referrer.id === reversed.referrerUserId) {
      await deps.mail.enqueue(tx, {
        ...rewardMail(referral.referrer, reversed),
        purpose: 'referral-reward',
        key: `referral-reward:${reversed.id}:withdrawn`,
      });
    }
  };

  return {
    onStatusChange,
    onFullyRefunded,

    /** The referrer's rewards, newest first (only their own). */
    async listRewards(userId: number, { page, limit }: Pagination): Promise<ListData<ReferralReward>> {
      const repository = createReferralsRepository(db);
      const [rows, totalCount] = await Promise.all([
        repository.listForReferrer(userId, (page - 1) * limit, limit),
        repository.countForReferrer(userId),
      ]);
      return { results: rows.map(toReward), totalCount, page, limit };
    },

    /** An erased customer's orders no longer name them on their referrer's rewards (issue 34 §3). */
    eraseFriendName(tx: Database, friendOrderIds: readonly number[]): Promise<void> {
      return createReferralsPersonalDataRepository(tx).anonymiseFriend(friendOrderIds, 'Erased customer');
    },

    /**
     * An erased referrer's gift cards not sent yet are withdrawn, in the erasure's transaction:
     * there is no one left to send them to, and the desk must not list them as owed.
     */
    async withdrawUnsentOf(tx: Database, referrerUserId: number): Promise<number> {
      return createReferralsRepository(tx).reverseUnsentOf(referrerUserId, now());
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
