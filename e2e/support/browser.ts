import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Dialog,
  type Page,
} from 'playwright-core';
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

/**
 * Puts a page's window in full screen: the browser's window state, as F11 does, not the page's
 * Fullscreen API. Headless Chromium is the whole browser, tab strip included: while a page loads,
 * the tab's loading animation makes the browser redraw its window 60 times a second, in software
 * here (~28 frames a page load where the page itself asks for ~4). Full screen hides the tab strip,
 * so only what the page changes is drawn: −13 % of Chromium's CPU a page load (decision 0091,
 * session 33). The page sees no difference: the same viewport, still visible and focused.
 */
export async function withoutBrowserChrome(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { windowId } = await session.send('Browser.getWindowForTarget');
    await session.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'fullscreen' } });
  } finally {
    await session.detach();
  }
}

/**
 * `withoutBrowserChrome` for as long as the page lives: Playwright sizes the window to each new
 * viewport (`setViewportSize`, a test's or the pool's clean-up), which takes it out of full screen,
 * so the page's `setViewportSize` puts it back each time.
 */
async function keptWithoutBrowserChrome(page: Page): Promise<void> {
  const setViewportSize = page.setViewportSize.bind(page);
  page.setViewportSize = async (size) => {
    await setViewportSize(size);
    await withoutBrowserChrome(page);
  };
  await withoutBrowserChrome(page);
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
   * A visitor's tab kept open for the worker's spec files (one per viewport), for tests that only
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
  allowConsoleErrors: RegExp[];
  /** A pooled context goes back to the worker's pool after the test instead of being closed. */
  giveBack?: () => Promise<void>;
}

/** A context and its first page, whose console errors go to the test using them now. */
interface Watched {
  context: BrowserContext;
  page: Page;
  /** The test the errors count against; null between tests (a pooled context's clean-up). */
  owner: Tracked | null;
  /** Changed by a test in a way clean-up cannot undo (a clock, an init script, a route…). */
  tainted: boolean;
  closed: boolean;
}

/** Each kind of tab's context: a desktop, and a phone with touch. */
const TAB_OPTIONS = {
  desktop: { viewport: DESKTOP_VIEWPORT },
  mobile: { viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} satisfies Record<VisitorTabKind, BrowserContextOptions>;

/** What a test may change that the pool cannot undo: a context that saw one is closed after its test. */
const TAINTING = {
  context: [
    'addInitScript',
    'route',
    'routeFromHAR',
    'routeWebSocket',
    'grantPermissions',
    'setGeolocation',
    'setOffline',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'exposeBinding',
    'exposeFunction',
  ],
  page: [
    'addInitScript',
    'route',
    'routeFromHAR',
    'routeWebSocket',
    'setExtraHTTPHeaders',
    'exposeBinding',
    'exposeFunction',
    'emulateMedia',
  ],
  clock: ['install', 'pauseAt', 'runFor', 'fastForward', 'setFixedTime', 'setSystemTime', 'resume'],
} as const;

/** The page events tests listen to; their listeners go when the page goes back to the pool. */
const TEST_PAGE_EVENTS = [
  'request',
  'response',
  'requestfinished',
  'requestfailed',
  'dialog',
  'download',
  'popup',
  'console',
  'pageerror',
  'framenavigated',
  'load',
  'domcontentloaded',
  'filechooser',
  'websocket',
  'worker',
] as const;

function taintOn(watched: Watched, target: object, methods: readonly string[]): void {
  const methodsOf = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = methodsOf[name];
    if (typeof original !== 'function') continue;
    methodsOf[name] = (...args: unknown[]) => {
      watched.tainted = true;
      return original.apply(target, args);
    };
  }
}

/**
 * The worker's browser, its pool of clean tabs and its visitor tabs, shared by the spec files the
 * worker runs one after another: they share its modules (`isolate: false`, vitest.config.ts), so a
 * file starts with a running browser and warm tabs instead of launching its own (about 1.7 CPU s a
 * launch, and 0.8 s and a cold cache for each first context; decision 0143). Playwright closes the
 * browser when vitest stops the worker; a browser that crashed is launched again, with new tabs.
 */
let workerBrowser: Promise<Browser> | null = null;
const pool = new Map<VisitorTabKind, Watched[]>();
const visitorTabs = new Map<VisitorTabKind, Promise<PageSession & { entry: Tracked }>>();

function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = launchBrowser();
    workerBrowser = launched;
    void launched.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launched) workerBrowser = null;
          pool.clear();
          visitorTabs.clear();
        }),
      () => {
        if (workerBrowser === launched) workerBrowser = null;
      },
    );
  }
  return workerBrowser;
}

/** Kept between spec files: the pooled contexts and the visitor tabs. */
async function keptContexts(): Promise<Set<BrowserContext>> {
  const tabs = await Promise.all(visitorTabs.values());
  return new Set([...[...pool.values()].flat(), ...tabs].map((kept) => kept.context));
}

/**
 * A clean tab per test: `desktop()` and `mobile()` without context options lease a context from
 * the worker's pool, which takes it back after the test with its cookies, storage, extra tabs,
 * listeners and viewport reset, so the next test starts signed out on a blank slate in a tab whose
 * renderer is already running. A fresh context and its first page cost Chromium about 2 CPU s more
 * than a page in a kept tab (decision 0142); a context the test changed in a way that cannot be
 * undone (a clock, an init script, a route, permissions) is closed instead. Every other context a
 * spec file opened is closed when it ends. Every page of a context is watched: a `console.error`,
 * an uncaught page error or a refusal by the Content-Security-Policy the test did not allow fails
 * that test.
 */
