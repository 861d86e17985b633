import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

interface StaticIslandProps<P extends object> {
  /** The component itself on the server (imported there with a top-level await), else undefined. */
  server: ComponentType<P> | undefined;
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
 *
 * Only for content whose HTML does not depend on browser-only state.
 */
export function StaticIsland<P extends object>({ server: Server, client: Client, props }: StaticIslandProps<P>) {
  const hydrated = useHydrated();
  // Decided when the island first renders: one hydrated from server HTML stays frozen for good.
  const [frozen] = useState(!hydrated);
  if (Server) {
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
