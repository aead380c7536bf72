/**
 * `npx tsx scripts/ci/readme.ts`: rewrites the generated parts of the docs: the test-card table in
 * docs/sandbox.md (from demo/sandbox/test-cards.ts) and the server-side example in README.md
 * (docs/examples/charge.mjs verbatim). test/tooling/docs.test.ts fails when either is out of date.
 * Also the home of {@link replaceBlock}, which the size and load commands use for their tables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { testCardsMarkdown } from '../../demo/sandbox/domain/card/test-cards';

/** Markdown text with the block between `<!-- name:start -->` and `<!-- name:end -->` replaced by `body`. */
export function replaceBlock(text: string, name: string, body: string): string {
  const re = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(\\n<!-- ${name}:end -->)`);
  if (!re.test(text)) throw new Error(`no ${name} block`);
  return text.replace(re, (_m, a: string, b: string) => a + body + b);
}

/** The server-side example as the README shows it: docs/examples/charge.mjs verbatim, a snippet named `server-charge`. */
const serverExample = () =>
  '<!-- snippet: server-charge -->\n```js\n' +
  readFileSync(new URL('../../docs/examples/charge.mjs', import.meta.url), 'utf8').replace(/\n+$/, '') +
  '\n```';

/** The generated blocks: the file (from the repository root) that holds each, and its content. */
export const GENERATED: { file: string; block: string; body: () => string }[] = [
  { file: 'README.md', block: 'server-example', body: serverExample },
  { file: 'docs/sandbox.md', block: 'test-cards', body: testCardsMarkdown },
];

/** `text` (the content of `file`) with each of its generated blocks as it should be. */
export const renderGenerated = (file: string, text: string): string =>
  GENERATED.filter((g) => g.file === file).reduce((t, g) => replaceBlock(t, g.block, g.body()), text);

if (process.argv[1]?.endsWith('readme.ts')) {
  for (const file of new Set(GENERATED.map((g) => g.file))) {
    const path = new URL(`../../${file}`, import.meta.url);
    writeFileSync(path, renderGenerated(file, readFileSync(path, 'utf8')));
    console.log(`${file}: generated blocks written`);
  }
}
