// Sums the Vitest and Playwright JSON reports, the cross-engine scenarios' Vitest report (.reports/engines.json,
// counted per engine: its top-level describe names the engine) and the runtime-dependency audit
// (scripts/ci/audit.ts: clean counts as one passed check, vulnerabilities as one failed) into one closing line:
// "tests: N passed, N failed[, N skipped]", after a line of scenarios per engine. A missing report counts as a
// failure, so a runner that crashed cannot look green. Each failed test is named on a line of its own ("failed: ...")
// before those two lines, so the end of a CI log says what failed.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

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
/** The failed tests' names, each with the first line of its failure, printed before the engines and closing lines. */
const failures: string[] = [];
const firstLine = (text: unknown) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]!
    .slice(0, 200);
type VitestFile = {
  name?: string;
  status: string;
  message?: string;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
};
/** Names the failed tests of a Vitest JSON report (a file that failed to load by its message). */
const vitestFailures = (report: { testResults?: VitestFile[] }, label: string) => {
  for (const file of report.testResults ?? []) {
    const where = (file.name ?? '?').replace(`${process.cwd()}/`, '');
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`${label} ${where}: ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'))
      failures.push(`${label} ${where}: ${firstLine(file.message)}`);
  }
};
type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
};
/** Names the Playwright tests that failed or passed only on retry, with the first line of their first error. */
const playwrightFailures = (suites: PlaywrightSuite[] = [], path: string[] = []) => {
  for (const suite of suites) {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky')
          failures.push(
            `playwright ${spec.file}:${spec.line}: ${[...titles, spec.title].join(' > ')} (${t.status}): ${firstLine(t.results.find((r) => r.error)?.error?.message)}`,
          );
    playwrightFailures(suite.suites, titles);
  }
};
const v = read('.reports/vitest.json');
if (v) {
  passed += v.numPassedTests;
  // a file that failed to load has no test results: count it as one failure
  const broken = (v.testResults ?? []).filter(
    (f: { status: string; assertionResults?: unknown[] }) => f.status === 'failed' && !f.assertionResults?.length,
  ).length;
  failed += v.numFailedTests + broken;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  vitestFailures(v, 'vitest');
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
  playwrightFailures(p.suites);
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
  vitestFailures(e, 'engines');
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
for (const line of failures) console.log(`failed: ${line}`);
console.log(engines);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed || skipped ? 1 : 0);
