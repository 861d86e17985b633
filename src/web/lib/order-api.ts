import type { z } from 'zod';
import type { ChooseAddOns, costSummarySchema } from '../../domain/checkout/api.ts';
import type { ConfirmPayment, PaymentProviderName, ShownTotal, StartPayment } from '../../domain/payments/payment.ts';
import { api, envelopeOf } from './api-client.ts';

/**
 * The order core's calls (issue 28, docs/decisions/0087): every kind of order, a service
 * application (DOC-…) or a photo order (PHO-…), is priced, discounted and paid under
 * /api/v1/orders/{ref}/…; the browser sends choices and codes, never a price. The kinds' own
 * paths stay on the server as SPEC.md §7's aliases.
 */
const order = (orderRef: string) => ({ params: { path: { orderRef } } });

export type CostSummary = z.infer<typeof costSummarySchema>;

export const getAddOns = (ref: string) => envelopeOf(api.GET('/api/v1/orders/{orderRef}/add-ons', order(ref)));
export const chooseAddOns = (ref: string, body: ChooseAddOns) =>
  envelopeOf(api.PUT('/api/v1/orders/{orderRef}/add-ons', { ...order(ref), body }));
export const getCostSummary = (ref: string) =>
  envelopeOf(api.GET('/api/v1/orders/{orderRef}/cost-summary', order(ref)));
export const applyCoupon = (ref: string, code: string) =>
  envelopeOf(api.POST('/api/v1/orders/{orderRef}/coupon', { ...order(ref), body: { code } }));
export const removeCoupon = (ref: string) => envelopeOf(api.DELETE('/api/v1/orders/{orderRef}/coupon', order(ref)));

/**
 * Pays the total the page shows (`shownTotal`): the server charges its own, and refuses (409) when
 * that is not the one shown, so an order changed in another tab is never paid unseen.
 */
export function startPayment(ref: string, shownTotal: ShownTotal, provider?: PaymentProviderName) {
  const body: StartPayment = { shownTotal, ...(provider ? { provider } : {}) };
  return envelopeOf(api.POST('/api/v1/orders/{orderRef}/payment', { ...order(ref), body }));
}
export const getPaymentOptions = (ref: string) =>
  envelopeOf(api.GET('/api/v1/orders/{orderRef}/payment/options', order(ref)));
export const confirmPayment = (ref: string, body: ConfirmPayment) =>
  envelopeOf(api.POST('/api/v1/orders/{orderRef}/payment/confirm', { ...order(ref), body }));
export const getPayment = (ref: string) => envelopeOf(api.GET('/api/v1/orders/{orderRef}/payment', order(ref)));

/** The order's refund requests, newest first: its page lists them with their state and reasons. */
export const getRefundRequests = (ref: string) =>
  envelopeOf(api.GET('/api/v1/orders/{orderRef}/refund-requests', order(ref)));
export const refundRequestsKey = (ref: string) => ['orders', ref, 'refund-requests'] as const;
