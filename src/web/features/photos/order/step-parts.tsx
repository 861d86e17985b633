import type { ComponentType, Ref } from 'react';
import type { Currency } from '../../../../domain/catalog/money.ts';
import type { PaidOrderKind } from '../../../../domain/payments/payment.ts';
import type { PhotoOrder, PhotoStep } from '../../../../domain/photos/orders.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { FLOW_TEXT } from './text.ts';

/**
 * Checkout's column (cost summary, coupon box, provider choice and Pay), handed in by the route: it
 * belongs to the checkout feature, shared with the application's checkout (decision 0088).
 */
export type CheckoutSlot = ComponentType<{
  orderRef: string;
  kind: PaidOrderKind;
  summary: { currency: Currency; lines: PhotoOrder['costSummary']; totalCents: number };
  appliedCoupon: string | null;
  onCouponChange(code: string | null): Promise<unknown>;
  note?: string;
  /** Changes with what the order still needs: a refusal shown under Pay then goes. */
  readiness?: string;
  /** What the order still needs before it can be paid: Pay is disabled, saying so before it is pressed. */
  blockedBy?: string | null;
  /** Pay refused because the order changed under the page (a total changed in another tab): the flow shows it as it is now. */
  onPayRefused?(message: string): void;
}>;

/** What a step is given: the order, and a way to move (the server keeps the step). */
export interface StepProps {
  order: PhotoOrder;
  goTo(step: PhotoStep): void;
  moving: boolean;
}

/** Back and Continue under a step. */
export function StepActions({
  back,
  onContinue,
  busy,
  disabled = false,
  continueLabel = FLOW_TEXT.continue,
  hint,
  submit = false,
  continueRef,
}: {
  back?: () => void;
  onContinue?: () => void;
  /** Continue submits the step's form (which then moves on). */
  submit?: boolean;
  busy: boolean;
  disabled?: boolean;
  continueLabel?: string;
  hint?: string | null;
  /** The Continue button (a step brings it into view after a change of its own). */
  continueRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {back ? (
        <button type="button" onClick={back} className="btn-outline px-5 py-2.5">
          <Icon name="arrow-left" className="size-4" />
          {FLOW_TEXT.back}
        </button>
      ) : (
        <span />
      )}
      <div className="flex flex-col items-stretch gap-2 sm:items-end">
        {hint ? (
          <p id="step-hint" className="text-sm text-slate-700">
            {hint}
          </p>
        ) : null}
        {onContinue || submit ? (
          <button
            ref={continueRef}
            type={submit ? 'submit' : 'button'}
            onClick={
              submit
                ? undefined
                : () => {
                    if (!disabled && !busy) onContinue?.();
                  }
            }
            aria-disabled={disabled || busy || undefined}
            aria-describedby={hint ? 'step-hint' : undefined}
            className="btn-primary px-6 py-3 aria-disabled:opacity-60"
          >
            {busy ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
            {busy ? FLOW_TEXT.saving : continueLabel}
            {busy ? null : <Icon name="arrow-right" className="size-4" />}
          </button>
        ) : null}
      </div>
    </div>
  );
}
