import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTOS_HREF } from '../src/domain/config/navigation.ts';
import { ROUTES } from '../src/domain/config/routes.ts';
import { DEFAULT_CONTACT, SOCIAL_LINKS } from '../src/domain/config/site.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { fetchServices } from './support/api.ts';
import { setupE2E } from './support/browser.ts';
import { startOrder } from './support/orders.ts';
import { expectHidden, expectVisible, hrefsOf, pathOf, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const TOLL_FREE = DEFAULT_CONTACT.tollFreeNumber;
const COPIED = 'Toll-free number copied!';

/** SPEC.md §2 footer services, verbatim. */
const FOOTER_SERVICES = [
  'OCI Card',
  'Renunciation of Indian Passport',
  'Indian Passport Renewal',
  'Indian Visa',
  'Photo Enhancement',
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const servicesButton = (page: Page) => mainNav(page).getByRole('button', { name: 'Services', exact: true });

/** The element a disclosure button controls (aria-controls), else the navigation landmark itself. */
async function dropdownOf(page: Page, button: Locator): Promise<Locator> {
  const controls = await button.getAttribute('aria-controls');
  return controls ? page.locator(`[id="${controls}"]`) : mainNav(page);
}

/** Names of the visible links or menu items whose name is exactly one of `names`, in document order. */
async function visibleServiceItems(container: Locator, names: string[]): Promise<string[]> {
  const items = container.getByRole('link').or(container.getByRole('menuitem')).filter({ visible: true });
  const texts = (await items.allInnerTexts()).map((t) => t.trim().replace(/\s+/g, ' '));
  return texts.filter((t) => names.includes(t));
}

/** Freezes the page's (installed, running) clock a moment ahead, so only runFor moves it from here on. */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      // The page's time ran past the target while the call travelled; aim again.
      if (attempt >= 5 || !/past/.test(String(error))) throw error;
    }
  }
}

