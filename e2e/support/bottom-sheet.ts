import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BOTTOM_SHEET_BACKDROP_DELAY_MS } from '../../src/domain/limits/constants.ts';

/**
 * Stops the page's clock before it loads: from then on only the test moves time, so a delay is
 * counted exactly instead of measured against a busy machine (call before `page.goto`).
 */
export async function holdPageClock(page: Page): Promise<void> {
  const start = new Date('2026-11-23T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/**
 * SPEC.md §4: a bottom sheet's backdrop appears 500 ms after it opens. Moves the held clock 1 ms
 * at a time until `sheet` is in the page (opening may take timers of its own), then checks there
 * is no `backdrop` 2 ms before the delay and there is one at it; the clock runs freely after.
 */
export async function expectBackdropAfterDelay(page: Page, sheet: Locator, backdrop: Locator): Promise<void> {
  for (let ms = 0; ms < 1000 && (await sheet.count()) === 0; ms++) await page.clock.runFor(1);
  expect(await sheet.count(), 'the sheet is in the page').toBe(1);
  expect(await backdrop.count(), 'no backdrop when the sheet opens').toBe(0);
  await page.clock.runFor(BOTTOM_SHEET_BACKDROP_DELAY_MS - 2);
  expect(await backdrop.count(), `no backdrop ${BOTTOM_SHEET_BACKDROP_DELAY_MS - 2} ms later`).toBe(0);
  await page.clock.runFor(2);
  await backdrop.waitFor({ state: 'attached' });
  await page.clock.resume();
}
