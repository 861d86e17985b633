import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  type AdminReferralReward,
  type AdminReferralRewardListQuery,
  ADMIN_REFERRAL_REWARD_LABELS as LABELS,
  ADMIN_REFERRAL_REWARD_MESSAGES as M,
} from '../../../domain/admin/referral-rewards.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { DataTable } from './data-table.tsx';
import { StatusFilter } from './status-filter.tsx';
import { TableSearch } from './table-search.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

const column = createColumnHelper<AdminReferralReward>();
const day = (iso: string) => <time dateTime={iso}>{iso.slice(0, 10)}</time>;

/** The state, when the card went out, and a withdrawal after that (the card may need cancelling). */
function StateCell({ reward }: { reward: AdminReferralReward }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="font-medium">{LABELS[reward.state]}</span>
      {reward.sentAt ? <span className="text-slate-600">Sent {day(reward.sentAt)}</span> : null}
      {reward.withdrawnAfterSent ? (
        <span className="self-start rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800 ring-1 ring-red-200">
          {M.withdrawnAfterSent}
        </span>
      ) : null}
    </div>
  );
}

/** The table's columns; `markSent` is the one action, offered on the cards still to send. */
function columnsFor(markSent: (reward: AdminReferralReward) => void, pending: boolean) {
  return [
    column.accessor('earnedAt', { header: 'Earned', enableSorting: true, cell: (info) => day(info.getValue()) }),
    column.accessor('referrerEmail', {
      header: 'Referrer',
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    }),
    column.accessor('friendOrderDisplayId', {
      header: "Friend's order",
      cell: (info) => (
        <span className="flex flex-col">
          <Link className="font-mono text-brand-700 hover:underline" to={`${ADMIN_ROUTES.ORDERS}/${info.getValue()}`}>
            {info.getValue()}
          </Link>
          <span className="text-slate-600">{info.row.original.friend}</span>
        </span>
      ),
    }),
    column.accessor('amountCents', {
      header: 'Gift card',
      cell: (info) => formatMoney({ amountCents: info.getValue(), currency: info.row.original.currency }),
    }),
    column.accessor('state', { header: 'State', cell: (info) => <StateCell reward={info.row.original} /> }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row }) =>
        row.original.state === 'earned' ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => markSent(row.original)}
            className="rounded-lg bg-emerald-700 px-3 py-1.5 font-semibold whitespace-nowrap text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Mark sent <span className="sr-only">for {row.original.friendOrderDisplayId}</span>
          </button>
        ) : null,
    }),
  ];
}

const FILTERS = [
  { value: 'earned', label: LABELS.earned },
  { value: '', label: 'All' },
  { value: 'sent', label: LABELS.sent },
  { value: 'reversed', label: LABELS.reversed },
] as const;

/**
 * Referral gift cards (staff): each earned card is bought from the retailer and e-mailed to the
 * referrer, then marked sent here, which the referrer's page shows. A full refund of the friend's
 * order withdraws it; one withdrawn after it went out is flagged.
 */
export function ReferralRewardsPage({
  list,
  query,
}: {
  list: ListData<AdminReferralReward>;
  query: AdminReferralRewardListQuery;
}) {
  const action = useAdminAction();
  const columns = columnsFor(
    (reward) => void action.run('POST', `/admin/referral-rewards/${reward.id}/sent`),
    action.pending,
  );
  return (
    <section aria-labelledby="referral-rewards-title" className="flex flex-col gap-4">
      <h1 id="referral-rewards-title" className="text-2xl font-bold text-slate-900">
        Referral rewards
      </h1>
      <p className="text-slate-700">
        A referrer earns a gift card for each application a friend they referred completes, and is told it arrives by
        e-mail within 14 days. Send each card to the referrer's e-mail, then mark it sent. A reward whose friend's order
        was refunded in full is withdrawn: do not send it, and cancel a card already sent if you can.
      </p>
      <StatusFilter label="Filter by state" filters={FILTERS} current={query.status} />
      <TableSearch label="Referrer's name or e-mail" value={query.q} placeholder="kavya@example.com" />
      <ActionOutcome outcome={action.outcome} />
      <DataTable
        caption="Referral rewards"
        columns={columns}
        list={list}
        query={query}
        empty={query.q || query.status ? 'No referral reward matches.' : 'No referral rewards yet.'}
        rowId={(row) => String(row.id)}
      />
    </section>
  );
}
