import { type ComponentType, lazy } from 'react';
import { useHydrated } from '../components/ui/use-hydrated.ts';

/**
 * A page component loaded after the first paint together with TanStack Query and its provider
 * (about 8 KB gzipped): a signed-in page whose data loads in the browser keeps its first load
 * within the budget (DESIGN.md §4) when both come with its own chunk.
 *
 * The server renders it into the document, but its buttons do nothing until its chunk has
 * arrived and React has hydrated it: React does not replay a click made on server HTML whose
 * code is still loading, so a quick tap on "Download my data" on a slow phone was lost. Until
 * then the part is `inert` (no click, no focus); the browser's own hit-testing skips it, so a
 * tap lands nowhere rather than on a control that ignores it.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page, { QueryProvider }] = await Promise.all([load(), import('./query-client.tsx')]);
    // biome-ignore lint/correctness/noComponentHookFactories: lazy() runs this once per page, at its first render: one stable component.
    function WithQueries(props: P) {
      const live = useHydrated();
      return (
        <div className="contents" inert={!live}>
          <QueryProvider>
            <Page {...props} />
          </QueryProvider>
        </div>
      );
    }
    return { default: WithQueries };
  });
}
