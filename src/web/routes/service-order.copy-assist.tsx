import { Suspense } from 'react';
import { orderRefParams } from '../../domain/applications/application.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer } from '../lib/viewer.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/service-order.copy-assist';

// The page's code and TanStack Query load after the first paint, like the order page's.
const CopyAssistPage = lazyWithQueries(() =>
  import('../features/application/copy-assist/copy-assist-page.tsx').then((m) => m.CopyAssistPage),
);

/**
 * Copy-assist (issue 32 §3): signed-in customers only. ?orderId= is the DOC-… id or the order
 * number, ?member= the member's id; the page reads both through the API, which answers another
 * customer's order as unknown.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const query = new URL(request.url).searchParams;
  const orderId = query.get('orderId') ?? '';
  const member = Number(query.get('member'));
  return {
    orderRef: orderRefParams.safeParse({ orderRef: orderId }).success ? orderId : null,
    memberId: Number.isSafeInteger(member) && member > 0 ? member : null,
  };
}

export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const handle: RouteHandle = { indexable: () => false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.orderRef ? `Copy-assist ${loaderData.orderRef} | SevaDocs` : 'Copy-assist | SevaDocs' },
];

export default function CopyAssistRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="page-x py-10 text-slate-700">
          Loading the answers…
        </p>
      }
    >
      <CopyAssistPage orderRef={loaderData.orderRef} memberId={loaderData.memberId} />
    </Suspense>
  );
}
