import { lazy, Suspense, useEffect, useState } from 'react';

const LazyAnnouncer = lazy(() => import('./deferred.ts').then((m) => m.loadRouteAnnouncer()));

/**
 * Mounts the route announcer once the page has loaded, outside the first-load JavaScript (its
 * budget, DESIGN.md §4): its live region is in the page, empty, before any link is followed.
 */
export function RouteAnnouncerHost() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => setLoaded(true), []);
  return loaded ? (
    <Suspense>
      <LazyAnnouncer />
    </Suspense>
  ) : null;
}
