import { defineConfig } from 'vitest/config';

const reporters = ['default', './scripts/vitest-summary-reporter.ts'];

export default defineConfig({
  test: {
    reporters,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
