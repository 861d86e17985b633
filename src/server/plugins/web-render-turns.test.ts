import { type AddressInfo, connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createContext, type ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContextValue } from '../../contracts/load-context.ts';
import { stubServerBuild } from '../test/server-build.ts';
import { registerWeb } from './web.ts';

/** A stand-in server build whose document handler counts its renders, each taking `renderMs` of CPU. */
function countingBuild(renderMs: number, onRender: () => void = () => {}) {
  const rendered: string[] = [];
  const appContext = createContext<AppContextValue>();
  const build = stubServerBuild({
    appContext,
    default: (request: Request, status: number, headers: Headers) => {
      rendered.push(new URL(request.url).search);
      onRender();
      const end = performance.now() + renderMs;
      while (performance.now() < end);
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response('<p>page</p>', { status, headers });
    },
  });
  return { build, rendered };
}

async function pageServer(build: ServerBuild): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('env', { PAGE_CACHE_SECONDS: 0, NODE_ENV: 'production', siteUrl: 'http://localhost' } as never);
  app.decorate('services', {} as never);
  app.decorateRequest('viewer', null);
  await app.register(registerWeb, { build, clientDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A connection to the server, accepted by it once `accepted` resolves; `answer` is what it read until closed. */
async function openConnection(app: FastifyInstance): Promise<{ socket: Socket; answer: Promise<string> }> {
  const { port } = app.server.address() as AddressInfo;
  const accepted = new Promise((resolve) => app.server.once('connection', resolve));
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  await accepted;
  return { socket, answer };
}

const getRequest = (path: string) => `GET ${path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('page renders wait for their turn', () => {
  // Requests sent at once on open connections are read in one turn of the event loop: the first
  // renders at once, the others wait for later turns.
  it('renders every waiting request, in arrival order', async () => {
    const { build, rendered } = countingBuild(5);
    app = await pageServer(build);
    const connections = [];
    for (let n = 1; n <= 4; n++) connections.push(await openConnection(app));
    for (const [i, { socket }] of connections.entries()) socket.write(getRequest(`/?n=${i + 1}`));
    for (const { answer } of connections) expect(await answer).toMatch(/^HTTP\/1.1 200 [\s\S]*<p>page<\/p>/);
    expect(rendered).toEqual(['?n=1', '?n=2', '?n=3', '?n=4']);
  });

  it('does not render for a visitor who left while waiting', async () => {
    const gone: Socket[] = [];
    // The visitors of the middle three requests leave while the first page renders.
    const { build, rendered } = countingBuild(20, () => {
      for (const socket of gone.splice(0)) socket.destroy();
    });
    app = await pageServer(build);
    const connections = [];
    for (let n = 1; n <= 5; n++) connections.push(await openConnection(app));
    gone.push(...connections.slice(1, 4).map((c) => c.socket));
    for (const [i, { socket }] of connections.entries()) socket.write(getRequest(`/?n=${i + 1}`));
    expect(await connections[0]?.answer).toMatch(/^HTTP\/1.1 200 [\s\S]*<p>page<\/p>/);
    expect(await connections[4]?.answer).toMatch(/^HTTP\/1.1 200 [\s\S]*<p>page<\/p>/);
    // The request next in line may get its turn before the server reads that its visitor left;
    // the ones after it do not render.
    expect(rendered[0]).toBe('?n=1');
    expect(rendered.at(-1)).toBe('?n=5');
    expect(rendered).not.toContain('?n=3');
    expect(rendered).not.toContain('?n=4');
  });
});
