// The contract suite for the scratch element alone (scripts/test/scratch-element.mjs, in its
// copy of the repository): web-test-runner.config.mjs, with mocha running only the tests of
// `<pubnet-scratch>` (the suite names each element's `describe`s by its tag, `<tag>: …`), and
// their counts written to $PUBNET_SCRATCH_COUNTS as JSON. The other elements' tests do not
// run (web-test-runner counts them failed): the counts leave them out.
import { writeFileSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import config from '../../web-test-runner.config.mjs';

const TAG = '<pubnet-scratch>';

/** Adds the tests of `suite` to `counts`, where it or a suite around it is the scratch element's. */
function count(suite, counts, ours = false) {
  for (const test of suite.tests ?? [])
    if (ours) counts[test.skipped ? 'skipped' : test.passed ? 'passed' : 'failed'] += 1;
  for (const inner of suite.suites ?? []) count(inner, counts, ours || inner.name.startsWith(TAG));
}

export default {
  ...config,
  testFramework: { ...config.testFramework, config: { ...config.testFramework.config, grep: TAG } },
  reporters: [
    defaultReporter(),
    {
      onTestRunFinished({ sessions }) {
        const counts = { passed: 0, failed: 0, skipped: 0 };
        for (const session of sessions) {
          count(session.testResults ?? {}, counts);
          // A file that failed to load, or threw outside its tests.
          if (session.errors?.length) counts.failed += 1;
        }
        writeFileSync(process.env.PUBNET_SCRATCH_COUNTS, JSON.stringify(counts));
      },
    },
  ],
};
