import { createContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '../../contracts/load-context.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { stubServerBuild } from '../test/server-build.ts';
import { PAGE_FAILED_LOG_MESSAGE } from './web.ts';

/**
 * The page handler gives the web app a `reportError` that puts a failure into the server's log:
 * one structured entry with the request's id and the error's stack, nothing on the console. A
 * stand-in build whose document handler reports a crash when asked (?crash), as the web app's
 * entry.server.tsx does for a render's error and a loader's (its own tests).
 */
const appContext = createContext<AppContextValue>();
const PUBLIC_PAGE = 'public, max-age=0, s-maxage=60, must-revalidate';
const build = stubServerBuild({
  appContext,
  default: (request, status, headers, _ctx, load) => {
    // What the web app's root route says for every anonymous page (root.tsx's headers).
    headers.set('cache-control', PUBLIC_PAGE);
    if (!new URL(request.url).searchParams.has('crash')) return new Response('page', { status, headers });
    load.get(appContext).reportError(new Error('a component crashed'));
    return new Response('Error Page', { status: 500, headers });
  },
});

type LogEntry = { level: number; msg: string; reqId?: string; err?: { message: string; stack: string } };
const logged: LogEntry[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
      web: { build, clientDir: '/nonexistent' },
    },
  );
});
afterAll(() => t.close());

describe('a page that fails on the server', () => {
  it('is logged once as an error with its request id and stack, and nothing goes to the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logged.length = 0;
      const response = await t.app.inject({ url: '/?crash' });
      expect(response.statusCode).toBe(500);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        level: 50,
        msg: PAGE_FAILED_LOG_MESSAGE,
        reqId: response.headers['x-request-id'],
        err: { message: 'a component crashed' },
      });
      expect(logged[0]?.err?.stack).toMatch(/^Error: a component crashed\n\s+at /);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('is kept by no cache, shared or private, where a page that renders may be shared', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await t.app.inject({ url: '/?crash' });
    vi.restoreAllMocks();
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/' })).headers['cache-control']).toBe(PUBLIC_PAGE);
  });

  it('logs nothing for a page that renders', async () => {
    logged.length = 0;
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(200);
    expect(logged).toEqual([]);
  });
});
