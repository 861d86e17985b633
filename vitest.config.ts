import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const reporters = ['default', './scripts/vitest-summary-reporter.ts'];

const UNIT_TESTS = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

/**
 * Unit files that replace modules or globals (vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv,
 * vi.resetModules) run in a process and module graph of their own. The server's, the domain's and
 * the scripts' other files share their worker's graph (`isolate: false`): the server is imported
 * once per worker instead of once per file, which halved the suite
 * (docs/decisions/0074-shared-module-graph-in-tests.md). Browser modules keep state for one page
 * load by design (the country list fetched once, the query client, the dialog host), so the web
 * app's other files each run in a VM context of their own (`vmForks`): a fresh jsdom window,
 * globals and modules per file, in a worker that loads jsdom once instead of once per file
 * (decision 0133). A VM context's `window.location` cannot be replaced: the files that stub it
 * stay isolated.
 */
const MODULE_REPLACING = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;
export const isolatedUnitTests = globSync(UNIT_TESTS, { exclude: ['**/node_modules/**'] })
  .filter((file) => MODULE_REPLACING.test(readFileSync(file, 'utf8')))
  .sort();
const WEB_TESTS = ['src/web/**/*.test.{ts,tsx}'];

/**
 * One worker more than the machine has cores: some unit files wait on real time (the job queue's
 * polls, the autosave's one-a-second window, a payment page's polling), and a core sat idle 15 %
 * of the run with one worker a core; the third fills it (decision 0132). The end-to-end suite
 * keeps 2: Chromium keeps both cores busy and a third worker only added CPU.
 */
const UNIT_WORKERS = availableParallelism() + 1;

const unitDefaults = {
  environment: 'node',
  globalSetup: ['./src/server/test/global-setup.ts'],
  pool: 'forks',
  maxWorkers: UNIT_WORKERS,
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    reporters,
    projects: [
      {
        test: {
          ...unitDefaults,
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [...WEB_TESTS, ...isolatedUnitTests],
          isolate: false,
        },
      },
      {
        test: {
          ...unitDefaults,
          // No database: the web app's files fake the API.
          globalSetup: [],
          name: 'web',
          include: WEB_TESTS,
          exclude: isolatedUnitTests,
          pool: 'vmForks',
        },
      },
      {
        test: { ...unitDefaults, name: 'unit-isolated', include: isolatedUnitTests, isolate: true },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          pool: 'forks',
          // The spec files share their worker's modules (playwright-core alone is ~0.3 s of CPU to
          // load): none replaces a module, and the worker's browser and its clean tabs serve them all
          // (decisions 0132, 0143).
          isolate: false,
          maxWorkers: 2,
          // A journey loads many pages, and a fresh browser context with its first page costs
          // Chromium about 0.5 s of CPU on a quiet 2-core machine (decision 0132; ~4 s on a loaded
          // one, 0082); two Chromiums and the server share the 2 cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
