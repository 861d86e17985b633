import { type ComponentType, lazy } from 'react';

/**
 * A page component loaded after the first paint together with TanStack Query and its provider
 * (about 8 KB gzipped): a signed-in page whose data loads in the browser keeps its first load
 * within the budget (DESIGN.md §4) when both come with its own chunk.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page, { QueryProvider }] = await Promise.all([load(), import('./query-client.tsx')]);
    // biome-ignore lint/correctness/noComponentHookFactories: lazy() runs this once per page, at its first render: one stable component.
    function WithQueries(props: P) {
      return (
        <QueryProvider>
          <Page {...props} />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });
}
