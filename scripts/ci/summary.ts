// Sums the Vitest and Playwright JSON reports and the runtime-dependency audit (scripts/ci/audit.ts: clean counts
// as one passed check, vulnerabilities as one failed) into one closing line: "tests: N passed, N failed[, N
// skipped]". A missing report counts as a failure, so a runner that crashed cannot look green.
import { readFileSync } from 'node:fs';

const read = (f: string): any => {
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
  const broken = (v.testResults ?? []).filter((f: { status: string; assertionResults?: unknown[] }) => f.status === 'failed' && !f.assertionResults?.length).length;
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
const a = read('.reports/audit.json');
if (!a) {
  failed += 1;
  console.log('audit: no report');
} else if (a.status === 'clean') {
  passed += 1;
} else if (a.status === 'vulnerable' || a.required) {
  failed += 1;
} else {
  console.log('audit: WARNING, not run (set AUDIT_REQUIRED=1 to fail on this); not counted');
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || skipped ? 1 : 0);
