/**
 * Debian's Chromium, driven by playwright-core (no browser is ever downloaded). The team's brief
 * names this browser; its headless shell would cost less (docs/decisions/0091-ci-time.md).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags the team's brief gives for Debian's Chromium here (its closed network, no GPU, root). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser UI that headless Chromium builds for every new window (each Playwright context, each
 * Puppeteer page): the omnibox popup's WebUI app, loaded in a renderer of its own. Off, a fresh
 * context and its first page load cost about 3 s of CPU instead of 5.5 s here (decision 0082),
 * and pa11y-ci's 46 pages 139 CPU s instead of 209 (decision 0127).
 */
export const SUITE_DISABLED_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // A renderer process started ahead for the next navigation. A spare belongs to one browser
  // context, and the suite opens contexts all the time: most were started and never used (six
  // files, in turns: 301 CPU s instead of 320; decision 0091, session 33).
  'SpareRendererForSitePerProcess',
];

export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;

/** How long a locator may take to reach a state before the test fails. */
export const UI_TIMEOUT_MS = 5000;

/**
 * How long an e-mail may take to reach the dev mailbox. The job queue delivers it after the
 * request (docs/decisions/0033-mail-through-the-queue.md): one poll of 0.5 s when idle, longer
 * on a busy machine.
 */
export const MAIL_TIMEOUT_MS = 10_000;

/**
 * The e2e server's first admin (ADMIN_EMAILS, decision 0067): a journey that verifies an account
 * with this address works the back office as an admin.
 */
export const E2E_ADMIN_EMAIL = 'back-office-admin@sevadocs.test';