describe('desktop header (1440 px)', () => {
  it("shows the top nav Home, Services, Photos, Blog, FAQ's, Contact, About Us in that order, with the right targets", async () => {
    const { page } = await e2e.desktop();
    await page.goto('/');
    const nav = mainNav(page);
    await expectVisible(nav);

    const items: [string, Locator][] = [
      ['Home', nav.getByRole('link', { name: 'Home', exact: true })],
      ['Services', servicesButton(page)],
      ['Photos', nav.getByRole('link', { name: 'Photos', exact: true })],
      // An external link may add "(opens in a new tab)" to its name.
      ['Blog', nav.getByRole('link', { name: /^Blog\b/ })],
      ["FAQ's", nav.getByRole('link', { name: /^FAQ['’]s$/ })],
      ['Contact', nav.getByRole('link', { name: 'Contact', exact: true })],
      ['About Us', nav.getByRole('link', { name: 'About Us', exact: true })],
    ];
    const xs: number[] = [];
    for (const [label, locator] of items) {
      expect(await locator.count(), `one "${label}" item in the Main navigation`).toBe(1);
      await expectVisible(locator);
      const box = await locator.boundingBox();
      xs.push(box?.x ?? Number.NaN);
    }
    expect(xs, 'left-to-right order of the nav items').toEqual([...xs].sort((a, b) => a - b));

    const path = async (name: string | RegExp) =>
      pathOf(await nav.getByRole('link', { name, exact: true }).getAttribute('href'), e2e.baseURL);
    expect(await path('Home')).toBe(ROUTES.HOME);
    expect(await path('Photos')).toBe(PHOTOS_HREF);
    expect(await path(/^FAQ['’]s$/)).toBe(ROUTES.FAQ);
    expect(await path('Contact')).toBe(ROUTES.CONTACT);
    expect(await path('About Us')).toBe(ROUTES.ABOUT);

    const blog = nav.getByRole('link', { name: /^Blog\b/ });
    expect(await blog.getAttribute('href')).toBe(DEFAULT_CONTACT.blogUrl);
    expect(await blog.getAttribute('target')).toBe('_blank');
    expect(await blog.getAttribute('rel')).toMatch(/\bnoopener\b|\bnoreferrer\b/);

    await expectVisible(
      page
        .getByRole('link', { name: /^sign in$/i })
        .or(page.getByRole('button', { name: /^sign in$/i }))
        .first(),
    );
    await expectVisible(
      page
        .getByRole('link', { name: /^sign up$/i })
        .or(page.getByRole('button', { name: /^sign up$/i }))
        .first(),
    );
  });

  it('opens the Services dropdown on hover, listing the services in reverse API order, and closes it on leave', async () => {
    const services = await fetchServices(e2e.baseURL);
    const names = services.map((s) => s.name);
    const { page } = await e2e.desktop();
    await page.goto('/');
    await waitForHydration(page);

    const button = servicesButton(page);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.hover();
    await poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const dropdown = await dropdownOf(page, button);
    await poll(() => visibleServiceItems(dropdown, names)).toEqual([...names].reverse());
    // SPEC.md §9: the dropdown is at most 300 px high (the list or the box that scrolls it).
    const first = names[0] ?? '';
    const maxHeight = await dropdown
      .getByText(first, { exact: true })
      .first()
      .evaluate((item) => {
        for (let n = item.parentElement; n; n = n.parentElement) {
          const value = getComputedStyle(n).maxHeight;
          if (value !== 'none') return value;
        }
        return 'none';
      });
    expect(maxHeight, 'max-height of the desktop services dropdown').toBe('300px');

    // Moving the pointer well away (to the page body) closes it again.
    await page.mouse.move(720, 800);
    await poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await poll(() => visibleServiceItems(dropdown, names)).toEqual([]);
  });

  it('opens the Services dropdown from the keyboard (focus + Enter) and closes it with Escape', async () => {
    const services = await fetchServices(e2e.baseURL);
    const names = services.map((s) => s.name);
    const { page } = await e2e.desktop();
    await page.goto('/');
    await waitForHydration(page);

    const button = servicesButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const dropdown = await dropdownOf(page, button);
    await poll(() => visibleServiceItems(dropdown, names)).toEqual([...names].reverse());

    await page.keyboard.press('Escape');
    await poll(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes to /{slug} when a service in the dropdown is clicked', async () => {
    const services = await fetchServices(e2e.baseURL);
    const target = services[0];
    if (!target) throw new Error('no service');
    const { page } = await e2e.desktop({
      // The service page may not exist yet; its 404 answer is not what this test is about.
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await page.goto('/');
    await waitForHydration(page);

    const button = servicesButton(page);
    await button.hover();
    const dropdown = await dropdownOf(page, button);
    const item = dropdown
      .getByRole('link', { name: target.name, exact: true })
      .or(dropdown.getByRole('menuitem', { name: target.name, exact: true }))
      .filter({ visible: true })
      .first();
    await expectVisible(item);
    await item.click();
    await page.waitForURL((url) => url.pathname === `/${target.slug}`, { timeout: 5000 });
  });
});

describe('footer', () => {
  it('lists the five services, company and legal links, social links and payment badges', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.count(), 'one footer (contentinfo landmark)').toBe(1);

    for (const name of FOOTER_SERVICES) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.count(), `footer link "${name}"`).toBeGreaterThan(0);
      expect(await link.first().getAttribute('href')).toMatch(/^\/[a-z0-9-]+/);
    }

    const terms = footer.getByRole('link', { name: 'Terms and Conditions', exact: true });
    expect(await terms.count(), 'footer link "Terms and Conditions"').toBeGreaterThan(0);
    expect(new URL((await terms.first().getAttribute('href')) ?? '', e2e.baseURL).pathname).toBe(ROUTES.GUIDELINE);
    const privacy = footer.getByRole('link', { name: 'Privacy', exact: true });
    expect(await privacy.count(), 'footer link "Privacy"').toBeGreaterThan(0);
    expect(new URL((await privacy.first().getAttribute('href')) ?? '', e2e.baseURL).pathname).toBe(
      ROUTES.PRIVACY_POLICY,
    );

    const footerHrefs = await hrefsOf(footer.getByRole('link'));
    for (const social of SOCIAL_LINKS) {
      expect(footerHrefs, `footer social link ${social.name}`).toContain(social.url);
    }
    expect(
      footerHrefs.map((h) => pathOf(h, e2e.baseURL)),
      'footer company page About Us',
    ).toContain(ROUTES.ABOUT);

    expect(
      await footer
        .getByRole('img', { name: /^visa$/i })
        .filter({ visible: true })
        .count(),
      'a visible Visa badge in the footer',
    ).toBeGreaterThan(0);
  });
});

describe('chat button and per-page chrome', () => {
  it('shows the chat button on the home page', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/');
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expectVisible(chat);
    expect(await chat.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/${DEFAULT_CONTACT.whatsappNumber}`));
  });

  it('hides the header, the chat button and the banners on /refund-request', async () => {
    const { page } = await e2e.desktop({
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await page.goto(ROUTES.REFUND_REQUEST);
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).count(), 'chat button').toBe(0);
    expect(await mainNav(page).count(), 'main header navigation').toBe(0);
    expect(await page.getByRole('button', { name: TOLL_FREE }).count(), 'toll-free banner').toBe(0);
  });

  for (const path of [ROUTES.VISA_SERVICE, ROUTES.INDIAN_TOURIST_VISA]) {
    it(`shows a fixed toll-free banner and no main header on ${path}`, async () => {
      const { page } = await e2e.desktop({
        allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
      });
      await page.goto(path);
      expect(await mainNav(page).count(), 'main header navigation').toBe(0);
      const banner = page.getByRole('button', { name: TOLL_FREE }).first();
      await expectVisible(banner);
      await page.mouse.wheel(0, 2000);
      await poll(async () => (await banner.boundingBox())?.y ?? -1, 'banner stays at the top').toBeLessThan(50);
      expect(
        await banner.evaluate((el) => {
          for (let n: Element | null = el; n; n = n.parentElement) {
            if (getComputedStyle(n).position === 'fixed') return true;
          }
          return false;
        }),
        'the banner sits in a position: fixed container',
      ).toBe(true);
    });
  }

  it('hides the main header on the campaign thank-you page', async () => {
    const { page } = await e2e.desktop({
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await page.goto(ROUTES.CAMPAIGN_THANK_YOU);
    expect(await mainNav(page).count(), 'main header navigation').toBe(0);
    await expectVisible(page.getByRole('link', { name: 'Chat with us on WhatsApp' }));
  });
});

describe('toll-free banner', () => {
  it("copies the number and shows 'Toll-free number copied!' for exactly 1 second", async () => {
    const { context, page } = await e2e.desktop();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseURL });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);

    const banner = page.getByRole('button', { name: TOLL_FREE }).first();
    expect(await page.getByText(COPIED).count(), 'no notice before the click').toBe(0);
    await banner.click();
    await expectVisible(page.getByText(COPIED, { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TOLL_FREE);

    await page.clock.runFor(999);
    expect(await page.getByText(COPIED, { exact: true }).isVisible(), 'still shown at 999 ms').toBe(true);
    await page.clock.runFor(1);
    await expectHidden(page.getByText(COPIED, { exact: true }));
  });

  it('logs a failed copy and shows no notice', async () => {
    const { page, errors } = await e2e.desktop({ allowConsoleErrors: [/./] });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
    });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: TOLL_FREE }).first().click();
    await poll(() => errors.length, 'the failure is logged with console.error').toBeGreaterThan(0);
    expect(await page.getByText(COPIED).count(), 'no success notice after a failed copy').toBe(0);
  });
});

describe('signed-in pages whose data loads after the first paint', () => {
  it('do not jump on a phone when it arrives: the footer waits below the fold, an application to finish shows first (layout shift < 0.1)', async () => {
    const email = uniqueEmail('layout-shift');
    await verifiedAccount(e2e.baseURL, email, 'Still Page');
    // Lighthouse's phone (412 × 823), whose first screen of the dashboard held the footer's top.
    const { page, context } = await e2e.mobile({ viewport: { width: 412, height: 823 } });
    await signInContext(context, e2e.baseURL, email);
    // A returning customer with an application to finish: home and the dashboard show it first.
    await startOrder(context, e2e.baseURL);
    // A phone's network: the page's data arrives well after its first paint.
    await page.route('**/api/v1/**', async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // The page's layout shifts, as Core Web Vitals add them up (none follows an input here).
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [path, loading] of [
      ['/', null],
      ['/dashboard', 'Loading your orders…'],
      ['/profile', 'Loading your profile…'],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      if (loading) await expectHidden(page.getByText(loading));
      if (path === '/') {
        // In the page as it is sent, not in a part streamed after it (revealed after the first paint).
        const html = await (await context.request.get('/')).text();
        const streamed = html.indexOf('<div hidden id="S:');
        const card = html.indexOf('id="continue-applications"');
        expect(card, 'the card in the page').toBeGreaterThan(0);
        expect(streamed === -1 || card < streamed, 'the card in the shell, not streamed after it').toBe(true);
      }
      if (path !== '/profile') {
        await expectVisible(page.getByRole('heading', { name: 'Continue your application' }));
        // React reveals a part streamed after the shell up to 300 ms after the last one.
        await page.waitForTimeout(700);
      }
      const total = await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total);
      expect(total, `layout shift of ${path}`).toBeLessThan(0.1);
    }
  });
});
