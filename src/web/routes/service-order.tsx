import { Suspense } from 'react';
import { redirect } from 'react-router';
import { orderRefParams } from '../../domain/applications/application.ts';
import { documentSlotElementId } from '../../domain/applications/documents.ts';
import { ROUTES } from '../../domain/config/routes.ts';
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
  const query = new URL(request.url).searchParams;
  const orderId = query.get('orderId') ?? '';
  // The checkout used to be this page with ?checkout=1 (decision 0056): old links (e-mails, the
  // providers' cancel URLs of open attempts) go to its own route, on this site (a path, never a URL).
  if (query.get('checkout') === '1') {
    throw redirect(`${ROUTES.CHECKOUT}?${new URLSearchParams({ orderId })}`, 301);
  }
  requireViewer(context, request);
  const valid = orderRefParams.safeParse({ orderRef: orderId }).success;
  // An e-mail's link to one document slot (a request, a sent document): survives the sign-in above.
  const slot = documentSlotElementId(query.get('document'));
  return { orderRef: valid ? orderId : null, today: todayIsoDate(), slot };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

// Named by its DOC-… id only: an e-mail's link carries the order number, which means nothing to
// the customer in a tab or a screen reader's page title.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.orderRef?.startsWith('DOC-')
      ? `Order ${loaderData.orderRef} | SevaDocs`
      : 'Your order | SevaDocs',
  },
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
      <OrderPage orderRef={loaderData.orderRef} today={loaderData.today} slot={loaderData.slot} />
    </Suspense>
  );
}
