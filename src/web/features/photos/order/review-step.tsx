import { Suspense } from 'react';
import { PAYMENT_MESSAGES } from '../../../../domain/payments/payment.ts';
import { stillNeededBeforePayment } from '../../../../domain/photos/orders.ts';
import { waitsForPerson } from '../../../../domain/photos/second-look.ts';
import { applyCoupon, removeCoupon } from '../../../lib/order-api.ts';
import { getPhotoOrder } from '../../../lib/photo-api.ts';
import { FailedPhotos, FailedPhotosReminder, UnusablePhotos } from './failed-photos.tsx';
import { deliveryWords, planWords, summaryOf } from './order-words.ts';
import { SecondLookNotice } from './second-look.tsx';
import { type CheckoutSlot, StepActions, type StepProps } from './step-parts.tsx';
import { REVIEW_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

/** Each photo's check state and the customer's choice: what decides whether the order may be paid. */
const readinessOf = (order: StepProps['order']) =>
  order.items
    .flatMap((item) => item.photos.map((p) => `${p.id}:${p.state}:${p.failedRuleChoice?.choice ?? ''}`))
    .join(',');

/**
 * Why Pay cannot be pressed yet, in the words the server would refuse it with: the rule is the
 * server's own (stillNeededBeforePayment), read from the order the page holds. A failing photo's
 * choice too: it is made beside Pay on this step, and said before Pay is pressed, not after.
 */
export function payBlockedBy(order: StepProps['order']): string | null {
  const missing = stillNeededBeforePayment({
    items: order.items.map((item) => ({
      label: item.label,
      photos: item.photos.map((photo) => ({ ...photo, failedRuleChoice: photo.failedRuleChoice?.choice ?? null })),
    })),
    deliveryMethod: order.deliveryMethod,
    delivery: order.delivery,
  });
  return missing.length === 0 ? null : PAYMENT_MESSAGES.stillNeeded(missing.map((needed) => needed.text));
}

/**
 * A part of the order with its Edit beside it, at the right on every row: the text wraps in the
 * room left (a long item's wrapped the button under itself, at the left, where the others' were not).
 */
function Row({ title, children, onEdit }: { title: string; children: React.ReactNode; onEdit(): void }) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-slate-100 py-4 last:border-0">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
      <button type="button" onClick={onEdit} className="address-action shrink-0">
        {REVIEW_TEXT.edit(title.toLowerCase())}
      </button>
    </div>
  );
}

/**
 * What comes once paid, beside Pay: the fitted photos to download, save one a person checks (asked
 * for, or borderline), whose file and the order's prints wait for their approval.
 */
const payNoteOf = (order: StepProps['order']) =>
  waitsForPerson(order) ? REVIEW_TEXT.payNoteHeld : REVIEW_TEXT.payNote;

/**
 * Step 4: any photo that failed a rule, with its choice; what is ordered, the plan and the delivery; beside them checkout's own column (the
 * server's cost summary, the coupon box and Pay), the same one the application's checkout shows.
 * `onPayRefused`: Pay was refused because the order changed under the page (the flow reads it again).
 */
export function ReviewStep({
  order,
  goTo,
  moving,
  Checkout,
  onPayRefused,
}: StepProps & { Checkout: CheckoutSlot; onPayRefused?(message: string): void }) {
  const ref = order.displayId;
  // The order core prices the coupon; the photo order is then read again for its own page.
  const coupon = useOrderChange(ref, async (code: string | null) => {
    await (code === null ? removeCoupon(ref) : applyCoupon(ref, code));
    return getPhotoOrder(ref);
  });
  return (
    <div className="grid gap-8 desk:grid-cols-[1fr_22rem]">
      <div>
        <UnusablePhotos order={order} goTo={goTo} />
        <FailedPhotos order={order} goTo={goTo} />
        <div className="card">
          <Row title={REVIEW_TEXT.items} onEdit={() => goTo(1)}>
            <ul className="space-y-1">
              {order.items.map((item) => (
                <li key={item.id}>
                  {item.personName ? `${item.personName}: ` : ''}
                  {item.label} ({REVIEW_TEXT.photos(item.photos.length)})
                </li>
              ))}
            </ul>
          </Row>
          <Row title={REVIEW_TEXT.plan} onEdit={() => goTo(2)}>
            {planWords(order)}
          </Row>
          <Row title={REVIEW_TEXT.delivery} onEdit={() => goTo(order.deliveryMethod ? 3 : 2)}>
            {deliveryWords(order)}
          </Row>
        </div>
        <StepActions back={() => goTo(3)} busy={moving} />
      </div>
      <div>
        <SecondLookNotice order={order} />
        <FailedPhotosReminder order={order} />
        <Suspense fallback={<p role="status">{REVIEW_TEXT.loadingCheckout}</p>}>
          <Checkout
            orderRef={ref}
            kind="photo"
            summary={summaryOf(order)}
            appliedCoupon={order.appliedCoupon}
            onCouponChange={(code) => coupon.mutateAsync(code)}
            note={payNoteOf(order)}
            readiness={readinessOf(order)}
            blockedBy={payBlockedBy(order)}
            onPayRefused={onPayRefused}
          />
        </Suspense>
      </div>
    </div>
  );
}
