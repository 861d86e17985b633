// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
  const router = createMemoryRouter([{ path: '/', element: <BannerPopup banner={value} /> }]);
  root = createRoot(container);
  act(() => root?.render(<RouterProvider router={router} />));
}

const dialog = () => document.querySelector('[role="dialog"]');

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
  document.body.innerHTML = '';
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
});
