// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import { installBrowserStubs } from '../../testing/dom.tsx';
import type { SiteHeader as SiteHeaderType } from './site-header.tsx';

beforeAll(installBrowserStubs);
afterEach(() => {
  document.body.innerHTML = '';
  vi.doUnmock('../deferred.ts');
  vi.resetModules();
});

const config = { blogUrl: 'https://blog.example.com' } as PublicConfig;
const user = { id: 7, name: 'Asha Rao', email: 'asha@example.com' };

/** The signed-in controls as their code draws them (the real ones have their own tests). */
function Controls() {
  return (
    <button type="button" aria-label="Notifications">
      bell
    </button>
  );
}

/**
 * site-header.tsx afresh, with the signed-in controls' code loading as `load` says, and the
 * router of the same module graph.
 */
async function siteHeader(load: () => Promise<{ default: typeof Controls }>) {
  vi.resetModules();
  vi.doMock('../deferred.ts', async (original) => ({
    ...(await original<typeof import('../deferred.ts')>()),
    loadHeaderAccount: load,
  }));
  const { SiteHeader } = await import('./site-header.tsx');
  const { MemoryRouter } = await import('react-router');
  return { SiteHeader: SiteHeader as typeof SiteHeaderType, MemoryRouter };
}

let renderAgain = () => {};

/** The header under a parent that renders again on `renderAgain()`. */
function Page({ SiteHeader, MemoryRouter }: Awaited<ReturnType<typeof siteHeader>>) {
  const [count, setCount] = useState(0);
  renderAgain = () => setCount(count + 1);
  return (
    <MemoryRouter>
      <SiteHeader config={config} services={[]} menu={[]} user={user} />
    </MemoryRouter>
  );
}

describe('SiteHeader, signed in, before the controls’ code has arrived', () => {
  it('keeps the controls the server drew when something above it renders again', async () => {
    const server = await siteHeader(async () => ({ default: Controls }));
    const serverTree = (
      <server.MemoryRouter>
        <server.SiteHeader config={config} services={[]} menu={[]} user={user} />
      </server.MemoryRouter>
    );
    // The server's HTML once the controls' code is there: renderToString draws the fallback until
    // the load it started has ended. (A streaming render that waits instead left the router's
    // context set in this one JavaScript realm, and the browser's renderer saw a router in a router.)
    let serverHtml = renderToString(serverTree);
    for (let tries = 0; !serverHtml.includes('Notifications') && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      serverHtml = renderToString(serverTree);
    }
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    // React puts the logo's preload in the document's head, which this page has not.
    for (const link of container.querySelectorAll(':scope > link')) link.remove();
    document.body.append(container);
    expect(container.querySelector('[aria-label="Notifications"]')).not.toBeNull();

    // In the browser: the code never arrives within this test.
    const client = await siteHeader(() => new Promise(() => {}));
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page {...client} />, { onRecoverableError: recoverable });
    });
    // An update outside a transition, as a store or a context above the header makes.
    await act(async () => renderAgain());
    expect(container.querySelector('[aria-label="Notifications"]'), 'the bell the server drew').not.toBeNull();
    expect(recoverable).not.toHaveBeenCalled();
  });
});
