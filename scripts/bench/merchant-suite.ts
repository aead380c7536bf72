/**
 * `npm run bench:merchant-suite [-- --runs 5 --workers 1,2 --retries 1]`: the example merchant suite
 * (docs/examples/merchant-suite/: 20 Playwright tests against the demo shop, a merchant per worker) run `--runs`
 * times in a row with each worker count, as a merchant's CI would run it (`npx playwright test -c ...`, a process of
 * its own each time: the sandbox's start and the browser's included). Prints, per run, its wall time and the tests
 * that did not pass at once; per worker count, the wall time's p50 (min, max) and the flakes over all its runs (a
 * test that failed, or failed then passed on one of the `--retries` tries: the retries only tell the two apart,
 * both count); then the ratio of the first worker count's p50 to each other's. With the machine's load average
 * (`uptime`) beside each figure: on a shared machine, read the times with it. Asserts nothing; exits 1 only when a
 * run gave no report.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'docs/examples/merchant-suite/playwright.config.ts');
/** Longest a run may take before it is stopped (and counted as giving no report). */
const RUN_TIMEOUT_MS = 15 * 60_000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    workers: { type: 'string', default: '1,2' },
    retries: { type: 'string', default: '1' },
  },
});
/** A whole number flag within 0-`max` (1-`max` when `min` is 1). @throws Error naming the flag. */
const whole = (name: string, text: string, min: number, max: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be ${min}-${max}, a comma-separated list for --workers`);
  return n;
};
const runs = whole('runs', values.runs, 1, 100);
const workerCounts = values.workers.split(',').map((w) => whole('workers', w, 1, 16));
const retries = whole('retries', values.retries, 0, 3);

/** What one run of the suite gave: wall time, the report's counts, and the tests that did not pass at once. */
interface Run {
  wallMs: number;
  passed: number;
  /** Tests that failed first, then passed on a retry (Playwright's `flaky`). */
  flaky: string[];
  /** Tests that failed on every try (`unexpected`). */
  failed: string[];
  /** The 1-minute load average when the run ended. */
  load: number;
}

/** Playwright's JSON report, as far as read here: suites nest; each spec's tests have an outcome. */
interface ReportSuite {
  title: string;
  suites?: ReportSuite[];
  specs?: { title: string; tests: { status: 'expected' | 'unexpected' | 'flaky' | 'skipped' }[] }[];
}

/** Every test of the report with its outcome, named `file › title`. */
function outcomes(suites: ReportSuite[], file = ''): [string, string][] {
  return suites.flatMap((suite) => {
    const where = file || suite.title;
    const own = (suite.specs ?? []).flatMap((spec) => spec.tests.map((t): [string, string] => [`${where} › ${spec.title}`, t.status]));
    return [...own, ...outcomes(suite.suites ?? [], where)];
  });
}

/** Runs the suite once with `workers`; its JSON report goes to a file of its own. @returns undefined when it gave none. */
function runSuite(workers: number): Run | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'merchant-suite-'));
  const report = join(dir, 'report.json');
  const start = performance.now();
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', CONFIG, '--workers', String(workers), '--retries', String(retries), '--reporter', 'json'],
    { cwd: ROOT, env: { ...process.env, CI: '', PLAYWRIGHT_JSON_OUTPUT_FILE: report }, encoding: 'utf8', timeout: RUN_TIMEOUT_MS },
  );
  const wallMs = performance.now() - start;
  try {
    const tests = outcomes((JSON.parse(readFileSync(report, 'utf8')) as { suites: ReportSuite[] }).suites);
    const named = (status: string) => tests.filter(([, s]) => s === status).map(([name]) => name);
    return { wallMs, passed: named('expected').length, flaky: named('flaky'), failed: named('unexpected'), load: loadavg()[0]! };
  } catch {
    console.log(`  no report (exit ${run.status}${run.error ? `, ${run.error.message}` : ''}): ${run.stderr.slice(-2000)}`);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median, nearest rank. */
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The runs of one worker count, printed as they end; @returns their wall times' p50 (NaN when none gave a report). */
function measure(workers: number): { p50: number; missing: number } {
  console.log(
    `\n${workers} worker${workers > 1 ? 's' : ''}, ${runs} run${runs > 1 ? 's' : ''} in a row (load average at start: ${load()})`,
  );
  const done: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    const run = runSuite(workers);
    if (!run) continue;
    done.push(run);
    const notAtOnce = [...run.flaky.map((t) => `flaky: ${t}`), ...run.failed.map((t) => `failed: ${t}`)];
    console.log(
      `  run ${i}: ${seconds(run.wallMs)}, ${run.passed} passed at once, ${run.flaky.length} flaky, ${run.failed.length} failed (load ${run.load.toFixed(2)})`,
    );
    for (const line of notAtOnce) console.log(`    ${line}`);
  }
  const walls = done.map((r) => r.wallMs);
  const flakes = done.reduce((n, r) => n + r.flaky.length + r.failed.length, 0);
  if (walls.length)
    console.log(
      `  wall time p50 ${seconds(p50(walls))} (min ${seconds(Math.min(...walls))}, max ${seconds(Math.max(...walls))}); ` +
        `flakes ${flakes} over ${done.length} runs (target 0)`,
    );
  return { p50: walls.length ? p50(walls) : NaN, missing: runs - done.length };
}

console.log(
  `merchant suite (docs/examples/merchant-suite), ${cpus().length} CPUs, load average ${load()}; ` +
    'a shared machine: other work runs beside it, read the times with the load',
);
const results = workerCounts.map((w) => ({ workers: w, ...measure(w) }));
const [base, ...others] = results;
for (const other of others)
  console.log(
    `\nratio ${base!.workers} vs ${other.workers} workers (p50 wall time): ${(base!.p50 / other.p50).toFixed(2)}x (load average now: ${load()})`,
  );
process.exitCode = results.some((r) => r.missing) ? 1 : 0;
