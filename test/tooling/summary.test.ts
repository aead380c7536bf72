// @vitest-environment node
/**
 * scripts/ci/summary.ts over the cross-engine report (.reports/engines.json, Vitest's JSON): the scenarios counted
 * per engine on the line before the closing one, a failed scenario and an engine that did not start counted as
 * failures (each named on a line before those two), a missing report as one failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = resolve('node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'paytoken-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const results = (engine: string, statuses: string[]) => statuses.map((status, i) => ({ status, ancestorTitles: [engine], title: `s${i}` }));

/** Runs summary.ts over a clean vitest, playwright and audit report and the given engines report (none: absent). */
function summary(name: string, engines?: object, lines = 2): string[] {
  const reports = join(dir, name, '.reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'vitest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, testResults: [] }));
  writeFileSync(join(reports, 'playwright.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 } }));
  writeFileSync(join(reports, 'audit.json'), JSON.stringify({ status: 'clean' }));
  if (engines) writeFileSync(join(reports, 'engines.json'), JSON.stringify(engines));
  const r = spawnSync(TSX, [resolve('scripts/ci/summary.ts')], { cwd: join(dir, name), encoding: 'utf8' });
  return r.stdout.trim().split('\n').slice(-lines);
}

describe('closing summary: scenarios per engine', () => {
  it('counts each engine\'s passed scenarios on the line before "tests: N passed, N failed"', () => {
    const files = [
      { status: 'passed', assertionResults: results('chromium', ['passed', 'passed', 'passed']) },
      { status: 'passed', assertionResults: results('firefox', ['passed', 'passed']) },
      { status: 'passed', assertionResults: results('webkit', ['passed', 'passed', 'passed']) },
    ];
    expect(summary('green', { numPassedTests: 8, numFailedTests: 0, testResults: files })).toEqual([
      'engines: chromium 3, firefox 2, webkit 3',
      'tests: 14 passed, 0 failed',
    ]);
  });

  it('names failed scenarios per engine, and counts an engine that did not start (all skipped) as a failure', () => {
    const files = [
      { status: 'failed', assertionResults: results('chromium', ['passed', 'failed']) },
      {
        status: 'failed',
        message: 'Browser was not found at the configured executablePath',
        assertionResults: results('firefox', ['skipped', 'skipped']),
      },
    ];
    const chromium = results('chromium', ['passed', 'failed']);
    const failed = {
      name: join(dir, 'red', 'e2e/engines/chromium.test.ts'),
      status: 'failed',
      assertionResults: [chromium[0], { ...chromium[1], fullName: 'chromium s1', failureMessages: ['Error: timed out\n  at x'] }],
    };
    expect(summary('red', { numPassedTests: 1, numFailedTests: 1, numPendingTests: 2, testResults: [failed, files[1]] }, 4)).toEqual([
      'failed: engines e2e/engines/chromium.test.ts: chromium s1: Error: timed out',
      'failed: engines ?: Browser was not found at the configured executablePath',
      'engines: chromium 1 (1 failed), firefox 0 (did not run: Browser was not found at the configured executablePath)',
      'tests: 7 passed, 2 failed, 2 skipped',
    ]);
  });

  it('a missing report is one failure', () => {
    expect(summary('missing')).toEqual(['engines: no report', 'tests: 6 passed, 1 failed']);
  });
});
