import { Suspense } from 'react';
import { orderRefParams } from '../../domain/applications/application.ts';
import { todayIsoDate } from '../../domain/limits/constants.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/service-order';

// The page's code and TanStack Query load after the first paint (DESIGN.md §4 budget).
const OrderPage = lazyWithQueries(() =>
  import('../features/application/order-page/order-page.tsx').then((m) => m.OrderPage),
);
// Checkout is the same route with ?checkout=1 (decision 0056): its own chunk, loaded only there.
const CheckoutPage = lazyWithQueries(() =>
  import('../features/application/checkout/checkout-page.tsx').then((m) => m.CheckoutPage),
);

/**
 * SERVICE_ORDER: signed-in customers only (a visitor signs in and comes back). ?orderId= is the
 * DOC-… id or the order number (SPEC.md §2's notification links); the page reads the order from
 * the API, which answers another customer's order as unknown.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  const valid = orderRefParams.safeParse({ orderRef: orderId }).success;
  const checkout = new URL(request.url).searchParams.get('checkout') === '1';
  return { orderRef: valid ? orderId : null, today: todayIsoDate(), checkout };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.checkout
      ? `Checkout ${loaderData.orderRef ?? ''} | SevaDocs`
      : loaderData?.orderRef
        ? `Order ${loaderData.orderRef} | SevaDocs`
        : 'Your order | SevaDocs',
  },
];

export default function ServiceOrderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          {loaderData.checkout ? 'Loading your checkout…' : 'Loading your order…'}
        </p>
      }
    >
      {loaderData.checkout ? (
        <CheckoutPage orderRef={loaderData.orderRef} />
      ) : (
        <OrderPage orderRef={loaderData.orderRef} today={loaderData.today} />
      )}
    </Suspense>
  );
}
