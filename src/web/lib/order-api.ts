import type { z } from 'zod';
import type { AddOnOption, ChooseAddOns, costSummarySchema } from '../../domain/checkout/api.ts';
import type { ConfirmPayment, Payment, PaymentOption, PaymentProviderName } from '../../domain/payments/payment.ts';
import { apiCall } from './api-client.ts';

/**
 * The order core's calls (issue 28, docs/decisions/0087): every kind of order, a service
 * application (DOC-…) or a photo order (PHO-…), is priced, discounted and paid under
 * /api/v1/orders/{ref}/…; the browser sends choices and codes, never a price. The kinds' own
 * paths stay on the server as SPEC.md §7's aliases.
 */
const order = (ref: string) => `/orders/${encodeURIComponent(ref)}`;

export type CostSummary = z.infer<typeof costSummarySchema>;

export const getAddOns = (ref: string) =>
  apiCall<{ currency: string; addOns: AddOnOption[] }>({ url: `${order(ref)}/add-ons` });
export const chooseAddOns = (ref: string, body: ChooseAddOns) =>
  apiCall<CostSummary>({ url: `${order(ref)}/add-ons`, method: 'PUT', body });
export const getCostSummary = (ref: string) => apiCall<CostSummary>({ url: `${order(ref)}/cost-summary` });
export const applyCoupon = (ref: string, code: string) =>
  apiCall<CostSummary>({ url: `${order(ref)}/coupon`, method: 'POST', body: { code } });
export const removeCoupon = (ref: string) => apiCall<CostSummary>({ url: `${order(ref)}/coupon`, method: 'DELETE' });

export const startPayment = (ref: string, provider?: PaymentProviderName) =>
  apiCall<Payment>({ url: `${order(ref)}/payment`, method: 'POST', body: provider ? { provider } : {} });
export const getPaymentOptions = (ref: string) => apiCall<PaymentOption[]>({ url: `${order(ref)}/payment/options` });
export const confirmPayment = (ref: string, body: ConfirmPayment) =>
  apiCall<Payment>({ url: `${order(ref)}/payment/confirm`, method: 'POST', body });
export const getPayment = (ref: string) => apiCall<Payment | null>({ url: `${order(ref)}/payment` });
