import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Prints the plain closing line CI reads, `N passed, N failed, N skipped`, so a run that
 * tested nothing is visible, after the full names of the tests that failed (CI keeps only the
 * end of its log, so a failure far up would otherwise go unnamed). With TEST_SUMMARY_FILE set,
 * also appends the counts and the failed names there as a JSON line for .ci/run to add up.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ) {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = unhandledErrors.map((error) => `unhandled error: ${firstLine(error)}`);
    for (const module of testModules) {
      const before = failures.length;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failures.push(`${module.moduleId} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
      // A file that failed outside its tests (an import that threw, a hook that timed out).
      if (module.state() === 'failed' && failures.length === before) {
        failures.push(`${module.moduleId}: ${firstLine(module.errors()[0])}`);
      }
    }
    // A run that failed before any test could fail (a global setup that threw, a build that
    // broke) still counts as a failure.
    if (reason === 'failed' && failures.length === 0) failures.push('the run failed before any test failed');
    const failed = failures.length;
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    const named = failures.map((failure) => `FAILED ${failure}\n`).join('');
    process.stdout.write(`\n${named}${line}\n`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${JSON.stringify({ passed, failed, skipped, failures })}\n`);
    }
  }
}

function firstLine(error: unknown): string {
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 300);
}
