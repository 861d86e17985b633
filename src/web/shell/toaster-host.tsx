import { lazy, Suspense, useEffect, useState } from 'react';

/** The event toast.ts sends on the first toast (the same name, kept equal by a test). */
export const TOASTER_EVENT_NAME = 'sevadocs:toaster';

const LazyToaster = lazy(() => import('./deferred.ts').then((m) => m.loadToasterView()));

/**
 * Mounts the toast area on the first toast; nothing is loaded before that. Part of every page's
 * first load, so it imports nothing of toast.ts. Render once, in root.
 */
export function ToasterHost() {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if ((window as { sevadocsToaster?: boolean }).sevadocsToaster) setRequested(true);
    const onRequest = () => setRequested(true);
    window.addEventListener(TOASTER_EVENT_NAME, onRequest);
    return () => window.removeEventListener(TOASTER_EVENT_NAME, onRequest);
  }, []);
  return requested ? (
    <Suspense>
      <LazyToaster />
    </Suspense>
  ) : null;
}
