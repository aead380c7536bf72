/**
 * No export is used nowhere: every name that src/, sandbox/src/, demo/ or scripts/ exports is read somewhere, in
 * another file or in its own. An export nothing reads is dead code that still looks like an API. Names are matched
 * as whole words in every tracked source file (a rough cut that can only miss a dead export, never flag a live one).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** The names a module exports by declaration (`export const|function|class|type|interface|enum NAME`). */
const EXPORT = /^export (?:declare )?(?:async )?(?:abstract )?(?:const|let|function\*?|class|type|interface|enum) ([A-Za-z_$][\w$]*)/gm;

/** The exports of `files` that no source reads: named once in their own file (the declaration) and nowhere else. */
function unused(files: { file: string; text: string }[], all: { file: string; text: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const { text } of all) for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(EXPORT)].filter((m) => counts.get(m[1]!) === 1).map((m) => `${file}: ${m[1]}`),
  );
}

describe('exports', () => {
  it('finds an export nothing reads (the check can fail)', () => {
    const dead = { file: 'x.ts', text: 'export const usedHere = 1;\nexport type Nobody = string;\nconst y = usedHere;' };
    expect(unused([dead], [dead])).toEqual(['x.ts: Nobody']);
  });

  it('every export of src/, sandbox/src/, demo/ and scripts/ is read somewhere', () => {
    const ours = sources.filter(({ file }) => /^(src|sandbox\/src|demo|scripts)\//.test(file));
    expect(ours.length).toBeGreaterThan(200);
    expect(unused(ours, sources)).toEqual([]);
  });
});
