import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';
import { preload } from 'react-dom';
import type { IslandHtml } from './island-html.ts';
import { useHydrated } from './use-hydrated.ts';

interface StaticIslandProps<P extends object> {
  /** The component itself on the server (imported there with a top-level await), else undefined. */
  server: ComponentType<P> | undefined;
  /** On the server: the content's HTML made earlier for these props (islandHtml), if there is one yet. */
  serverHtml?: ((props: P) => IslandHtml | undefined) | undefined;
  /** The same component loaded on demand in the browser. */
  client: LazyExoticComponent<ComponentType<P>>;
  props: P;
}

/**
 * A static island: content without interactivity (marketing sections, the footer) that the
 * server renders into the HTML but that costs no JavaScript on the first page load.
 *
 * - On the server, `server` renders normally.
 * - While the browser hydrates that HTML, the island keeps the server's DOM untouched: React does
 *   not hydrate the children of an element whose content is `dangerouslySetInnerHTML`, so the
 *   component's code is never needed. Its links stay ordinary links and in-page anchors work.
 * - When the island is first rendered in the browser instead (a client-side navigation), the
 *   `client` component is loaded and rendered normally.
 * - On the server, later renders may reuse the content's HTML made once (`serverHtml`, islandHtml).
 *
 * Only for content whose HTML depends on its props alone (no browser-only state, no location).
 */
export function StaticIsland<P extends object>({
  server: Server,
  serverHtml,
  client: Client,
  props,
}: StaticIslandProps<P>) {
  const hydrated = useHydrated();
  // Decided when the island first renders: one hydrated from server HTML stays frozen for good.
  const [frozen] = useState(!hydrated);
  if (Server) {
    const made = serverHtml?.(props);
    if (made !== undefined) return <KeptIslandHtml made={made} />;
    return (
      <div className="contents">
        <Server {...props} />
      </div>
    );
  }
  if (frozen) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string; keeps the server-rendered DOM as it is.
    return <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  }
  return (
    <div className="contents">
      <Suspense>
        <Client {...props} />
      </Suspense>
    </div>
  );
}

/** On the server: an island's content made earlier (islandHtml), its image preloads handed back to React's head. */
export function KeptIslandHtml({ made }: { made: IslandHtml }) {
  for (const { href, options } of made.preloads) preload(href, options);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of this component (islandHtml).
  return <div className="contents" dangerouslySetInnerHTML={{ __html: made.html }} />;
}
