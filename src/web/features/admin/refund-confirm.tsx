import { useEffect, useRef } from 'react';

/** The refund forms' button look (the refunds desk's approve form, the order desk's refund form). */
export const REFUND_BUTTON =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The Refund button a confirmation replaces, and what its Cancel does once the confirmation is
 * gone: the button, back in its place on the next frame, takes the focus again.
 */
export function useRefundButtonFocus() {
  const button = useRef<HTMLButtonElement>(null);
  const focusButton = () => requestAnimationFrame(() => button.current?.focus());
  return { button, focusButton };
}

/**
 * The last step before money goes back: what, to whom and through which provider, and that it
 * cannot be undone. One confirmation for the refunds desk's approval and the order desk's refund
 * (decision 0187), so both say the same. It takes the focus when it opens (its title and text are
 * read out with it, and it scrolls into view), and Escape cancels it, as the desk's other
 * confirmation in place does (withdrawing a document request).
 */
export function RefundConfirm({
  idPrefix,
  amount,
  email,
  provider,
  withReason,
  pending,
  onConfirm,
  onCancel,
}: {
  idPrefix: string;
  /** The amount as the customer reads it ("$25"). */
  amount: string;
  email: string;
  provider: string;
  /** The customer's e-mail carries staff's reason for refunding less. */
  withReason: boolean;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div
      ref={dialog}
      role="alertdialog"
      tabIndex={-1}
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-text`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !pending) {
          event.stopPropagation();
          onCancel();
        }
      }}
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p id={`${idPrefix}-title`} className="font-semibold text-slate-900">
        Refund {amount} to {email}?
      </p>
      <p id={`${idPrefix}-text`} className="text-sm text-slate-800">
        The money goes back through {provider} at once and the customer is e-mailed
        {withReason ? ' with your reason for refunding less' : ''}. A refund cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={`${REFUND_BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          Confirm the refund of {amount}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className={`${REFUND_BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
