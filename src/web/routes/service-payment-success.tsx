import { Suspense } from 'react';
import { orderRefParams } from '../../domain/applications/application.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { type PaidOrderKind, STRIPE_SESSION_ID_PARAM } from '../../domain/payments/payment.ts';
import { parsePhotoOrderRef, photoOrderRefParams } from '../../domain/photos/orders.ts';
import { waitsForPerson } from '../../domain/photos/second-look.ts';
import { appContext } from '../lib/app-context.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/service-payment-success';

// The page's code and TanStack Query load after the first paint (DESIGN.md §4 budget).
const PaymentResultPage = lazyWithQueries(() =>
  import('../features/checkout/payment-result-page.tsx').then((m) => m.PaymentResultPage),
);

/**
 * SERVICE_PAYMENT_SUCCESS and PHOTO_PAYMENT_SUCCESS (SPEC.md §2, decision 0065): where a payment
 * provider sends the customer back with ?orderId=DOC-… or PHO-…. Signed-in owners only; the page
 * reads the payment's state from the API.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  // `url` is the page's address: a client navigation's data request is /photo-payment-success.data.
  const kind: PaidOrderKind = url.pathname === ROUTES.PHOTO_PAYMENT_SUCCESS ? 'photo' : 'service';
  const refParams = kind === 'photo' ? photoOrderRefParams : orderRefParams;
  const query = url.searchParams;
  const orderId = query.get('orderId') ?? '';
  // Stripe's success URL adds the session's id (docs/decisions/0059); the page confirms it once.
  const sessionId = query.get(STRIPE_SESSION_ID_PARAM);
  const orderRef = refParams.safeParse({ orderRef: orderId }).success ? orderId : null;
  // A photo waiting for a person's look (issue 31 §4): the confirmation says when it is checked.
  const photoOrder =
    kind === 'photo' && orderRef
      ? await context.get(appContext).services.photos.get(viewer.id, parsePhotoOrderRef(orderRef))
      : null;
  return {
    kind,
    orderRef,
    stripeSessionId: sessionId && sessionId.length <= 255 ? sessionId : null,
    personCheck: photoOrder?.ok === true && waitsForPerson(photoOrder.value),
  };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.kind === 'photo' ? 'Your payment | SevaPhotos' : 'Your payment | SevaDocs' },
];

export default function ServicePaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Confirming your payment…
        </p>
      }
    >
      <PaymentResultPage
        orderRef={loaderData.orderRef}
        stripeSessionId={loaderData.stripeSessionId}
        kind={loaderData.kind}
        personCheck={loaderData.personCheck}
      />
    </Suspense>
  );
}
