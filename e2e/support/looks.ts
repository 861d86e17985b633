// How a page looks: it fits the window, axe finds nothing serious in it, and a screenshot of it to look at.
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.ts';

/** Where the suite's screenshots go (git-ignored), to look at after a run. */
const SCREENSHOTS_DIR = '.tmp/screenshots';

/**
 * `E2E_SCREENSHOTS=0` leaves them out: they are for a person to look at, and nobody looks at a CI
 * clone's. The suite's 77 took ~33 s of its workers' time (a full page at 1440 px, ~0.4 s each;
 * decision 0091-ci-time). Nothing is asserted on them.
 */
const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS !== '0';

/** The page (whole, unless `fullPage` is false) or one element, as `.tmp/screenshots/<name>.png`. */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const path = `${SCREENSHOTS_DIR}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/** How far the page reaches past the window's right edge (≤ 0: nothing to scroll sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Nothing wider than the window, no serious axe violation in `main`, and a screenshot to look at. */
export async function looksRight(page: Page, name: string): Promise<void> {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await screenshot(page, name);
}

/** The area two elements' boxes share on screen, in px²: 0 when apart, or when either is not shown. */
export async function overlapArea(a: Locator, b: Locator): Promise<number> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return 0;
  const width = Math.min(boxA.x + boxA.width, boxB.x + boxB.width) - Math.max(boxA.x, boxB.x);
  const height = Math.min(boxA.y + boxA.height, boxB.y + boxB.height) - Math.max(boxA.y, boxB.y);
  return Math.max(0, width) * Math.max(0, height);
}
