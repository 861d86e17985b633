import { lazy } from 'react';
import { useLoaderData } from 'react-router';
import { StaticIsland } from '../components/ui/static-island.tsx';
import type { AboutPage as AboutPageComponent } from '../features/about/about-page.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/about-us';

/** Static content: rendered on the server, no page JavaScript on first load (see StaticIsland). */
const ServerAbout = import.meta.env.SSR ? (await import('../features/about/about-page.tsx')).AboutPage : undefined;
const ClientAbout = lazy(() => import('../features/about/about-page.tsx').then((m) => ({ default: m.AboutPage })));

export async function loader({ context }: Route.LoaderArgs) {
  return { about: await context.get(appContext).services.content.getAbout() };
}

export const meta: Route.MetaFunction = () => [
  { title: 'About us: our story, team and values | SevaDocs' },
  {
    name: 'description',
    content:
      'SevaDocs has helped Indian families in the USA and Canada with OCI cards, passports and visas since 2020. Meet the team and the values behind every application.',
  },
];

export default function AboutUs() {
  const { about } = useLoaderData<typeof loader>();
  return (
    <StaticIsland<Parameters<typeof AboutPageComponent>[0]>
      server={ServerAbout}
      client={ClientAbout}
      props={{ about }}
    />
  );
}
