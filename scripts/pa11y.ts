// Runs pa11y-ci (its axe and HTML_CodeSniffer runners, WCAG 2 AA) over every page of the running
// storefront's sitemap, the home page with its offer popup closed, in the machine's Chromium
// (issue 33 §4, docs/decisions/0104-pa11y-ci.md). Usage: npm run pa11y -- BASE_URL (CI: scripts/start-smoke.sh)
// Exits non-zero on any error pa11y-ci reports.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, SUITE_DISABLED_FEATURES } from '../e2e/support/constants.ts';
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

const defaults = {
  runners: ['axe', 'htmlcs'],
  standard: 'WCAG2AA',
  timeout: 30_000,
  // Two pages at once in one browser failed with "Target.closeTarget: No target with given id"
  // (pa11y 9, Puppeteer 24, Chromium 156): one at a time.
  concurrency: 1,
  // Each page in the browser's one context, not a fresh incognito one (pa11y-ci's default): the
  // site's scripts and styles come from the cache after the first page (~8 % less CPU; decision 0127).
  useIncognitoBrowserContext: false,
  chromeLaunchConfig: {
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
    // Puppeteer adds these to its own --disable-features list (Chromium keeps only one such switch).
    args: [...CHROMIUM_FLAGS, `--disable-features=${SUITE_DISABLED_FEATURES.join(',')}`],
  },
};

/**
 * Two pages at once in one browser fail (above), so the pages are split between browsers, each
 * its own pa11y-ci run. A browser waits on each page between its checks (load, the runners'
 * injection), so one per core left a quarter of the machine idle: one more than the cores, at most
 * four (46 pages on 2 cores: 53 s with two browsers, 41–45 s with three, the same CPU; decision
 * 0127). Each run's report is printed whole when it ends.
 */
const BROWSERS = Math.max(1, Math.min(availableParallelism() + 1, 4, urls.length));
// The home page, whose check waits on a timed popup, goes last in its browser's share: by then the
// browser and the server are warm (first, at both browsers' start, it waited past 30 s at load 29).
const ordered = [...urls.filter((url) => typeof url === 'string'), ...urls.filter((url) => typeof url !== 'string')];
const shares = Array.from({ length: BROWSERS }, (_, i) => ordered.filter((_, j) => j % BROWSERS === i));

function runPa11y(file: string): Promise<{ status: number; output: string }> {
  const bin = resolve(import.meta.dirname, '../node_modules/pa11y-ci/bin/pa11y-ci.js');
  const child = spawn(process.execPath, [bin, '--config', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ status: code ?? 1, output })));
}

const dir = mkdtempSync(join(tmpdir(), 'pa11y-'));
try {
  const runs = await Promise.all(
    shares.map((share, i) => {
      const file = join(dir, `pa11y-ci-${i}.json`);
      writeFileSync(file, JSON.stringify({ defaults, urls: share }));
      return runPa11y(file);
    }),
  );
  for (const run of runs) process.stdout.write(run.output);
  const status = runs.find((run) => run.status !== 0)?.status ?? 0;
  console.log(`pa11y-ci: ${paths.length} sitemap pages in ${runs.length} browser(s), exit ${status}`);
  process.exitCode = status;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
