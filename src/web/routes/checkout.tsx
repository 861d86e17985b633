import { Suspense } from 'react';
import { orderRefParams } from '../../domain/applications/application.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/checkout';

// The checkout feature's page and TanStack Query load after the first paint (DESIGN.md §4 budget).
const CheckoutPage = lazyWithQueries(() =>
  import('../features/checkout/checkout-page.tsx').then((m) => m.CheckoutPage),
);

/**
 * CHECKOUT (/checkout?orderId=DOC-…, decision 0088): an application's add-ons, coupon, cost summary
 * and Pay. Signed-in customers only (a visitor signs in and comes back); the page reads the order
 * from the API, which answers another customer's order as unknown.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  return { orderRef: orderRefParams.safeParse({ orderRef: orderId }).success ? orderId : null };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.orderRef ? `Checkout ${loaderData.orderRef} | SevaDocs` : 'Checkout | SevaDocs' },
];

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Loading your checkout…
        </p>
      }
    >
      <CheckoutPage orderRef={loaderData.orderRef} />
    </Suspense>
  );
}
