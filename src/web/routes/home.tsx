import { lazy } from 'react';
import { useLoaderData } from 'react-router';
import { formatMoney } from '../../domain/catalog/money.ts';
import { LIST_LIMIT, LIST_PAGE } from '../../domain/limits/constants.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { BannerPopup } from '../features/marketing/banner-popup.tsx';
import { loadHomeMarketing } from '../features/marketing/home-marketing.server.ts';
import { appContext } from '../lib/app-context.ts';
import { viewerOf } from '../lib/viewer.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicConfig } = context.get(appContext);
  const viewer = viewerOf(context);
  const [list, marketing, openApplications] = await Promise.all([
    services.catalog.listServices({ page: LIST_PAGE, limit: LIST_LIMIT }),
    loadHomeMarketing(services),
    // A returning customer's unfinished applications (issue 30 §4). A signed-in page is never
    // cached for others: the page cache takes no session, and its answer is private (security.ts).
    viewer ? services.applications.openApplicationsOf(viewer.id) : [],
  ]);
  return {
    ...marketing,
    openApplications,
    services: list.results.map(({ id, name, slug, summary, icon, fromPrice }) => ({
      id,
      name,
      slug,
      summary,
      icon,
      // Formatted here so the page JavaScript needs no currency formatting.
      fromPrice: fromPrice ? formatMoney(fromPrice) : null,
    })),
    contact: {
      tollFreeNumber: publicConfig.tollFreeNumber,
      whatsappNumber: publicConfig.whatsappNumber,
      supportEmail: publicConfig.supportEmail,
    },
  };
}

export const meta: Route.MetaFunction = () => [
  { title: 'SevaDocs | OCI card, Indian passport renewal and Indian visa services in the USA and Canada' },
  {
    name: 'description',
    content:
      'Apply for an OCI card, renew your Indian passport, renounce Indian citizenship or get an Indian e-visa from the USA or Canada. Specialists check every file, 98% approval rate, every fee shown up front.',
  },
  { property: 'og:title', content: 'SevaDocs: Indian consular services, done right the first time' },
  {
    property: 'og:description',
    content: 'OCI cards, passport renewal, renunciation and visas for the Indian diaspora, with transparent fees.',
  },
  { property: 'og:type', content: 'website' },
];

/**
 * Only a returning customer with an open application sees it. A static island (decision 0015): the
 * server renders it in place, at the top of the page, and the first load (DESIGN.md §4's 120 KB)
 * carries none of its code, nor the schemas its rows share. As a part the server loaded on demand,
 * it went out after the shell and was revealed after the first paint, pushing the page down on a
 * phone (decision 0141).
 */
const ServerContinueApplications = import.meta.env.SSR
  ? (await import('../components/continue-applications.tsx')).ContinueApplications
  : undefined;
const ClientContinueApplications = lazy(() =>
  import('../components/continue-applications.tsx').then((m) => ({ default: m.ContinueApplications })),
);

export default function Home() {
  const { services, contact, offers, partners, banner, openApplications } = useLoaderData<typeof loader>();
  return (
    <>
      {openApplications.length > 0 ? (
        <div className="page-x pt-6">
          <StaticIsland
            server={ServerContinueApplications}
            client={ClientContinueApplications}
            props={{ applications: openApplications }}
          />
        </div>
      ) : null}
      <HomePage services={services} contact={contact} offers={offers} partners={partners} />
      <BannerPopup banner={banner} />
    </>
  );
}
