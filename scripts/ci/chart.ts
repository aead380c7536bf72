/**
 * A horizontal bar chart as plain SVG, for the figures the size and timing benchmarks write into docs/ (`npm run
 * size -- --write` writes docs/size.svg, `npm run bench -- --write` docs/latency.svg, `npm run bench:fraud --
 * --write` docs/device-data.svg). Our measurements and the references measured beside them in the same run are bars
 * on one scale, each labelled with its figure, so a reader sees the comparison without reading the tables.
 *
 * The SVG is self-contained: no script, no external font, image or style sheet (a README image is served with a
 * strict policy). It is accessible: `role="img"`, a `<title>` and a `<desc>` (which repeats every figure as text),
 * and every figure is also text beside its bar. Bars are proportional to the values: a bar's width is
 * `value / max * BAR_WIDTH` pixels, `max` the largest value of the chart.
 */

/** One bar: its label, its value (in the chart's unit; finite, 0 or more) and whether it is ours or a reference. */
export interface Bar {
  label: string;
  value: number;
  /** Ours (filled) or a reference measured in the same run (outlined). */
  ours: boolean;
}

/** A chart: a heading, one sentence saying what was measured and how (the `<desc>`), bars in groups. */
export interface Chart {
  title: string;
  /** What was measured, by which command, when: becomes `<desc>` (the figures are appended to it). */
  desc: string;
  /** Unit written after each figure, e.g. `B` or `ms`. */
  unit: string;
  /** Groups of bars (e.g. "first call", "later calls"), each under its own heading. */
  groups: { heading: string; bars: Bar[] }[];
  /** Figure format; default: thousands separators and up to one decimal (`1,234.5`). */
  format?: (value: number) => string;
}

/** Width of the longest bar, px. */
export const BAR_WIDTH = 320;
const LABEL_WIDTH = 330;
const ROW = 24;
const HEADING = 26;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 110;
const OURS = '#1f6feb';
const REFERENCE = '#8b949e';

/** `s` with the five XML special characters escaped (text and attribute values). */
export const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const defaultFormat = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * Renders `chart` as an SVG document (UTF-8 text, no XML declaration needed).
 * @throws RangeError when a value is negative or not finite, or the chart has no bar.
 */
export function barChart(chart: Chart): string {
  const fmt = chart.format ?? defaultFormat;
  const bars = chart.groups.flatMap((g) => g.bars);
  if (!bars.length) throw new RangeError('a chart needs at least one bar');
  for (const b of bars)
    if (!Number.isFinite(b.value) || b.value < 0) throw new RangeError(`bar "${b.label}": value ${b.value} is not a finite number >= 0`);
  const max = Math.max(...bars.map((b) => b.value)) || 1;
  const figure = (b: Bar) => `${fmt(b.value)} ${chart.unit}`;
  const body: string[] = [];
  let y = 44;
  for (const g of chart.groups) {
    body.push(`<text x="8" y="${y + 16}" font-weight="bold">${escapeXml(g.heading)}</text>`);
    y += HEADING;
    for (const b of g.bars) {
      const w = Math.round((b.value / max) * BAR_WIDTH * 10) / 10;
      const style = b.ours ? `fill="${OURS}"` : `fill="#ffffff" stroke="${REFERENCE}" stroke-width="1.5"`;
      body.push(
        `<g><text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${escapeXml(b.label)}</text>` +
          `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${w}" height="${ROW - 7}" ${style}/>` +
          `<text x="${LABEL_WIDTH + w + 6}" y="${y + 15}">${escapeXml(figure(b))}</text></g>`,
      );
      y += ROW;
    }
    y += 6;
  }
  const legendY = y + 12;
  body.push(
    `<rect x="8" y="${legendY - 10}" width="12" height="12" fill="${OURS}"/><text x="26" y="${legendY}">paytoken</text>` +
      `<rect x="110" y="${legendY - 10}" width="12" height="12" fill="#ffffff" stroke="${REFERENCE}" stroke-width="1.5"/><text x="128" y="${legendY}">reference, measured in the same run</text>`,
  );
  const height = legendY + 12;
  const desc = `${chart.desc} ${chart.groups.map((g) => `${g.heading}: ${g.bars.map((b) => `${b.label} ${figure(b)}`).join('; ')}.`).join(' ')}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="chart-title chart-desc" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="13" fill="#24292f">\n` +
    `<title id="chart-title">${escapeXml(chart.title)}</title>\n<desc id="chart-desc">${escapeXml(desc)}</desc>\n` +
    `<rect width="100%" height="100%" fill="#ffffff"/>\n<text x="8" y="24" font-size="16" font-weight="bold">${escapeXml(chart.title)}</text>\n` +
    `${body.join('\n')}\n</svg>\n`
  );
}
