import { lazy } from 'react';
import { useLoaderData } from 'react-router';
import { servicesItemListJsonLd } from '../../domain/catalog/json-ld.ts';
import { readSearchQuery, searchServices } from '../../domain/catalog/service-search.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../../domain/config/site.ts';
import { LIST_LIMIT, LIST_PAGE } from '../../domain/limits/constants.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { ServicesListProps } from '../features/services-list/services-list-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { RootData } from '../lib/root-data.ts';
import type { RouteHandle } from '../shell/document.tsx';
import type { Route } from './+types/services';

/** Static content: rendered on the server, no page JavaScript on first load (see StaticIsland). */
const ServerList = import.meta.env.SSR
  ? (await import('../features/services-list/services-list-page.tsx')).ServicesListPage
  : undefined;
const ClientList = lazy(() =>
  import('../features/services-list/services-list-page.tsx').then((m) => ({ default: m.ServicesListPage })),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, publicConfig } = context.get(appContext);
  const list = await services.catalog.listServices({ page: LIST_PAGE, limit: LIST_LIMIT });
  // The search (?q=…): the matching services, best first; none matching shows them all.
  const query = readSearchQuery(new URL(request.url).searchParams);
  const found = query ? searchServices(list.results, query).map((m) => m.service) : [];
  const data: ServicesListProps = {
    query,
    matches: found.length,
    services: (found.length > 0 ? found : list.results).map(({ id, name, slug, brand, summary, icon, fromPrice }) => ({
      id,
      name,
      slug,
      brand,
      summary,
      icon,
      fromPrice,
    })),
    contact: { tollFreeNumber: publicConfig.tollFreeNumber, whatsappNumber: publicConfig.whatsappNumber },
  };
  return data;
}

/** A search result is not a page of its own: the list without the query is. */
export const handle: RouteHandle = {
  indexable: (loaderData) => !(loaderData as ServicesListProps | undefined)?.query,
};

const TITLE = 'Services and prices: OCI card, Indian passport, visa and photo services | SevaDocs';
const DESCRIPTION =
  'Every SevaDocs service with its starting price, and any fee paid elsewhere named: OCI cards, Indian passport renewal, renunciation, power of attorney, Indian visas, visa-centre support and passport photos.';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  const siteUrl = root?.publicConfig.siteUrl ?? '';
  return [
    { title: loaderData?.query ? `Services matching “${loaderData.query}” | SevaDocs` : TITLE },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:title', content: 'SevaDocs services and prices' },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${siteUrl}${ROUTES.SERVICES}` },
    ...(loaderData && !loaderData.query && loaderData.services.length > 0
      ? [
          {
            'script:ld+json': servicesItemListJsonLd({
              siteUrl,
              path: ROUTES.SERVICES,
              companyName: DEFAULT_CONTACT.companyName,
              services: loaderData.services,
            }),
          },
        ]
      : []),
  ];
};

export default function Services() {
  const data = useLoaderData<typeof loader>();
  return <StaticIsland<ServicesListProps> server={ServerList} client={ClientList} props={data} />;
}
