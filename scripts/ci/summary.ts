// Sums the Vitest and Playwright JSON reports, the cross-engine scenarios' Vitest report (.reports/engines.json,
// counted per engine: its top-level describe names the engine) and the runtime-dependency audit
// (scripts/ci/audit.ts: clean counts as one passed check, vulnerabilities as one failed) into one closing line:
// "tests: N passed, N failed[, N skipped]", after a line of scenarios per engine. A missing report counts as a
// failure, so a runner that crashed cannot look green.
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
  const broken = (v.testResults ?? []).filter(
    (f: { status: string; assertionResults?: unknown[] }) => f.status === 'failed' && !f.assertionResults?.length,
  ).length;
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
/** Scenarios per engine, from the cross-engine report: `chromium 13, firefox 12, webkit 13` (failures named). */
const e = read('.reports/engines.json');
let engines = 'engines: no report';
if (e) {
  type Result = { status: string; ancestorTitles?: string[] };
  type File = { status: string; message?: string; assertionResults?: Result[] };
  const per = new Map<string, { passed: number; failed: number; note: string }>();
  for (const file of (e.testResults ?? []) as File[]) {
    const results = file.assertionResults ?? [];
    for (const t of results) {
      const name = t.ancestorTitles?.[0] ?? '?';
      const c = per.get(name) ?? { passed: 0, failed: 0, note: '' };
      if (t.status === 'passed') c.passed++;
      else if (t.status === 'failed') c.failed++;
      per.set(name, c);
    }
    // an engine that did not start (its file failed with no failed test: all skipped, or none loaded) is a failure
    if (file.status === 'failed' && !results.some((t) => t.status === 'failed')) {
      failed += 1;
      const name = results[0]?.ancestorTitles?.[0] ?? '?';
      per.set(name, {
        ...(per.get(name) ?? { passed: 0, failed: 0 }),
        note: ` (did not run: ${(file.message ?? '').split('\n')[0]!.slice(0, 120)})`,
      });
    }
  }
  passed += e.numPassedTests;
  failed += e.numFailedTests;
  skipped += (e.numPendingTests ?? 0) + (e.numTodoTests ?? 0);
  engines = `engines: ${[...per].map(([name, c]) => `${name} ${c.passed}${c.failed ? ` (${c.failed} failed)` : ''}${c.note}`).join(', ')}`;
} else {
  failed += 1;
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
console.log(engines);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || skipped ? 1 : 0);
