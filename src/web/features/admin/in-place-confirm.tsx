import { type ReactNode, useEffect, useRef } from 'react';

/** The back office's confirmation buttons' look. */
export const CONFIRM_BUTTON =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The button a confirmation in place replaces, and what its Cancel does once the confirmation is
 * gone: the button, back in its place on the next frame, takes the focus again.
 */
export function useButtonFocusBack() {
  const button = useRef<HTMLButtonElement>(null);
  const focusButton = () => requestAnimationFrame(() => button.current?.focus());
  return { button, focusButton };
}

/**
 * The last step before something that cannot be undone (a refund, an account's erasure), in the
 * place of the button that asked for it: what happens, then the act or the way back. It takes the
 * focus when it opens (its title and text are read out with it, and it scrolls into view), and
 * Escape or the way back cancel it, but not while the act is being sent.
 */
export function InPlaceConfirm({
  idPrefix,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmClassName,
  pending,
  onConfirm,
  onCancel,
}: {
  idPrefix: string;
  title: string;
  /** What happens, said once more before it does. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmClassName: string;
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
      <p id={`${idPrefix}-title`} className="font-semibold break-words text-slate-900">
        {title}
      </p>
      <p id={`${idPrefix}-text`} className="text-sm text-slate-800">
        {children}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={`${CONFIRM_BUTTON} ${confirmClassName}`}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          onClick={onCancel}
          disabled={pending}
          className={`${CONFIRM_BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
