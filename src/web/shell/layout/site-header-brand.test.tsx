// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import { SiteHeader } from './site-header.tsx';

const config = { blogUrl: 'https://blog.example.com' } as PublicConfig;

/** The header's logo link as the server draws it at `path`. */
function logoAt(path: string) {
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader config={config} services={[]} menu={[]} />
    </MemoryRouter>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  const logo = container.querySelector('header a[href="/"]');
  return { label: logo?.getAttribute('aria-label'), text: logo?.textContent };
}

describe('the header logo names the brand of the page', () => {
  it('says SevaDocs on the documents pages and goes home', () => {
    expect(logoAt('/')).toEqual({ label: 'SevaDocs home', text: 'SevaDocs' });
    expect(logoAt('/services/oci-card')).toEqual({ label: 'SevaDocs home', text: 'SevaDocs' });
  });

  it('says SevaPhotos on the pages under /photos, with the visible name in the accessible one, and still goes home', () => {
    for (const path of ['/photos', '/photos/photo-order', '/photo-payment-success?orderId=PHO-1001']) {
      expect(logoAt(path)).toEqual({ label: 'SevaPhotos by SevaDocs: home', text: 'SevaPhotos' });
    }
    // Not a prefix match: a page whose name only starts with "photos" is SevaDocs'.
    expect(logoAt('/photoshop-tips').text).toBe('SevaDocs');
  });
});
