import type { ServerBuild } from 'react-router';
import type { AppContextValue } from '../../contracts/load-context.ts';

/**
 * A stand-in for the web app's document handler (entry.server.tsx's default): the request, the
 * status and headers React Router chose, its entry context, and the load context the server set
 * (whose `get` with the build's `appContext` key gives the page handler's context value).
 */
export type StubDocumentHandler = (
  request: Request,
  status: number,
  headers: Headers,
  entryContext: unknown,
  load: { get: (key: unknown) => AppContextValue },
) => Response | Promise<Response>;

/**
 * A stand-in React Router server build for tests of the page handler: one root route and the
 * given entry module, whose `default` (the document handler) answers every render.
 */
export function stubServerBuild(entry: { appContext: unknown; default: StubDocumentHandler }): ServerBuild {
  return {
    entry: { module: entry },
    routes: { root: { id: 'root', path: '', module: { default: () => null } } },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: '/nonexistent',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial' },
    basename: '/',
  } as unknown as ServerBuild;
}
