import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Prints the plain closing line CI reads, `N passed, N failed, N skipped`, so a run that
 * tested nothing is visible. With TEST_SUMMARY_FILE set, also appends the counts there as a
 * JSON line for .ci/run to add up.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    // A run that failed before any test could fail (a global setup that threw, a build that
    // broke) still counts as a failure.
    if (reason === 'failed' && failed === 0) failed = 1;
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${line}\n`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${JSON.stringify({ passed, failed, skipped })}\n`);
    }
  }
}
