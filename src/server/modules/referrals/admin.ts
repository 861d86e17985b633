import type { AdminReferralReward, AdminReferralRewardListQuery } from '../../../domain/admin/referral-rewards.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { type Currency, formatMoney } from '../../../domain/catalog/money.ts';
import { REFERRAL_REWARD_MESSAGES as R } from '../../../domain/checkout/referral.ts';
import type { Database } from '../../db/client.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { UsersService } from '../users/service.ts';
import { createReferralsAdminRepository } from './admin-repository.ts';
import { createReferralsRepository, type RewardRow } from './repository.ts';

export interface ReferralsAdminDeps {
  /** The referrers' e-mails, and the referrers a search matches. */
  users: Pick<UsersService, 'contactsByIds' | 'idsMatching'>;
  /** The friends' orders' display ids. */
  orders: Pick<OrdersService, 'findByIds'>;
  audit: Pick<AuditLog, 'record'>;
  /** The referrer told their card went out, so they look for it. */
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
}

export type AdminMarkSentResult =
  | { ok: true; reward: AdminReferralReward }
  | { ok: false; reason: 'not-found' | 'already-sent' | 'withdrawn' };

/**
 * The back office's side of the referral programme (decision 0057): the list of earned, sent and
 * withdrawn gift cards, and staff's record that one went out. The referrer's side, and the rules
 * that earn and withdraw a reward, are in service.ts.
 */
export function createReferralsAdmin(db: Database, deps: ReferralsAdminDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * How to show each of `rows`: with its referrer's e-mail and its friend's order's display id,
   * read from the modules that own them (outside any transaction of ours: they read with `db`).
   */
  async function describer(rows: readonly RewardRow[]): Promise<(row: RewardRow) => AdminReferralReward> {
    const [contacts, orders] = await Promise.all([
      deps.users.contactsByIds(rows.map((r) => r.referrerUserId)),
      deps.orders.findByIds([...new Set(rows.map((r) => r.friendOrderId))]),
    ]);
    const displayIds = new Map(orders.map((o) => [o.id, o.displayId]));
    return (row) => ({
      id: row.id,
      state: row.state,
      referrerEmail: contacts.get(row.referrerUserId)?.email ?? '',
      friendOrderDisplayId: displayIds.get(row.friendOrderId) ?? '',
      friend: row.friendName,
      amountCents: row.amountCents,
      currency: row.currency,
      earnedAt: row.earnedAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      withdrawnAt: row.reversedAt?.toISOString() ?? null,
      // A withdrawal keeps the sent date (tables.ts), so a card already out is told apart.
      withdrawnAfterSent: row.state === 'reversed' && row.sentAt !== null,
    });
  }

  return {
    async list(query: AdminReferralRewardListQuery): Promise<ListData<AdminReferralReward>> {
      const referrerIn = query.q ? deps.users.idsMatching(query.q) : undefined;
      const { rows, total } = await createReferralsAdminRepository(db).page(query, referrerIn);
      return { results: rows.map(await describer(rows)), totalCount: total, page: query.page, limit: query.limit };
    },

    /**
     * The gift card went out: `earned` → `sent` in one conditional update, audited and the
     * referrer notified in its transaction. A second press (or a second tab) finds it sent; a
     * reward withdrawn by a full refund of the friend's order is never marked sent.
     */
    async markSent(actor: StaffActor, rewardId: number): Promise<AdminMarkSentResult> {
      const marked = await db.transaction(async (tx) => {
        const repository = createReferralsRepository(tx);
        const sent = await repository.markSent(rewardId, now());
        if (!sent) {
          const found = await repository.find(rewardId);
          if (!found) return { ok: false, reason: 'not-found' } as const;
          return { ok: false, reason: found.state === 'reversed' ? 'withdrawn' : 'already-sent' } as const;
        }
        await deps.audit.record(tx, {
          actor,
          action: 'referral-reward.sent',
          subject: { type: 'referral-reward', id: rewardId },
          before: { state: 'earned', sentAt: null },
          after: { state: 'sent', sentAt: sent.sentAt?.toISOString() },
        });
        const referrer = (await deps.users.contactsByIds([sent.referrerUserId], tx)).get(sent.referrerUserId);
        if (referrer) {
          const amount = formatMoney({ amountCents: sent.amountCents, currency: sent.currency as Currency });
          const remark = R.sent(amount, sent.friendName, referrer.email);
          await deps.notifications.notify(sent.referrerUserId, { remark }, tx);
        }
        return { ok: true, row: sent } as const;
      });
      if (!marked.ok) return marked;
      return { ok: true, reward: (await describer([marked.row]))(marked.row) };
    },
  };
}
export type ReferralsAdmin = ReturnType<typeof createReferralsAdmin>;
