import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Page content whose code loads on demand yet is part of the server's first HTML.
 *
 * `preload(() => import('./page.tsx'))` starts loading at once; on the server the route awaits it
 * at the top level. `<Preloaded module={…} render={(m) => …} />` then renders:
 * - on the server, the content itself, in the document's shell: visible without JavaScript (a
 *   `lazy()` page inside Suspense would be streamed into a hidden block that inline JavaScript
 *   reveals, once React outlines a large boundary);
 * - in the browser, when the code is there at hydration, the same tree, hydrated;
 * - when it is not there yet, the server's HTML kept untouched (like StaticIsland) until the code
 *   arrives, then the live content in its place.
 * The page's code stays out of the first-load JavaScript (DESIGN.md §4).
 */
interface Tracked<T> extends Promise<T> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
}

export function preload<T>(load: () => Promise<T>): Promise<T> {
  const promise = load() as Tracked<T>;
  promise.status = 'pending';
  promise.then(
    (value) => {
      promise.status = 'fulfilled';
      promise.value = value;
    },
    () => {
      promise.status = 'rejected';
    },
  );
  return promise;
}

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

const settled = <T,>(module: Promise<T>): T | undefined => {
  const tracked = module as Tracked<T>;
  return tracked.status === 'fulfilled' ? tracked.value : undefined;
};

export function Preloaded<T>({ module, render }: { module: Promise<T>; render(loaded: T): ReactNode }) {
  // As components/ui/use-hydrated.ts; not imported, so that small module is not split out of the
  // first-load chunk it lives in (route chunks importing it would make it a chunk of its own).
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [loaded, setLoaded] = useState(() => settled(module));
  // Decided at the first render: hydrating server HTML without the code keeps that HTML as it is.
  const [frozen] = useState(() => !hydrated && loaded === undefined);

  useEffect(() => {
    if (loaded === undefined) void module.then(setLoaded);
  }, [module, loaded]);

  if (loaded !== undefined) return <div className="contents">{render(loaded)}</div>;
  if (frozen) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string; keeps the server-rendered DOM as it is.
    return <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  }
  return <div className="contents" aria-busy="true" />;
}
