/**
 * Helpers for component tests under jsdom (`// @vitest-environment jsdom`): the browser APIs
 * jsdom lacks, a fake API answering by method and path, and rendering inside a router with the
 * toaster mounted so toasts can be asserted by their text.
 */
import { cleanup, render } from '@testing-library/react';
import { createContext, type ReactNode, useContext } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { ToasterHost } from '../shell/toaster-host.tsx';

export function installBrowserStubs(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = { status?: number; body?: unknown } | 'network-error';
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/**
 * Replaces fetch: `routes['POST /api/v1/auth/signin'] = () => ({ status: 401, body: {...} })`.
 * Every call is recorded in `calls`; an unknown route answers 404.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler ? await handler(call) : { status: 404, body: envelope(404, 'Not found', null) };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(JSON.stringify(answer.body ?? envelope(status, 'OK', null)), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, routes };
}

export function envelope<T>(statusCode: number, message: string, data: T) {
  return { isSuccess: statusCode < 400, statusCode, message, data };
}

export const ok = <T,>(data: T, message = 'OK', status = 200) => ({ status, body: envelope(status, message, data) });
export const fail = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  body: { ...envelope(status, message, null), ...(errors ? { errors } : {}) },
});

const StubContent = createContext<ReactNode>(null);
const Nothing = () => null;
function StubRoot() {
  return (
    <>
      {useContext(StubContent)}
      <ToasterHost />
    </>
  );
}

/** Renders `ui` at `path` (with query) inside a router whose root route has loader data, with the toaster. */
export function renderWithRouter(ui: ReactNode, { path = '/', rootData }: { path?: string; rootData?: unknown } = {}) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '*',
      loader: () => rootData ?? { publicConfig: { recaptchaSiteKey: null }, user: null, navServices: [] },
      HydrateFallback: Nothing,
      Component: StubRoot,
    },
  ]);
  return render(
    <StubContent.Provider value={ui}>
      <Stub initialEntries={[path]} />
    </StubContent.Provider>,
  );
}

/** Per test: quiet expected API warnings; afterwards unmount, restore fetch and clear storage. */
export function cleanupAfterEach(): void {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });
}
