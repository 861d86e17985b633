import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noPackagesMessage } from '../src/domain/catalog/messages.ts';
import { NOT_FOUND_MESSAGES } from '../src/domain/catalog/not-found.ts';
import { SERVICE_MODAL_MESSAGES } from '../src/domain/catalog/service-modal.ts';
import { photoPackageCents } from '../src/domain/photos/catalog-prices.ts';
import { mailsTo } from './support/accounts.ts';
import { fetchServices } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { expectBackdropAfterDelay, holdPageClock } from './support/bottom-sheet.ts';
import { setupE2E } from './support/browser.ts';
import { expectHidden, expectVisible, poll, pollMail, settled, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/** Chromium logs a document or data request answered 404 as a console error. */
const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

function packagesStore(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('sevadocs-packages');
    return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
  });
}

describe('service pages rendered on the server (JavaScript disabled)', () => {
  it('shows the service, its packages with every fee, the process, the timeline and the FAQs', async () => {
    const { page } = await e2e.noJavaScript();
    const response = await page.goto('/oci-card/ca');
    expect(response?.status()).toBe(200);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'OCI Card' }));
    const newOci = page.getByRole('article', { name: 'New OCI Card' });
    await expectVisible(newOci);
    // catalog-facts: C$421 government fee, C$4 ICWF, C$7.40 BLS, our C$99 (was C$129).
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const card = (await newOci.innerText()).replace(/\s+/g, ' ');
    expect(card).toContain('Government fee CA$421');
    expect(card).toContain('ICWF CA$4');
    expect(card).toContain('BLS International service fee CA$7.40');
    expect(card).toMatch(/Our service fee .*CA\$99/);
    expect(card).toContain('Total CA$531.40 per applicant');
    expect(card).toContain('Processing time');
    for (const name of ['How it works', 'Timeline after you pay', 'OCI Card: frequently asked questions']) {
      await expectVisible(page.getByRole('heading', { level: 2, name }));
    }
    // Choices from the URL are the current ones in the picker.
    const picker = page.getByRole('navigation', { name: 'Applying From' });
    expect(await picker.getByRole('link', { name: 'Canada' }).getAttribute('aria-current')).toBe('true');
    expect(await picker.getByRole('link', { name: 'United States' }).getAttribute('href')).toBe('/oci-card/us');
  });

  it("is true to the chosen country: the other country's centre, times and fees appear nowhere", async () => {
    const { page } = await e2e.noJavaScript();
    // Everything but the country picker, which names both countries on purpose.
    const pageText = () =>
      page.locator('main').evaluate((main: HTMLElement) => {
        // Rendered text (with the spaces layout puts between blocks) is what is asserted.
        // biome-ignore lint/performance/useDomNodeTextContent: as above
        const picker = main.querySelector<HTMLElement>('#choices')?.innerText ?? '';
        // biome-ignore lint/performance/useDomNodeTextContent: as above
        return main.innerText.replace(picker, '').replace(/\s+/g, ' ');
      });

    await page.goto('/oci-card/ca');
    const ca = await pageText();
    expect(ca).toContain('Total CA$531.40 per applicant');
    expect(ca).not.toContain('CA$531.40 CAD');
    expect(ca).toContain('Usually 6–8 weeks after BLS International receives the file');
    expect(ca).toContain('File sent to BLS International');
    expect(ca).toContain('Why does BLS International charge a fee on top of the government fee?');
    for (const foreign of ['VFS', 'USA', '$20 reference fee', '6–10 weeks']) expect(ca, foreign).not.toContain(foreign);

    await page.goto('/oci-card/us');
    const us = await pageText();
    expect(us).toContain('Total $372.90 per applicant');
    expect(us).toContain('VFS Global adds a $20 reference fee');
    expect(us).toContain('Usually 6–10 weeks after VFS Global receives the file');
    for (const foreign of ['BLS', 'Canada', 'CA$', '6–8 weeks']) expect(us, foreign).not.toContain(foreign);

    await page.goto('/indian-passport-renewal/adult-36-pages/ca');
    const card = page.getByRole('article', { name: 'Adult Renewal (36 Pages)' });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(
      'You pay the CA$100 government fee shown; if the government charges a different amount, we refund the difference or ask you for it before your application is submitted.',
    );
    expect(await pageText()).not.toMatch(/being converted|figures conflict|sources/i);
  });

  it('prices an e-Visa at our fee, with the government fee the customer pays on the portal apart', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto('/indian-visa/e-tourist-30-days/us-in');
    const card = page.getByRole('article', { name: 'e-Tourist Visa (30 Days)' });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    // The season decides $25 (July to March) or $10 (April to June); our fee is $12 either way.
    expect(text).toMatch(
      /Total \$12 per applicant Paid by you on the official portal when you submit, not in our price: Government fee \$(25|10) Bank charge \(2\.5%\) \$0\.(63|25)/,
    );
    expect(text).not.toContain('we refund the difference');
  });

  it('shows no government fee line for a photo, whose government fee is zero', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto('/photo-enhancement/digital-copy');
    const card = page.getByRole('article', { name: 'Digital Copy' });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    // The order's own charge for one digital copy (issue 31 §5), never a figure of the catalog's.
    const cents = photoPackageCents('digital-copy', 'USD') ?? 0;
    expect(text).toMatch(new RegExp(`Our service fee .*\\$${(cents / 100).toFixed(2).replace('.', '\\.')}`));
    expect(text).not.toContain('Government fee');
    expect(text).not.toContain('per applicant');
    // Ordered on the photos page (check first), not through the application's members dialog.
    const choose = card.getByRole('link', { name: /^Choose package/ });
    expect(await choose.getAttribute('href')).toBe('/photos');
    expect(await choose.getAttribute('data-choose-package')).toBeNull();
  });

  it('writes title, description, canonical (codec form), robots and Service/FAQPage/BreadcrumbList data', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto('/indian-visa/e-tourist-30-days?citizenship=ca&destination=IN&utm_source=x');
    expect(await page.title()).toBe('e-Tourist Visa (30 Days) | Indian Visa | SevaDocs');
    expect(await page.locator('head meta[name="description"]').getAttribute('content')).toMatch(/30 days/);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(
      `${e2e.baseURL}/indian-visa/e-tourist-30-days/ca-in`,
    );
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('index, follow');
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.flatMap((n) => JSON.parse(n.textContent ?? '[]') as { '@type': string }[]));
    expect(blocks.map((b) => b['@type']).sort()).toEqual(['BreadcrumbList', 'FAQPage', 'Service']);
  });

  it('answers a real 404 for an unknown service or package', async () => {
    const { page } = await e2e.noJavaScript({ allowConsoleErrors: [NOT_FOUND_LOG] });
    const unknownPackage = NOT_FOUND_MESSAGES.package.heading('OCI Card');
    for (const [path, heading] of [
      ['/no-such-service', NOT_FOUND_MESSAGES.page.heading],
      ['/oci-card/no-such-package', unknownPackage],
      ['/oci-card/new-oci-card/nowhere-land', unknownPackage],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await page.locator('head meta[name="robots"]').getAttribute('content'), path).toBe('noindex, follow');
    }
  });

  it('has no serious or critical axe violation', async () => {
    for (const kind of ['desktop', 'mobile'] as const) {
      const { page } = await e2e.visitorTab(kind);
      await page.goto('/indian-visa');
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('has none on country pages, a package page, a photo package and the service modal open on its choices', async () => {
    for (const kind of ['desktop', 'mobile'] as const) {
      const { page } = await e2e.visitorTab(kind);
      for (const path of [
        '/oci-card/ca',
        '/indian-passport-renewal/adult-36-pages/ca',
        '/photo-enhancement/digital-copy',
      ]) {
        await page.goto(path);
        await waitForHydration(page);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.goto('/oci-card');
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Change choices' }).click();
      await settled(page.getByRole('dialog', { name: 'OCI Card Service' }));
      expect(await seriousViolations(page), 'service modal').toEqual([]);
    }
  }, 90_000);
});

describe('choosing a service from the header menu', () => {
  it('fetches its packages, keeps them with the service in browser storage and opens its page', async () => {
    const services = await fetchServices(e2e.baseURL);
    const visa = services.find((s) => s.slug === 'indian-visa');
    if (!visa) throw new Error('no Indian Visa service');
    const { page } = await e2e.desktop();
    await page.goto('/');
    await waitForHydration(page);
    const requests: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && requests.push(new URL(r.url()).pathname));
    const button = mainNav(page).getByRole('button', { name: 'Services', exact: true });
    await button.hover();
    const dropdown = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await dropdown.getByRole('link', { name: 'Indian Visa', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/indian-visa');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Indian Visa' }));
    expect(requests).toContain(`/api/v1/packages/${visa.id}`);
    const stored = await packagesStore(page);
    expect(stored?.service).toMatchObject({ id: visa.id, name: 'Indian Visa', slug: 'indian-visa' });
    expect((stored?.packages as unknown[] | undefined)?.length ?? 0).toBeGreaterThan(0);
  });

  it("shows 'Currently no packages are available for {service name}' when there are none", async () => {
    const { page } = await e2e.mobile();
    await page.route('**/api/v1/packages/*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ isSuccess: true, statusCode: 200, message: 'Success', data: [] }),
      }),
    );
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Services' }).click();
    await drawer.getByRole('link', { name: 'OCI Card', exact: true }).click();
    await expectVisible(page.getByText(noPackagesMessage('OCI Card'), { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('the service modal', () => {
  it('opens on the choices the page shows, and Apply Now takes them as they are', async () => {
    // '/oci-card' names no country: the page shows prices for its first one, the United States.
    const { page } = await e2e.desktop();
    await page.goto('/oci-card');
    await waitForHydration(page);
    await expectVisible(page.getByText('Showing prices for applications from United States.'));
    await page.getByRole('link', { name: 'Change choices' }).click();
    const dialog = page.getByRole('dialog', { name: 'OCI Card Service' });
    await expectVisible(dialog);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    expect(await dialog.getByRole('combobox', { name: /^Applying From/ }).innerText()).toContain('United States');
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await page.waitForURL((url) => url.pathname === '/oci-card/us');
    await expectHidden(dialog);
    expect(await page.getByText(SERVICE_MODAL_MESSAGES.required('applyingFrom')).count()).toBe(0);
  });

  it('fetches the packages for new choices, replaces the URL without a reload and closes', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/indian-visa');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await page.getByRole('link', { name: 'Change choices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Indian Visa Service' });
    await expectVisible(dialog);
    const citizenship = dialog.getByRole('combobox', { name: /^Citizenship/ });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    expect(await citizenship.innerText()).toContain('United States');
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    expect(await dialog.getByRole('combobox', { name: /^Destination/ }).innerText()).toContain('India');

    await citizenship.click();
    const list = dialog.getByRole('listbox', { name: 'Citizenship' });
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');
    expect(await list.locator('img[src="/flags/ca.svg"]').count()).toBe(1);
    await list.getByRole('option', { name: 'Canada' }).click();

    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && /\/api\/v1\/packages\/\d+\?citizenship=CA&destination=IN$/.test(r.url()),
    );
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await posted;
    await page.waitForURL((url) => url.pathname === '/indian-visa/ca-in');
    await expectHidden(dialog);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await poll(() => page.getByText('Showing prices for Canada citizens, travel to India.').count()).toBe(1);
    // The e-Business visa is not offered to Canadian citizens: its card says so.
    await expectVisible(page.getByRole('article', { name: 'e-Business Visa' }).getByText(/not offered/));
  });

  it('opens as a bottom sheet on a phone, with its backdrop after 500 ms', async () => {
    const { page } = await e2e.mobile();
    // On the held clock: a MutationObserver's timestamps arrived late under load (461.6 ms read).
    await holdPageClock(page);
    await page.goto('/oci-card');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Change choices' }).click();
    const sheet = page.getByRole('dialog', { name: 'OCI Card Service' });
    await expectBackdropAfterDelay(page, sheet, page.getByTestId('sheet-backdrop'));
    await expectVisible(sheet);
    // The sheet takes the focus and keeps Tab inside; its Close button gives it back to the opener.
    const insideSheet = () => sheet.evaluate((el) => el.contains(document.activeElement));
    expect(await insideSheet()).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await insideSheet()).toBe(true);
    }
    await sheet.getByRole('button', { name: 'Close' }).click();
    await poll(() => sheet.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Change choices');
  });
});

describe('choosing a package while signed out', () => {
  it('keeps the choice in the packages store and goes to /signin?redirect=<its package form>', async () => {
    const { page } = await e2e.desktop({ allowConsoleErrors: [NOT_FOUND_LOG] });
    await page.goto('/oci-card/ca');
    await waitForHydration(page);
    const card = page.getByRole('article', { name: 'OCI Re-issue (new passport)' });
    await card.getByRole('link', { name: /^Choose package/ }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      '/package-form?service=oci-card&package=oci-reissue&applyingFrom=CA',
    );
    const stored = await packagesStore(page);
    expect(stored?.currentPackage).toMatchObject({ slug: 'oci-reissue', choices: { applyingFrom: 'CA' } });
    expect(stored?.currentParameters).toEqual({ applyingFrom: 'CA' });
  });

  it('without JavaScript, the same button is a link to sign-in', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto('/indian-visa/us-in');
    const link = page.getByRole('article', { name: 'e-Business Visa' }).getByRole('link', { name: /^Choose package/ });
    expect(await link.getAttribute('href')).toBe(
      `/signin?${new URLSearchParams({ redirect: '/package-form?service=indian-visa&package=e-business&citizenship=US&destination=IN' })}`,
    );
  });
});

/** A verified customer with an age group, made through the API (sign-up, e-mailed link, profile). */
async function createCustomer(baseURL: string): Promise<{ email: string; password: string }> {
  const email = `catalog.${Date.now().toString(36)}.${process.pid}@example.com`;
  const password = 'Str0ng!Pass';
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseURL}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const signup = await post(
    '/auth/signup',
    { name: 'Priya Sharma', email, phone: '+1-4155550123', password, referredBy: '' },
    {
      'x-platform': 'sevadocs',
    },
  );
  expect(signup.status, await signup.clone().text()).toBe(201);
  let token = '';
  await pollMail(async () => {
    const mails = await mailsTo(baseURL, email);
    const link = mails[0]?.links.find((l) => l.includes('/verify-email'));
    token = link ? (new URL(link).searchParams.get('token') ?? '') : '';
    return token;
  }, 'the verification e-mail').not.toBe('');
  expect((await post('/auth/email/verify', { token })).status).toBe(200);
  const signin = await post('/auth/signin', { email, password });
  expect(signin.status).toBe(200);
  const session = ((await signin.json()) as { data: string }).data;
  const profile = await fetch(`${baseURL}/api/v1/users/profile`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({ ageGroup: '26-40' }),
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  return { email, password };
}

describe('package choice → sign-in → /package-form', () => {
  it('continues the choice made while signed out once the customer has signed in', async () => {
    const customer = await createCustomer(e2e.baseURL);
    const { page } = await e2e.desktop();
    await page.goto('/oci-card/ca');
    await waitForHydration(page);
    await page
      .getByRole('article', { name: 'OCI Re-issue (new passport)' })
      .getByRole('link', { name: /^Choose package/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/signin');
    const form = page.getByRole('form', { name: 'Sign In' });
    await expectVisible(form);
    await form.getByLabel('Email').fill(customer.email);
    await form.getByLabel('Password', { exact: true }).fill(customer.password);
    await form.getByRole('button', { name: /^sign ?in$/i }).click();
    await page.waitForURL((url) => url.pathname === '/package-form', { timeout: 10_000 });
    await expectVisible(page.getByRole('heading', { level: 2, name: 'OCI Re-issue (new passport)' }));
    await expectVisible(page.getByText('Canada', { exact: true }));
    expect((await packagesStore(page))?.awaitingSignIn).toBe(false);
  });
});

describe('/package-form', () => {
  it('shows the chosen package and its parameters, and says so when nothing is chosen', async () => {
    const { page } = await e2e.desktop();
    await page.goto('/package-form?service=indian-visa&package=e-tourist-1-year&citizenship=US&destination=IN');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'e-Tourist Visa (1 Year)' }));
    await expectVisible(page.getByText('United States', { exact: true }));
    await page.goto('/package-form');
    await waitForHydration(page);
    await expectVisible(page.getByText(/You have not chosen a package yet/));
  });
});
