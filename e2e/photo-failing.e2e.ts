import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/domain/catalog/money.ts';
import { PHOTO_ENHANCEMENT_SLUG, serviceHref } from '../src/domain/config/navigation.ts';
import { PHOTO_ORDER_PATH, ROUTES } from '../src/domain/config/routes.ts';
import { PAYMENT_MESSAGES as P } from '../src/domain/payments/payment.ts';
import { PHOTO_PACKAGE_ORDERS, photoPackageCents } from '../src/domain/photos/catalog-prices.ts';
import { PHOTO_RULE_LABELS } from '../src/domain/photos/compliance.ts';
import { FAILED_RULE_MESSAGES as F, FAILED_RULE_CHOICE_LABELS } from '../src/domain/photos/failed-rules.ts';
import type { PhotoOrder } from '../src/domain/photos/orders.ts';
import { PHOTO_SIZES } from '../src/domain/photos/sizes.ts';
import { busyBackground, faceOn } from '../src/server/modules/photos/compliance/test-images.ts';
import { RESULT_TEXT } from '../src/web/features/checkout/payment-result-page.tsx';
import { FAILED_TEXT } from '../src/web/features/photos/order/text.ts';
import { signInContext, uniqueEmail, verifiedAccount } from './support/accounts.ts';
import { setupE2E } from './support/browser.ts';
import { looksRight } from './support/looks.ts';
import { expectVisible, waitForHydration } from './support/page.ts';
import { addUsPassportPhoto, chooseCvsPickup, openPhotoOrder } from './support/photo-order.ts';

const e2e = setupE2E();

const TEST_TIMEOUT_MS = 180_000;
const CONFIRM_TIMEOUT_MS = 20_000;
const US = PHOTO_SIZES['us-2x2'];
const NAME = 'e2e-busy-wall.jpg';

/** A real face in front of a dark bookshelf: the background rule fails, and no fit can fix it. */
async function busyWallPhoto(): Promise<string> {
  await mkdir('.tmp', { recursive: true });
  const path = `.tmp/${NAME}`;
  await writeFile(path, await faceOn('brunette', await busyBackground(1600, 1800)));
  return path;
}

describe('a photo that failed a rule (issue 31 §3)', () => {
  it(
    'cannot be paid for prints without a retake or a choice; "have a person check it" pays and holds the prints',
    async () => {
      const email = uniqueEmail('photo-failing');
      await verifiedAccount(e2e.baseURL, email, 'Kiran Rao');
      const { page, context } = await e2e.desktop();
      await signInContext(context, e2e.baseURL, email);

      const orderId = await openPhotoOrder(page);

      // Step 1: a US 2×2 photo in front of a bookshelf.
      const report = await addUsPassportPhoto(page, await busyWallPhoto(), NAME);
      await expectVisible(report.getByText(PHOTO_RULE_LABELS.background));

      // Steps 2 and 3: prints, picked up at a photo counter.
      await chooseCvsPickup(page);

      // Step 4: the failed rule again, with the thumbnail, and beside Pay.
      const failed = page.getByRole('region', { name: FAILED_TEXT.heading(1) });
      await expectVisible(failed);
      await expectVisible(failed.getByRole('img', { name: FAILED_TEXT.thumbnail(NAME) }));
      await expectVisible(failed.getByText(new RegExp(`^${PHOTO_RULE_LABELS.background}: `)));
      await expectVisible(page.getByRole('note').getByText(FAILED_TEXT.reminder(1)));
      await looksRight(page, 'photo-failing-review-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await looksRight(page, 'photo-failing-review-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      // Pay without a choice: disabled, and why said beside it before it is pressed, in words that
      // name the photo (forced, a press starts nothing).
      const pay = page.getByRole('button', { name: /^Pay / });
      await expectVisible(page.getByText(P.stillNeeded([F.needsChoice(US.label, NAME)])));
      expect(await pay.getAttribute('aria-disabled')).toBe('true');
      await pay.click({ force: true });
      expect(new URL(page.url()).pathname).toBe(PHOTO_ORDER_PATH);

      // "Have a person check it": saved, and the prints wait for that person.
      await failed.getByRole('radio', { name: new RegExp(FAILED_RULE_CHOICE_LABELS['person-check']) }).check();
      await expectVisible(failed.getByText(FAILED_TEXT.saved));
      await expectVisible(page.getByText(FAILED_TEXT.printsHeld));
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname === '/api/v1/payments/sandbox/checkout');
      await page.getByRole('button', { name: P.simulateSuccess }).click();
      await page.waitForURL((url) => url.pathname === ROUTES.PHOTO_PAYMENT_SUCCESS);
      await waitForHydration(page);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: RESULT_TEXT.completedTitle }),
        CONFIRM_TIMEOUT_MS,
      );

      // The paid order keeps the choice, the flag for staff and the held prints.
      const answer = await page.request.get(`${e2e.baseURL}/api/v1/photo-orders/${orderId}`);
      const order = (await answer.json()).data as PhotoOrder;
      expect(order.status).toBe('Order pending');
      expect(order.printsHeld).toBe(true);
      expect(order.items[0]?.photos[0]).toMatchObject({
        failedRuleChoice: { choice: 'person-check' },
        secondLook: 'requested',
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe('photo prices (issue 31 §5)', () => {
  it('the /photos page, the home card and the service page show what a photo order charges', async () => {
    const { page } = await e2e.desktop();
    const cents = Object.keys(PHOTO_PACKAGE_ORDERS).map((slug) => photoPackageCents(slug, 'USD') ?? 0);
    const usd = (amountCents: number) => formatMoney({ amountCents, currency: 'USD' });
    const charged = cents.map(usd);
    for (const path of [ROUTES.PHOTOS, serviceHref(PHOTO_ENHANCEMENT_SLUG)]) {
      await page.goto(path);
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
      const text = await page.getByRole('main').innerText();
      for (const price of charged) expect(text, `${path} shows ${price}`).toContain(price);
      expect(text).not.toMatch(/\$8\.99|\$14\.99/);
    }
    await page.goto(ROUTES.HOME);
    // The card: the list item whose heading links to the service page.
    const card = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator(`h3 a[href="${serviceHref(PHOTO_ENHANCEMENT_SLUG)}"]`) });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what is asserted
    expect(await card.innerText()).toContain(`From ${usd(Math.min(...cents))}`);
  });
});
