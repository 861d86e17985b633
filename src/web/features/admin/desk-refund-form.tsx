import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { DeskOrder } from '../../../domain/admin/orders.ts';
import {
  type DeskRefund,
  deskRefundFormSchema,
  type NamedRefund,
  namedRefundLink,
  namedRefundOf,
  REFUND_ORIGIN_WORDS,
} from '../../../domain/admin/refunds.ts';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { amountField } from '../../../domain/refunds/schema.ts';
import { FormAlert } from '../../components/ui/form-field.tsx';
import { CONFIRM_BUTTON, useButtonFocusBack } from './in-place-confirm.tsx';
import { RefundConfirm } from './refund-confirm.tsx';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

/**
 * The form's one-time key (decision 0187): the same form sent twice is one refund on the server. Made
 * from getRandomValues, which a page on plain http (the embedded mode on a network address) has too.
 */
const newFormKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const field = 'w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

type Props = Pick<DeskOrder, 'displayId' | 'status' | 'refundable' | 'openRefund' | 'unfinishedRefunds'> & {
  email: string;
};

/**
 * The payment provider refused the refund or answered unclearly (decision 0187, Later; 0191): its
 * answer, announced, and the way to the request on the refunds desk (reopened, or still Approved).
 * Focused when it appears (the confirmation that had the focus is gone), so the next Tab reaches the link.
 */
function NamedRefundNotice({ message, request }: { message: string; request: NamedRefund }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} id="desk-refund-named" tabIndex={-1} className="break-words outline-none">
      <FormAlert tone="error">
        <p>{message}</p>
        <Link
          to={`${ADMIN_ROUTES.REFUNDS}/${request.id}`}
          className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-2"
        >
          {namedRefundLink(request)}
        </Link>
      </FormAlert>
    </div>
  );
}

/**
 * A refund staff start for the customer from the order desk (decision 0187): an amount of at most
 * what is left and the reason the customer reads, confirmed before the money goes. The server opens
 * the request and approves it through the refunds desk's own approval; the amount is checked there
 * again against what is left, under the order's lock.
 */
export function DeskRefundForm({ displayId, status, refundable, openRefund, unfinishedRefunds, email }: Props) {
  // A 409 (what is left changed, a request is waiting): the page reloads, as the desk's other forms do.
  const action = useAdminAction({ reloadOnConflict: true });
  const { revalidate } = useRevalidator();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newFormKey);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<DeskRefund | null>(null);
  const refundButton = useButtonFocusBack();
  // The provider refused or answered unclearly, and the answer names the request: the page reloads its
  // data, so the Payments panel lists that request and this panel no longer offers a refund beside it.
  const named = action.outcome?.ok === false ? namedRefundOf(action.outcome.errors) : null;
  const namedId = named?.id;
  useEffect(() => {
    if (namedId !== undefined) void revalidate();
  }, [namedId, revalidate]);
  // First in every state of the panel, so it stays (and is announced once) as the reloaded data changes it.
  const withNotice = (content: React.ReactNode) => (
    <div className="flex flex-col gap-3">
      {named && action.outcome ? <NamedRefundNotice message={action.outcome.message} request={named} /> : null}
      {content}
    </div>
  );

  if (!refundable) {
    return withNotice(<p className="text-sm text-slate-700">Nothing was paid through us: nothing to refund.</p>);
  }
  const money = (amountCents: number) => formatMoney({ amountCents, currency: refundable.currency });
  if (status === 'Cancelled') {
    return withNotice(
      <p className="text-sm text-slate-700">
        This order is cancelled: what is left of its payment goes back through its cancellation refund request on the{' '}
        <Link to={ADMIN_ROUTES.REFUNDS} className="text-brand-700 underline">
          refunds desk
        </Link>
        .
      </p>,
    );
  }
  if (openRefund) {
    // The request the refusal reopened: the notice above already links to it.
    if (openRefund.id === named?.id) return withNotice(null);
    return withNotice(
      <p className="text-sm text-slate-700">
        Refund request {openRefund.reference} waits for a decision:{' '}
        <Link to={`${ADMIN_ROUTES.REFUNDS}/${openRefund.id}`} className="text-brand-700 underline">
          decide it on the refunds desk
        </Link>{' '}
        instead.
      </p>,
    );
  }
  const [unfinished] = unfinishedRefunds;
  if (unfinished) {
    // A second refund while this one may have been made could give the money back twice.
    if (unfinished.id === named?.id) return withNotice(null);
    return withNotice(
      <p className="text-sm text-slate-700">
        Refund {unfinished.reference} ({REFUND_ORIGIN_WORDS[unfinished.origin]}) waits for the payment provider's
        answer:{' '}
        <Link to={`${ADMIN_ROUTES.REFUNDS}/${unfinished.id}`} className="text-brand-700 underline">
          retry or record it on the refunds desk
        </Link>{' '}
        before starting another.
      </p>,
    );
  }
  if (refundable.remainingCents <= 0) {
    return withNotice(
      <p className="text-sm text-slate-700">All of the payment has been refunded or is being refunded.</p>,
    );
  }

  const typed = amountField.safeParse(amount);
  const check = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = deskRefundFormSchema.safeParse({ amount, reason, idempotencyKey: key });
    if (!parsed.success) {
      const found: { amount?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] === 'reason' ? 'reason' : 'amount';
        found[name] ??= issue.message;
      }
      return setErrors(found);
    }
    if (parsed.data.amountCents > refundable.remainingCents) {
      return setErrors({ amount: `At most ${money(refundable.remainingCents)} is left to refund.` });
    }
    setErrors({});
    setConfirming(parsed.data);
  };
  const confirm = async () => {
    if (confirming === null) return;
    const sent = confirming;
    setConfirming(null);
    const made = await action.run('POST', `/admin/orders/${displayId}/refunds`, sent);
    // Made: the next refund is another one, with a key of its own. Refused: the same form keeps its key.
    if (made) {
      setKey(newFormKey());
      setAmount('');
      setReason('');
    }
  };
  const retype = () => setConfirming(null);

  return withNotice(
    <form onSubmit={check} noValidate className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        {money(refundable.paidCents)} paid through {refundable.provider}; {money(refundable.remainingCents)} left to
        refund. The customer is e-mailed the amount and your reason.
      </p>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Amount to refund ({refundable.currency})
        <input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            retype();
          }}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? 'desk-refund-amount-error' : undefined}
          className={field}
        />
      </label>
      {errors.amount && (
        <p id="desk-refund-amount-error" className="text-sm text-red-700">
          {errors.amount}
        </p>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Reason (e-mailed to the customer)
        <textarea
          name="reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            retype();
          }}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'desk-refund-reason-error' : undefined}
          className={field}
        />
      </label>
      {errors.reason && (
        <p id="desk-refund-reason-error" className="text-sm text-red-700">
          {errors.reason}
        </p>
      )}
      {confirming === null ? (
        <button
          ref={refundButton.button}
          type="submit"
          disabled={action.pending}
          className={`${CONFIRM_BUTTON} self-start bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          Refund {typed.success ? money(typed.data) : ''}
        </button>
      ) : (
        <RefundConfirm
          idPrefix="desk-refund-confirm"
          amount={money(confirming.amountCents)}
          email={email}
          provider={refundable.provider}
          withReason={false}
          pending={action.pending}
          onConfirm={() => void confirm()}
          onCancel={() => {
            retype();
            refundButton.focusButton();
          }}
        />
      )}
      {/* An answer that names a request is said once, by the notice above. */}
      <ActionOutcome outcome={named ? null : action.outcome} />
    </form>,
  );
}
