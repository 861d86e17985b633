// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import { PLATFORMS } from '../../../domain/config/platform.ts';
import { cleanupAfterEach, renderWithRouter } from '../../testing/dom.tsx';
import { FOOTER_TAGLINES, SiteFooter } from './site-footer.tsx';
import { SiteLayout } from './site-layout.tsx';
import { BANNER_INVITATIONS } from './toll-free-banner.tsx';

cleanupAfterEach();

const config = {
  blogUrl: 'https://blog.example.com',
  tollFreeNumber: '1-800-555-0199',
  supportEmail: 'support@sevadocs.example',
  whatsappNumber: '+15555550199',
} as PublicConfig;

/** The footer as the server draws it for `platform`: its logo link and the line under it. */
function footerOf(platform?: (typeof PLATFORMS)[keyof typeof PLATFORMS]) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <MemoryRouter>
      <SiteFooter config={config} {...(platform ? { platform } : {})} />
    </MemoryRouter>,
  );
  const logo = container.querySelector('footer a[href="/"]');
  return {
    label: logo?.getAttribute('aria-label'),
    text: logo?.textContent,
    tagline: logo?.nextElementSibling?.textContent,
  };
}

describe('the footer and the banner name the brand of the page (decision 0193)', () => {
  it('says SevaDocs and what it does by default, SevaPhotos and what it does on its pages', () => {
    expect(footerOf()).toEqual({
      label: 'SevaDocs home',
      text: 'SevaDocs',
      tagline:
        'Consular paperwork for the Indian diaspora in the USA and Canada, prepared and checked by specialists since 2020.',
    });
    expect(footerOf(PLATFORMS.photos)).toEqual({
      label: 'SevaPhotos by SevaDocs: home',
      text: 'SevaPhotos',
      tagline: FOOTER_TAGLINES[PLATFORMS.photos],
    });
    expect(FOOTER_TAGLINES[PLATFORMS.photos]).toBe(
      "Passport, visa and OCI photos checked against each document's rules and printed, by the team behind SevaDocs since 2020.",
    );
  });

  it('invites questions about the application, or about the photos under /photos', async () => {
    expect(BANNER_INVITATIONS).toEqual({
      sevadocs: 'Questions about your application? Talk to a specialist.',
      sevaphotos: 'Questions about your photos? Talk to a specialist.',
    });
    for (const [path, words] of [
      ['/', BANNER_INVITATIONS.sevadocs],
      ['/photos', BANNER_INVITATIONS.sevaphotos],
    ] as const) {
      const view = renderWithRouter(
        <SiteLayout config={config} services={[]}>
          <p>page</p>
        </SiteLayout>,
        { path },
      );
      await act(async () => undefined);
      expect(screen.getByRole('complementary', { name: 'Toll-free support' }).textContent).toContain(words);
      view.unmount();
    }
  });
});
