// `npm audit --omit=dev` of the runtime dependencies, summarised in one line for scripts/ci/test-all.ts, and
// written to .reports/audit.json (or $AUDIT_REPORT) for scripts/ci/summary.ts, which counts it:
// - clean (0 vulnerabilities): one check passed;
// - any vulnerability: one check failed (the advisories are printed);
// - the audit could not run (no registry, or a registry that refuses the audit endpoint): not counted as
//   passed; a failure when AUDIT_REQUIRED=1, else a warning that says so plainly.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report: any;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { error: { summary: (run.stderr || run.error?.message || 'no output').trim().split('\n').pop() } };
}
const v = report.metadata?.vulnerabilities;
let result: { status: string; line: string };
if (v && !report.error) {
  const total = v.total ?? (Object.values(v) as number[]).reduce((a, b) => a + b, 0);
  const deps = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total ?? '?';
  result =
    total === 0
      ? { status: 'clean', line: `audit: clean (0 vulnerabilities in ${deps} runtime dependencies)` }
      : {
          status: 'vulnerable',
          line: `audit: ${total} vulnerabilities (${JSON.stringify(v)}): ${Object.keys(report.vulnerabilities ?? {}).join(', ')}`,
        };
} else {
  const why = report.error?.summary || report.message || 'unknown error';
  result = { status: 'unavailable', line: `audit: NOT RUN, the registry's audit service failed: ${why}` };
}
const out = process.env.AUDIT_REPORT ?? '.reports/audit.json';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ ...result, required: process.env.AUDIT_REQUIRED === '1' }));
console.log(result.line);
