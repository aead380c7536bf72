// Sums the Vitest and Playwright JSON reports into one closing line: "tests: N passed, N failed[, N skipped]".
// A missing report counts as a failure, so a runner that crashed cannot look green.
import { readFileSync } from 'node:fs';

const read = (f) => {
  try {
    return JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};
let passed = 0;
let failed = 0;
let skipped = 0;
const v = read('.reports/vitest.json');
if (v) {
  passed += v.numPassedTests;
  // a file that failed to load has no test results: count it as one failure
  const broken = (v.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.length).length;
  failed += v.numFailedTests + broken;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed (${(v.testResults ?? []).length} files)`);
} else {
  failed += 1;
  console.log('vitest: no report');
}
const p = read('.reports/playwright.json');
if (p) {
  const s = p.stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
  console.log(`playwright: ${s.expected} passed, ${s.unexpected + s.flaky} failed`);
} else {
  failed += 1;
  console.log('playwright: no report');
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || skipped ? 1 : 0);
