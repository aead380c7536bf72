/**
 * The SVG bar charts the benchmarks write (scripts/ci/chart.ts): bars proportional to their values, every figure
 * and label present as text, accessible (`<title>`, `<desc>`, `role="img"`), nothing external, well-formed XML;
 * and a guide shows each chart written under docs/ with the command that regenerates it named under it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BAR_WIDTH, barChart, escapeXml, type Chart } from '../../scripts/ci/chart';

/**
 * Checks that `xml` is well-formed for the subset the generator writes: every tag closed in order, attribute values
 * quoted, no raw `<` or stray `&` in text. @returns the element names in document order, or throws.
 */
function parseXml(xml: string): string[] {
  const names: string[] = [];
  const open: string[] = [];
  const text = /^(?:[^<&]|&(?:amp|lt|gt|quot|apos);)*$/;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = xml.slice(i, lt < 0 ? xml.length : lt);
    if (!text.test(chunk)) throw new Error(`bad text: ${chunk.slice(0, 40)}`);
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unclosed tag');
    const tag = xml.slice(lt + 1, gt);
    const m = /^(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)$/.exec(tag);
    if (!m) throw new Error(`bad tag: <${tag}>`);
    const [, close, name, , selfClose] = m;
    if (close) {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      names.push(name!);
      if (!selfClose) open.push(name!);
    }
    i = gt + 1;
  }
  if (open.length) throw new Error(`unclosed: ${open.join(', ')}`);
  return names;
}

const CHART: Chart = {
  title: 'Size <gzip> & "time"',
  desc: 'A test chart.',
  unit: 'B',
  groups: [
    {
      heading: 'Script tag',
      bars: [
        { label: 'ours', value: 1000, ours: true },
        { label: 'reference & co', value: 4000, ours: false },
      ],
    },
    {
      heading: 'ESM',
      bars: [
        { label: 'tokenize', value: 250, ours: true },
        { label: 'zero', value: 0, ours: false },
      ],
    },
  ],
};

/** The bars' `<rect>` widths, in document order (the background and legend rects have no `y + 3` row offset: filtered by height). */
const barWidths = (svg: string) => [...svg.matchAll(/<rect x="\d+" y="\d+" width="([\d.]+)" height="17"/g)].map((m) => Number(m[1]));

describe('barChart', () => {
  const svg = barChart(CHART);

  it('writes well-formed SVG with a title, a description and role="img", and no script, link or external font', () => {
    const names = parseXml(svg);
    expect(names[0]).toBe('svg');
    expect(names).toContain('title');
    expect(names).toContain('desc');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img" aria-labelledby="chart-title chart-desc"/);
    expect(svg).not.toMatch(/<script|href=|@import|url\(|<foreignObject|<style/i);
  });

  it('draws bars proportional to the values, the largest BAR_WIDTH wide', () => {
    expect(barWidths(svg)).toEqual([BAR_WIDTH / 4, BAR_WIDTH, BAR_WIDTH / 16, 0]);
  });

  it('labels every bar with its name and figure, escaped, and repeats them in the description', () => {
    for (const t of ['>ours<', '>1,000 B<', '>reference &amp; co<', '>4,000 B<', '>tokenize<', '>250 B<', '>0 B<', '>Script tag<', '>ESM<'])
      expect(svg).toContain(t);
    const desc = /<desc id="chart-desc">([^<]*)<\/desc>/.exec(svg)![1]!;
    expect(desc).toContain('A test chart. Script tag: ours 1,000 B; reference &amp; co 4,000 B. ESM: tokenize 250 B; zero 0 B.');
    expect(svg).toContain('<title id="chart-title">Size &lt;gzip&gt; &amp; &quot;time&quot;</title>');
  });

  it('tells ours from the references by fill, with a legend', () => {
    const fills = [...svg.matchAll(/<rect x="330" y="\d+" width="[\d.]+" height="17" fill="([^"]+)"/g)].map((m) => m[1]);
    expect(fills).toEqual(['#1f6feb', '#ffffff', '#1f6feb', '#ffffff']);
    expect(svg).toContain('>paytoken<');
    expect(svg).toContain('>reference, measured in the same run<');
  });

  it('uses a custom figure format when given', () => {
    expect(barChart({ ...CHART, unit: 'ms', format: (v) => v.toFixed(2) })).toContain('>250.00 ms<');
  });

  it('refuses a negative or non-finite value, and a chart without bars', () => {
    expect(() => barChart({ ...CHART, groups: [{ heading: 'x', bars: [{ label: 'bad', value: -1, ours: true }] }] })).toThrow(/bad.*-1/);
    expect(() => barChart({ ...CHART, groups: [{ heading: 'x', bars: [{ label: 'nan', value: NaN, ours: true }] }] })).toThrow(RangeError);
    expect(() => barChart({ ...CHART, groups: [] })).toThrow(RangeError);
  });

  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('the well-formedness check itself refuses broken XML', () => {
    for (const bad of ['<svg><g></svg>', '<svg>a & b</svg>', '<svg x=1></svg>', '<svg><text>1 < 2</text></svg>'])
      expect(() => parseXml(bad)).toThrow();
  });
});

describe('the charts in docs/ and the guides that show them', () => {
  const CHARTS = [
    { file: 'docs/size.svg', command: 'npm run size -- --write', page: 'docs/performance.md' },
    { file: 'docs/latency.svg', command: 'npm run bench -- --write', page: 'docs/classic-script.md' },
    { file: 'docs/device-data.svg', command: 'npm run bench:fraud -- --write', page: 'docs/device-data.md' },
  ];

  it.each(CHARTS)(
    '$file exists, is a well-formed chart with a title, and $page shows it with `$command` named under it',
    ({ file, command, page }) => {
      const text = readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8');
      const path = new URL(`../../${file}`, import.meta.url);
      expect(existsSync(path)).toBe(true);
      const svg = readFileSync(path, 'utf8');
      expect(parseXml(svg)).toContain('title');
      expect(barWidths(svg).length).toBeGreaterThan(1);
      const at = text.indexOf(`](${file.replace(/^docs\//, '')})`);
      expect(at).toBeGreaterThan(0);
      expect(text.slice(at, at + 300)).toContain(`\`${command}\``);
    },
  );
});
