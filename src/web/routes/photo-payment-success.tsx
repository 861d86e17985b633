import { Suspense } from 'react';
import { STRIPE_SESSION_ID_PARAM } from '../../domain/payments/payment.ts';
import { photoOrderRefParams } from '../../domain/photos/orders.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/photo-payment-success';

// The application's payment result page, for a photo order (decision 0065).
const PaymentResultPage = lazyWithQueries(() =>
  import('../features/application/payment-result/payment-result-page.tsx').then((m) => m.PaymentResultPage),
);

/**
 * PHOTO_PAYMENT_SUCCESS (SPEC.md §2): where a payment provider sends the customer back with
 * ?orderId=PHO-…. Signed-in owners only; the page reads the payment's state from the API.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const query = new URL(request.url).searchParams;
  const orderId = query.get('orderId') ?? '';
  const sessionId = query.get(STRIPE_SESSION_ID_PARAM);
  return {
    orderRef: photoOrderRefParams.safeParse({ orderRef: orderId }).success ? orderId : null,
    stripeSessionId: sessionId && sessionId.length <= 255 ? sessionId : null,
  };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = () => [{ title: 'Your payment | SevaPhotos' }];

export default function PhotoPaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Confirming your payment…
        </p>
      }
    >
      <PaymentResultPage orderRef={loaderData.orderRef} stripeSessionId={loaderData.stripeSessionId} kind="photo" />
    </Suspense>
  );
}
