import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPhotoStep, type PhotoOrder, type PhotoStep } from '../../../../domain/photos/orders.ts';
import { StaffMessages } from '../../../components/staff-messages.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { resetPhotoOrder, setPhotoStep } from '../../../lib/photo-api.ts';
import { DeliveryStep } from './delivery-step.tsx';
import { ItemsStep } from './items-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { CheckoutSlot, StepProps } from './step-parts.tsx';
import { FLOW_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

const STEPS = [1, 2, 3, 4] as const satisfies readonly PhotoStep[];

function Stepper({ current, onBack }: { current: PhotoStep; onBack(step: PhotoStep): void }) {
  return (
    <nav aria-label="Photo order steps" className="mt-6">
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((step) => {
          const done = step < current;
          const here = step === current;
          const body = (
            <>
              <span
                aria-hidden="true"
                className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${
                  here
                    ? 'bg-brand-600 text-white'
                    : done
                      ? 'bg-brand-100 text-brand-800'
                      : 'border border-slate-300 bg-white text-slate-600'
                }`}
              >
                {done ? <Icon name="check" className="size-4" /> : step}
              </span>
              <span className={`text-xs sm:text-sm ${here ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                {FLOW_TEXT.steps[step]}
              </span>
            </>
          );
          return (
            <li key={step} aria-current={here ? 'step' : undefined}>
              {done ? (
                <button
                  type="button"
                  onClick={() => onBack(step)}
                  className="flex w-full flex-col items-center gap-1 rounded-lg p-1 text-center sm:flex-row sm:text-left hover:bg-slate-100"
                >
                  {body}
                  <span className="sr-only">(done, go back)</span>
                </button>
              ) : (
                <span className="flex flex-col items-center gap-1 p-1 text-center sm:flex-row sm:text-left">
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The sentence of the change that removed the order's coupon (its answer carries it once): kept
 * on the page through the later steps, where the customer sees the new total, until a coupon is
 * applied again.
 */
function useCouponRemoved(order: PhotoOrder): string | null {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (order.couponRemoved) setNotice(order.couponRemoved);
    else if (order.appliedCoupon) setNotice(null);
  }, [order.couponRemoved, order.appliedCoupon]);
  return notice;
}

/**
 * The sentence of a change that took a chosen option off the order (its answer carries it once:
 * pickup when the order turned to CAD, Background Change when a size refusing it joined), kept
 * through the steps until that option is on the order again or its currency changes.
 */
function useChoicesDropped(order: PhotoOrder): string | null {
  const [notice, setNotice] = useState<(NonNullable<PhotoOrder['choicesDropped']> & { currency: string }) | null>(null);
  const outdated = (shown: NonNullable<typeof notice>) =>
    shown.currency !== order.currency || shown.options.some((option) => order.options.includes(option));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `outdated` reads only the order's currency and options.
  useEffect(() => {
    if (order.choicesDropped) setNotice({ ...order.choicesDropped, currency: order.currency });
    else setNotice((shown) => (shown && outdated(shown) ? null : shown));
  }, [order.choicesDropped, order.currency, order.options]);
  return notice && !outdated(notice) ? notice.message : null;
}

/**
 * SPEC.md §4 photo flow: steps 1 to 4 (photos, plan, delivery, review and pay), resettable. The
 * step is the server's (leaving mid-way resumes there); the address shows it as ?step=.
 */
export function PhotoFlow({ order, Checkout }: { order: PhotoOrder; Checkout: CheckoutSlot }) {
  const ref = order.displayId;
  const [params, setParams] = useSearchParams();
  const move = useOrderChange(ref, (step: PhotoStep) => setPhotoStep(ref, step));
  const reset = useOrderChange(ref, () => resetPhotoOrder(ref));
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(order.step);
  const couponRemoved = useCouponRemoved(order);
  const choicesDropped = useChoicesDropped(order);
  // Pay refused because the order changed under this page (its total in another tab): the order is
  // shown as it is now at step 4, where the refusal stands beside Pay. Should the server not take
  // step 4 any more (what changed needs a delivery), the step it keeps says the refusal instead,
  // until the customer moves on.
  const [payRefused, setPayRefused] = useState<string | null>(null);
  const onPayRefused = (message: string) => {
    setPayRefused(message);
    move.mutate(4);
  };

  // The address follows the server's step. On opening (a reload, a link with another ?step= or
  // none) it is only corrected; a step the server moved to is a new history entry, so the phone's
  // Back goes to the step before. Back, Forward or a changed ?step= later moves the server there,
  // and a step it refuses (the earlier ones not done) puts the address back.
  const synced = useRef<PhotoStep | null>(null);
  // The step asked for from the address, once: effects run again before the mutation is pending.
  const asking = useRef<PhotoStep | null>(null);
  // The ?step= this effect last wrote: until the address shows it, an older one is not a Back.
  const written = useRef<string | null>(null);
  useEffect(() => {
    const show = (step: PhotoStep, replace: boolean) => {
      const next = new URLSearchParams(params);
      next.set('orderId', ref);
      next.set('step', String(step));
      written.current = String(step);
      setParams(next, { replace, preventScrollReset: true });
    };
    if (written.current !== null) {
      if (params.get('step') !== written.current) return;
      written.current = null;
    }
    const asked = Number(params.get('step'));
    const opened = synced.current === null;
    if (!opened && synced.current === order.step && params.get('orderId') === ref && asked !== order.step) {
      if (isPhotoStep(asked) && asking.current !== asked && !move.isPending) {
        asking.current = asked;
        setPayRefused(null);
        move.mutate(asked, {
          onError: () => {
            asking.current = null;
            show(order.step, true);
          },
        });
      }
      return;
    }
    synced.current = order.step;
    asking.current = null;
    if (asked === order.step && params.get('orderId') === ref) return;
    show(order.step, opened);
  }, [order.step, params, ref, setParams, move]);

  // A new step: its heading takes the focus, so a screen reader starts there.
  useEffect(() => {
    if (shownStep.current === order.step) return;
    shownStep.current = order.step;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [order.step]);

  const goTo = (step: PhotoStep) => {
    if (move.isPending) return;
    setPayRefused(null);
    move.mutate(step);
  };
  const props: StepProps = { order, goTo, moving: move.isPending };

  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 desk:py-12">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="eyebrow">{FLOW_TEXT.eyebrow(ref)}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{FLOW_TEXT.title}</h1>
          </div>
          <ConfirmDialog
            trigger={
              <button type="button" className="btn-outline px-4 py-2 text-sm">
                <Icon name="refresh-cw" className="size-4" />
                {FLOW_TEXT.reset}
              </button>
            }
            title={FLOW_TEXT.resetTitle}
            description={FLOW_TEXT.resetDescription}
            confirmLabel={FLOW_TEXT.resetConfirm}
            keepLabel={FLOW_TEXT.resetKeep}
            onConfirm={async () => {
              try {
                await reset.mutateAsync(undefined);
              } catch (error) {
                throw new Error(errorMessage(error, FLOW_TEXT.startFailed));
              }
            }}
            focusAfterConfirm={() => heading.current}
          />
        </div>
        <Stepper current={order.step} onBack={goTo} />
        <section aria-labelledby="photo-step-heading" className="mt-8">
          <p className="text-sm font-medium text-slate-600">{FLOW_TEXT.stepOf(order.step)}</p>
          <h2
            id="photo-step-heading"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-2xl font-bold text-slate-900 outline-none"
          >
            {FLOW_TEXT.steps[order.step]}
          </h2>
          <div role="status">
            {couponRemoved ? (
              <p className="mt-4 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-[0.95rem] font-medium text-amber-900">
                <Icon name="circle-alert" className="mt-0.5 size-5" />
                {couponRemoved}
              </p>
            ) : null}
            {choicesDropped ? (
              <p className="mt-4 flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-[0.95rem] font-medium text-amber-900">
                <Icon name="circle-alert" className="mt-0.5 size-5" />
                {choicesDropped}
              </p>
            ) : null}
          </div>
          {payRefused && order.step !== 4 ? (
            <div className="mt-4">
              <FormAlert tone="error">{payRefused}</FormAlert>
            </div>
          ) : null}
          {move.isError ? (
            <div className="mt-4">
              <FormAlert tone="error">{errorMessage(move.error, FLOW_TEXT.moveFailed)}</FormAlert>
            </div>
          ) : null}
          <div className="mt-6">
            {order.step === 1 ? <ItemsStep {...props} /> : null}
            {order.step === 2 ? <PlanStep {...props} /> : null}
            {order.step === 3 ? <DeliveryStep {...props} /> : null}
            {order.step === 4 ? <ReviewStep {...props} Checkout={Checkout} onPayRefused={onPayRefused} /> : null}
          </div>
        </section>
        {/* Staff may write about an order not paid yet too; after the step, so the flow leads. */}
        {order.messages.length > 0 ? (
          <div className="mt-8">
            <StaffMessages messages={order.messages} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
