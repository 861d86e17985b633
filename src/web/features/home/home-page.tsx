import { lazy } from 'react';
import { StaticIsland } from '../../components/ui/static-island.tsx';
import type { HomeContentProps } from './home-content.tsx';

const ServerContent = import.meta.env.SSR ? (await import('./home-content.tsx')).HomeContent : undefined;
const serverHtml =
  import.meta.env.SSR && ServerContent
    ? (await import('../../components/ui/island-html.ts')).islandHtml(ServerContent)
    : undefined;
const ClientContent = lazy(() => import('./home-content.tsx').then((m) => ({ default: m.HomeContent })));

/**
 * The home page is static marketing content: the server renders it and the browser hydrates it
 * without downloading its code (see StaticIsland), keeping the first-load JavaScript of `/`
 * small (DESIGN.md §4). A client-side navigation to `/` loads the code then.
 */
export function HomePage(props: HomeContentProps) {
  return <StaticIsland server={ServerContent} serverHtml={serverHtml} client={ClientContent} props={props} />;
}
