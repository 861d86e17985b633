// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_POPUP_DISMISSED_KEY } from '../../../domain/marketing/home-popup.ts';
import type { Banner } from '../../../domain/marketing/marketing.ts';
import { BannerPopup } from './banner-popup.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const banner: Banner = {
  id: 1,
  bannerImage: 'banners/oci-family-season.svg',
  altText: 'Visiting India this winter? Get your family’s OCI cards ready.',
  link: '/oci-card',
  buttonText: 'Start your OCI application',
};

let root: Root | undefined;

function mount(value: Banner | null) {
  const container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <a href="/services">Services</a>
          <button type="button">Copy the number</button>
          <BannerPopup banner={value} />
        </>
      ),
    },
  ]);
  root = createRoot(container);
  act(() => root?.render(<RouterProvider router={router} />));
}

const dialog = () => document.querySelector('[role="dialog"]');
/** Clicks the popup's X. */
const closeWithX = () => act(() => dialog()?.querySelector<HTMLButtonElement>('button[aria-label="Close"]')?.click());

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  // Loaded once here, so the popup's own dynamic import resolves at once under fake timers.
  await import('./banner-popup-dialog.tsx');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('home banner popup (SPEC.md §2)', () => {
  it('opens 2 s after load with the first banner’s image and its button, and closes itself 20 s later', async () => {
    mount(banner);
    await advance(1999);
    expect(dialog()).toBeNull();
    await advance(1);
    expect(dialog()).not.toBeNull();
    const image = dialog()?.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/banners/oci-family-season.svg');
    expect(image?.getAttribute('alt')).toBe(banner.altText);
    const button = [...(dialog()?.querySelectorAll('a') ?? [])].find((a) => a.textContent === banner.buttonText);
    expect(button?.getAttribute('href')).toBe('/oci-card');
    await advance(19_999);
    expect(dialog()).not.toBeNull();
    await advance(1);
    expect(dialog()).toBeNull();
  });

  it('closes with the X button', async () => {
    mount(banner);
    await advance(2000);
    const close = dialog()?.querySelector<HTMLButtonElement>('button[aria-label="Close"]');
    expect(close).toBeTruthy();
    act(() => close?.click());
    expect(dialog()).toBeNull();
  });

  it('shows no button when the banner has no link', async () => {
    mount({ ...banner, link: null });
    await advance(2000);
    expect(dialog()?.querySelector('img')).not.toBeNull();
    expect(dialog()?.querySelectorAll('a')).toHaveLength(0);
  });

  it('never appears without a banner', async () => {
    mount(null);
    await advance(60_000);
    expect(dialog()).toBeNull();
  });

  it('stays closed for the rest of the browser session once the visitor closed it', async () => {
    mount(banner);
    await advance(2000);
    closeWithX();
    expect(sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY)).not.toBeNull();
    // The next visit of the home page in the same session (a new page load: a new mount).
    act(() => root?.unmount());
    document.body.innerHTML = '';
    mount(banner);
    await advance(60_000);
    expect(dialog()).toBeNull();
  });

  it('stays closed for the session after closing itself, too', async () => {
    mount(banner);
    await advance(2000);
    expect(dialog()).not.toBeNull();
    await advance(20_000);
    expect(dialog()).toBeNull();
    expect(sessionStorage.getItem(HOME_POPUP_DISMISSED_KEY)).not.toBeNull();
  });

  it('gives the focus back to what had it before it opened', async () => {
    mount(banner);
    const copy = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Copy the number');
    copy?.focus();
    await advance(2000);
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    closeWithX();
    await advance(1);
    expect(document.activeElement).toBe(copy);
  });

  it('gives the focus to the page’s first focusable element when nothing had it', async () => {
    mount(banner);
    expect(document.activeElement).toBe(document.body);
    await advance(2000);
    closeWithX();
    await advance(1);
    expect(document.activeElement?.textContent).toBe('Services');
  });
});
