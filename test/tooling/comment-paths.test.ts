/**
 * Every file a code comment names exists: a path such as `sandbox/src/http/faults.ts`, `./helpers.ts` or
 * `domain/transaction.ts`, in a comment of src/, sandbox/, demo/, scripts/, test/ or e2e/, resolves from the
 * repository root, from the commenting file's folder or from one of its parent folders (so `domain/x.ts` in
 * sandbox/src/app.ts is sandbox/src/domain/x.ts). A file moved or renamed without its comments fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const FOLDERS = ['src', 'sandbox', 'demo', 'scripts', 'test', 'e2e'];
const files = execFileSync('git', ['ls-files', ...FOLDERS.map((f) => `${f}/**`)], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  // this file's own comments name made-up paths on purpose
  .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && f !== 'test/tooling/comment-paths.test.ts');

/** The comments of a source file: `//` lines and `/* ... *\/` blocks (a rough cut: enough for paths). */
const commentsOf = (code: string): string[] => [...code.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)].map((m) => m[0]);

/** A path a comment names: folders, a file name and an extension of this repository's files. */
const PATH = /(?<![\w@/.-])(\.{1,2}\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|js|md|json|html|css|sql)(?![\w/])/g;

/** Whether `path`, named in `file`, resolves: from the root, the file's folder or any folder above it. */
function resolves(path: string, file: string): boolean {
  if (path.startsWith('.')) return existsSync(join(ROOT, dirname(file), path));
  const candidates = [ROOT];
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) candidates.push(join(ROOT, dir));
  return candidates.some((dir) => existsSync(normalize(join(dir, path))));
}

/**
 * Paths that are not files of this repository: built output, data and reports the code writes, files inside an
 * installed package (`paytoken/paytoken.iife.js`, openpay-js's `lib/openpay-card.v1.js`), web addresses.
 */
const NOT_OURS = /^(dist|node_modules|\.reports|\.sandbox|docs\/api|paytoken)\/|^lib\/openpay-|^[\w.-]+\.(com|org|io|net|example|mx)\//;

describe('paths named in comments', () => {
  it('finds paths (the check can fail)', () => {
    const found = commentsOf('// see sandbox/src/http/faults.ts and ./nope/missing.ts\nconst a = 1; /* domain/transaction.ts */');
    expect(found.flatMap((c) => [...c.matchAll(PATH)].map((m) => m[0]))).toEqual([
      'sandbox/src/http/faults.ts',
      './nope/missing.ts',
      'domain/transaction.ts',
    ]);
    expect(resolves('./nope/missing.ts', 'sandbox/src/app.ts')).toBe(false);
    expect(resolves('domain/transaction.ts', 'sandbox/src/app.ts')).toBe(true);
  });

  it('every path a comment names exists', () => {
    expect(files.length).toBeGreaterThan(300);
    const missing: string[] = [];
    for (const file of files) {
      for (const comment of commentsOf(readFileSync(join(ROOT, file), 'utf8')))
        for (const [path] of comment.matchAll(PATH)) if (!NOT_OURS.test(path) && !resolves(path, file)) missing.push(`${file}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
