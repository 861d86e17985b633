import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MAIL_TIMEOUT_MS, UI_TIMEOUT_MS } from './constants.ts';

/**
 * Resolves once React has hydrated the server-rendered document: the router exists and the
 * page's DOM nodes carry React's fiber keys. Clicking before that would test nothing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } };
      const node = document.querySelector('main') ?? document.body;
      return (
        w.__reactRouterDataRouter?.state?.initialized === true &&
        Object.keys(node).some((key) => key.startsWith('__reactFiber'))
      );
    },
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

/** Fails with the locator in the message unless it becomes visible in time. */
export async function expectVisible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/**
 * Waits until the element is visible and its fade-in or slide-in (its own and its subtree's CSS
 * animations and transitions) has finished, so a check such as axe's colour contrast measures
 * what a reader sees rather than a frame of the animation. Never-ending animations are skipped.
 */
export async function settled(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await expectVisible(locator, timeout);
  // A toast starts its entrance transition one frame after it is added (sonner's data-mounted).
  await locator.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await locator.evaluate((node) =>
    Promise.all(
      node
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Resolves once the page has run the work queued so far outside the timers, such as the render
 * React schedules when a timer's callback sets state: a negative check right after
 * `page.clock.fastForward()` would otherwise read the page before that render. React's scheduler
 * runs its work in MessageChannel tasks, which Playwright's clock does not fake; a message posted
 * now is handled after them (three in turn, for work that yields once or twice).
 */
export async function renderedAfterTimers(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let turn = 0; turn < 3; turn++) {
      await new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      });
    }
  });
}

/**
 * Holds back the page's script chunk `<name>-<hash>.js` (a slow phone: the HTML is there, that
 * code is not yet) until the returned function is called.
 */
export async function holdBackChunk(page: Page, name: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Fails unless the locator becomes hidden (or detached) in time. */
export async function expectHidden(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** The path (with query) an href points to, resolved against the page's origin. */
export function pathOf(href: string | null, origin: string): string {
  if (href === null) return '<no href>';
  const url = new URL(href, origin);
  return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}` : url.href;
}

/** The hrefs of every element the locator matches, in document order. */
export function hrefsOf(locator: Locator): Promise<(string | null)[]> {
  return locator.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
}

/** `getComputedStyle(document.body).overflow`, `…overflowY` — what decides whether the page scrolls. */
export function bodyOverflow(page: Page): Promise<{ overflow: string; overflowY: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { overflow: style.overflow, overflowY: style.overflowY };
  });
}

/** `expect.poll` with the suite's UI timeout (vitest's default of 1 s is too short for a browser). */
export function poll<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: UI_TIMEOUT_MS, interval: 50, ...(message ? { message } : {}) });
}

/** `poll` for what the dev mailbox shows: e-mail arrives through the job queue, after the request. */
export function pollMail<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: MAIL_TIMEOUT_MS, interval: 100, ...(message ? { message } : {}) });
}
