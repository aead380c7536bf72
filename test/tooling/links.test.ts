// @vitest-environment node
/**
 * Every relative link and anchor in README.md, CHANGELOG.md and the guides (docs/**\/*.md; not docs/api/, the
 * generated API reference) resolves: the file exists, and an anchor names a heading of that file under GitHub's
 * slug rules (github-slugger: lower case, punctuation dropped, spaces to `-`, `-1`, `-2` for repeats). Links and
 * headings are read with marked's lexer, so links in code blocks and code spans are not links.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The Markdown files whose links must resolve. */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = join(dir, name);
      if (path === 'docs/api') return [];
      return statSync(join(ROOT, path)).isDirectory() ? walk(path) : name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'CHANGELOG.md', ...walk('docs')];
}

/** Every link and image target of a Markdown text, and every heading's anchor. */
export function readMarkdown(text: string): { links: string[]; anchors: Set<string> } {
  const tokens = marked.lexer(text);
  const links: string[] = [];
  const anchors = new Set<string>();
  const slugger = new GithubSlugger();
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href);
    if (token.type === 'heading') anchors.add(slugger.slug((token as Tokens.Heading).text.replace(/`/g, '')));
  });
  return { links, anchors };
}

/** The broken relative links of one file: `file: target (why)`. */
function brokenLinks(file: string): string[] {
  const { links } = readMarkdown(readFileSync(join(ROOT, file), 'utf8'));
  return links.flatMap((href) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return []; // https:, mailto:: not relative
    const [path, anchor] = href.split('#') as [string, string | undefined];
    const target = path ? resolve(ROOT, dirname(file), decodeURIComponent(path)) : join(ROOT, file);
    if (!target.startsWith(ROOT) || !existsSync(target)) return [`${file}: ${href} (no such file)`];
    if (anchor === undefined) return [];
    if (!target.endsWith('.md')) return [`${file}: ${href} (an anchor into a file that is not Markdown)`];
    const { anchors } = readMarkdown(readFileSync(target, 'utf8'));
    return anchors.has(anchor) ? [] : [`${file}: ${href} (no heading #${anchor} in ${relative(ROOT, target)})`];
  });
}

describe('links in README.md and docs/', () => {
  it('finds the files, their links and their headings', () => {
    const files = markdownFiles();
    expect(files).toContain('docs/README.md');
    expect(files).toContain('docs/hosted-fields.md');
    expect(files.some((f) => f.startsWith('docs/api/'))).toBe(false);
    expect(readMarkdown(readFileSync(join(ROOT, 'README.md'), 'utf8')).links.length).toBeGreaterThan(5);
  });

  it('slugs headings as GitHub does, and skips links inside code', () => {
    const { links, anchors } = readMarkdown(
      '# 3-D Secure, reward points\n## `npm run demo` options\n## Sizes\n## Sizes\n\n`[x](no.md)`\n\n```\n[y](no.md)\n```\n[z](a.md#b)\n',
    );
    expect([...anchors]).toEqual(['3-d-secure-reward-points', 'npm-run-demo-options', 'sizes', 'sizes-1']);
    expect(links).toEqual(['a.md#b']);
  });

  it('the check finds a missing file and a missing anchor', () => {
    const { links } = readMarkdown('[a](docs/nope.md) [b](README.md#no-such-heading)');
    expect(links).toEqual(['docs/nope.md', 'README.md#no-such-heading']);
    expect(existsSync(join(ROOT, 'docs/nope.md'))).toBe(false);
    expect(readMarkdown(readFileSync(join(ROOT, 'README.md'), 'utf8')).anchors.has('no-such-heading')).toBe(false);
  });

  it.each(markdownFiles())('every relative link and anchor in %s resolves', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
