import { lazy } from 'react';
import { useLoaderData } from 'react-router';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { FaqPage as FaqPageComponent } from '../features/faq/faq-page.tsx';
import { faqJsonLd } from '../features/faq/json-ld.ts';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/faqs';

/** Static content: rendered on the server, no page JavaScript on first load (see StaticIsland). */
const ServerFaq = import.meta.env.SSR ? (await import('../features/faq/faq-page.tsx')).FaqPage : undefined;
const ClientFaq = lazy(() => import('../features/faq/faq-page.tsx').then((m) => ({ default: m.FaqPage })));

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { groups: await app.services.content.listFaqGroups(), tollFreeNumber: app.publicConfig.tollFreeNumber };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "FAQ's: OCI, Indian passport, visa and photo questions answered | SevaDocs" },
  {
    name: 'description',
    content:
      'Answers to common questions about OCI cards, Indian passport renewal, renunciation, power of attorney, Indian e-visas and passport photos, from the SevaDocs specialists.',
  },
  ...(loaderData && loaderData.groups.length > 0 ? [{ 'script:ld+json': faqJsonLd(loaderData.groups) }] : []),
];

export default function Faqs() {
  const data = useLoaderData<typeof loader>();
  return <StaticIsland<Parameters<typeof FaqPageComponent>[0]> server={ServerFaq} client={ClientFaq} props={data} />;
}
