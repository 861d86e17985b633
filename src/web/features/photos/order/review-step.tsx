import { Suspense } from 'react';
import { CostSummaryPanel } from '../../../components/cost-summary-panel.tsx';
import { CouponField } from '../../../components/coupon-field.tsx';
import { applyPhotoCoupon, removePhotoCoupon } from '../../../lib/photo-api.ts';
import { deliveryWords, planWords, summaryOf } from './order-words.ts';
import { type PayButtonSlot, StepActions, type StepProps } from './step-parts.tsx';
import { REVIEW_TEXT } from './text.ts';
import { useOrderChange } from './use-order.ts';

function Row({ title, children, onEdit }: { title: string; children: React.ReactNode; onEdit(): void }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 py-4 last:border-0">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
      <button type="button" onClick={onEdit} className="address-action">
        {REVIEW_TEXT.edit(title.toLowerCase())}
      </button>
    </div>
  );
}

/** Step 4: what is ordered, the plan, the delivery and the server's cost summary; then Pay. */
export function ReviewStep({ order, goTo, moving, PayButton }: StepProps & { PayButton: PayButtonSlot }) {
  const ref = order.displayId;
  const coupon = useOrderChange(ref, (code: string | null) =>
    code === null ? removePhotoCoupon(ref) : applyPhotoCoupon(ref, code),
  );
  return (
    <div className="grid gap-8 desk:grid-cols-[1fr_22rem]">
      <div>
        <div className="card">
          <Row title={REVIEW_TEXT.items} onEdit={() => goTo(1)}>
            <ul className="space-y-1">
              {order.items.map((item) => (
                <li key={item.id}>
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
      <div className="space-y-4">
        <CostSummaryPanel summary={summaryOf(order)} />
        <section aria-labelledby="photo-coupon" className="card">
          <h2 id="photo-coupon" className="text-lg font-bold text-slate-900">
            {REVIEW_TEXT.coupon}
          </h2>
          <div className="mt-3">
            <CouponField applied={order.appliedCoupon} onChange={(code) => coupon.mutateAsync(code)} />
          </div>
        </section>
        <div className="card space-y-3">
          <Suspense fallback={<p role="status">Loading payment…</p>}>
            <PayButton
              orderRef={order.displayId}
              amountCents={order.totalCents}
              currency={order.currency}
              kind="photo"
            />
          </Suspense>
          <p className="text-sm text-slate-600">{REVIEW_TEXT.payNote}</p>
        </div>
      </div>
    </div>
  );
}
