import { describe, expect, it } from 'vitest';
import { formatPageWeight, measurePageWeight } from '../bench/page-weight.ts';
import { PHOTO_ORDER_PATH, ROUTES } from '../src/domain/config/routes.ts';
import { PHOTO_RULE_LABELS, PHOTO_RULES } from '../src/domain/photos/compliance.ts';
import { PHOTO_PROMISE } from '../src/domain/photos/promise.ts';
import { PHOTO_SIZE_IDS, PHOTO_SIZES } from '../src/domain/photos/sizes.ts';
import { EXAMPLE_FIGURES } from '../src/web/features/photos/landing/example-figures.ts';
import {
  STRONG_PASSWORD,
  signInContext,
  uniqueEmail,
  verifiedAccount,
  waitForInteractive,
  waitForLink,
} from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';
import { screenshot } from './support/looks.ts';
import { expectVisible, pathOf, poll, waitForHydration } from './support/page.ts';

const e2e = setupE2E();

const START = 'Start your photo order';

describe('/photos rendered on the server (JavaScript disabled)', () => {
  it('says what SevaPhotos does, the sizes, every check, the no-retouching promise, the example and the prices', async () => {
    const { page } = await e2e.noJavaScript();
    const response = await page.goto(ROUTES.PHOTOS);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toContain('public');
    expect(await page.title()).toContain('SevaPhotos');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/phone photo/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${e2e.baseURL}${ROUTES.PHOTOS}`);

    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { level: 1 }));
    for (const id of PHOTO_SIZE_IDS) await expectVisible(main.getByRole('heading', { name: PHOTO_SIZES[id].label }));
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    const text = await main.innerText();
    for (const rule of PHOTO_RULES)
      expect(text, `the check "${PHOTO_RULE_LABELS[rule]}"`).toContain(PHOTO_RULE_LABELS[rule]);
    expect(text).toContain(PHOTO_PROMISE.SEVAPHOTOS);
    expect(text).toContain('We don’t make Canadian passport photos.');

    // The before/after example: both images load, and the figures under "after" are the file's.
    for (const figures of [EXAMPLE_FIGURES.before, EXAMPLE_FIGURES.after]) {
      const image = main.locator(`img[src="${figures.path}"]`);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(figures.widthPx);
      const file = await fetch(`${e2e.baseURL}${figures.path}`);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect((await file.arrayBuffer()).byteLength).toBe(figures.bytes);
    }

    // Prices: a row per plan, each with its amount.
    const rows = main.getByRole('table', { name: 'Photo plans and their prices' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) expect(await row.textContent()).toMatch(/from \$\d/);

    // Structured data: the Service with one Offer per plan.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Service', url: `${e2e.baseURL}${ROUTES.PHOTOS}` });
    expect(jsonLd.offers).toHaveLength(await rows.count());

    // Without JavaScript the call to action is a link to Sign Up that continues to the photo order.
    const start = main.getByRole('link', { name: START }).first();
    expect(await start.getAttribute('href')).toBe(`${ROUTES.SIGN_UP}?redirect=${encodeURIComponent(PHOTO_ORDER_PATH)}`);

    // The header's Photos link leads here.
    const photos = page.getByRole('banner').getByRole('link', { name: 'Photos', exact: true }).first();
    expect(pathOf(await photos.getAttribute('href'), e2e.baseURL)).toBe(ROUTES.PHOTOS);
  });
});

describe('/photos: Start your photo order', () => {
  it('opens Sign Up in photo-order mode for a visitor: x-platform sevaphotos, "Check your inbox", and the link goes on to the photo order', async () => {
    const { page } = await e2e.desktop();
    await page.goto(ROUTES.PHOTOS);
    await waitForHydration(page);
    const start = page.getByRole('main').getByRole('link', { name: START }).first();
    await waitForInteractive(start);
    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await expectVisible(dialog);
    expect(new URL(page.url()).pathname, 'the dialog opens over the page').toBe(ROUTES.PHOTOS);

    const email = uniqueEmail('photos');
    await dialog.getByLabel('Full Name').fill('Meera Iyer');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('4155550123');
    await dialog.getByLabel('Set Password').fill(STRONG_PASSWORD);
    await dialog.getByLabel('Re-enter Password').fill(STRONG_PASSWORD);
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    const signUp = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/signup') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    const request = await signUp;
    expect(request.headers()['x-platform']).toBe('sevaphotos');
    expect(request.postDataJSON().returnTo).toBe(PHOTO_ORDER_PATH);
    // The new account signs in with its e-mail's link: the dialog says so, over the page it opened on
    // (going to the photo order at once landed on a "Welcome back" sign-in page).
    const inbox = page.getByRole('dialog', { name: 'Check your inbox' });
    await expectVisible(inbox);
    expect(new URL(page.url()).pathname).toBe(ROUTES.PHOTOS);
    // On to the photo order (SPEC.md §4) with the link, signed in.
    await page.goto(await waitForLink(e2e.baseURL, email, ROUTES.VERIFY_EMAIL));
    await poll(() => new URL(page.url()).pathname).toBe(PHOTO_ORDER_PATH);
  });

  it('leads a signed-in customer straight to the photo order', async () => {
    const email = uniqueEmail('photos-signed-in');
    await verifiedAccount(e2e.baseURL, email);
    const { page, context } = await e2e.desktop();
    await signInContext(context, e2e.baseURL, email);
    await page.goto(ROUTES.PHOTOS);
    const main = page.getByRole('main');
    const start = main.getByRole('link', { name: START }).first();
    await expectVisible(start);
    expect(pathOf(await start.getAttribute('href'), e2e.baseURL)).toBe(PHOTO_ORDER_PATH);
    expect(await main.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
  });
});

describe('/photos weight and accessibility', () => {
  it('loads at most 120 KB of JavaScript, gzipped, on first load (DESIGN.md §4)', async () => {
    const weight = await measurePageWeight(`${e2e.baseURL}${ROUTES.PHOTOS}`);
    expect(weight.scripts.length).toBeGreaterThan(2);
    expect(weight.withinBudget, formatPageWeight(weight)).toBe(true);
  });

  it('keeps the no-retouching promise’s shield icon at its size beside a heading that wraps on a phone', async () => {
    const { page } = await e2e.mobile();
    await page.goto(ROUTES.PHOTOS);
    const icon = page.locator('#photos-no-retouch-title svg');
    await expectVisible(icon);
    const box = await icon.boundingBox();
    expect(box?.width, 'the icon’s width').toBeGreaterThanOrEqual(20);
    expect(box?.height, 'the icon’s height').toBeGreaterThanOrEqual(20);
    await screenshot(page.getByRole('complementary', { name: PHOTO_PROMISE.SEVAPHOTOS }), 'photos-no-retouch-390');
  });

  it('has no serious or critical axe violation at 1440 px and at 390 px', async () => {
    for (const open of [e2e.desktop, e2e.mobile]) {
      const { page } = await open();
      await page.goto(ROUTES.PHOTOS);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
