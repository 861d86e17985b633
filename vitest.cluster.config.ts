import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (docs/decisions/0079): the storefront as two processes behind nginx on a
 * throwaway PostgreSQL server. Not part of `npm test`: it needs PostgreSQL's and nginx's binaries.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    include: ['e2e/cluster/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
