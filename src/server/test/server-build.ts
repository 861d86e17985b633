import type { ServerBuild } from 'react-router';

/**
 * A stand-in React Router server build for tests of the page handler: one root route and the
 * given entry module, whose `default` (the document handler) answers every render.
 */
export function stubServerBuild(entry: { appContext: unknown; default: (...args: never[]) => Response }): ServerBuild {
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
