/**
 * `npm run release -- --dry-run`: builds the package as `npm pack` would (`npm run build:lib`), holds the size
 * budgets (scripts/size/size.ts), packs the tarball once, checks exactly that tarball (publint on its unpacked
 * files, strict, suggestions included; arethetypeswrong on the tarball, profile `esm-only`: the package is ES
 * modules only, so node10 and CommonJS type resolution are not targets, while `require('paytoken')` works on
 * Node 20.19+ at run time: test/tooling/package.test.ts), and prints the files it would publish with their sizes.
 * With `--dry-run` it stops there and leaves the tarball in `.reports/release/`; without it, it then runs
 * `npm publish` on that same tarball.
 * `--checks-only` skips the build and the size budgets (`npm run test:all` runs both before it).
 *
 * The sandbox's own package (`sandbox/`, `paytoken-sandbox`, built by scripts/build/sandbox.ts) is packed beside
 * it, checked by publint and arethetypeswrong as the library is, and that tarball is installed into an empty folder as a merchant's project would (its `allowScripts` letting
 * better-sqlite3 build), started as `npx paytoken-sandbox --db ./sandbox.db --port 0`, asked for the merchant, a
 * token and a hosted-field frame, and stopped: scripts/build/sandbox-install.ts.
 * Exits non-zero when a step fails; nothing is published then.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack, ROOT, unpack } from './build/pack';

/** Runs a command from the repository root with inherited output; true when it exited 0. */
const run = (title: string, cmd: string, args: string[]): boolean => {
  console.log(`== ${title}`);
  return spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' }).status === 0;
};
const bin = (path: string) => join(ROOT, 'node_modules', path);

/** publint (strict, suggestions included) on a tarball's unpacked files, and arethetypeswrong on the tarball. */
function lintTarball(what: string, dir: string, tarball: string): boolean {
  const publint = run(`publint (${what}: strict, the tarball's files)`, process.execPath, [
    bin('publint/src/cli.js'),
    dir,
    '--strict',
    '--level',
    'suggestion',
    '--pack',
    'false',
  ]);
  const attw = run(`arethetypeswrong (${what}: the tarball, profile esm-only)`, process.execPath, [
    bin('@arethetypeswrong/cli/dist/index.js'),
    tarball,
    '--profile',
    'esm-only',
  ]);
  return publint && attw;
}

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const checksOnly = args.includes('--checks-only');

if (!checksOnly) {
  if (!run('build (npm run build:lib, what prepack runs)', 'npm', ['run', '-s', 'build:lib'])) process.exit(1);
  if (!run('build the sandbox package (npm run build:sandbox)', 'npm', ['run', '-s', 'build:sandbox'])) process.exit(1);
  if (!run('size budgets (scripts/size/size.ts)', process.execPath, [bin('tsx/dist/cli.mjs'), 'scripts/size/size.ts'])) process.exit(1);
}

console.log('== npm pack (the built dist/, scripts ignored: nothing rebuilds between the checks and the tarball)');
const dest = join(ROOT, '.reports', 'release');
rmSync(dest, { recursive: true, force: true });
mkdirSync(dest, { recursive: true });
const packed = pack(dest, { fresh: false });
const unpacked = mkdtempSync(join(tmpdir(), 'paytoken-release-'));
let ok = true;
try {
  const dir = unpack(packed.tarball, unpacked);
  ok = lintTarball('the library', dir, packed.tarball) && ok;
  console.log(`== ${packed.tarball.slice(ROOT.length + 1)}: ${packed.files.length} files`);
  for (const file of packed.files) console.log(`${String(statSync(join(dir, file)).size).padStart(9)} B  ${file}`);
} finally {
  rmSync(unpacked, { recursive: true, force: true });
}
const sandbox = pack(dest, { fresh: false, workspace: 'sandbox' });
const sandboxDir = mkdtempSync(join(tmpdir(), 'paytoken-release-sandbox-'));
try {
  ok = lintTarball('the sandbox package', unpack(sandbox.tarball, sandboxDir), sandbox.tarball) && ok;
} finally {
  rmSync(sandboxDir, { recursive: true, force: true });
}
ok =
  run(`the sandbox package (${sandbox.files.length} files): installed into an empty folder and started`, process.execPath, [
    bin('tsx/dist/cli.mjs'),
    'scripts/build/sandbox-install.ts',
    sandbox.tarball,
  ]) && ok;
if (!ok) {
  console.log('release: a check failed; nothing published');
  process.exit(1);
}
if (dryRun) {
  console.log('release: dry run; nothing published');
} else if (!run('npm publish', 'npm', ['publish', packed.tarball]) || !run('npm publish (sandbox)', 'npm', ['publish', sandbox.tarball])) {
  process.exit(1);
}
