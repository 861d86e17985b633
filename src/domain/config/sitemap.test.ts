import { describe, expect, it } from 'vitest';
import { NOINDEX_PAGES, ROBOTS, robotsFor, SITEMAP_PAGES } from './sitemap.ts';

describe('robots tags and the sitemap', () => {
  it('keeps sign-in, sign-up and the campaign thank-you page out of search: noindex and not in the sitemap', () => {
    for (const path of ['/signin', '/signup', '/indiavisacampaign/thank-you']) {
      expect(NOINDEX_PAGES).toContain(path);
      expect(SITEMAP_PAGES).not.toContain(path);
      expect(robotsFor(path)).toBe('noindex, follow');
      expect(robotsFor(`${path}/`), 'with a trailing slash').toBe('noindex, follow');
      expect(robotsFor(path.toUpperCase()), 'in capitals').toBe('noindex, follow');
    }
    for (const path of NOINDEX_PAGES) expect(SITEMAP_PAGES).not.toContain(path);
  });

  it('indexes the other pages unless the answer is not the page itself (a 404, an error, a search)', () => {
    expect(robotsFor('/')).toBe(ROBOTS.index);
    expect(robotsFor('/services')).toBe('index, follow');
    expect(robotsFor('/photos')).toBe('index, follow');
    expect(SITEMAP_PAGES, 'the SevaPhotos landing page').toContain('/photos');
    expect(robotsFor('/services', false)).toBe('noindex, follow');
    expect(robotsFor('/no-such-page', false)).toBe('noindex, follow');
  });
});
