import { lazy, Suspense, useRef, useState } from 'react';
import { data, isRouteErrorResponse, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import type { ServicePageContent } from '../../domain/catalog/catalog-content.ts';
import { type Filing, filingOf } from '../../domain/catalog/filing.ts';
import { describeNotFound, type NotFoundView, notFoundTitle } from '../../domain/catalog/not-found.ts';
import type { ServiceParameter } from '../../domain/catalog/parameters.ts';
import { slugify } from '../../domain/catalog/seo-url.ts';
import { locateServicePage } from '../../domain/catalog/service-page.ts';
import { LIST_LIMIT, LIST_PAGE } from '../../domain/limits/constants.ts';
import { ADDRESS_COUNTRIES, type AddressCountry } from '../../domain/users/regions.ts';
import { NotFoundAnswer } from '../components/not-found-answer.tsx';
import { KeptIslandHtml } from '../components/ui/static-island.tsx';
import { servicePageContentKey } from '../features/catalog/page-content.ts';
import type { ServicePageBodyProps, ServicePageView } from '../features/catalog/service-page-body.tsx';
import { WhereYouLive } from '../features/catalog/where-you-live.tsx';
import { appContext } from '../lib/app-context.ts';
import { useLoadContext } from '../lib/load-context.ts';
import type { RootData } from '../lib/root-data.ts';
import type { RouteHandle } from '../shell/document.tsx';
import { ERROR_PAGE_TITLE, ErrorAnswer } from '../shell/error-page.tsx';
import type { Route } from './+types/service';

/**
 * Service pages at the SEO paths of SPEC.md §2: /{service}[/{package}][/{countries}].
 *
 * First-load budget (DESIGN.md §4): the page's catalog content reaches the server render
 * through the load context, not the loader data, and the browser keeps the server's HTML as it
 * is (the body component is not downloaded for the first paint). The loader data holds only
 * what the interactive parts need. After a client-side navigation, `clientLoader` fetches the
 * content and the body component, and renders them.
 */

const ServerBody = import.meta.env.SSR
  ? (await import('../features/catalog/service-page-body.tsx')).ServicePageBody
  : undefined;
const serverBodyHtml = import.meta.env.SSR
  ? (await import('../features/catalog/service-page-html.ts')).servicePageBodyHtml
  : undefined;
let ClientBody: ((props: ServicePageBodyProps) => React.ReactNode) | undefined;
// Through shell/deferred.ts: the lists of chunks these need stay out of the first load.
const deferred = () => import('../shell/deferred.ts');
const ServiceModal = lazy(() => deferred().then((m) => m.loadServiceModal()));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  // The path from the route's params: a client navigation's request URL ends in '.data'.
  const segments = [params.serviceSlug, params.second, params.third].filter((s): s is string => Boolean(s));
  const page = await services.catalog.getServicePage(slugify(params.serviceSlug));
  if (!page) {
    // Not a service of ours: an address that names other services, or any page.
    const list = await services.catalog.listServices({ page: LIST_PAGE, limit: LIST_LIMIT });
    throw data(describeNotFound(`/${segments.join('/')}`, list.results), { status: 404 });
  }
  const { service } = page;
  const place = locateServicePage(service, segments, new URL(request.url).searchParams);
  if (!place) throw data(describeNotFound(`/${segments.join('/')}`, [], service), { status: 404 });
  context.set(servicePageContentKey, page);
  const view: ServicePageView & {
    service: {
      id: number;
      name: string;
      slug: string;
      parameters: ServiceParameter[];
      options: Partial<Record<ServiceParameter, string[]>>;
    };
    title: string;
    description: string;
    /** How the service is filed: only a mission's file has a "where it goes" (the page's look-up). */
    filing: Filing;
  } = {
    service: {
      id: service.id,
      name: service.name,
      slug: service.slug,
      parameters: service.parameters,
      options: service.parameterOptions,
    },
    ...place,
    filing: filingOf(service.slug),
  };
  return view;
}

type ServerView = Awaited<ReturnType<typeof loader>>;

const contentCache = new Map<string, ServicePageContent>();

/** A service's page content, through the typed API client (imported here: no first-load weight). */
async function loadContent(slug: string): Promise<ServicePageContent> {
  const { api, ApiError, envelopeOf } = await import('../lib/api-client.ts');
  try {
    const { data: loaded } = await envelopeOf(
      api.GET('/api/v1/services/slug/{slug}/content', { params: { path: { slug } } }),
    );
    contentCache.set(slug, loaded);
    return loaded;
  } catch (error) {
    // A refusal (404: no such service) is the route's error response, as the server loader's is.
    throw error instanceof ApiError && error.status ? data(null, { status: error.status }) : error;
  }
}

