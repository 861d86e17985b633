import type { ComponentType } from 'react';
import { type LazyPartOptions, lazyPart } from './lazy-part.tsx';

/**
 * A page component loaded after the first paint together with TanStack Query and its provider
 * (about 8 KB gzipped): a signed-in page whose data loads in the browser keeps its first load
 * within the budget (DESIGN.md §4) when both come with its own chunk. A tap made before it is
 * live is held and made again (`lazyPart`). A route's page, which every visit renders: its code
 * starts loading as the route's module runs (`early`, decision 0140), unless the route says not.
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { early = true }: LazyPartOptions = {},
) {
  return lazyPart<P>(
    async () => {
      const [Page, { QueryProvider }] = await Promise.all([load(), import('./query-client.tsx')]);
      // biome-ignore lint/correctness/noComponentHookFactories: lazyPart's loader runs once per page: one stable component.
      return function WithQueries(props: P) {
        return (
          <QueryProvider>
            <Page {...props} />
          </QueryProvider>
        );
      };
    },
    { early },
  );
}
