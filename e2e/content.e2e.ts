import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GUIDELINE_TABS, ROUTES } from '../src/domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../src/domain/config/site.ts';
import { CONTACT_MESSAGES } from '../src/domain/contact/messages.ts';
import { REFUND_MESSAGES } from '../src/domain/refunds/options.ts';
import { waitForInteractive } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { screenshot } from './support/looks.ts';
import { expectHidden, expectVisible, holdBackChunk, poll, pollMail, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

/**
 * How dark the table region's right edge is (0 white, 255 black), just inside the first body row
 * where only the cell's padding is: what a reader sees there, not how it is drawn.
 */
async function rightEdgeShade(region: Locator): Promise<number> {
  const { rowTop, width } = await region.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      rowTop: (el.querySelector('tbody tr')?.getBoundingClientRect().top ?? box.top) - box.top,
      width: box.width,
    };
  });
  const { data, info } = await sharp(await region.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = info.width / width;
  const at = (Math.floor((rowTop + 4) * scale) * info.width + Math.floor((width - 3) * scale)) * info.channels;
  return 255 - Math.min(data[at] ?? 255, data[at + 1] ?? 255, data[at + 2] ?? 255);
}

/** A form refused with a 4xx answers its fetch with that status; Chromium logs it as a console error. */
const REFUSED_POST = [/Failed to load resource: the server responded with a status of 4\d\d/];

