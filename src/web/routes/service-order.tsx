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

/**
 * SERVICE_ORDER: signed-in customers only (a visitor signs in and comes back). ?orderId= is the
 * DOC-… id or the order number (SPEC.md §2's notification links); the page reads the order from
 * the API, which answers another customer's order as unknown.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  const valid = orderRefParams.safeParse({ orderRef: orderId }).success;
  return { orderRef: valid ? orderId : null, today: todayIsoDate() };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.orderRef ? `Order ${loaderData.orderRef} | SevaDocs` : 'Your order | SevaDocs' },
];

export default function ServiceOrderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Loading your order…
        </p>
      }
    >
      <OrderPage orderRef={loaderData.orderRef} today={loaderData.today} />
    </Suspense>
  );
}
