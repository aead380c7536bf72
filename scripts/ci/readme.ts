/**
 * `npx tsx scripts/ci/readme.ts`: rewrites the generated parts of README.md (the test-card table, from
 * demo/sandbox/test-cards.ts). test/tooling/docs.test.ts fails when README.md is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { testCardsMarkdown } from '../../demo/sandbox/test-cards';

/** README text with the block between `<!-- name:start -->` and `<!-- name:end -->` replaced by `body`. */
export function replaceBlock(readme: string, name: string, body: string): string {
  const re = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(\\n<!-- ${name}:end -->)`);
  if (!re.test(readme)) throw new Error(`README.md has no ${name} block`);
  return readme.replace(re, (_m, a: string, b: string) => a + body + b);
}

/** The README as it should be. */
export const renderReadme = (readme: string): string => replaceBlock(readme, 'test-cards', testCardsMarkdown());

if (process.argv[1]?.endsWith('readme.ts')) {
  const path = new URL('../../README.md', import.meta.url);
  writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
}
