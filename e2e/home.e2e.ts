import { describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, formatPageWeight, measurePageWeight } from '../bench/page-weight.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../src/domain/config/site.ts';
import { fetchServices, fetchSitemapUrls } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, pathOf, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/** SPEC.md §1: the company's own claims, as a reader would find them in the page text. */
const CLAIMS: [string, RegExp][] = [
  ['founded in 2020', /\b2020\b/],
  ['over 15,000 applications', /15,000\+/],
  ['98% approval', /\b98\s?%/],
  ['rated 4.9 stars', /\b4\.9\b/],
  ['5 years experience', /\b5\+?\s*years?\b/i],
  ['100% on-time delivery', /\b100\s?%/],
  ['16.6k group members', /\b16\.6\s?k\b/i],
];

/** SPEC.md §1 payment badges (text alternatives of the badge images). */
const PAYMENT_BADGES: [string, RegExp][] = [
  ['Visa', /^visa$/i],
  ['Mastercard', /mastercard/i],
  ['American Express', /american express|amex/i],
  ['UPI', /\bupi\b/i],
  ['a wallet app', /apple pay|google pay|paypal|wallet|venmo|paytm|phonepe/i],
  ['the secure-website badge', /secure/i],
  ['the star rating', /star|rated/i],
];

describe('home page rendered on the server (JavaScript disabled)', () => {
  it('answers 200 with the hero, the services grid from the database, the claims, support and payment badges', async () => {
    const services = await fetchServices(e2e.baseURL);
    const { page } = await e2e.noJavaScript();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(
      await page.evaluate(() => typeof (window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
    ).toBe('undefined'); // proves scripts really did not run

    const heroes = page.getByRole('heading', { level: 1 });
    expect(await heroes.count(), 'exactly one h1 (the hero)').toBe(1);
    await expectVisible(heroes);
    expect((await heroes.textContent())?.trim() ?? '').not.toBe('');

    const main = page.getByRole('main');
    for (const service of services) {
      const links = main.getByRole('link', { name: service.name });
      const paths = (await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')))).map((href) =>
        pathOf(href, e2e.baseURL),
      );
      expect(paths, `services grid: a link named "${service.name}" to /${service.slug}`).toContain(`/${service.slug}`);
    }

    // The text a reader sees (hidden nodes excluded), so innerText on purpose.
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = await page.locator('body').innerText();
    for (const [claim, pattern] of CLAIMS) {
      expect(text, `company claim "${claim}"`).toMatch(pattern);
    }

    // Support channels: toll-free number, messaging-app chat, e-mail.
    await expectVisible(page.getByRole('button', { name: DEFAULT_CONTACT.tollFreeNumber }).first());
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expectVisible(chat);
    expect(await chat.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/${DEFAULT_CONTACT.whatsappNumber}`));
    expect(
      await page.locator(`a[href^="mailto:${DEFAULT_CONTACT.supportEmail}"]`).count(),
      'a mailto link',
    ).toBeGreaterThan(0);

    for (const [badge, name] of PAYMENT_BADGES) {
      const visible = page.getByRole('img', { name }).filter({ visible: true });
      expect(await visible.count(), `a visible payment badge for ${badge}`).toBeGreaterThan(0);
    }
  });

  it('has exactly one canonical link (the site URL, without the query) and an index, follow robots tag', async () => {
    const { page } = await e2e.noJavaScript();
    for (const path of ['/', '/?utm_source=newsletter&ref=abc']) {
      await page.goto(path);
      const canonical = page.locator('head link[rel="canonical"]');
      expect(await canonical.count(), `canonical links on ${path}`).toBe(1);
      expect(await canonical.getAttribute('href')).toBe(`${e2e.baseURL}/`);
      const robots = page.locator('head meta[name="robots"]');
      expect(await robots.count(), `robots meta tags on ${path}`).toBe(1);
      expect(await robots.getAttribute('content')).toBe('index, follow');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt pointing at the sitemap', async () => {
    const response = await fetch(`${e2e.baseURL}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).not.toMatch(/^Disallow: \/$/m);
    expect(body).toContain(`Sitemap: ${e2e.baseURL}/sitemap.xml`);
  });

  it('serves sitemap.xml listing the home page and every service page', async () => {
    const services = await fetchServices(e2e.baseURL);
    const response = await fetch(`${e2e.baseURL}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const body = await response.text();
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${e2e.baseURL}/`);
    for (const service of services) expect(locs).toContain(`${e2e.baseURL}/${service.slug}`);
  });
});

describe('pages kept out of search engines', () => {
  it('marks sign-in, sign-up and the campaign thank-you page noindex, and leaves them out of the sitemap', async () => {
    const locs = await fetchSitemapUrls(e2e.baseURL);
    for (const path of [ROUTES.SIGN_IN, ROUTES.SIGN_UP, ROUTES.CAMPAIGN_THANK_YOU]) {
      const response = await fetch(`${e2e.baseURL}${path}`);
      expect(response.status, path).toBe(200);
      const robots = [...(await response.text()).matchAll(/<meta\b[^>]*\bname="robots"[^>]*>/g)].map((m) => m[0]);
      expect(robots, `robots meta of ${path}`).toEqual([expect.stringContaining('content="noindex, follow"')]);
      expect(locs, `sitemap.xml lists ${path}`).not.toContain(`${e2e.baseURL}${path}`);
    }
  });
});

describe('every page in the sitemap', () => {
  it('answers 200 on the server with its own canonical link and an index, follow robots tag', async () => {
    const locs = await fetchSitemapUrls(e2e.baseURL);
    for (const loc of locs) {
      const response = await fetch(loc);
      expect(response.status, loc).toBe(200);
      const html = await response.text();
      const canonicals = [...html.matchAll(/<link\b[^>]*\brel="canonical"[^>]*>/g)].map((m) => m[0]);
      expect(canonicals, `canonical links of ${loc}`).toHaveLength(1);
      expect(canonicals[0], `canonical of ${loc}`).toContain(`href="${loc}"`);
      const robots = [...html.matchAll(/<meta\b[^>]*\bname="robots"[^>]*>/g)].map((m) => m[0]);
      expect(robots, `robots meta of ${loc}`).toEqual([expect.stringContaining('content="index, follow"')]);
    }
  });

  it('loads at most 120 KB of JavaScript, gzipped, on first load (DESIGN.md §4); so do the sign-in pages', async () => {
    const pages = [
      ...(await fetchSitemapUrls(e2e.baseURL)),
      ...[ROUTES.SIGN_IN, ROUTES.SIGN_UP, ROUTES.FORGOT_PASSWORD].map((p) => `${e2e.baseURL}${p}`),
    ];
    const over: string[] = [];
    const streamed: string[] = [];
    for (const url of pages) {
      const weight = await measurePageWeight(url);
      // A page whose scripts were not found would weigh nothing and pass: each page has some.
      expect(weight.scripts.length, `scripts of ${url}`).toBeGreaterThan(2);
      if (!weight.withinBudget) over.push(formatPageWeight(weight));
      // The loader data is written in place, not streamed after the shell as a boundary of its own
      // with React's reveal scripts, whatever the machine's timing (decision 0139).
      const html = await (await fetch(url, { headers: BROWSER_HEADERS })).text();
      if (STREAMED_LOADER_DATA.test(html)) streamed.push(url);
    }
    expect(over).toEqual([]);
    expect(streamed).toEqual([]);
  });
});

/** React Router's loader data in a hidden segment: the shell went out before it (decision 0139). */
const STREAMED_LOADER_DATA =
  /<div hidden id="S:\d+"><script[^>]*>window\.__reactRouterContext\.streamController\.enqueue/;

describe('typeface', () => {
  it('ships Inter from the site: its Latin subset preloaded, swapped in (font-display: swap) and used by the text', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/');
    const preload = page.locator('head link[rel="preload"][as="font"]');
    expect(await preload.count(), 'one preloaded font').toBe(1);
    const href = (await preload.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    expect(await preload.getAttribute('type')).toBe('font/woff2');
    expect(await preload.getAttribute('crossorigin'), 'a font preload must be CORS to be used').toBe('anonymous');

    const font = await fetch(`${e2e.baseURL}${href}`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(font.headers.get('cache-control')).toContain('immutable');

    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((f) => ({ family: f.family, display: f.display, status: f.status }));
    });
    const inter = faces.filter((f) => f.family.replace(/"/g, '') === 'Inter Variable');
    expect(inter.length, '@font-face rules for Inter').toBeGreaterThan(0);
    expect(new Set(inter.map((f) => f.display))).toEqual(new Set(['swap']));
    expect(
      inter.some((f) => f.status === 'loaded'),
      'the Latin subset loaded',
    ).toBe(true);
    const family = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
    expect(family.replace(/"/g, '')).toMatch(/^Inter Variable,/);
    expect(await page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', 'SevaDocs'))).toBe(true);
  });
});

describe('accessibility of the home page (axe)', () => {
  it('has no serious or critical violation on a 1440 px desktop', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/');
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical violation on a 390 px phone', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/');
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
