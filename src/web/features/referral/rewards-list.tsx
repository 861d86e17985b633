import { formatMoney } from '../../../domain/catalog/money.ts';
import { REFERRAL_REWARD_LABELS, REFERRAL_REWARD_MESSAGES } from '../../../domain/checkout/referral.ts';
import type { ReferralReward } from '../../../domain/checkout/referral-reward-api.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { longDate } from '../../lib/format-date.ts';

const STATE_TONES: Record<ReferralReward['state'], string> = {
  earned: 'bg-saffron-400/20 text-slate-900',
  sent: 'bg-green-100 text-green-800',
  reversed: 'bg-slate-200 text-slate-700',
};

/** What each state means for the referrer, beside its badge. */
function stateNote(reward: ReferralReward): string {
  if (reward.state === 'reversed') return 'Withdrawn: your friend’s order was refunded in full';
  return reward.state === 'sent' && reward.sentAt
    ? `Gift card e-mailed on ${longDate(reward.sentAt)}`
    : 'Gift card on its way: e-mailed within 14 days';
}

/**
 * The signed-in referrer's gift cards (decision 0057): one per referred friend's completed first
 * application, newest first, with its state, amount and date; the friend by first name and
 * initial only. An empty state says how the first one comes.
 */
export function RewardsList({ rewards }: { rewards: readonly ReferralReward[] }) {
  return (
    <section aria-labelledby="rewards-title" className="card">
      <h2 id="rewards-title" className="text-2xl font-bold text-slate-900">
        Your rewards
      </h2>
      {rewards.length === 0 ? (
        <div className="mt-4 flex gap-4 rounded-2xl border border-dashed border-slate-300 p-5">
          <Icon name="gift" className="size-8 text-slate-500" />
          <p className="text-slate-700">{REFERRAL_REWARD_MESSAGES.empty}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {rewards.map((reward) => (
            <li key={reward.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0">
              <span className="icon-tile size-10 shrink-0 bg-brand-50 text-brand-700">
                <Icon name="gift" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">
                  {formatMoney({ amountCents: reward.amountCents, currency: reward.currency })} gift card
                  <span className="font-normal text-slate-700"> for referring {reward.friend}</span>
                </span>
                <span className="block text-sm text-slate-600">
                  Earned {longDate(reward.earnedAt)} · {stateNote(reward)}
                </span>
              </span>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[reward.state]}`}
              >
                {REFERRAL_REWARD_LABELS[reward.state]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
