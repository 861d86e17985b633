import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../src/domain/catalog/not-found.ts';
import { SERVICE_SEARCH_MESSAGES } from '../src/domain/catalog/service-search.ts';
import { telHref } from '../src/domain/config/navigation.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../src/domain/config/site.ts';
import { fetchServices } from './support/api.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, hrefsOf, pathOf, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/** Chromium logs the document's own 404 status as a console error; that is the point here. */
const DOCUMENT_404 = [/Failed to load resource: the server responded with a status of 404/];

/** The robots tags of the page's head. */
const robotsOf = (page: Page) =>
  page.locator('head meta[name="robots"]').evaluateAll((tags) => tags.map((t) => t.getAttribute('content')));

/** Opens `path` without JavaScript (what the server answered): a noindex 404 titled `title`. */
async function openNotFound(path: string, title: string): Promise<Page> {
  const { page } = await e2e.noJavaScript({ allowConsoleErrors: DOCUMENT_404 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  expect(await page.title()).toBe(title);
  expect(await robotsOf(page)).toEqual(['noindex, follow']);
  return page;
}

/** What every not-found answer offers: the service search and the list of services. */
async function expectWaysOn(page: Page): Promise<void> {
  const services = await fetchServices(e2e.baseURL);
  const main = page.getByRole('main');
  const search = main.getByRole('search', { name: 'Services' });
  await expectVisible(search.getByRole('searchbox', { name: 'Find a service' }));
  const all = main.getByRole('navigation', { name: NOT_FOUND_MESSAGES.allServices });
  const paths = (await hrefsOf(all.getByRole('link'))).map((h) => pathOf(h, e2e.baseURL));
  expect(paths, 'every service, each to its page').toEqual(services.map((s) => `/${s.slug}`));
  const browse = main.getByRole('link', { name: NOT_FOUND_MESSAGES.browseServices });
  expect(pathOf(await browse.getAttribute('href'), e2e.baseURL)).toBe(ROUTES.SERVICES);
}

describe('not-found page', () => {
  it('answers HTTP 404 with a noindex page about the address asked for, that links home', async () => {
    const { page } = await e2e.desktop({ allowConsoleErrors: DOCUMENT_404 });
    const response = await page.goto('/no-such-page-xyz');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await page.title()).toBe('Page not found | SevaDocs');
    expect(await robotsOf(page)).toEqual(['noindex, follow']);
    await expectVisible(page.getByRole('heading', { level: 1, name: NOT_FOUND_MESSAGES.page.heading }));
    await expectVisible(page.getByText(NOT_FOUND_MESSAGES.page.lead('/no-such-page-xyz')));
    expect(await page.getByText(/don't offer/).count(), 'not about a service').toBe(0);
    expect(await page.getByText('Error Page', { exact: true }).count(), 'a 404 is not a crash').toBe(0);
    await expectWaysOn(page);
    await waitForHydration(page);

    const home = page.getByRole('main').getByRole('link', { name: /home/i });
    await expectVisible(home.first());
    expect(pathOf(await home.first().getAttribute('href'), e2e.baseURL)).toBe('/');
    await home.first().click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await expectVisible(page.getByRole('heading', { level: 1 }));
  });

  it('says a known service has no such package, and links to its packages', async () => {
    const page = await openNotFound('/oci-card/no-such-package', 'Package not found | SevaDocs');
    await expectVisible(page.getByRole('heading', { level: 1, name: NOT_FOUND_MESSAGES.package.heading('OCI Card') }));
    await expectVisible(page.getByText(NOT_FOUND_MESSAGES.package.lead('OCI Card', '/oci-card/no-such-package')));
    const packages = page.getByRole('main').getByRole('link', { name: NOT_FOUND_MESSAGES.package.action('OCI Card') });
    expect(pathOf(await packages.getAttribute('href'), e2e.baseURL)).toBe('/oci-card');
    await expectWaysOn(page);
  });

  it('says we do not offer a service at an address that names services, and suggests them', async () => {
    const page = await openNotFound('/indian-visas/us', 'Service not found | SevaDocs');
    await expectVisible(page.getByRole('heading', { level: 1, name: NOT_FOUND_MESSAGES.service.heading }));
    const suggested = page.getByRole('navigation', { name: NOT_FOUND_MESSAGES.service.suggestions });
    expect(pathOf(await suggested.getByRole('link').first().getAttribute('href'), e2e.baseURL)).toBe('/indian-visa');
    await expectWaysOn(page);
  });

  it('answers any deeper unknown path the same way, and searches services without JavaScript', async () => {
    const page = await openNotFound('/some/deep/unknown/path', 'Page not found | SevaDocs');
    await expectWaysOn(page);

    const box = page.getByRole('searchbox', { name: 'Find a service' });
    await box.fill('passport renewal');
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === ROUTES.SERVICES && url.searchParams.get('q') === 'passport renewal',
    );
    // The result: the matching services first, and not a page of its own for search engines.
    expect(await robotsOf(page)).toEqual(['noindex, follow']);
    const first = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).first();
    expect(await first.textContent()).toBe('Indian Passport Renewal');
    await expectVisible(page.getByText(/services? match(es)? “passport renewal”\./));
  });

  it("on a phone, shows the search field's whole hint beside a Search button of icon alone", async () => {
    const { page } = await e2e.mobile({ allowConsoleErrors: DOCUMENT_404 });
    await page.goto('/no-such-page-xyz');
    const search = page.getByRole('main').getByRole('search', { name: 'Services' });
    const box = search.getByRole('searchbox', { name: 'Find a service' });
    await expectVisible(box);
    // Typed into the field, the hint's words must not scroll: Chromium clips a search field's
    // hint where it would clip the same text typed.
    const hint = await box.getAttribute('placeholder');
    expect(hint).toBe(SERVICE_SEARCH_MESSAGES.hint);
    await box.fill(hint as string);
    const widths = await box.evaluate((input: HTMLInputElement) => ({
      text: input.scrollWidth,
      room: input.clientWidth,
    }));
    expect(widths.text, 'the hint fits the field').toBeLessThanOrEqual(widths.room);
    const button = search.getByRole('button', { name: SERVICE_SEARCH_MESSAGES.submit });
    await expectVisible(button);
    const target = await button.boundingBox();
    expect(target?.width, 'still a finger-sized target').toBeGreaterThanOrEqual(44);
    expect(target?.height, 'still a finger-sized target').toBeGreaterThanOrEqual(44);
  });

  it('answers a JSON 404 envelope for an unknown API path, never the HTML page', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${e2e.baseURL}/api/v1/whatever`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      expect(response.status, `${method} /api/v1/whatever`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ isSuccess: false, statusCode: 404, data: null });
      expect(typeof body.message === 'string' && body.message.length > 0, 'a message').toBe(true);
    }
  });
});

describe('error boundary', () => {
  it("shows 'Error Page' when a page crashes", async () => {
    const { page, errors } = await e2e.desktop({ allowConsoleErrors: [/./] });
    const response = await page.goto('/dev/crash');
    expect(response?.status(), 'a crash is not a success').toBe(500);
    const heading = page.getByRole('heading', { name: 'Error Page', exact: true });
    await expectVisible(heading);
    expect((await heading.textContent())?.trim()).toBe('Error Page');
    // Titled as what it is, not as the home page (the root's title), in the tab and in the history.
    expect(await page.title()).toBe('Error Page | SevaDocs');
    await expectVisible(page.getByRole('link', { name: /home/i }).first());
    // The page stays in the site's frame: the header's way on, and the help to call or write.
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: DEFAULT_CONTACT.tollFreeNumber }).getAttribute('href')).toBe(
      telHref(DEFAULT_CONTACT.tollFreeNumber),
    );
    expect(await main.getByRole('link', { name: DEFAULT_CONTACT.supportEmail }).getAttribute('href')).toBe(
      `mailto:${DEFAULT_CONTACT.supportEmail}`,
    );
    expect(await main.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/dev/crash');
    await waitForHydration(page);
    // Still the boundary after hydration, and the crash was reported in the console.
    await expectVisible(heading);
    await expectVisible(page.getByRole('navigation', { name: 'Main' }));
    await poll(() => errors.length, 'the crash is logged as a console error').toBeGreaterThan(0);
  });
});
