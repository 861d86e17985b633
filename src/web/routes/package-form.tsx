import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { orderRefParams } from '../../domain/applications/application.ts';
import { packageChoiceFromQuery } from '../../domain/catalog/package-choice.ts';
import { todayIsoDate } from '../../domain/limits/constants.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import { StartApplicationPage } from '../features/application/start/start-page.tsx';
import type { ChosenPackageCardProps } from '../features/catalog/chosen-package-card.tsx';
import { loadChosenPackage } from '../features/catalog/package-choice.server.ts';
import { appContext } from '../lib/app-context.ts';
import { lazyWithQueries } from '../lib/lazy-with-queries.tsx';
import { PRIVATE_HEADERS, requireViewer, viewerOf } from '../lib/viewer.ts';
import type { Route } from './+types/package-form';

// With TanStack Query, after the first paint: the start page (the same route) does not load them.
// An order's form (?orderId=) starts loading them as this module runs, beside the hydration.
const ApplicationFormPage = lazyWithQueries(
  () => import('../features/application/form-page/application-form-page.tsx').then((m) => m.ApplicationForm),
  { early: typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('orderId') },
);

// The chosen package's card is a static island (docs/decisions/0015): the server renders it and the
// first load carries none of its code, keeping the page within the budget (DESIGN.md §4).
const ServerPackageCard = import.meta.env.SSR
  ? (await import('../features/catalog/chosen-package-card.tsx')).ChosenPackageCard
  : undefined;
const ClientPackageCard = lazy(() =>
  import('../features/catalog/chosen-package-card.tsx').then((m) => ({ default: m.ChosenPackageCard })),
);

const positiveInt = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/**
 * /package-form has two faces. Without an order: the chosen package from the query (links that
 * work without JavaScript carry it there), to start an application with its members (signed in)
 * or to sign in first. With ?orderId=: that order's
 * application form (signed-in owners only), at ?member= and ?step=, or its review (?review=1).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const orderId = query.get('orderId');
  if (orderId !== null && orderRefParams.safeParse({ orderRef: orderId }).success) {
    requireViewer(context, request);
    return {
      kind: 'application' as const,
      orderRef: orderId,
      memberId: positiveInt(query.get('member')),
      step: positiveInt(query.get('step')),
      review: query.get('review') === '1',
      today: todayIsoDate(),
    };
  }
  const ref = packageChoiceFromQuery(query);
  const viewer = viewerOf(context);
  return {
    kind: 'start' as const,
    choice: await loadChosenPackage(context.get(appContext).services.catalog, ref),
    // The account holder is the first member the start page offers.
    holder: viewer ? { name: viewer.name } : null,
    today: todayIsoDate(),
  };
}

/** The page is about one visitor's choice or order: never kept by the page cache or a CDN. */
export function headers(): HeadersInit {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your application | SevaDocs' },
  { name: 'description', content: 'The package you chose, its full price, and your application form.' },
];

export default function PackageForm() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'start') {
    return (
      <StartApplicationPage
        choice={data.choice}
        holder={data.holder}
        today={data.today}
        renderPackage={(choice) => (
          <StaticIsland<ChosenPackageCardProps>
            server={ServerPackageCard}
            client={ClientPackageCard}
            props={{ choice }}
          />
        )}
      />
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-3xl px-4 py-10 text-slate-700">
          Loading your application…
        </p>
      }
    >
      <ApplicationFormPage
        orderRef={data.orderRef}
        memberId={data.memberId}
        step={data.step}
        review={data.review}
        today={data.today}
      />
    </Suspense>
  );
}
