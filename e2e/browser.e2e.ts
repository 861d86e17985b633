import { globSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser, PLAYWRIGHT_DISABLED_FEATURES, setupE2E } from './support/browser.ts';
import { CHROMIUM_PATH, DESKTOP_VIEWPORT, MOBILE_VIEWPORT, SUITE_DISABLED_FEATURES } from './support/constants.ts';

function readProc(pid: string, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return ''; // the process ended meanwhile
  }
}

/** The browsers this process runs (Linux /proc): the worker's shared one too, when a file before launched it. */
function browserPids(): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      const stat = readProc(pid, 'stat');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === process.pid && readProc(pid, 'cmdline').includes('--remote-debugging-pipe');
    });
}

/**
 * The features a browser starts with disabled, read from the one browser `launch` adds to this
 * process: Chromium takes the last `--disable-features` switch of its command line.
 */
async function featuresOf(launch: () => Promise<Browser>): Promise<string[]> {
  const before = new Set(browserPids());
  const browser = await launch();
  try {
    const launched = browserPids().filter((pid) => !before.has(pid));
    expect(launched).toHaveLength(1);
    const switches = readProc(launched[0] ?? '', 'cmdline')
      .split('\0')
      .filter((arg) => arg.startsWith('--disable-features='));
    return (switches.at(-1) ?? '').slice('--disable-features='.length).split(',').filter(Boolean);
  } finally {
    await browser.close();
  }
}

const e2e = setupE2E();

describe("the suite's browser", () => {
  it("keeps every feature Playwright disables by default disabled, and the suite's own too", async () => {
    const playwrights = await featuresOf(() =>
      chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] }),
    );
    const ours = await featuresOf(launchBrowser);
    expect(playwrights.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
    expect(ours).toEqual(expect.arrayContaining([...playwrights, ...SUITE_DISABLED_FEATURES]));
  });

  // Playwright sizes a tab's window to each new viewport, which takes it out of full screen: the
  // test after this one gets the same tab back, which must be full screen again
  // (`keptWithoutBrowserChrome`).
  it('lets a test resize its tab', async () => {
    const { page } = await e2e.desktop();
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto('/signin');
    expect(await page.evaluate(() => innerWidth)).toBe(1000);
  });

  it("shows each tab's page in a full-screen window, which the app cannot tell from a plain one", async () => {
    for (const [{ page, context }, viewport] of [
      [await e2e.desktop(), DESKTOP_VIEWPORT],
      [await e2e.mobile(), MOBILE_VIEWPORT],
      [await e2e.desktop({ locale: 'en-CA' }), DESKTOP_VIEWPORT],
    ] as const) {
      await page.goto('/signin');
      const session = await context.newCDPSession(page);
      const { bounds } = await session.send('Browser.getWindowForTarget');
      await session.detach();
      expect(bounds.windowState).toBe('fullscreen');
      const seen = await page.evaluate(() => ({
        width: innerWidth,
        height: innerHeight,
        visibility: document.visibilityState,
        focused: document.hasFocus(),
        fullscreenElement: document.fullscreenElement,
        fullscreenDisplay: matchMedia('(display-mode: fullscreen)').matches,
      }));
      expect(seen).toEqual({
        ...viewport,
        visibility: 'visible',
        focused: true,
        fullscreenElement: null,
        // What a page could see: `display-mode` reads the window's state. The app never asks.
        fullscreenDisplay: true,
      });
    }
    const webApp = fileURLToPath(new URL('../src/web/', import.meta.url));
    const appFiles = globSync('**/*.{ts,tsx,css}', { cwd: webApp });
    expect(appFiles.length).toBeGreaterThan(100);
    const asking = appFiles.filter((file) => readFileSync(join(webApp, file), 'utf8').includes('display-mode'));
    expect(asking).toEqual([]);
  });
});
