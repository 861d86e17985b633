// Runs pa11y-ci (its axe and HTML_CodeSniffer runners, WCAG 2 AA) over every page of the running
// storefront's sitemap, the home page with its offer popup closed, in the machine's Chromium
// (issue 33 §4, docs/decisions/0104-pa11y-ci.md). Usage: npm run pa11y -- BASE_URL (CI: scripts/start-smoke.sh)
// Exits non-zero on any error pa11y-ci reports.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HOME_POPUP_OPEN_DELAY_MS } from '../src/domain/limits/constants.ts';

const base = process.argv[2]?.replace(/\/$/, '');
if (!base) {
  console.error('usage: node scripts/pa11y.ts BASE_URL');
  process.exit(2);
}

const sitemap = await fetch(`${base}/sitemap.xml`);
if (!sitemap.ok) throw new Error(`GET /sitemap.xml answered ${sitemap.status}`);
// The sitemap names the site's public address; the pages are read from this server.
const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
if (paths.length === 0) throw new Error('the sitemap lists no pages');

const POPUP = '[role="dialog"]';
const urls = paths.map((path) =>
  path === '/'
    ? {
        url: `${base}/`,
        // The offer popup opens HOME_POPUP_OPEN_DELAY_MS after load: the page is judged once it is closed.
        actions: [
          `wait for element ${POPUP} to be added`,
          `click element ${POPUP} button[aria-label="Close"]`,
          `wait for element ${POPUP} to be removed`,
        ],
        timeout: 30_000 + HOME_POPUP_OPEN_DELAY_MS,
      }
    : `${base}${path}`,
);

const config = {
  defaults: {
    runners: ['axe', 'htmlcs'],
    standard: 'WCAG2AA',
    timeout: 30_000,
    // Two pages at once in one browser failed with "Target.closeTarget: No target with given id"
    // (pa11y 9, Puppeteer 24, Chromium 156): one at a time.
    concurrency: 1,
    chromeLaunchConfig: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  urls,
};

const dir = mkdtempSync(join(tmpdir(), 'pa11y-'));
try {
  const file = join(dir, 'pa11y-ci.json');
  writeFileSync(file, JSON.stringify(config));
  const bin = resolve(import.meta.dirname, '../node_modules/pa11y-ci/bin/pa11y-ci.js');
  const run = spawnSync(process.execPath, [bin, '--config', file], { stdio: 'inherit' });
  console.log(`pa11y-ci: ${paths.length} sitemap pages, exit ${run.status}`);
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
