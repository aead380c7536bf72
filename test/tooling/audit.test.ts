// @vitest-environment node
/**
 * The audit gate of scripts/ci/test-all.ts: scripts/ci/audit.ts reading `npm audit --omit=dev --json` (a stand-in
 * `npm` on PATH prints each case) and scripts/ci/summary.ts counting its verdict into the closing line.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = resolve('node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'paytoken-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CASES = {
  clean: {
    auditReportVersion: 2,
    vulnerabilities: {},
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 }, dependencies: { prod: 2, total: 2 } },
  },
  vulnerable: {
    auditReportVersion: 2,
    vulnerabilities: { 'luhn-js': {} },
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 0, critical: 0, total: 1 }, dependencies: { prod: 2 } },
  },
  unavailable: { message: '405 Method Not Allowed', error: { summary: '405 Method Not Allowed' } },
};

/** Runs audit.ts with a fake npm printing `c`, then summary.ts over it; returns both outputs. */
function run(c: keyof typeof CASES, required = false) {
  const bin = join(dir, c, 'bin');
  const reports = join(dir, c, '.reports');
  mkdirSync(bin, { recursive: true });
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\ncat <<'JSON'\n${JSON.stringify(CASES[c])}\nJSON\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  writeFileSync(join(reports, 'vitest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, testResults: [] }));
  writeFileSync(join(reports, 'playwright.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 } }));
  writeFileSync(join(reports, 'engines.json'), JSON.stringify({ numPassedTests: 0, numFailedTests: 0, testResults: [] }));
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    AUDIT_REPORT: join(reports, 'audit.json'),
    AUDIT_REQUIRED: required ? '1' : '',
  };
  const audit = spawnSync(TSX, [resolve('scripts/ci/audit.ts')], { env, encoding: 'utf8' });
  const summary = spawnSync(TSX, [resolve('scripts/ci/summary.ts')], { cwd: join(dir, c), env, encoding: 'utf8' });
  return {
    audit: audit.stdout.trim(),
    summary: summary.stdout.trim().split('\n').pop(),
    code: summary.status,
    report: JSON.parse(readFileSync(join(reports, 'audit.json'), 'utf8')),
  };
}

describe('audit gate', () => {
  it('clean: one passed check', () => {
    const r = run('clean');
    expect(r.audit).toBe('audit: clean (0 vulnerabilities in 2 runtime dependencies)');
    expect(r.summary).toBe('tests: 6 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('a vulnerability: one failed check, and the run fails', () => {
    const r = run('vulnerable');
    expect(r.audit).toMatch(/^audit: 1 vulnerabilities .*luhn-js/);
    expect(r.summary).toBe('tests: 5 passed, 1 failed');
    expect(r.code).toBe(1);
  });

  it('audit service unavailable: not counted as passed; a failure when AUDIT_REQUIRED=1', () => {
    const r = run('unavailable');
    expect(r.audit).toMatch(/^audit: NOT RUN, .*405/);
    expect(r.summary).toBe('tests: 5 passed, 0 failed');
    const strict = run('unavailable', true);
    expect(strict.summary).toBe('tests: 5 passed, 1 failed');
    expect(strict.code).toBe(1);
  });
});
