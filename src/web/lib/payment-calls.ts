import type { Envelope } from '../../domain/api/envelope.ts';
import type {
  ConfirmPayment,
  PaidOrderKind,
  Payment,
  PaymentOption,
  PaymentProviderName,
} from '../../domain/payments/payment.ts';
import {
  applicationKeys,
  confirmPayment,
  getPayment,
  getPaymentOptions,
  serviceOrderHref,
  startPayment,
} from './application-api.ts';
import {
  confirmPhotoPayment,
  getPhotoPayment,
  getPhotoPaymentOptions,
  photoKeys,
  photoOrderHref,
  startPhotoPayment,
} from './photo-api.ts';

/**
 * The payment calls of each kind of order (decision 0065): applications pay under
 * /application/order/…, photo orders under /photo-orders/… — the same providers, attempts and
 * answers. The Pay button, the provider widgets and the payment result page take the kind and
 * call through this, so one set of components serves both.
 */
export interface PaymentCalls {
  /** Every query of this kind of order (invalidated when a payment finds the order changed). */
  allKey: readonly string[];
  paymentKey(ref: string): readonly unknown[];
  optionsKey(ref: string): readonly unknown[];
  start(ref: string, provider?: PaymentProviderName): Promise<Envelope<Payment>>;
  options(ref: string): Promise<Envelope<PaymentOption[]>>;
  confirm(ref: string, body: ConfirmPayment): Promise<Envelope<Payment>>;
  latest(ref: string): Promise<Envelope<Payment | null>>;
  /** The order's own page. */
  orderHref(ref: string): string;
}

export const PAYMENT_CALLS: Record<PaidOrderKind, PaymentCalls> = {
  service: {
    allKey: applicationKeys.all,
    paymentKey: applicationKeys.payment,
    optionsKey: applicationKeys.paymentOptions,
    start: startPayment,
    options: getPaymentOptions,
    confirm: confirmPayment,
    latest: getPayment,
    orderHref: serviceOrderHref,
  },
  photo: {
    allKey: photoKeys.all,
    paymentKey: photoKeys.payment,
    optionsKey: photoKeys.paymentOptions,
    start: startPhotoPayment,
    options: getPhotoPaymentOptions,
    confirm: confirmPhotoPayment,
    latest: getPhotoPayment,
    orderHref: photoOrderHref,
  },
};
