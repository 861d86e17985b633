import type { Page } from 'playwright-core';
import { waitForHydration } from './page.ts';

/** Opens a package page and presses its card's "Choose package" (where it leads is the caller's to check). */
export async function choosePackageOn(page: Page, packagePage: string, packageName: string): Promise<void> {
  await page.goto(packagePage);
  await waitForHydration(page);
  await page
    .getByRole('article', { name: packageName })
    .getByRole('link', { name: /^Choose package/ })
    .click();
}
