/**
 * Sentences of the README and the guides that name a figure, a file, a command or a list the code owns, checked
 * against that code: the README's length and what it names (the quick start's files, the sandbox package, the
 * demo's languages), the React install line, the script-tag sizes of docs/classic-script.md, the `allowScripts`
 * advice of docs/sandbox.md and the event types of docs/webhooks.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../sandbox/src/events/outbox';
import { langOf } from '../../demo/merchant/i18n';
import { COMMON as DASHBOARD_TEXT } from '../../sandbox/src/pages/dashboard/i18n';
import { classicPairSizes } from '../../scripts/size/classic-pair';
import { QUICKSTART } from '../../scripts/ci/readme';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { version: string; allowScripts: Record<string, boolean> };
const sandboxPkg = JSON.parse(read('sandbox/package.json')) as { name: string };
/** The text between `<!-- name:start -->` and `<!-- name:end -->`. */
const block = (text: string, name: string) => text.split(`<!-- ${name}:start -->`)[1]!.split(`<!-- ${name}:end -->`)[0]!;
/** `8,376 B` as the number 8376. */
const bytes = (s: string) => Number(s.replace(/[, B]/g, ''));

describe('README', () => {
  it('is at most 300 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it('keeps the path to the quick start: the guide that shows its five files, and the folder that holds them', () => {
    expect(readme).toContain('](docs/quickstart.md)');
    expect(readme).toContain('](docs/examples/quickstart/)');
    for (const { file } of QUICKSTART) {
      expect(readme).toContain(`\`${file}\``);
      expect(existsSync(new URL(`../../docs/examples/quickstart/${file}`, import.meta.url)), file).toBe(true);
    }
  });

  it('names the sandbox package, how to get it while unpublished, and its CI use', () => {
    expect(readme).toContain(`**\`${sandboxPkg.name}\`**`);
    expect(readme).toContain('`npm pack -w sandbox`');
    expect(readme).toContain('](docs/sandbox.md#the-sandbox-in-your-own-ci)');
    expect(read('docs/sandbox.md')).toContain('## The sandbox in your own CI');
  });

  it('says the demo is in Spanish by default and how to switch: the shop with ?lang=en, the dashboard with its link', () => {
    expect(readme).toMatch(/demo speaks Spanish \(Mexico\) by default/);
    expect(readme).toContain('`?lang=en`');
    expect([langOf(undefined), langOf('en')]).toEqual(['es', 'en']);
    expect(readme).toContain(`"${DASHBOARD_TEXT.otherLanguage.es}" link in the dashboard's header`);
  });
});

describe('guides', () => {
  it('docs/react.md installs the packed tarball, never the unpublished registry name', () => {
    const react = read('docs/react.md');
    const installs = [...react.matchAll(/^npm install .*$/gm)].map((m) => m[0]);
    expect(installs).toEqual([`npm install /path/to/paytoken/paytoken-${pkg.version}.tgz react react-dom`]);
  });

  it("docs/classic-script.md's script-tag sizes are npm run size's figures (docs/performance.md's generated table)", async () => {
    const sizes = block(read('docs/performance.md'), 'sizes');
    /** The gzip column of the generated table's row for `file`. */
    const measured = (file: string) =>
      bytes(
        sizes
          .split('\n')
          .find((l) => l.startsWith(`| Script tag: \`dist/${file}\``))!
          .split(' | ')[2]!,
      );
    const table = read('docs/classic-script.md').split('## Which script tag')[1]!.split('\n\n')[2]!;
    /** The gzip cell of this guide's row for `file`. */
    const shown = (file: string) =>
      table
        .split('\n')
        .find((l) => l.includes(`| \`${file}\` |`))!
        .split(' | ')
        .at(-1)!;
    for (const file of ['paytoken.iife.js', 'paytoken-checkout.iife.js', 'paytoken-hosted.iife.js'])
      expect(bytes(/^[\d,]+ B/.exec(shown(file))![0]), file).toBe(measured(file));
    const pair = (await classicPairSizes()).minified;
    const ratio = (measured('paytoken.iife.js') / pair).toFixed(2);
    expect(shown('paytoken.iife.js')).toContain(`${ratio}x the classic pair (${pair.toLocaleString('en-US')} B minified by terser)`);
  });

  it("docs/sandbox.md's allowScripts advice is this repository's own list, naming both packages npm 11 warns about", () => {
    const advice = /`"allowScripts": (\{[^`]+\})`/.exec(read('docs/sandbox.md'))![1]!;
    const list = JSON.parse(advice) as Record<string, boolean>;
    expect(Object.keys(list)).toEqual(['better-sqlite3', '@scarf/scarf']);
    for (const [name, allowed] of Object.entries(list)) expect(pkg.allowScripts[name], name).toBe(allowed);
  });

  it("docs/webhooks.md's event table lists exactly the sandbox's event types, in order", () => {
    const section = read('docs/webhooks.md').split('## Event types')[1]!.split('\n## ')[0]!;
    const types = [...section.matchAll(/^\| `([\w.]+)` \|/gm)].map((m) => m[1]);
    expect(types).toEqual([...EVENT_TYPES]);
  });
});
