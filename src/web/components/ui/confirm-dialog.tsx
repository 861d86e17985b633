import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormAlert } from './form-field.tsx';
import { Icon } from './icon.tsx';

export interface ConfirmDialogProps {
  /** The control that opens it (Radix gives the focus back to it on close). */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything. */
  keepLabel: string;
  /** An optional free-text reason sent with the confirmation: its label and its check (a message, or null). */
  reason?: { label: string; check(text: string): string | null };
  /** Does the thing; rejects with a message to show in the dialog, which then stays open. */
  onConfirm(reason: string): Promise<void>;
  /** Where the focus goes after a confirmation that removes the trigger (else back to the trigger). */
  focusAfterConfirm?: () => HTMLElement | null;
}

/**
 * "Are you sure?" for an action that cannot be undone (cancel an application, remove a member):
 * what happens, an optional reason, the action in red and a way out. Escape and the X close it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  keepLabel,
  reason,
  onConfirm,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const confirmed = useRef(false);
  const tooLong = reason ? reason.check(text) : null;

  function change(next: boolean) {
    if (busy) return;
    setOpen(next);
    if (!next) setProblem(null);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(text.trim());
      confirmed.current = true;
      setOpen(false);
      setText('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop fixed inset-0 z-[80] bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const target = confirmed.current ? focusAfterConfirm?.() : null;
            confirmed.current = false;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-[90] max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="icon-btn -mt-2 -mr-2 shrink-0">
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className="mt-2 text-[0.95rem] text-slate-700">{description}</div>
          </Dialog.Description>
          <form onSubmit={confirm} noValidate className="mt-5 space-y-4">
            {reason ? (
              <div>
                <label htmlFor={reasonId} className="field-label">
                  {reason.label} <span className="font-normal text-slate-600">(optional)</span>
                </label>
                <textarea
                  id={reasonId}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  rows={3}
                  aria-invalid={tooLong ? true : undefined}
                  aria-describedby={tooLong ? `${reasonId}-error` : undefined}
                  className="field-input resize-y"
                />
                {tooLong ? (
                  <p id={`${reasonId}-error`} className="field-error">
                    <Icon name="circle-alert" className="mt-0.5 size-4" />
                    {tooLong}
                  </p>
                ) : null}
              </div>
            ) : null}
            {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <button type="button" disabled={busy} className="btn-outline px-5 py-2.5 text-[0.95rem]">
                  {keepLabel}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-700 px-5 py-2.5 text-[0.95rem] font-semibold text-white hover:bg-red-800 disabled:opacity-70"
              >
                {busy ? <Icon name="loader-circle" className="size-4 animate-spin" /> : null}
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
