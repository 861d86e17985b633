import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COUPON_MESSAGES } from '../../domain/checkout/coupons.ts';
import { errorMessage } from '../lib/api-client.ts';
import { Icon } from './ui/icon.tsx';

export const COUPON_TEXT = {
  label: 'Coupon code',
  apply: 'Apply',
  remove: 'Remove',
  applied: (code: string) => `Coupon ${code} applied.`,
  failed: 'We could not change the coupon. Please try again.',
} as const;

/**
 * A coupon code with Apply, or the applied one with Remove, for any kind of order: `onChange`
 * applies a code (or removes the coupon, null) through the order's own call and stores the
 * server's answer. The server checks and prices it (decision 0054); its message (unknown,
 * expired, already used, minimum not met) is shown on the field and announced, and what was
 * typed stays for a correction.
 */
export function CouponField({
  applied,
  onChange,
}: {
  applied: string | null;
  onChange(code: string | null): Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Applying swaps the field for the applied coupon and back: the focus follows to what replaced
  // the control it was on (Remove, whose name says the coupon; the field), not to the page.
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'input' | 'remove' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the swap has rendered (applied changed).
  useEffect(() => {
    const target = focusAfter.current === 'remove' ? remove.current : focusAfter.current ? input.current : null;
    if (!target) return;
    focusAfter.current = null;
    target.focus();
  }, [applied]);
  const change = useMutation({
    mutationFn: onChange,
    onMutate: () => setError(null),
    onSuccess: (_answer, next) => {
      if (next !== null) setCode('');
      focusAfter.current = next === null ? 'input' : 'remove';
    },
    onError: (failure) => setError(errorMessage(failure, COUPON_TEXT.failed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!code.trim()) {
      setError(COUPON_MESSAGES.empty);
      return;
    }
    change.mutate(code.trim());
  };

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-green-200 bg-green-50 p-4">
        <p role="status" className="flex items-center gap-2 font-medium text-green-900">
          <Icon name="tag" className="size-5" />
          {COUPON_TEXT.applied(applied)}
        </p>
        <button
          ref={remove}
          type="button"
          className="btn-outline px-4 py-2 text-sm"
          aria-disabled={change.isPending || undefined}
          aria-label={`${COUPON_TEXT.remove} coupon ${applied}`}
          onClick={() => {
            if (!change.isPending) change.mutate(null);
          }}
        >
          {COUPON_TEXT.remove}
        </button>
        {error ? (
          <p role="alert" className="field-error w-full">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <label htmlFor="coupon-code" className="field-label">
        {COUPON_TEXT.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id="coupon-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field-input min-w-0 flex-1 uppercase"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn-outline px-5" aria-disabled={change.isPending || undefined}>
          {COUPON_TEXT.apply}
        </button>
      </div>
      {error ? (
        <p id="coupon-code-error" role="alert" className="field-error">
          <Icon name="circle-alert" className="mt-0.5 size-4" />
          {error}
        </p>
      ) : null}
    </form>
  );
}
