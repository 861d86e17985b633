/**
 * Helpers for component tests under jsdom (`// @vitest-environment jsdom`): the browser APIs
 * jsdom lacks, a fake API answering by method and path, and rendering inside a router with the
 * toaster mounted so toasts can be asserted by their text.
 */
import { cleanup, configure, render } from '@testing-library/react';
import { createContext, type ReactNode, useContext } from 'react';
import { createRoutesStub } from 'react-router';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { forgetBrowserQueryClient } from '../lib/query-client.tsx';
import { ToasterHost } from '../shell/toaster-host.tsx';

// findBy*/waitFor give up after this long. The default 1 s was too short for the first render of a
// file (lazy chunks, jsdom warming up) on a loaded 2-core machine; a passing wait ends as soon as it
// sees what it waits for, so a longer limit only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 5000 });

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
 * Every call is recorded in `calls`, whether made with a URL and options (apiCall) or a Request
 * (the typed client); an unknown route answers 404.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input), 'http://localhost');
    const method = (request?.method ?? init.method ?? 'GET').toUpperCase();
    const body = request ? await request.clone().text() : init.body;
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof body === 'string' && body ? JSON.parse(body) : undefined,
      headers: new Headers(request?.headers ?? init.headers),
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
export function renderWithRouter(
  ui: ReactNode,
  {
    path = '/',
    rootData,
    onLoad,
  }: {
    path?: string;
    rootData?: unknown;
    /** Called on each run of the stub's loader: a page that revalidates after a save runs it again. */
    onLoad?: () => void;
  } = {},
) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '*',
      loader: () => {
        onLoad?.();
        return rootData ?? { publicConfig: { recaptchaSiteKey: null }, user: null, navServices: [] };
      },
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

/** sonner removes a dismissed toast this long after its exit starts (its TIME_BEFORE_UNMOUNT). */
const TOAST_EXIT_MS = 200;

/**
 * Per test: quiet expected API warnings; afterwards unmount, restore fetch and clear storage.
 * After the file: wait out sonner's exit timers of toasts dismissed at the end of the last test,
 * which would otherwise fire after the DOM environment is gone ("window is not defined").
 */
export function cleanupAfterEach(): void {
  afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, TOAST_EXIT_MS + 50)));
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    // Each test is a fresh tab: no summary cached by the test before it.
    forgetBrowserQueryClient();
  });
}

/**
 * jsdom has no stylesheet: a bar marked data-sticky-actions is made sticky (as its classes make it
 * below the desk width) and every element `heightPx` high, for the chat button's lift
 * (chat-button-lift.ts). Answers the lift the root holds. Restored by vi.restoreAllMocks.
 */
export function stickyBarsOfHeight(heightPx: number): () => string {
  const computed = globalThis.getComputedStyle;
  vi.spyOn(globalThis, 'getComputedStyle').mockImplementation((element, pseudo) =>
    element.hasAttribute('data-sticky-actions')
      ? ({ position: 'sticky' } as CSSStyleDeclaration)
      : computed(element, pseudo),
  );
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(heightPx);
  return () => document.documentElement.style.getPropertyValue('--chat-fab-lift');
}
