// Reports web-test-runner's totals as a plain line CI can read, and as JSON
// for scripts/test.mjs when PUBNET_SUMMARY_FILE is set.
import { writeFileSync } from 'node:fs';

function count(results, totals) {
  if (!results) return;
  for (const test of results.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const suite of results.suites ?? []) count(suite, totals);
}

export function summaryReporter() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  return {
    onTestRunFinished({ sessions }) {
      for (const session of sessions) {
        const failedBefore = totals.failed;
        count(session.testResults, totals);
        // A file that failed to load, or threw outside its tests, counts as one failure.
        if (!session.passed && totals.failed === failedBefore) totals.failed += 1;
      }
      process.once('exit', () => {
        const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
        if (process.env.PUBNET_SUMMARY_FILE) {
          writeFileSync(process.env.PUBNET_SUMMARY_FILE, JSON.stringify(totals));
        } else {
          console.log(`browser: ${line}`);
        }
      });
    },
  };
}
