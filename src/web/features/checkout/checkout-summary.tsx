import { type ReactNode, Suspense } from 'react';
import { nothingToPay, type PaidOrderKind } from '../../../domain/payments/payment.ts';
import { CostSummaryPanel } from '../../components/cost-summary-panel.tsx';
import { CouponField } from '../../components/coupon-field.tsx';
import type { CostSummary } from '../../lib/order-api.ts';
import { PayButton } from './pay-button.tsx';

export const CHECKOUT_SUMMARY_TEXT = {
  coupon: 'Coupon',
  pay: 'Payment',
  payNote:
    'You pay through our payment provider’s secure form: your card or UPI details go to them, never to us. Nothing is charged before you confirm there.',
  loadingPay: 'Loading payment…',
  /** Discounts cover the whole total: no provider's form, nothing charged (decision 0163). */
  nothingToPay: 'Your discounts cover the whole total: confirm the order and nothing is charged.',
} as const;

/** What the checkout summary is handed, whichever brand's order it pays. */
export interface CheckoutSummaryProps {
  orderRef: string;
  /** An application (DOC-…) or a photo order (PHO-…): its payment and coupon calls follow. */
  kind: PaidOrderKind;
  /** The server's cost summary (an application's, or a photo order's lines and total). */
  summary: Pick<CostSummary, 'currency' | 'lines' | 'totalCents'> & Partial<Pick<CostSummary, 'premiumSupport'>>;
  appliedCoupon: string | null;
  /** Applies (a code) or removes (null) the coupon; the caller stores the server's new summary. */
  onCouponChange(code: string | null): Promise<unknown>;
  /** What happens after paying (the application's "Everything is in" or "Still needed"). */
  afterPayment?: ReactNode;
  /** A word about this kind of order under the Pay button (the photo order's downloads). */
  note?: string;
  /** What the order still needs, changing with it (PayButton's `readiness`). */
  readiness?: string;
  /** Why the order cannot be paid yet ("Before paying, please add: …"): Pay is disabled and says so. */
  blockedBy?: string | null;
  /** The payment refused because the order changed under the page (PayButton's `onRefused`). */
  onPayRefused?(message: string): void;
}

/**
 * Checkout's column for both brands (issue 28, decision 0088): the server's cost summary, the
 * coupon box, and the Payment card with the provider choice and Pay. The application's checkout
 * page and SevaPhotos' review-and-pay step both render it (the photo route hands it to the photo
 * flow as a slot: features do not import each other).
 */
export function CheckoutSummary({
  orderRef,
  kind,
  summary,
  appliedCoupon,
  onCouponChange,
  afterPayment,
  note,
  readiness,
  blockedBy = null,
  onPayRefused,
}: CheckoutSummaryProps) {
  return (
    <div className="space-y-6">
      <CostSummaryPanel summary={summary} />
      <section aria-labelledby="checkout-coupon" className="card">
        <h2 id="checkout-coupon" className="text-lg font-bold text-slate-900">
          {CHECKOUT_SUMMARY_TEXT.coupon}
        </h2>
        <div className="mt-3">
          <CouponField applied={appliedCoupon} onChange={onCouponChange} />
        </div>
      </section>
      <section aria-labelledby="checkout-pay" className="card space-y-3">
        <h2 id="checkout-pay" className="text-lg font-bold text-slate-900">
          {CHECKOUT_SUMMARY_TEXT.pay}
        </h2>
        {afterPayment}
        <Suspense fallback={<p role="status">{CHECKOUT_SUMMARY_TEXT.loadingPay}</p>}>
          <PayButton
            orderRef={orderRef}
            kind={kind}
            amountCents={summary.totalCents}
            currency={summary.currency}
            {...(readiness === undefined ? {} : { readiness })}
            blockedBy={blockedBy}
            onRefused={onPayRefused}
          />
        </Suspense>
        {nothingToPay(summary.totalCents) ? (
          <p className="text-sm text-slate-700">{CHECKOUT_SUMMARY_TEXT.nothingToPay}</p>
        ) : (
          <>
            {note ? <p className="text-sm text-slate-700">{note}</p> : null}
            <p className="text-xs text-slate-600">{CHECKOUT_SUMMARY_TEXT.payNote}</p>
          </>
        )}
      </section>
    </div>
  );
}

export default CheckoutSummary;
