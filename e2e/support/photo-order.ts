import type { Page } from 'playwright-core';
import { PHOTO_ORDER_PATH } from '../../src/domain/config/routes.ts';
import { PHOTO_SIZES } from '../../src/domain/photos/sizes.ts';
import { DELIVERY_TEXT, FLOW_TEXT, ITEMS_TEXT } from '../../src/web/features/photos/order/text.ts';
import { expectVisible, waitForHydration } from './page.ts';

/** Face detection in the check job: about a second warm, several at the worker's first photo. */
export const PHOTO_CHECK_TIMEOUT_MS = 60_000;

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** A signed-in customer's new photo order, open at step 1: its PHO- id. */
export async function openPhotoOrder(page: Page): Promise<string> {
  await page.goto(PHOTO_ORDER_PATH);
  await page.waitForURL((url) => /^PHO-/.test(url.searchParams.get('orderId') ?? ''));
  await waitForHydration(page);
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

/** Step 1: a US 2×2 item with the photo at `path`, once checked: the check's region. */
export async function addUsPassportPhoto(page: Page, path: string, name: string) {
  await page.getByRole('combobox', { name: ITEMS_TEXT.sizeLabel }).selectOption('us-2x2');
  await page.getByRole('button', { name: ITEMS_TEXT.add }).click();
  await expectVisible(page.getByRole('heading', { level: 3, name: PHOTO_SIZES['us-2x2'].documentType }));
  await page.locator('input[type="file"]').setInputFiles(path);
  const report = page.getByRole('region', { name: `Check of ${name}` });
  await expectVisible(report, PHOTO_CHECK_TIMEOUT_MS);
  return report;
}

/** Steps 2 and 3 from step 1: prints, picked up at the CVS counter near 10118; ends on step 4. */
export async function chooseCvsPickup(page: Page): Promise<void> {
  await page.getByRole('button', { name: FLOW_TEXT.continue }).click();
  await expectVisible(stepHeading(page, FLOW_TEXT.steps[2]));
  await page.getByRole('checkbox', { name: /Pickup From Nearest Photo studio/ }).check();
  await page.getByRole('button', { name: FLOW_TEXT.continue }).click();
  await expectVisible(stepHeading(page, FLOW_TEXT.steps[3]));
  await page.getByRole('radio', { name: 'CVS Photo' }).check();
  await page.getByRole('textbox', { name: DELIVERY_TEXT.pinCode }).fill('10118');
  await page.getByRole('textbox', { name: DELIVERY_TEXT.addressLine }).fill('350 5th Ave, New York');
  await page.getByRole('button', { name: FLOW_TEXT.continue }).click();
  await expectVisible(stepHeading(page, FLOW_TEXT.steps[4]));
}