export function setupE2E(): E2E {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    if (!browser?.isConnected()) return;
    const kept = await keptContexts();
    await Promise.all(browser.contexts().map((context) => (kept.has(context) ? undefined : context.close())));
  });

  afterEach(async () => {
    const done = tracked;
    tracked = [];
    await Promise.all(done.map((t) => (t.giveBack ? t.giveBack() : t.context.close())));
    const kept = await Promise.all(visitorTabs.values());
    const unexpected = [...done, ...kept.map((tab) => tab.entry)].flatMap((t) => t.unexpected.splice(0));
    if (unexpected.length > 0) {
      throw new Error(`The page logged ${unexpected.length} unexpected error(s):\n- ${unexpected.join('\n- ')}`);
    }
  });

  async function watch(options: BrowserContextOptions, homePopup: boolean): Promise<Watched> {
    if (!browser) throw new Error('setupE2E(): the browser is not running (call it at the top of the spec file)');
    // Reduced motion unless a test asks for it: in headless Chromium, which composites in
    // software, the home page's scrolling offers strip kept a whole core busy for as long as the
    // page was open (measured: 2.9 s of CPU in 3 s idle; 0.07 s with reduced motion), and the
    // suite's two browsers share the machine's two cores with the server. Motion's own
    // behaviour is tested where it matters, with `reducedMotion: 'no-preference'`.
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', ...options });
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
    const page = await context.newPage();
    await keptWithoutBrowserChrome(page);
    // The context's later pages too (a second tab, a popup): one that closes at once has no window left to set.
    context.on('page', (other) => void keptWithoutBrowserChrome(other).catch(() => {}));
    const watched: Watched = { context, page, owner: null, tainted: false, closed: false };
    const record = (message: string) => {
      const owner = watched.owner;
      if (!owner) return;
      owner.errors.push(message);
      if (!owner.allowConsoleErrors.some((pattern) => pattern.test(message))) owner.unexpected.push(message);
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
    context.on('close', () => {
      watched.closed = true;
    });
    return watched;
  }

  function ownedBy(watched: Watched, allowConsoleErrors: RegExp[]): Tracked {
    const entry: Tracked = { context: watched.context, errors: [], unexpected: [], allowConsoleErrors };
    watched.owner = entry;
    return entry;
  }

  async function open(
    options: BrowserContextOptions & GuardOptions,
    keep = false,
  ): Promise<PageSession & { entry: Tracked }> {
    const { allowConsoleErrors = [], homePopup = false, ...contextOptions } = options;
    const watched = await watch(contextOptions, homePopup);
    const entry = ownedBy(watched, allowConsoleErrors);
    if (!keep) tracked.push(entry);
    return { context: watched.context, page: watched.page, errors: entry.errors, entry };
  }

  /** Undoes what a test did to a pooled context; false when it cannot, and the context is closed. */
  async function cleanUp(watched: Watched, kind: VisitorTabKind): Promise<boolean> {
    const { context, page } = watched;
    if (watched.tainted || watched.closed || page.isClosed()) return false;
    try {
      await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
      for (const event of TEST_PAGE_EVENTS) page.removeAllListeners(event);
      // Leaving a page that asks before unload (a form with unsaved answers) is what the test wants.
      const leave = (dialog: Dialog) => void dialog.accept().catch(() => {});
      page.on('dialog', leave);
      // A plain page of the site, to clear the storage the app keeps in the browser for this origin.
      await page.goto('/robots.txt', { timeout: 10_000 });
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      page.off('dialog', leave);
      await context.clearCookies();
      const { viewport } = TAB_OPTIONS[kind];
      const size = page.viewportSize();
      if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
      await page.mouse.move(0, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** A clean context and tab of this kind for the current test, from the worker's pool (see above). */
  async function lease(kind: VisitorTabKind, allowConsoleErrors: RegExp[]): Promise<PageSession> {
    const idle = pool.get(kind) ?? [];
    pool.set(kind, idle);
    let watched = idle.pop();
    if (!watched) {
      watched = await watch(TAB_OPTIONS[kind], false);
      taintOn(watched, watched.context, TAINTING.context);
      taintOn(watched, watched.page, TAINTING.page);
      taintOn(watched, watched.page.clock, TAINTING.clock);
    }
    const leased = watched;
    const entry = ownedBy(leased, allowConsoleErrors);
    entry.giveBack = async () => {
      leased.owner = null;
      if (await cleanUp(leased, kind)) idle.push(leased);
      else await leased.context.close().catch(() => {});
    };
    tracked.push(entry);
    return { context: leased.context, page: leased.page, errors: entry.errors };
  }

  /** Only the error allow-list: a pooled context will do; any other option needs a context of its own. */
  const poolable = (options: BrowserContextOptions & GuardOptions) =>
    Object.keys(options).every((key) => key === 'allowConsoleErrors');
  const session = (kind: VisitorTabKind, options: BrowserContextOptions & GuardOptions = {}) =>
    poolable(options) ? lease(kind, options.allowConsoleErrors ?? []) : open({ ...TAB_OPTIONS[kind], ...options });

  return {
    baseURL,
    browser() {
      if (!browser) throw new Error('setupE2E(): the browser is not running');
      return browser;
    },
    desktop: (options) => session('desktop', options),
    mobile: (options) => session('mobile', options),
    noJavaScript: (options = {}) => open({ ...TAB_OPTIONS.desktop, javaScriptEnabled: false, ...options }),
    visitorTab(kind) {
      let tab = visitorTabs.get(kind);
      if (!tab) {
        tab = open(TAB_OPTIONS[kind], true);
        visitorTabs.set(kind, tab);
      }
      return tab;
    },
  };
}
