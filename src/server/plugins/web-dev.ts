import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';

/** What `npm run dev` hands the web plugin instead of a built app. */
export interface DevWeb {
  /** The server build, freshly imported through Vite's SSR runner, so edits apply without a restart. */
  build: () => Promise<ServerBuild>;
  /** Vite's middlewares: modules, styles, public files and HMR; `next` for everything else. */
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  close: () => Promise<void>;
}

const SERVER_BUILD_ID = 'virtual:react-router/server-build';

/**
 * Vite in middleware mode inside our own server (docs/decisions/0031): the same Fastify app,
 * API and sessions as `npm start`, with the web app transformed on demand and hot-reloaded.
 * Imported only when NODE_ENV=development, so production never loads Vite.
 */
export async function createDevWeb(): Promise<DevWeb> {
  const { createServer, isRunnableDevEnvironment } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) {
    await vite.close();
    throw new Error('Vite has no runnable SSR environment: npm run dev needs the React Router Vite plugin');
  }
  return {
    build: () => ssr.runner.import(SERVER_BUILD_ID) as Promise<ServerBuild>,
    middleware: vite.middlewares,
    close: () => vite.close(),
  };
}
