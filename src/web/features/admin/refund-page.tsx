import { useState } from 'react';
import { Link } from 'react-router';
import { REFUND_SPLIT_TEXT, type RefundSplit, refundSplitWords } from '../../../domain/admin/refund-split.ts';
import {
  type AdminRefundDetail,
  type ApproveRefund,
  approveRefundFormSchema,
  type RejectRefund,
  recordRefundByHandSchema,
  rejectRefundSchema,
} from '../../../domain/admin/refunds.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { isOpenRefundRequest } from '../../../domain/refunds/order-refunds.ts';
import { amountField } from '../../../domain/refunds/schema.ts';
import { CONFIRM_BUTTON, InPlaceConfirm, useButtonFocusBack } from './in-place-confirm.tsx';
import { formatUtc } from './order-format.ts';
import { REFUND_DESK_TEXT, RefundConfirm } from './refund-confirm.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

/** What the refund policy gives back of this order's payment, from the cost summary it was charged. */
function PolicySplit({
  split,
  feesPaid,
  money,
}: {
  split: RefundSplit;
  feesPaid: AdminRefundDetail['feesPaid'];
  money: (cents: number) => string;
}) {
  const words = refundSplitWords(split);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">What the refund policy gives back</h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        {split.nonRefundableLines.map((line) => (
          <div key={line.label} className="flex items-baseline justify-between gap-3 py-1.5">
            <dt>
              {line.label} <span className="text-xs text-slate-600">({REFUND_SPLIT_TEXT.keptFee})</span>
            </dt>
            <dd className="tabular-nums">{money(line.amountCents)}</dd>
          </div>
        ))}
        {words.keepsFees ? (
          <div className="flex items-baseline justify-between gap-3 py-1.5">
            <dt>{REFUND_SPLIT_TEXT.keptTotal}</dt>
            <dd className="tabular-nums">{money(split.nonRefundableCents)}</dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-3 py-1.5">
          <dt>{words.refundable}</dt>
          <dd className="tabular-nums">{money(split.refundableCents)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 py-1.5 font-semibold">
          <dt>The policy's amount now</dt>
          <dd className="tabular-nums">{money(split.defaultCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">{words.note}</p>
      {words.keepsFees ? (
        <p className="mt-1 text-xs text-slate-600">
          {feesPaid
            ? REFUND_SPLIT_TEXT.feesPaidAtCentre(formatUtc(feesPaid.paidAt), feesPaid.reference, feesPaid.recordedBy)
            : REFUND_SPLIT_TEXT.noFeesRecord}
        </p>
      ) : null}
    </div>
  );
}

const field = 'rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** Cents as the amount field shows them: 1250 → '12.50'. */
const asAmount = (cents: number) => (cents / 100).toFixed(2);

/**
 * One refund request (staff): what the customer asked and why, what the payment has left, and the
 * decision — approve an amount (full or partial) or reject with a reason. The forms validate with
 * the API's schemas; the server checks the amount against what is left again.
 */
export function RefundPage({ detail }: { detail: AdminRefundDetail }) {
  const { request, order, refundable, split } = detail;
  const money = (amountCents: number) => formatMoney({ amountCents, currency: request.currency });
  const open = isOpenRefundRequest(request.status);
  const action = useAdminAction();
  // What the customer asked, within the policy's amount (the refundable part, within what is left):
  // one click never refunds more than was asked. Without a cost summary, within what is left.
  const suggested = Math.min(
    request.amountCents,
    split ? split.defaultCents : (refundable?.remainingCents ?? Infinity),
  );
  const [amount, setAmount] = useState(asAmount(suggested));
  const [partialReason, setPartialReason] = useState('');
  const [reason, setReason] = useState('');
  const [refundId, setRefundId] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; partialReason?: string; reason?: string; refundId?: string }>(
    {},
  );
  // Money goes back only after staff confirm the amount (and the reason for less) they read (issue 28 §3).
  const [confirming, setConfirming] = useState<ApproveRefund | null>(null);
  const refundButton = useButtonFocusBack();
  const approveForm = approveRefundFormSchema(request.amountCents);
  // Less than asked needs a reason the customer reads (decision 0187): the field shows only then.
  const typedCents = amountField.safeParse(amount);
  const short = typedCents.success && typedCents.data < request.amountCents;

  const approve = (event: React.FormEvent) => {
    event.preventDefault();
    // The amount first (what is left), then the reason a smaller amount needs.
    if (!typedCents.success) return setErrors({ amount: typedCents.error.issues[0]?.message ?? 'Enter an amount' });
    if (refundable && typedCents.data > refundable.remainingCents) {
      return setErrors({ amount: `At most ${money(refundable.remainingCents)} is left to refund.` });
    }
    const parsed = approveForm.safeParse({ amount, partialReason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors(
        issue?.path[0] === 'partialReason'
          ? { partialReason: issue.message }
          : { amount: issue?.message ?? 'Enter an amount' },
      );
    }
    setErrors({});
    setConfirming(parsed.data);
  };
  const confirm = () => {
    if (confirming === null) return;
    setConfirming(null);
    void action.run('POST', `/admin/refunds/${request.id}/approve`, confirming);
  };
  const recordByHand = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = recordRefundByHandSchema.safeParse({ providerRefundId: refundId });
    if (!parsed.success) return setErrors({ refundId: parsed.error.issues[0]?.message ?? 'Enter the refund id' });
    setErrors({});
    void action.run('POST', `/admin/refunds/${request.id}/recorded-by-hand`, parsed.data);
  };
  // A refusal is e-mailed at once and cannot be taken back either: it is confirmed as a refund is.
  const [confirmingRejection, setConfirmingRejection] = useState<RejectRefund | null>(null);
  const rejectButton = useButtonFocusBack();
  const reject = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = rejectRefundSchema.safeParse({ reason });
    if (!parsed.success) return setErrors({ reason: parsed.error.issues[0]?.message ?? 'Give a reason' });
    setErrors({});
    setConfirmingRejection(parsed.data);
  };
  const confirmRejection = () => {
    if (confirmingRejection === null) return;
    setConfirmingRejection(null);
    void action.run('POST', `/admin/refunds/${request.id}/reject`, confirmingRejection);
  };

  return (
    <section aria-labelledby="refund-title" className="flex flex-col gap-6">
      <p>
        <Link to={ADMIN_ROUTES.REFUNDS} className="text-sm text-brand-700 hover:underline">
          ← Refund requests
        </Link>
      </p>
      <h1 id="refund-title" className="text-2xl font-bold text-slate-900">
        Refund request <span className="font-mono">{request.reference}</span>
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Status</dt>
        <dd>{request.status}</dd>
        <dt className="font-semibold text-slate-700">Order</dt>
        <dd>
          <Link to={`${ADMIN_ROUTES.ORDERS}/${request.orderDisplayId}`} className="font-mono text-brand-700 underline">
            {request.orderDisplayId}
          </Link>
          {order ? ` — ${order.title} (${order.status}, ${money(order.totalCents)})` : ''}
        </dd>
        <dt className="font-semibold text-slate-700">Customer</dt>
        <dd>{request.email}</dd>
        <dt className="font-semibold text-slate-700">Asked for</dt>
        <dd>{money(request.amountCents)}</dd>
        <dt className="font-semibold text-slate-700">Received</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatUtc(request.createdAt)}</time>
        </dd>
        {request.decidedAt ? (
          <>
            <dt className="font-semibold text-slate-700">Decided</dt>
            <dd>
              <time dateTime={request.decidedAt}>{formatUtc(request.decidedAt)}</time>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-700">Payment</dt>
        <dd>
          {refundable
            ? `${money(refundable.paidCents)} paid through ${refundable.provider}; ${money(refundable.refundedCents)} refunded; ${money(refundable.remainingCents)} left`
            : 'No payment through us: refund by hand with the provider.'}
        </dd>
        {request.approvedCents !== null && (
          <>
            <dt className="font-semibold text-slate-700">Approved</dt>
            <dd>{money(request.approvedCents)}</dd>
          </>
        )}
        {request.partialReason !== null && (
          <>
            <dt className="font-semibold text-slate-700">Why less than asked</dt>
            <dd className="whitespace-pre-line">{request.partialReason}</dd>
          </>
        )}
        {request.rejectionReason !== null && (
          <>
            <dt className="font-semibold text-slate-700">Rejected because</dt>
            <dd>{request.rejectionReason}</dd>
          </>
        )}
      </dl>
      {split && <PolicySplit split={split} feesPaid={detail.feesPaid} money={money} />}
      <div>
        <h2 className="text-lg font-semibold text-slate-900">
          {request.origin === 'staff' ? 'Why staff refunded it (started on the order desk)' : "The customer's reason"}
        </h2>
        <p className="whitespace-pre-line text-slate-800">{request.reason}</p>
      </div>

      {open && (
        <div className="grid gap-4 desk:grid-cols-2">
          <form
            onSubmit={approve}
            noValidate
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 className="text-lg font-semibold text-slate-900">Approve a refund</h2>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              Amount ({request.currency})
              <input
                name="amount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  // A changed amount must be confirmed again.
                  setConfirming(null);
                }}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={errors.amount ? 'refund-amount-error' : undefined}
                className={field}
              />
            </label>
            {errors.amount && (
              <p id="refund-amount-error" className="text-sm text-red-700">
                {errors.amount}
              </p>
            )}
            {short && (
              <>
                <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                  Why less than the {money(request.amountCents)} asked for (e-mailed to the customer)
                  <textarea
                    name="partialReason"
                    rows={3}
                    maxLength={500}
                    value={partialReason}
                    onChange={(event) => {
                      setPartialReason(event.target.value);
                      setConfirming(null);
                    }}
                    aria-invalid={errors.partialReason ? true : undefined}
                    aria-describedby={errors.partialReason ? 'refund-partial-reason-error' : undefined}
                    className={`${field} w-full`}
                  />
                </label>
                {errors.partialReason && (
                  <p id="refund-partial-reason-error" className="text-sm text-red-700">
                    {errors.partialReason}
                  </p>
                )}
              </>
            )}
            {split && (
              <p className="text-xs text-slate-600">
                The policy's amount is {money(split.defaultCents)}:{' '}
                {refundSplitWords(split).keepsFees
                  ? 'what was paid less the fees that are not refundable'
                  : 'all that was paid'}
                {refundable && refundable.refundedCents > 0 ? ', less what was refunded already' : ''}.
              </p>
            )}
            {confirming === null ? (
              <button
                ref={refundButton.button}
                type="submit"
                disabled={action.pending || !refundable}
                className={`${CONFIRM_BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
              >
                Refund {typedCents.success ? money(typedCents.data) : ''}
              </button>
            ) : (
              <RefundConfirm
                idPrefix="refund-confirm"
                amount={money(confirming.amountCents)}
                email={request.email}
                provider={refundable?.provider ?? 'the payment provider'}
                withReason={Boolean(confirming.partialReason)}
                pending={action.pending}
                onConfirm={confirm}
                onCancel={() => {
                  setConfirming(null);
                  refundButton.focusButton();
                }}
              />
            )}
          </form>
          <form
            onSubmit={reject}
            noValidate
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 className="text-lg font-semibold text-slate-900">Reject</h2>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              Reason (e-mailed to the customer)
              <textarea
                name="reason"
                rows={3}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setConfirmingRejection(null);
                }}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? 'refund-reason-error' : undefined}
                className={field}
              />
            </label>
            {errors.reason && (
              <p id="refund-reason-error" className="text-sm text-red-700">
                {errors.reason}
              </p>
            )}
            {confirmingRejection === null ? (
              <button
                ref={rejectButton.button}
                type="submit"
                disabled={action.pending}
                className={`${CONFIRM_BUTTON} bg-red-700 text-white hover:bg-red-800`}
              >
                Reject the request
              </button>
            ) : (
              <InPlaceConfirm
                idPrefix="reject-confirm"
                title={REFUND_DESK_TEXT.rejectTitle(request.reference, request.email)}
                confirmLabel={REFUND_DESK_TEXT.rejectConfirm}
                confirmClassName="bg-red-700 text-white hover:bg-red-800"
                pending={action.pending}
                onConfirm={confirmRejection}
                onCancel={() => {
                  setConfirmingRejection(null);
                  rejectButton.focusButton();
                }}
              >
                {REFUND_DESK_TEXT.rejectText}
              </InPlaceConfirm>
            )}
          </form>
        </div>
      )}
      {request.status === 'Approved' && request.approvedCents !== null && (
        <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 className="text-lg font-semibold text-slate-900">The refund is not finished</h2>
          <p className="text-sm text-slate-800">
            It was approved, but the payment provider's answer was unclear or never recorded. Retrying sends the same
            refund again: the provider makes it once, however many times it is asked.
          </p>
          <button
            type="button"
            disabled={action.pending}
            onClick={() => void action.run('POST', `/admin/refunds/${request.id}/retry`)}
            className={`${CONFIRM_BUTTON} self-start bg-emerald-700 text-white hover:bg-emerald-800`}
          >
            Retry the refund of {money(request.approvedCents)}
          </button>
          <form noValidate onSubmit={recordByHand} className="mt-3 flex flex-col gap-2 border-t border-amber-300 pt-3">
            <h3 className="font-semibold text-slate-900">Refunded it by hand in the provider's dashboard?</h3>
            <p className="text-sm text-slate-800">
              Record it here instead of retrying: a retry would refund it a second time. Once the provider shows that
              refund of this payment, for the approved amount, the request is closed as Refunded and the customer is
              e-mailed.
            </p>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              The refund's id at the payment provider
              <input
                name="providerRefundId"
                value={refundId}
                onChange={(event) => setRefundId(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.refundId ? true : undefined}
                aria-describedby={errors.refundId ? 'refund-by-hand-error' : undefined}
                className={`${field} font-mono sm:max-w-sm`}
              />
            </label>
            {errors.refundId && (
              <p id="refund-by-hand-error" className="text-sm text-red-700">
                {errors.refundId}
              </p>
            )}
            <button
              type="submit"
              disabled={action.pending}
              className={`${CONFIRM_BUTTON} self-start border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
            >
              Record the refund of {money(request.approvedCents)} made by hand
            </button>
          </form>
        </div>
      )}
      <ActionOutcome outcome={action.outcome} />
    </section>
  );
}
