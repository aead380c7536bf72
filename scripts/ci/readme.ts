/**
 * `npx tsx scripts/ci/readme.ts`: rewrites the generated parts of the docs: the test-card table in
 * docs/sandbox.md (from sandbox/src/domain/card/test-cards.ts), the sandbox's flag table there (sandbox/src/cli-flags.ts),
 * the quick start's files in docs/quickstart.md (docs/examples/quickstart/ verbatim: {@link QUICKSTART}) and the
 * webhook receiver in docs/webhooks.md (docs/examples/webhooks.mjs).
 * test/tooling/docs.test.ts fails when any is out of date.
 * Also the home of {@link replaceBlock}, which the size and load commands use for their tables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { testCardsMarkdown } from '../../sandbox/src/domain/card/test-cards';
import { flagTableMarkdown } from '../../sandbox/src/cli-flags';

/** Markdown text with the block between `<!-- name:start -->` and `<!-- name:end -->` replaced by `body`. */
export function replaceBlock(text: string, name: string, body: string): string {
  // the block may be empty (start and end on consecutive lines)
  const re = new RegExp(`(<!-- ${name}:start -->\\n)(?:[\\s\\S]*?\\n)?(<!-- ${name}:end -->)`);
  if (!re.test(text)) throw new Error(`no ${name} block`);
  return text.replace(re, (_m, a: string, b: string) => `${a}${body}\n${b}`);
}

/**
 * The quick start's files (docs/quickstart.md), in the order it shows them: each is docs/examples/quickstart/{file} verbatim, in a
 * block `<!-- {snippet}:start -->` ... `<!-- {snippet}:end -->` holding the snippet `{snippet}` (e2e/readme.spec.ts
 * writes them back to files of these names and pays with them).
 */
export const QUICKSTART: readonly { file: string; lang: string; snippet: string }[] = [
  { file: 'index.html', lang: 'html', snippet: 'quickstart-html' },
  { file: 'checkout.css', lang: 'css', snippet: 'quickstart-css' },
  { file: 'checkout.js', lang: 'js', snippet: 'quickstart-script' },
  { file: 'charge.mjs', lang: 'js', snippet: 'server-charge' },
  { file: 'server.mjs', lang: 'js', snippet: 'quickstart-server' },
];

/** A file of docs/examples/quickstart/ as docs/quickstart.md shows it: verbatim, fenced as `lang`, the snippet `snippet`. */
const example =
  ({ file, lang, snippet }: (typeof QUICKSTART)[number]) =>
  () =>
    `<!-- snippet: ${snippet} -->\n\`\`\`${lang}\n` +
    readFileSync(new URL(`../../docs/examples/quickstart/${file}`, import.meta.url), 'utf8').replace(/\n+$/, '') +
    '\n```';

/** The webhook receiver as docs/webhooks.md shows it: docs/examples/webhooks.mjs verbatim, a snippet named `webhook-receiver`. */
const webhookExample = () =>
  '<!-- snippet: webhook-receiver -->\n```js\n' +
  readFileSync(new URL('../../docs/examples/webhooks.mjs', import.meta.url), 'utf8').replace(/\n+$/, '') +
  '\n```';

/** The generated blocks: the file (from the repository root) that holds each, and its content. */
export const GENERATED: { file: string; block: string; body: () => string }[] = [
  ...QUICKSTART.map((q) => ({ file: 'docs/quickstart.md', block: q.snippet, body: example(q) })),
  { file: 'docs/webhooks.md', block: 'webhook-example', body: webhookExample },
  { file: 'docs/sandbox.md', block: 'test-cards', body: testCardsMarkdown },
  { file: 'docs/sandbox.md', block: 'sandbox-flags', body: flagTableMarkdown },
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