/** Client-side navigations: the page content and the body component, fetched in parallel. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const view = (await serverLoader()) as ServerView;
  const slug = view.service.slug;
  const [content, body] = await Promise.all([
    contentCache.get(slug) ?? loadContent(slug),
    deferred().then((m) => m.loadServicePageBody()),
  ]);
  ClientBody = body.ServicePageBody;
  return { ...view, content };
}

export const handle: RouteHandle = {
  canonicalPath: (loaderData) => (loaderData as ServerView).canonicalPath,
  // Undefined data: the loader threw (a 404) and the error boundary shows.
  indexable: (loaderData) => loaderData !== undefined,
};

/** The not-found answer the loader threw, when that is what the error is. */
function notFoundOf(error: unknown): NotFoundView | null {
  return isRouteErrorResponse(error) && error.status === 404 && error.data ? (error.data as NotFoundView) : null;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) {
    const notFound = notFoundOf(error);
    return [{ title: notFound ? notFoundTitle(notFound) : ERROR_PAGE_TITLE }];
  }
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return [
    { title: loaderData.title },
    { name: 'description', content: loaderData.description },
    { property: 'og:title', content: loaderData.title },
    { property: 'og:description', content: loaderData.description },
    { property: 'og:type', content: 'website' },
    ...(root ? [{ property: 'og:url', content: `${root.publicConfig.siteUrl}${loaderData.canonicalPath}` }] : []),
  ];
};

export default function ServicePage() {
  const view = useLoaderData<typeof clientLoader>() as ServerView & { content?: ServicePageContent };
  const root = useRouteLoaderData<RootData>('root') as
    | (RootData & { user?: { ageGroup?: string | null } | null })
    | undefined;
  const serverContent = useLoadContext()?.get(servicePageContentKey) ?? null;
  const navigate = useNavigate();
  const [modalOpen, setModalOpen] = useState(false);
  const modalOpener = useRef<HTMLElement | null>(null);
  const user = root?.user ?? null;
  const content = serverContent ?? view.content ?? null;
  const Body = ServerBody ?? ClientBody;
  const service = {
    id: view.service.id,
    name: view.service.name,
    slug: view.service.slug,
    parameters: view.service.parameters,
  };

  // The body's links work without JavaScript; with it, these two are handled here.
  function onClick(event: React.MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const target = (event.target as Element).closest<HTMLElement>('[data-choose-package],[data-open-service-modal]');
    if (!target) return;
    event.preventDefault();
    if (target.dataset.openServiceModal !== undefined) {
      modalOpener.current = target;
      setModalOpen(true);
      return;
    }
    const packageId = Number(target.dataset.choosePackage);
    void deferred()
      .then((m) => m.loadCatalogActions())
      .then((actions) => actions.choosePackage({ service, packageId, choices: view.choices, user }, navigate));
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links and buttons inside.
    // biome-ignore lint/a11y/useKeyWithClickEvents: those links and buttons handle the keyboard themselves.
    <div onClick={onClick}>
      {content && Body ? (
        <ServiceBody Body={Body} props={{ content, view, config: root?.publicConfig, signedIn: user !== null }} />
      ) : (
        // Hydrating the server's HTML: keep it as it is (see the note at the top).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string; keeps the server-rendered DOM.
        <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      )}
      {/* Outside the kept body: hydrated like any form, and small (the look-up loads on first use).
          Nothing for a service whose file goes to no mission (`filing`): the e-Visa, a photo order. */}
      <WhereYouLive
        country={addressCountryOf(view.choices.applyingFrom)}
        serviceSlug={service.slug}
        filing={view.filing}
        loadLookup={() => deferred().then((m) => m.loadMissionLookup())}
      />
      {modalOpen ? (
        <Suspense>
          <ServiceModal
            service={service}
            options={view.service.options}
            choices={view.choices}
            packageSlug={view.packageSlug}
            // Apply Now re-renders the page body: then its own "Change choices" takes the focus.
            opener={() =>
              modalOpener.current?.isConnected
                ? modalOpener.current
                : document.querySelector('[data-open-service-modal]')
            }
            onClose={() => setModalOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The body, on the server from its HTML made once when there is one (service-page-html.ts). */
function ServiceBody({
  Body,
  props,
}: {
  Body: (props: ServicePageBodyProps) => React.ReactNode;
  props: ServicePageBodyProps;
}) {
  const made = serverBodyHtml?.(props);
  if (made) return <KeptIslandHtml made={made} />;
  return (
    <div className="contents">
      <Body {...props} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = notFoundOf(error);
  if (notFound) return <NotFoundAnswer view={notFound} />;
  return <ErrorAnswer error={error} />;
}

/** The page's country of application as an address country (US or CA), or none when it names another. */
function addressCountryOf(code: string | undefined): AddressCountry | undefined {
  const upper = code?.toUpperCase();
  return ADDRESS_COUNTRIES.find((c) => c === upper);
}
