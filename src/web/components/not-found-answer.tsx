import { lazy } from 'react';
import type { NotFoundContentProps } from './not-found-content.tsx';
import { StaticIsland } from './ui/static-island.tsx';

const ServerContent = import.meta.env.SSR ? (await import('./not-found-content.tsx')).NotFoundContent : undefined;
const ClientContent = lazy(() => import('./not-found-content.tsx').then((m) => ({ default: m.NotFoundContent })));

/**
 * A not-found answer in a route's error boundary, as a static island: the server renders it, and
 * the pages whose boundary it is (an article, a service page) load none of its code on their first
 * load (DESIGN.md §4 budget), only when a client-side navigation ends on a 404.
 */
export function NotFoundAnswer(props: NotFoundContentProps) {
  return <StaticIsland<NotFoundContentProps> server={ServerContent} client={ClientContent} props={props} />;
}
