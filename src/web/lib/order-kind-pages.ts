import type { PaidOrderKind } from '../../domain/payments/payment.ts';
import { applicationKeys, serviceOrderHref } from './application-api.ts';
import { photoKeys, photoOrderHref } from './photo-api.ts';

/**
 * What the checkout feature needs of each kind of order in the browser (decision 0088): its
 * queries, kept under the kind's own key so that a change to the order (a member added, a photo
 * replaced, a payment that found the order changed) refreshes its price and payment with it, and
 * its order page. The calls themselves are the order core's, one set for every kind (order-api.ts).
 */
export interface OrderKindPages {
  /** Every query of this kind of order. */
  allKey: readonly string[];
  addOnsKey(ref: string): readonly unknown[];
  costSummaryKey(ref: string): readonly unknown[];
  paymentKey(ref: string): readonly unknown[];
  optionsKey(ref: string): readonly unknown[];
  /** The order's own page. */
  orderHref(ref: string): string;
}

export const ORDER_KIND_PAGES: Record<PaidOrderKind, OrderKindPages> = {
  service: {
    allKey: applicationKeys.all,
    addOnsKey: applicationKeys.addOns,
    costSummaryKey: applicationKeys.costSummary,
    paymentKey: applicationKeys.payment,
    optionsKey: applicationKeys.paymentOptions,
    orderHref: serviceOrderHref,
  },
  photo: {
    allKey: photoKeys.all,
    addOnsKey: photoKeys.addOns,
    costSummaryKey: photoKeys.costSummary,
    paymentKey: photoKeys.payment,
    optionsKey: photoKeys.paymentOptions,
    orderHref: photoOrderHref,
  },
};