interface Listed<T> {
  results: T[];
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.baseURL}/api/v1${path}`);
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function mailbox(): Promise<{ to: string; subject: string; text: string }[]> {
  return (await api<Listed<{ to: string; subject: string; text: string }>>('/dev/mailbox?limit=200')).results;
}

/** Freezes the page's installed clock a moment ahead, so only runFor moves it from here on. */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5 || !/past/.test(String(error))) throw error;
    }
  }
}

describe('home page marketing (SPEC.md §2)', () => {
  it('renders the active offers in the sticky strip and the partner services without JavaScript', async () => {
    const offers = await api<Listed<{ title: string; description: string }>>('/offer-management?page=1&limit=10');
    const partners = await api<Listed<{ name: string }>>('/partner-service?page=1&limit=10');
    expect(offers.results.length).toBeGreaterThan(0);
    const { page } = await e2e.noJavaScript();
    await page.goto('/');
    const strip = page.getByRole('complementary', { name: 'Current offers' });
    await expectVisible(strip);
    expect(await strip.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    for (const offer of offers.results) {
      await expectVisible(strip.getByText(offer.title, { exact: true }).first());
    }
    const section = page.getByRole('region', { name: 'Trusted partners for the rest of your paperwork' });
    for (const partner of partners.results) {
      await expectVisible(section.getByRole('heading', { name: partner.name }));
    }
  });

  it('scrolls the offers for readers who allow motion, pauses on hover, and keeps still for those who prefer less', async () => {
    const trackAnimation = (page: Page) =>
      page
        .locator('.offers-strip-track')
        .evaluate((el) =>
          el.getAnimations().map((a) => ({ name: (a as CSSAnimation).animationName, state: a.playState })),
        );

    const moving = (await e2e.desktop({ reducedMotion: 'no-preference' })).page;
    await moving.goto('/');
    expect(await trackAnimation(moving)).toEqual([{ name: 'offers-scroll', state: 'running' }]);
    await moving.getByRole('complementary', { name: 'Current offers' }).hover();
    expect(await trackAnimation(moving)).toEqual([{ name: 'offers-scroll', state: 'paused' }]);

    const still = (await e2e.desktop({ reducedMotion: 'reduce' })).page;
    await still.goto('/');
    expect(await trackAnimation(still)).toEqual([]);
  });

  it('opens the banner popup 2 s after the home page loads and closes it by itself 20 s after that', async () => {
    const [banner] = (
      await api<Listed<{ bannerImage: string; buttonText: string; link: string }>>('/banner-management/active')
    ).results;
    if (!banner) throw new Error('the seed has no banner');
    const { page } = await e2e.desktop({ homePopup: true });
    // The clock stands still from before the page loads: the popup's timer starts at a known time.
    const start = new Date('2026-11-23T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/');
    await waitForHydration(page);
    const popup = page.getByRole('dialog');

    await page.clock.runFor(1999);
    expect(await popup.count(), 'no popup before 2 s').toBe(0);
    await page.clock.runFor(1);
    await expectVisible(popup);
    const image = popup.getByRole('img');
    expect(await image.getAttribute('src')).toBe(`/media/${banner.bannerImage}`);
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const button = popup.getByRole('link', { name: banner.buttonText });
    expect(await button.getAttribute('href')).toBe(banner.link);
    await expectVisible(popup.getByRole('button', { name: 'Close' }));

    await page.clock.runFor(19_999);
    expect(await popup.isVisible(), 'still open before 20 s').toBe(true);
    await page.clock.runFor(1);
    await expectHidden(popup);
  });

  it('opens the popup on a direct visit too, and never more than once per visit', async () => {
    const { page } = await e2e.desktop({ homePopup: true });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    await page.clock.runFor(2100);
    await expectVisible(page.getByRole('dialog'));
    await page.clock.runFor(20_000);
    await expectHidden(page.getByRole('dialog'));
    await page.clock.runFor(60_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('closes the popup with its X button, gives the focus back, and stays closed for the browser session', async () => {
    const { page } = await e2e.desktop({ homePopup: true });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    // The visitor was on the toll-free banner's button when the popup opened.
    const tollFree = page.getByRole('button', { name: DEFAULT_CONTACT.tollFreeNumber }).first();
    await tollFree.focus();
    await page.clock.runFor(2100);
    const popup = page.getByRole('dialog');
    await expectVisible(popup);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expectHidden(popup);
    // The dialog hands the focus back on a timer of its own: let the paused clock move.
    await page.clock.runFor(50);
    await poll(() => tollFree.evaluate((el) => el === document.activeElement), 'focus back on the button').toBe(true);

    // The home page again in the same browser session (a new page load): no popup.
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    await page.clock.runFor(30_000);
    expect(await popup.count(), 'the popup does not return in the same session').toBe(0);
  });

  it('opens the banner link with the popup’s button', async () => {
    const { page } = await e2e.desktop({ homePopup: true });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    await page.clock.runFor(2100);
    const popup = page.getByRole('dialog');
    await expectVisible(popup);
    await popup.getByRole('link', { name: 'Start your OCI application' }).click();
    await page.waitForURL((url) => url.pathname === '/oci-card');
    await expectHidden(popup);
  });

  it('stays out of the tests that are not about it: their browser session starts with it closed', async () => {
    const { page } = await e2e.desktop();
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    await page.clock.runFor(2100);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('has no serious accessibility violation while the popup is open', async () => {
    const { page } = await e2e.mobile({ homePopup: true });
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await pauseClock(page);
    await page.clock.runFor(2100);
    await expectVisible(page.getByRole('dialog'));
    // axe waits on timers of its own: let time run again (the popup stays open for 20 s).
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('guideline tabs (SPEC.md §2)', () => {
  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name, exact: true });

  it('shows the tab named by ?active= and switches by query', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.GUIDELINE);
    await waitForHydration(page);
    expect(await tab(page, GUIDELINE_TABS.terms).getAttribute('aria-current')).toBe('page');
    await expectVisible(page.getByRole('heading', { name: '1. Who we are' }));

    await tab(page, GUIDELINE_TABS.privacy).click();
    await page.waitForURL((url) => url.searchParams.get('active') === GUIDELINE_TABS.privacy);
    expect(new URL(page.url()).search).toBe('?active=Privacy+Policy+and+Cookies');
    await expectVisible(page.getByRole('heading', { name: '1. Consent' }));
    expect(await tab(page, GUIDELINE_TABS.privacy).getAttribute('aria-current')).toBe('page');
    expect(await tab(page, GUIDELINE_TABS.terms).getAttribute('aria-current')).toBeNull();
    expect(await page.getByRole('heading', { name: '1. Who we are' }).count()).toBe(0);

    await page.goBack();
    await expectVisible(page.getByRole('heading', { name: '1. Who we are' }));
  });

  it('serves each tab by its URL without JavaScript, and falls back to Terms of Use', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto('/guideline?active=Privacy+Policy+and+Cookies');
    await expectVisible(page.getByRole('heading', { name: "9. Children's information" }));
    await page.goto('/guideline?active=Terms+of+Use');
    await expectVisible(page.getByRole('heading', { name: '1. Who we are' }));
    await page.goto('/guideline?active=Nonsense');
    expect(await tab(page, GUIDELINE_TABS.terms).getAttribute('aria-current')).toBe('page');
  });
});

describe('privacy policy page (SPEC.md §2)', () => {
  it('lists the nine numbered sections and the one-month answer time', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto(ROUTES.PRIVACY_POLICY);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.map((h) => h.replace(/\s+/g, ' ').trim())).toEqual([
      '1. Consent',
      '2. Information we collect',
      '3. How we use your information and log files',
      '4. Cookies and web beacons',
      '5. Third-party advertising partners',
      '6. Third-party privacy policies',
      '7. CCPA privacy rights (do not sell my personal information)',
      '8. GDPR data protection rights',
      "9. Children's information",
    ]);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('we answer every data-rights request within one month');
    expect(text).toContain('If you make a request, we have one month to respond to you.');
  });
});

describe('contact form (SPEC.md §2, §3)', () => {
  it('shows each message next to its field and keeps what was typed', async () => {
    const { page } = await e2e.desktop({ allowConsoleErrors: REFUSED_POST });
    await page.goto(ROUTES.CONTACT);
    await waitForHydration(page);
    const form = page.locator('#contact-form');
    await form.getByLabel('Full name').fill('Al');
    await form.getByLabel('E-mail').fill('priya@example');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(form.getByRole('alert'));
    expect(await form.getByRole('alert').textContent()).toContain(CONTACT_MESSAGES.fixErrors);
    const expectations: [string, string][] = [
      ['Full name', 'Name should be at least 3 characters'],
      ['E-mail', 'Please enter a valid email address'],
      ['Phone', 'Enter valid phone number'],
      ['Topic', 'Please choose a topic'],
      ['Message', 'Please tell us how we can help'],
    ];
    for (const [label, message] of expectations) {
      const field = form.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid'), label).toBe('true');
      // The field's block: its label, the control (the phone: the country picker and the number) and the message.
      const block = form.locator(`div:has(> label[for="${await field.getAttribute('id')}"])`);
      await expectVisible(block.getByText(message, { exact: true }));
    }
    await expectVisible(
      form.getByText('Please choose whether this is a new application enquiry or you are an existing client'),
    );
    expect(await form.getByLabel('Full name').inputValue()).toBe('Al');
    expect(await form.getByLabel('E-mail').inputValue()).toBe('priya@example');
  });

  it('keeps what was typed before the form’s code arrived, when the live form takes over', async () => {
    const { page } = await e2e.desktop();
    // Hold back the form's code (loaded after first paint) until the visitor has typed.
    const release = await holdBackChunk(page, 'contact-page');
    await page.goto(ROUTES.CONTACT);
    await waitForHydration(page);
    const form = page.locator('#contact-form');
    const isLive = () =>
      page.evaluate(() => {
        const input = document.querySelector('#name');
        return input ? Object.keys(input).some((k) => k.startsWith('__reactFiber')) : false;
      });
    expect(await isLive(), 'the form is still the server’s HTML').toBe(false);
    await form.getByLabel('Full name').fill('Priya Sharma');
    await form.getByLabel('Existing client').check();
    await form.getByLabel('Topic').selectOption({ index: 2 });
    await form.getByLabel('Message').fill('Where is my OCI card?');
    release();
    await poll(isLive).toBe(true);
    expect(await form.getByLabel('Full name').inputValue()).toBe('Priya Sharma');
    expect(await form.getByLabel('Existing client').isChecked()).toBe(true);
    expect(await form.getByLabel('Topic').evaluate((s: HTMLSelectElement) => s.selectedIndex)).toBe(2);
    expect(await form.getByLabel('Message').inputValue()).toBe('Where is my OCI card?');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('message');
  });

  it('sends an enquiry with a Canadian phone, shows its reference and e-mails it to the customer and support', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.CONTACT);
    await waitForHydration(page);
    const form = page.locator('#contact-form');
    await waitForInteractive(form.getByLabel('Full name'));
    const name = `Ananya Iyer ${['Alpha', 'Beta', 'Gamma'][Date.now() % 3]}`;
    const email = `ananya.${Date.now().toString(36)}@example.com`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('E-mail').fill(email);
    // The same phone field as sign-up: pick the country, then the number.
    await form.getByRole('button', { name: 'Country code +1, United States' }).click();
    await page.getByRole('combobox', { name: 'Search country or code' }).fill('Canada');
    await page.getByRole('combobox', { name: 'Search country or code' }).press('Enter');
    await expectVisible(form.getByRole('button', { name: 'Country code +1, Canada' }));
    await form.getByRole('textbox', { name: 'Phone' }).fill('2045550188');
    await form.getByLabel(/Existing client/).check();
    await form.getByLabel('Topic').selectOption({ label: 'Photo service' });
    await form
      .getByLabel('Message')
      .fill('Can you reprint the 2x2 photos from my order last week? I need two more copies.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Message sent' }));
    await expectVisible(page.getByText(CONTACT_MESSAGES.received));
    await expectVisible(page.getByText(CONTACT_MESSAGES.copySent(email)));
    const reference = (await page.getByText(/^ENQ-[A-Z2-9]{6}$/).textContent()) ?? '';
    expect(reference).toMatch(/^ENQ-[A-HJKMNP-Z2-9]{6}$/);
    expect(await page.getByText(/enquiry number|#\d/).count()).toBe(0);

    await pollMail(async () => (await mailbox()).filter((m) => m.subject.includes(reference)).length).toBe(2);
    const mails = (await mailbox()).filter((m) => m.subject.includes(reference));
    const support = mails.find((m) => m.to === DEFAULT_CONTACT.supportEmail);
    expect(support?.subject).toBe(`Contact enquiry ${reference}: Photo service (Existing client)`);
    expect(support?.text).toContain(`Name: ${name}`);
    expect(support?.text).toContain('Phone: +1-2045550188');
    const customer = mails.find((m) => m.to === email);
    expect(customer?.subject).toBe(`We have your message: SevaDocs enquiry ${reference}`);
    expect(customer?.text).toContain(`Your message is logged under reference ${reference}.`);
  });

  it('works without JavaScript', async () => {
    const { page } = await e2e.noJavaScript({ allowConsoleErrors: REFUSED_POST });
    await page.goto(ROUTES.CONTACT);
    const form = page.locator('#contact-form');
    await form.getByLabel('Full name').fill('Rahul Verma');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(page.getByText('Email is required', { exact: true }));
    expect(await form.getByLabel('Full name').inputValue()).toBe('Rahul Verma');
    await form.getByLabel('E-mail').fill('rahul.verma@example.com');
    await form.getByLabel('Phone').fill('4165550142');
    await form.getByLabel(/New application enquiry/).check();
    await form.getByLabel('Topic').selectOption({ label: 'NRI services' });
    await form.getByLabel('Message').fill('I need a power of attorney for my flat in Pune. Which package fits?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Message sent' }));
    await expectVisible(page.getByText(/^ENQ-[A-HJKMNP-Z2-9]{6}$/));
    await expectVisible(page.getByText(CONTACT_MESSAGES.copySent('rahul.verma@example.com')));
  });
});

describe('refund request (SPEC.md §2)', () => {
  it('refuses a malformed order id, keeping what was typed, and answers an unknown order as any other: received (issue 29)', async () => {
    const { page } = await e2e.desktop({ allowConsoleErrors: REFUSED_POST });
    await page.goto(ROUTES.REFUND_REQUEST);
    await waitForHydration(page);
    expect(await page.locator('header').count(), 'no main header').toBe(0);
    expect(await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).count(), 'no chat button').toBe(0);
    const form = page.locator('#refund-form');
    await form.getByLabel('Order ID').fill('12345');
    await form.getByRole('button', { name: 'Request refund' }).click();
    await expectVisible(form.getByText(REFUND_MESSAGES.orderIdInvalid));
    await expectVisible(form.getByText('Refund amount is required'));
    expect(await form.getByLabel('Order ID').inputValue()).toBe('12345');

    await form.getByLabel('Order ID').fill('DOC-424242');
    await form.getByLabel('E-mail used for the order').fill('meera.nair@example.com');
    await form.getByLabel(/Refund amount/).fill('79.00');
    await form.getByLabel(/Why are you asking/).fill('Our trip was cancelled before the application was filed.');
    await form.getByRole('button', { name: 'Request refund' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Refund request sent' }));
    const reference = (await page.getByTestId('refund-reference').textContent()) ?? '';
    await expectVisible(page.getByText(REFUND_MESSAGES.received(reference)));
    await expectVisible(page.getByText('79.00', { exact: true }));
  });

  it('answers the same without JavaScript', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto(ROUTES.REFUND_REQUEST);
    await page.getByLabel('Order ID').fill('PHO-000777');
    await page.getByLabel('E-mail used for the order').fill('someone@example.com');
    await page.getByLabel(/Refund amount/).fill('10');
    await page.getByLabel(/Why are you asking/).fill('The prints arrived damaged and I need a refund please.');
    await page.getByRole('button', { name: 'Request refund' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Refund request sent' }));
  });
});

describe('campaign pages (SPEC.md §2)', () => {
  it('sends a lead from /indian-tourist-visa to the thank-you page', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.INDIAN_TOURIST_VISA);
    await waitForHydration(page);
    const form = page.locator('#lead-form');
    await form.getByLabel('Full name').fill('Kavita Rao');
    await form.getByLabel('E-mail').fill('kavita.rao@example.com');
    await form.getByLabel('Phone').fill('604 555 0142');
    await form.getByRole('button', { name: 'Request my call back' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.CAMPAIGN_THANK_YOU);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Thank you! We will call you soon.' }));
    expect(await page.getByRole('navigation', { name: 'Main' }).count(), 'no main header').toBe(0);
    await pollMail(async () =>
      (await mailbox()).some((m) => m.subject.includes('/indian-tourist-visa: Kavita Rao')),
    ).toBe(true);
  });

  it('keeps the lead form usable without JavaScript and shows its messages', async () => {
    const { page } = await e2e.noJavaScript({ allowConsoleErrors: REFUSED_POST });
    await page.goto(ROUTES.VISA_SERVICE);
    const form = page.locator('#lead-form');
    await form.getByLabel('Full name').fill('Joseph Mathew');
    await form.getByLabel('E-mail').fill('joseph.mathew@');
    await form.getByRole('button', { name: 'Request my call back' }).click();
    await expectVisible(page.getByText('Please enter a valid email address'));
    await expectVisible(page.getByText('Enter valid phone number'));
    expect(await form.getByLabel('E-mail').inputValue()).toBe('joseph.mathew@');
    expect(await form.getByLabel('Full name').inputValue()).toBe('Joseph Mathew');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Joseph Mathew');
  });
});

describe('content pages', () => {
  it('FAQ page groups the questions by service and describes them as FAQPage data', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto(ROUTES.FAQ);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = ld.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'FAQPage');
    expect(faq).toBeTruthy();
    const questions = await page.locator('main details summary').allInnerTexts();
    expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(questions.map((q) => q.trim()));
    expect(questions.length).toBeGreaterThan(5);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'General questions' }));
    await expectVisible(page.getByRole('heading', { level: 2, name: 'OCI Card' }));
  });

  it('lists the articles and opens one at its own path, rendered from Markdown', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.ARTICLES);
    await waitForHydration(page);
    await page.getByRole('link', { name: /OCI card documents checklist/ }).click();
    await page.waitForURL((url) => url.pathname === '/articles/oci-card-documents-checklist');
    await expectVisible(page.getByRole('heading', { level: 1, name: /OCI card documents checklist/ }));
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Photo and upload rules' }));
    await expectVisible(page.getByRole('table'));
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(
      `${e2e.baseURL}/articles/oci-card-documents-checklist`,
    );
  });

  it('shows on a phone that a wide article table goes on to the right, and lets the keyboard scroll it', async () => {
    const { page } = await e2e.mobile();
    await page.goto('/articles/oci-card-documents-checklist');
    await waitForHydration(page);
    const region = page.getByRole('region', { name: 'Table: What it costs' });
    await expectVisible(region);
    expect(await region.getAttribute('tabindex'), 'the scrolling region is reachable with Tab').toBe('0');
    // Clear of the sticky header and the chat button, which would otherwise be in its screenshot.
    await region.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table is wider than a phone').toBe(
      true,
    );
    await screenshot(region, 'article-table-390-start');
    expect(await rightEdgeShade(region), 'a shade at the right edge: more of the table to see').toBeGreaterThan(10);

    await region.focus();
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowRight');
    await poll(
      () => region.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1),
      'scrolled to the last column with the keyboard',
    ).toBe(true);
    await screenshot(region, 'article-table-390-end');
    expect(await rightEdgeShade(region), 'no shade at the right edge once at the end').toBeLessThan(5);
  });

  it('About page shows the story, the team (with initials where there is no photo), the vision and the four values', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto(ROUTES.ABOUT);
    for (const heading of ['Our Story', 'Our Team', 'Our Vision', 'What Defines Us']) {
      await expectVisible(page.getByRole('heading', { level: 2, name: heading }));
    }
    for (const value of ['Empathy', 'Transparency', 'Accuracy', 'Balanced Approach']) {
      await expectVisible(page.getByRole('heading', { level: 3, name: value }));
    }
    const imran = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Imran Qureshi' }) });
    await expectVisible(imran.getByText('IQ', { exact: true }));
  });

  it('Refer a friend page shows the steps and the $5 terms, and asks a visitor to sign in for a link', async () => {
    const { page } = await e2e.noJavaScript();
    await page.goto(ROUTES.REFER_FRIEND);
    expect(await page.getByRole('region', { name: 'How it works' }).getByRole('listitem').count()).toBe(3);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('Your friend gets $5 off our processing fees when they sign up through your unique link.');
    expect(text).toContain('You get a $5 gift card from an online retailer for each application your friend completes');
    await expectVisible(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }));
  });
});

describe('accessibility of the content pages (axe)', () => {
  const PAGES = [
    ROUTES.ABOUT,
    ROUTES.REFER_FRIEND,
    ROUTES.FAQ,
    ROUTES.ARTICLES,
    '/articles/indian-passport-renewal-fees-july-2026',
    // Its checklist table is wider than a phone: the scrolling region must be keyboard-reachable.
    '/articles/oci-card-documents-checklist',
    ROUTES.GUIDELINE,
    '/guideline?active=Privacy+Policy+and+Cookies',
    ROUTES.PRIVACY_POLICY,
    ROUTES.CONTACT,
    ROUTES.REFUND_REQUEST,
    ROUTES.VISA_SERVICE,
    ROUTES.INDIAN_TOURIST_VISA,
    ROUTES.CAMPAIGN_THANK_YOU,
  ];

  it.each(PAGES)('%s has no serious or critical violation on a 1440 px desktop', async (path) => {
    const { page } = await e2e.visitorTab('desktop');
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(PAGES)('%s has no serious or critical violation on a 390 px phone', async (path) => {
    const { page } = await e2e.visitorTab('mobile');
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the contact form has no serious or critical violation while it shows its errors', async () => {
    const { page } = await e2e.mobile({ allowConsoleErrors: REFUSED_POST });
    await page.goto(ROUTES.CONTACT);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(page.getByRole('alert'));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
