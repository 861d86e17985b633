import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { HOME_POPUP_DISMISSED_KEY, HOME_POPUP_DISMISSED_VALUE } from '../../src/domain/marketing/home-popup.ts';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  DESKTOP_VIEWPORT,
  MOBILE_VIEWPORT,
  SUITE_DISABLED_FEATURES,
} from './constants.ts';

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts). Chromium
 * keeps only the last `--disable-features` switch, so ours must repeat it; `e2e/browser.e2e.ts`
 * fails when a Playwright upgrade disables a feature this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...SUITE_DISABLED_FEATURES].join(',')}`,
    ],
  });
}

export interface GuardOptions {
  /**
   * Console errors matching one of these are expected by the test (for example the browser's
   * own "Failed to load resource: … 404" line on a page that is meant to answer 404).
   */
  allowConsoleErrors?: RegExp[];
  /**
   * Let the home page's timed promotional popup open (only the tests about it). Otherwise the
   * context starts as if the popup had already been closed in this browser session: a modal that
   * opens 2 s after load, on its own, would hide the page from role queries in unrelated tests.
   */
  homePopup?: boolean;
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, allowed or not. */
  errors: string[];
}

export interface E2E {
  /** Origin of the server under test. */
  baseURL: string;
  browser(): Browser;
  /** 1440×900, JavaScript on. */
  desktop(options?: BrowserContextOptions & GuardOptions): Promise<PageSession>;
  /** 390×844 phone with touch. */
  mobile(options?: BrowserContextOptions & GuardOptions): Promise<PageSession>;
  /** 1440×900 with JavaScript disabled: what the server rendered, nothing more. */
  noJavaScript(options?: BrowserContextOptions & GuardOptions): Promise<PageSession>;
  /**
   * A visitor's tab kept open for the whole spec file (one per viewport), for tests that only
   * open public pages and read them, such as axe scans: a visitor goes from page to page in one
   * tab, and each fresh context costs Chromium about 3 s of CPU (decision 0082). Never sign in or
   * change anything in it. Its errors fail the test that caused them, as on any page.
   */
  visitorTab(kind: VisitorTabKind): Promise<PageSession>;
}

export type VisitorTabKind = 'desktop' | 'mobile';

interface Tracked {
  context: BrowserContext;
  errors: string[];
  unexpected: string[];
}

/**
 * One browser per spec file, a new context per test (or a visitor's tab kept for the file).
 * Every page of a context is watched: a `console.error`, an uncaught page error or a refusal by
 * the Content-Security-Policy the test did not allow fails that test.
 */
export function setupE2E(): E2E {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];
  const visitorTabs = new Map<VisitorTabKind, Promise<PageSession & { entry: Tracked }>>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    const done = tracked;
    tracked = [];
    await Promise.all(done.map((t) => t.context.close()));
    const kept = await Promise.all(visitorTabs.values());
    const unexpected = [...done, ...kept.map((tab) => tab.entry)].flatMap((t) => t.unexpected.splice(0));
    if (unexpected.length > 0) {
      throw new Error(`The page logged ${unexpected.length} unexpected error(s):\n- ${unexpected.join('\n- ')}`);
    }
  });

  async function open(
    options: BrowserContextOptions & GuardOptions,
    keep = false,
  ): Promise<PageSession & { entry: Tracked }> {
    if (!browser) throw new Error('setupE2E(): the browser is not running (call it at the top of the spec file)');
    const { allowConsoleErrors = [], homePopup = false, ...contextOptions } = options;
    // Reduced motion unless a test asks for it: in headless Chromium, which composites in
    // software, the home page's scrolling offers strip kept a whole core busy for as long as the
    // page was open (measured: 2.9 s of CPU in 3 s idle; 0.07 s with reduced motion), and the
    // suite's two browsers share the machine's two cores with the server. Motion's own
    // behaviour is tested where it matters, with `reducedMotion: 'no-preference'`.
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', ...contextOptions });
    if (!homePopup) {
      await context.addInitScript(
        ([key, value]) => {
          try {
            sessionStorage.setItem(key, value);
          } catch {
            // about:blank and opaque origins have no storage; the app's pages do.
          }
        },
        [HOME_POPUP_DISMISSED_KEY, HOME_POPUP_DISMISSED_VALUE] as const,
      );
    }
    // A refusal by the page's Content-Security-Policy is an error too, though Chromium reports some
    // (a library's caught `new Function` probe) only to DevTools' Issues panel, not the console.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content-Security-Policy refused ${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    const entry: Tracked = { context, errors: [], unexpected: [] };
    if (!keep) tracked.push(entry);
    const record = (message: string) => {
      entry.errors.push(message);
      if (!allowConsoleErrors.some((pattern) => pattern.test(message))) entry.unexpected.push(message);
    };
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      record(`pageerror: ${error.stack ?? error.message} (${webError.page()?.url() ?? 'unknown page'})`);
    });
    const page = await context.newPage();
    return { context, page, errors: entry.errors, entry };
  }

  const desktop = (options: BrowserContextOptions & GuardOptions = {}, keep = false) =>
    open({ viewport: DESKTOP_VIEWPORT, ...options }, keep);
  const mobile = (options: BrowserContextOptions & GuardOptions = {}, keep = false) =>
    open({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ...options }, keep);

  return {
    baseURL,
    browser() {
      if (!browser) throw new Error('setupE2E(): the browser is not running');
      return browser;
    },
    desktop: (options) => desktop(options),
    mobile: (options) => mobile(options),
    noJavaScript: (options = {}) => open({ viewport: DESKTOP_VIEWPORT, javaScriptEnabled: false, ...options }),
    visitorTab(kind) {
      let tab = visitorTabs.get(kind);
      if (!tab) {
        tab = kind === 'desktop' ? desktop({}, true) : mobile({}, true);
        visitorTabs.set(kind, tab);
      }
      return tab;
    },
  };
}
