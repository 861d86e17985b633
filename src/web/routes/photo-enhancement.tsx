import { lazy, Suspense } from 'react';
import { PHOTO_CHECK_COOKIE } from '../../domain/photos/checks.ts';
import { photoOrderRefParams } from '../../domain/photos/orders.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/photo-enhancement';

// The flow's code and TanStack Query load after the first paint (DESIGN.md §4 budget).
const PhotoOrderPage = lazyWithQueries(() =>
  import('../features/photos/order/photo-order-page.tsx').then((m) => m.PhotoOrderPage),
);
// Checkout's column (cost summary, coupon, Pay: the checkout feature's, decision 0088): composed
// here, loaded at step 4 only.
const Checkout = lazy(() => import('../features/checkout/checkout-summary.tsx'));

/**
 * PHOTO_ENHANCEMENT_ORDER (SPEC.md §2, decision 0065): signed-in customers only (a visitor signs in
 * and comes back). Without ?orderId= it resumes the customer's open photo order or starts one; with
 * ?orderId=PHO-… (or the order number, as notification links carry) it is that order's 4-step flow
 * while unpaid, at the step the server keeps, and its order page once paid.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const orderId = new URL(request.url).searchParams.get('orderId');
  // A photo checked on /photos (its HttpOnly cookie): the open order, or a new one, takes it (issue 31).
  const heldCheck = new RegExp(`(?:^|;\\s*)${PHOTO_CHECK_COOKIE}=[^;]`).test(request.headers.get('cookie') ?? '');
  if (orderId === null) return { orderRef: null, invalid: false, heldCheck };
  const valid = photoOrderRefParams.safeParse({ orderRef: orderId }).success;
  return { orderRef: valid ? orderId : null, invalid: !valid, heldCheck: false };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.orderRef ? `Photo order ${loaderData.orderRef} | SevaPhotos` : 'Your photo order | SevaPhotos' },
];

export default function PhotoEnhancementRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Loading your photo order…
        </p>
      }
    >
      <PhotoOrderPage
        orderRef={loaderData.orderRef}
        invalid={loaderData.invalid}
        heldCheck={loaderData.heldCheck}
        Checkout={Checkout}
      />
    </Suspense>
  );
}
