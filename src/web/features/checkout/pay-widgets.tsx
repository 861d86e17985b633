import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ProviderCheckout } from '../../../domain/payments/payment.ts';
// Widgets import their props from that module, not this one: this one imports the widgets (no import cycle).
import type { PayWidgetProps } from './pay-widget-props.ts';

/**
 * One lazily loaded module per on-page provider (docs/decisions/0058): its code and the provider's
 * script reach the browser only when the customer pays with it, so the checkout's first load stays
 * within the JavaScript budget. Hosted-page providers (Stripe, the sandbox) need none.
 */
export const PAY_WIDGETS: Record<ProviderCheckout['kind'], LazyExoticComponent<ComponentType<PayWidgetProps>>> = {
  razorpay: lazy(() => import('./pay-razorpay.tsx')),
  square: lazy(() => import('./pay-square.tsx')),
};

/** The lazily loaded widget for an on-page checkout. */
export const payWidgetFor = (checkout: ProviderCheckout) => PAY_WIDGETS[checkout.kind];
