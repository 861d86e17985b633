import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTOS_HREF } from '../src/domain/config/navigation.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { expectVisible, hrefsOf, poll, waitForHydration } from './support/page.ts';

/**
 * No link of the site leads to a 404 (issue 17): every link of the header, the footer and the
 * menus (the desktop Services dropdown, the mobile drawer with its Services list, the account
 * menus, signed out and signed in) and of the dashboard answers without a 4xx or 5xx. Links to
 * other sites are checked for their form only (this machine reaches no other site).
 */

const e2e = setupE2E();

/** Links of the site and links elsewhere, as the page holds them. */
interface Found {
  /** Same-origin paths (with query), each once. */
  internal: Set<string>;
  /** Everything else: other sites, mailto:, tel:. */
  external: Set<string>;
}

function found(): Found {
  return { internal: new Set(), external: new Set() };
}

async function collect(into: Found, links: Locator): Promise<void> {
  const origin = new URL(e2e.baseURL).origin;
  for (const href of await hrefsOf(links)) {
    expect(href, 'a link with an href').toBeTruthy();
    const url = new URL(href ?? '', e2e.baseURL);
    if (url.origin === origin) into.internal.add(`${url.pathname}${url.search}`);
    else into.external.add(url.href);
  }
}

/** Asks for every internal path with the context's cookies (a signed-in visitor's, say): none answers 4xx or 5xx. */
async function expectNoneBroken(context: BrowserContext, links: Found): Promise<void> {
  expect(links.internal.size, 'links found').toBeGreaterThan(0);
  const broken: string[] = [];
  for (const path of links.internal) {
    const response = await context.request.get(path);
    if (response.status() >= 400) broken.push(`${path} → ${response.status()}`);
  }
  expect(broken, 'links that answer 4xx or 5xx').toEqual([]);
  for (const href of links.external) {
    expect(href, 'a link elsewhere is https, mailto: or tel:').toMatch(/^(https:\/\/|mailto:|tel:)/);
  }
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens `path` once the page is interactive, with the header's links already found. */
async function start(page: Page, path: string): Promise<Found> {
  await page.goto(path);
  await waitForHydration(page);
  const links = found();
  await collect(links, page.getByRole('banner').getByRole('link'));
  return links;
}

describe('no link of the site leads to a 404', () => {
  it('desktop, signed out: header, Services dropdown and footer', async () => {
    const { page, context } = await e2e.desktop();
    const links = await start(page, ROUTES.ABOUT);
    await collect(links, page.getByRole('contentinfo').getByRole('link'));

    const services = mainNav(page).getByRole('button', { name: 'Services', exact: true });
    await services.hover();
    await poll(() => services.getAttribute('aria-expanded')).toBe('true');
    const dropdown = page.locator(`[id="${await services.getAttribute('aria-controls')}"]`);
    await expectVisible(dropdown.getByRole('link').first());
    await collect(links, dropdown.getByRole('link'));

    expect([...links.internal], 'the Photos link is among them').toContain(PHOTOS_HREF);
    expect([...links.internal]).toContain(ROUTES.SERVICES);
    await expectNoneBroken(context, links);
  });

  it('phone, signed out: the drawer with its Services list, and the Account menu', async () => {
    const { page, context } = await e2e.mobile();
    const links = await start(page, ROUTES.ABOUT);

    await page.getByRole('button', { name: 'Account' }).click();
    const account = page.getByRole('link', { name: /^sign up$/i }).filter({ visible: true });
    await expectVisible(account.first());
    await collect(links, page.getByRole('link', { name: /^sign (in|up)$/i }).filter({ visible: true }));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expectVisible(drawer);
    await drawer.getByRole('button', { name: 'Services' }).click();
    await expectVisible(drawer.getByRole('link', { name: 'OCI Card', exact: true }));
    await collect(links, drawer.getByRole('link'));

    expect([...links.internal], 'the Photos link is among them').toContain(PHOTOS_HREF);
    expect([...links.internal], 'the services from the drawer').toContain('/oci-card');
    await expectNoneBroken(context, links);
  });

  it('signed in: the header with Dashboard, the user menu and the dashboard of a new customer', async () => {
    const email = uniqueEmail('links');
    await verifiedAccount(e2e.baseURL, email, 'Kavya Rao');
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    const links = await start(page, ROUTES.DASHBOARD);
    await expectVisible(page.getByRole('link', { name: 'Browse services' }));
    await collect(links, page.getByRole('main').getByRole('link'));
    expect([...links.internal]).toEqual(expect.arrayContaining([ROUTES.DASHBOARD, PHOTOS_HREF, ROUTES.SERVICES]));
    await expectNoneBroken(context, links);

    // The user menu's Profile item navigates rather than links: follow it.
    await page.getByRole('button', { name: 'Account menu for Kavya Rao' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.PROFILE);
    expect((await context.request.get(ROUTES.PROFILE)).status()).toBe(200);
  });
});

describe('the icon where browsers look for it', () => {
  it('/favicon.ico leads to the site icon, for a document that names none (plain text, JSON, a PDF)', async () => {
    const response = await fetch(`${e2e.baseURL}/favicon.ico`);
    expect(response.redirected).toBe(true);
    expect(new URL(response.url).pathname).toBe('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
