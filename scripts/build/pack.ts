/**
 * Packs the package as `npm pack` does and unpacks it as `npm install` would, for the tests of the package
 * (test/tooling/package.test.ts) and the SPA example's build (scripts/build/spa.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** What `npm pack --json` reports of one tarball. */
export interface PackResult {
  /** The tarball's absolute path. */
  tarball: string;
  /** Packed file paths, relative to the package root (`dist/paytoken.js`, `package.json`, ...). */
  files: string[];
}

/** The files a fresh clone holds that `npm run build:lib` (the `prepack` script) needs. */
const BUILD_INPUTS = [
  'package.json',
  'LICENSE',
  'README.md',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'scripts/build',
];

/**
 * `npm pack --json` of the repository into `dest`. With `fresh`, packs a copy of the build inputs without
 * `dist/` (as a fresh clone has it; `node_modules` linked), so the `prepack` script must build the code;
 * otherwise packs the repository's current `dist/` without running scripts. `workspace` packs that workspace
 * (`sandbox/`) instead of the library.
 * @throws Error when npm fails (its stderr in the message).
 */
export function pack(dest: string, { fresh, workspace }: { fresh: boolean; workspace?: string }): PackResult {
  mkdirSync(dest, { recursive: true });
  let cwd = ROOT;
  if (fresh) {
    cwd = mkdtempSync(join(tmpdir(), 'paytoken-clone-'));
    for (const p of BUILD_INPUTS) cpSync(join(ROOT, p), join(cwd, p), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(cwd, 'node_modules'), 'dir');
  }
  try {
    const args = [
      'pack',
      '--json',
      '--pack-destination',
      dest,
      ...(fresh ? [] : ['--ignore-scripts']),
      ...(workspace ? ['-w', workspace] : []),
    ];
    const out = execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    // prepack's own output goes to stdout before the JSON array
    const json = JSON.parse(out.slice(out.indexOf('\n[') >= 0 ? out.indexOf('\n[') + 1 : out.indexOf('['))) as {
      filename: string;
      files: { path: string }[];
    }[];
    const r = json[0]!;
    return { tarball: join(dest, r.filename), files: r.files.map((f) => f.path).sort() };
  } finally {
    if (fresh) rmSync(cwd, { recursive: true, force: true });
  }
}

/** Unpacks `tarball` as `<nodeModules>/paytoken`, as `npm install` lays a package out (replacing any there). */
export function unpack(tarball: string, nodeModules: string): string {
  const dir = join(nodeModules, 'paytoken');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${tarball} holds no package/package.json`);
  return dir;
}

/** The package's name and version as package.json gives them. */
export const packageJson = (): {
  name: string;
  version: string;
  license: string;
  exports: Record<string, unknown>;
  scripts: Record<string, string>;
} => JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
