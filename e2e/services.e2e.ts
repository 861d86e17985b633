import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney, type Money } from '../src/domain/catalog/money.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { fetchSitemapUrls } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

interface ListedService {
  name: string;
  slug: string;
  summary: string;
  fromPrice: Money | null;
}

/** The seeded catalog as the API lists it, with the "from" prices. */
async function catalog(): Promise<ListedService[]> {
  const response = await fetch(`${e2e.baseURL}/api/v1/services?page=1&limit=100`);
  expect(response.status).toBe(200);
  const services = ((await response.json()) as { data: { results: ListedService[] } }).data.results;
  expect(services.length, 'the seeded catalog lists no services').toBeGreaterThan(0);
  return services;
}

/** Each service card of the list: its link's name and address, and the card's text. */
function cards(page: Page) {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }).getByRole('link') })
    .evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('h2 a');
        return {
          name: link?.textContent?.trim() ?? '',
          href: link?.getAttribute('href') ?? '',
          // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
          text: (item as HTMLElement).innerText.replace(/\s+/g, ' '),
        };
      }),
    );
}

describe('/services (SPEC.md §2 other routes used)', () => {
  it('lists every service with its summary, its "from" price and a link to its page, rendered on the server', async () => {
    const services = await catalog();
    const { page } = await e2e.noJavaScript();
    const response = await page.goto(ROUTES.SERVICES);
    expect(response?.status()).toBe(200);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Services and prices' }));
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toMatch(/^Services and prices: .* \| SevaDocs$/);

    const listed = await cards(page);
    expect(listed.map((c) => [c.name, c.href])).toEqual(services.map((s) => [s.name, `/${s.slug}`]));
    for (const [i, service] of services.entries()) {
      const card = listed[i];
      expect(card?.text, service.name).toContain(service.summary);
      if (service.fromPrice) expect(card?.text, service.name).toContain(`From ${formatMoney(service.fromPrice)}`);
      else expect(card?.text, service.name).toContain('Priced on request');
    }
    // The seeded catalog prices every service in US dollars ('From $102.90').
    expect(listed.every((c) => /From \$\d/.test(c.text))).toBe(true);

    // Canonical and robots like every public page, and ItemList structured data.
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${e2e.baseURL}/services`);
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('index, follow');
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? 'null') as Record<string, unknown>));
    const list = blocks.find((b) => b['@type'] === 'ItemList') as
      | { numberOfItems: number; itemListElement: { position: number; item: Record<string, unknown> }[] }
      | undefined;
    expect(list?.numberOfItems).toBe(services.length);
    expect(list?.itemListElement.map((e) => [e.position, e.item.name, e.item.url])).toEqual(
      services.map((s, i) => [i + 1, s.name, `${e2e.baseURL}/${s.slug}`]),
    );
    for (const [i, service] of services.entries()) {
      expect(list?.itemListElement[i]?.item.offers).toEqual(
        service.fromPrice
          ? {
              '@type': 'AggregateOffer',
              lowPrice: (service.fromPrice.amountCents / 100).toFixed(2),
              priceCurrency: service.fromPrice.currency,
            }
          : undefined,
      );
    }
  });

  it('is in the sitemap', async () => {
    expect(await fetchSitemapUrls(e2e.baseURL)).toContain(`${e2e.baseURL}/services`);
  });

  it('is linked from the home services grid and the Services dropdown, and renders after a client-side navigation', async () => {
    const services = await catalog();
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.HOME);
    await waitForHydration(page);
    const fromGrid = page.getByRole('region', { name: /Everything the consulate asks of you/ });
    expect(await fromGrid.getByRole('link', { name: 'All services and prices' }).getAttribute('href')).toBe(
      ROUTES.SERVICES,
    );

    await page.goto(ROUTES.ABOUT);
    await waitForHydration(page);
    const button = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Services', exact: true });
    // Hover opens it (a click after the hover would close it again).
    await button.hover();
    await poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const dropdown = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await dropdown.getByRole('link', { name: 'All services and prices' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.SERVICES);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Services and prices' }));
    await poll(async () => (await cards(page)).length).toBe(services.length);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('has no serious or critical axe violation on a 1440 px desktop', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.SERVICES);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fits a 390 px phone without sideways scrolling, with no serious or critical axe violation', async () => {
    const { page } = await e2e.mobile();
    await page.goto(ROUTES.SERVICES);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
