import { z } from 'zod';
import { CURRENCIES } from '../catalog/money.ts';
import { premiumSupportSchema } from '../checkout/premium-support.ts';

/**
 * Checkout's payment as the browser sees it (docs/decisions/0055): which providers exist, the
 * state of an order's latest payment attempt, and the messages of the payment calls.
 */

/** Providers the app can offer; configuration (PAYMENT_PROVIDERS) says which ones it does. */
export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** SPEC.md §4's payment result states, plus PENDING while the provider has not confirmed yet. */
export const PAYMENT_RESULT_STATES = ['COMPLETED', 'FAILED', 'PENDING'] as const;
export type PaymentResultState = (typeof PAYMENT_RESULT_STATES)[number];

/**
 * An attempt's own record: `created` before the provider answered, `pending` while the customer
 * pays, then `succeeded` or `failed`; `mismatched` when the provider reports a success that is not
 * this order's amount or currency (money taken, order not paid: staff must look).
 */
export const PAYMENT_ATTEMPT_STATUSES = ['created', 'pending', 'succeeded', 'failed', 'mismatched'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

export function resultState(status: PaymentAttemptStatus): PaymentResultState {
  if (status === 'succeeded') return 'COMPLETED';
  if (status === 'failed' || status === 'mismatched') return 'FAILED';
  return 'PENDING';
}

export const PAYMENT_MESSAGES = {
  started: 'Payment started. Continue to the payment page.',
  loaded: 'Payment loaded',
  notStarted: 'No payment has been started for this order yet.',
  notPayable: 'This order is not waiting for a payment.',
  nothingToPay: 'This order has nothing to pay.',
  providerNotOffered: 'This payment method is not offered.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  webhookInvalid: 'The webhook signature could not be verified.',
  webhookReceived: 'Webhook received',
  paymentNotFound: 'We could not find this payment.',
  simulateSuccess: 'Simulate successful payment',
  simulateFailure: 'Simulate failed payment',
  paidRemark: 'Payment received. Thank you!',
  signInToPay: 'Your session has ended. Sign in, open your order and continue to payment again.',
} as const;

export const startPaymentSchema = z.object({
  /** Which configured provider to pay with; the first configured one when left out. */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
});
export type StartPayment = z.infer<typeof startPaymentSchema>;

export const paymentSchema = z.object({
  attempt: z.int().min(1),
  provider: z.enum(PAYMENT_PROVIDERS),
  state: z.enum(PAYMENT_RESULT_STATES),
  amountCents: z.int().min(0),
  currency: z.enum(CURRENCIES),
  /** Where the customer pays (a hosted checkout page) while the attempt is pending; else null. */
  redirectUrl: z.string().nullable(),
  /** The order's status now (the success page shows it next to the payment's state). */
  orderStatus: z.string(),
  /** The order's premium support contact when its total reaches the minimum (SPEC.md §9); else null. */
  premiumSupport: premiumSupportSchema.nullable(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
