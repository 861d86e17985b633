// Preloaded into the benchmarked server (`node --import ./bench/bare-route.ts src/server/server.ts`).
// It adds the ceiling route, a bare Fastify JSON route, to the real app in the same process,
// without any benchmark code in src/server: Fastify publishes every new instance on the
// `fastify.initialization` diagnostics channel. The route sits in the root context, so the
// global hooks (helmet, compression, request id, error handler) run for it as for the API.
import { subscribe } from 'node:diagnostics_channel';

interface FastifyLike {
  get(path: string, options: { schema: { hide: boolean } }, handler: () => Promise<unknown>): unknown;
}

let registered = false;
subscribe('fastify.initialization', (message) => {
  if (registered) return;
  registered = true;
  const { fastify } = message as { fastify: FastifyLike };
  fastify.get('/__bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));
});
