import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import type { AdminDeletionRequest } from '../../../domain/data-rights/schemas.ts';
import { DAY_MS } from '../../../domain/time.ts';
import { longDate } from '../../lib/format-date.ts';
import { CONFIRM_BUTTON, InPlaceConfirm, useButtonFocusBack } from './in-place-confirm.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

export const DATA_RIGHTS_PAGE_TEXT = {
  title: 'Data requests',
  lead: 'Customers who asked for their account to be deleted while an order was still open, the oldest first. The privacy policy promises an answer within one month. Once every order has finished or been cancelled, erase the account: its documents and photos leave storage, payments stay without the personal fields.',
  empty: 'No deletion requests are waiting.',
  requested: (date: string) => `Requested ${date}`,
  due: (date: string) => `due ${date}`,
  overdue: 'Overdue',
  openOrders: 'Waiting for these orders to finish or be cancelled, and their refund requests to be decided and paid:',
  ready: 'No open orders: the account can be erased.',
  erase: 'Erase the account',
  /** Asked in place of the button: an erasure cannot be undone (a walk erased one with a single click). */
  confirmTitle: (name: string, email: string) => `Erase the account of ${name} (${email})?`,
  confirmText:
    'Their documents and photos leave storage at once, and their name, e-mail and addresses are taken off their orders and payments. The account cannot be brought back.',
  confirm: 'Erase it for good',
  keep: 'Keep the account',
  refundRequest: (reference: string, orderId: string) => `Refund request ${reference} (order ${orderId})`,
} as const;

/** A link to what a request waits for: an order, or a refund request to settle. */
const WAITING_LINK =
  'inline-flex rounded-full bg-amber-50 px-3 py-1 font-mono text-amber-900 underline ring-1 ring-amber-200';

/** Whole days until the deadline (negative once it has passed). */
function daysLeft(dueAt: string, now: number): number {
  return Math.floor((new Date(dueAt).getTime() - now) / DAY_MS);
}

/** One pending request: who, when, the deadline, what it waits for, and the erasure once allowed. */
function PendingRequest({
  request,
  action,
  now,
}: {
  request: AdminDeletionRequest;
  action: ReturnType<typeof useAdminAction>;
  now: number;
}) {
  const headingId = `deletion-request-${request.id}`;
  const left = daysLeft(request.dueAt, now);
  const ready = request.openOrders.length === 0;
  const [confirming, setConfirming] = useState(false);
  const eraseButton = useButtonFocusBack();
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-1 desk:flex-row desk:items-baseline desk:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {request.customerName} <span className="break-all font-normal text-slate-700">· {request.customerEmail}</span>
        </h2>
        <p className="text-sm">
          <span className={`font-semibold ${left < 0 ? 'text-red-700' : 'text-slate-900'}`}>
            {left < 0 ? DATA_RIGHTS_PAGE_TEXT.overdue : `${left} day${left === 1 ? '' : 's'} left`}
          </span>{' '}
          <span className="text-slate-700">({DATA_RIGHTS_PAGE_TEXT.due(longDate(request.dueAt))})</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">{DATA_RIGHTS_PAGE_TEXT.requested(longDate(request.requestedAt))}</p>
      {ready ? (
        <p className="mt-3 text-sm font-medium text-emerald-800">{DATA_RIGHTS_PAGE_TEXT.ready}</p>
      ) : (
        <div className="mt-3 text-sm text-slate-800">
          <p id={`${headingId}-waiting`}>{DATA_RIGHTS_PAGE_TEXT.openOrders}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {request.openOrders.map((order) => (
              <li key={order.orderId}>
                <Link to={`${ADMIN_ROUTES.ORDERS}/${order.orderId}`} className={WAITING_LINK}>
                  {order.orderId} · {order.status}
                </Link>
              </li>
            ))}
            {request.openRefundRequests.map((refund) => (
              <li key={refund.id}>
                <Link to={`${ADMIN_ROUTES.REFUNDS}/${refund.id}`} className={WAITING_LINK}>
                  {DATA_RIGHTS_PAGE_TEXT.refundRequest(refund.reference, refund.orderId)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {confirming ? (
        <div className="mt-4">
          <InPlaceConfirm
            idPrefix={`${headingId}-erase`}
            title={DATA_RIGHTS_PAGE_TEXT.confirmTitle(request.customerName, request.customerEmail)}
            confirmLabel={DATA_RIGHTS_PAGE_TEXT.confirm}
            cancelLabel={DATA_RIGHTS_PAGE_TEXT.keep}
            confirmClassName="bg-red-700 text-white hover:bg-red-800"
            pending={action.pending}
            onConfirm={() => {
              setConfirming(false);
              void action.run('POST', `/admin/data-rights/deletion-requests/${request.id}/erase`);
            }}
            onCancel={() => {
              setConfirming(false);
              eraseButton.focusButton();
            }}
          >
            {DATA_RIGHTS_PAGE_TEXT.confirmText}
          </InPlaceConfirm>
        </div>
      ) : (
        <button
          ref={eraseButton.button}
          type="button"
          disabled={action.pending || !ready}
          aria-describedby={ready ? undefined : `${headingId}-waiting`}
          onClick={() => setConfirming(true)}
          className={`${CONFIRM_BUTTON} mt-4 bg-red-700 text-white hover:bg-red-800`}
        >
          {DATA_RIGHTS_PAGE_TEXT.erase} <span className="sr-only">of {request.customerName}</span>
        </button>
      )}
    </li>
  );
}

/**
 * The back office's queue of deletion requests (issue 34 §3): the ones waiting for open orders,
 * with their one-month deadline; an erasure is allowed once none is open (the server checks again).
 */
export function DataRightsPage({ queue, now }: { queue: AdminDeletionRequest[]; now: number }) {
  const action = useAdminAction();
  return (
    <section aria-labelledby="data-rights-title" className="flex flex-col gap-4">
      <h1 id="data-rights-title" className="text-2xl font-bold text-slate-900">
        {DATA_RIGHTS_PAGE_TEXT.title}
      </h1>
      <p className="max-w-3xl text-sm text-slate-700">{DATA_RIGHTS_PAGE_TEXT.lead}</p>
      <ActionOutcome outcome={action.outcome} />
      {queue.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{DATA_RIGHTS_PAGE_TEXT.empty}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {queue.map((request) => (
            <PendingRequest key={request.id} request={request} action={action} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
