/**
 * `npm run test:all`: every test. Lint (ESLint, Prettier: `npm run lint`), type check, build, unit + contract tests (Vitest; with device data in Debian's
 * Firefox ESR), end-to-end tests (Playwright in Debian's Chromium), the cross-engine scenarios (e2e/engines: the
 * same scenarios in Chromium, Gecko and WebKit), `npm audit --omit=dev` of the runtime dependencies, the bundle
 * size budgets, the package's checks (scripts/release.ts: publint and arethetypeswrong on the packed tarball; the
 * API reference's docstrings and links are held by test/tooling/api-docs.test.ts among the Vitest tests), then the scenarios counted per engine and one closing line "tests: N passed, N failed"
 * (scripts/ci/summary.ts). The browsers come from Debian, installed through apt when missing. Exits non-zero when
 * anything failed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../..'));

/** Runs a command with inherited output; true when it exited 0. */
const run = (title: string | null, cmd: string, args: string[]): boolean => {
  if (title) console.log(`== ${title}`);
  return spawnSync(cmd, args, { stdio: 'inherit' }).status === 0;
};
const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// Browsers from Debian, installed through apt when missing: Chromium (Playwright's e2e suites), Firefox ESR
// (test/browsers/firefox.test.ts, and Gecko in e2e/engines), WebKitGTK's WebDriver with its MiniBrowser and Xvfb
// (WebKit in e2e/engines), and Chromium's chromedriver (WebdriverIO in test/tooling/testing-examples.test.ts).
const missing = [
  ...(executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') ? [] : ['chromium']),
  ...(executable(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr') ? [] : ['firefox-esr']),
  ...(executable('/usr/bin/WebKitWebDriver') && executable('/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser')
    ? []
    : ['webkit2gtk-driver']),
  ...(executable('/usr/bin/xvfb-run') ? [] : ['xvfb']),
  ...(executable('/usr/bin/chromedriver') ? [] : ['chromium-driver']),
];
if (missing.length) {
  console.log(`== installing Debian's ${missing.join(' ')} (apt-get)`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(cmd!, rest, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  };
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', ...missing])) {
    console.log(`could not install ${missing.join(' ')}`);
    process.exit(1);
  }
}

mkdirSync('.reports', { recursive: true });
for (const f of ['vitest.json', 'playwright.json', 'engines.json', 'audit.json']) rmSync(`.reports/${f}`, { force: true });
let ok = true;
ok = run('lint (ESLint with typescript-eslint, Prettier)', 'npm', ['run', '-s', 'lint']) && ok;
ok = run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) && ok;
if (!run('build', 'npm', ['run', '-s', 'build'])) {
  console.log('build failed');
  process.exit(1);
}
ok =
  run('vitest (unit, contract)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.reports/vitest.json']) &&
  ok;
ok = run('playwright (e2e, Debian chromium)', 'npx', ['playwright', 'test']) && ok;
ok =
  run('cross-engine scenarios (Chromium, Gecko, WebKit)', 'npx', [
    'vitest',
    'run',
    '--config',
    'e2e/engines/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=.reports/engines.json',
  ]) && ok;
run('npm audit --omit=dev (runtime dependencies)', 'npx', ['tsx', 'scripts/ci/audit.ts']);
ok = run('bundle sizes', 'npx', ['tsx', 'scripts/size/size.ts']) && ok;
ok =
  run('package: publint and arethetypeswrong on the tarball (npm run release -- --dry-run --checks-only)', 'npx', [
    'tsx',
    'scripts/release.ts',
    '--dry-run',
    '--checks-only',
  ]) && ok;
ok = run(null, 'npx', ['tsx', 'scripts/ci/summary.ts']) && ok;
process.exit(ok ? 0 : 1);
