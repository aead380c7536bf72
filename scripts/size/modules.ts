// Where a bundle's bytes go, by source module (`npx tsx scripts/size/modules.ts`, after `npm run build`).
//
// Measures the built files named on the command line (each with its .map), or by default the script tag
// dist/paytoken.iife.js and the two merchant-page bundles of hosted fields: the app importing only `mountFields` (bundled from
// dist/paytoken.js with esbuild as scripts/size/size.ts does, its source map chained to src/ through
// dist/paytoken.js.map) and the script tag dist/paytoken-hosted.iife.js (its own source map). Each byte of the
// minified code belongs to the source module its source-map segment names. For each module it prints the minified
// bytes and the marginal gzip -9 bytes: the whole minus the whole without that module's bytes (gzip shares
// dictionary across modules, so the marginals add up to a little less than the whole). `--lines` breaks the
// figures down by source line as well (the 25 dearest lines).
import { bundleApp } from './app';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const gz = (s: string) => gzipSync(s, { level: 9 }).length;
const HOSTED = new URL('../../dist/paytoken-hosted.iife.js', import.meta.url).pathname;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** The segments of a source map: [generated line, generated column, source index, original line], in order. */
function segments(map: SourceMap): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  let src = 0;
  let line = 0;
  map.mappings.split(';').forEach((l, gLine) => {
    let col = 0;
    for (const seg of l.split(',')) {
      if (!seg) continue;
      const v: number[] = [];
      let shift = 0;
      let n = 0;
      for (const ch of seg) {
        const d = B64.indexOf(ch);
        n += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          v.push(n & 1 ? -(n >>> 1) : n >>> 1);
          n = shift = 0;
        }
      }
      col += v[0]!;
      if (v.length >= 4) {
        src += v[1]!;
        line += v[2]!;
        out.push([gLine, col, src, line]);
      } else out.push([gLine, col, -1, -1]);
    }
  });
  return out;
}

/** Prints the breakdown of `code` by the module (and with `byLine`, the line) each byte maps to. */
function breakdown(name: string, code: string, map: SourceMap, byLine: boolean): void {
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  const owner: string[] = new Array(code.length).fill('(no source: wrapper, footer)');
  const segs = segments(map).map(
    ([l, c, s, ol]) =>
      [
        starts[l]! + c,
        s < 0 ? '(no source: wrapper, footer)' : `${map.sources[s]!.replace(/^.*?\bsrc\//, 'src/')}${byLine ? `:${ol + 1}` : ''}`,
      ] as const,
  );
  segs.forEach(([at, who], i) => owner.fill(who, at, i + 1 < segs.length ? segs[i + 1]![0] : code.length));
  const whole = gz(code);
  const rows = [...new Set(owner)].map((who) => {
    let rest = '';
    let n = 0;
    for (let i = 0; i < code.length; i++) {
      if (owner[i] === who) n++;
      else rest += code[i];
    }
    return { who, n, g: whole - gz(rest) };
  });
  rows.sort((a, b) => b.g - a.g);
  console.log(`${name}: ${code.length} B minified, ${whole} B gzip -9`);
  for (const r of byLine ? rows.slice(0, 25) : rows)
    console.log(`  ${r.who.padEnd(48)} ${String(r.n).padStart(6)} B min ${String(r.g).padStart(6)} B gzip (marginal)`);
}

const byLine = process.argv.includes('--lines');
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const shipped = (path: string) =>
  breakdown(
    `${path} (as shipped)`,
    readFileSync(path, 'utf8').replace(/\n?\/\/# sourceMappingURL=\S*\n?$/, ''),
    JSON.parse(readFileSync(`${path}.map`, 'utf8')),
    byLine,
  );
if (named.length) named.forEach(shipped);
else {
  shipped(new URL('../../dist/paytoken.iife.js', import.meta.url).pathname);
  const app = await bundleApp('mountFields', { sourcemap: 'external', outfile: 'app.js' });
  const file = (ext: string) => app.find((f) => f.path.endsWith(ext))!.text;
  // the same code size.ts measures (its build has no source map, hence no trailing comment)
  breakdown(
    'ESM app importing mountFields',
    file('.js').replace(/\/\/# sourceMappingURL=\S*\n?$/, ''),
    JSON.parse(file('.js.map')),
    byLine,
  );
  breakdown(
    'Script tag dist/paytoken-hosted.iife.js (as shipped)',
    readFileSync(HOSTED, 'utf8'),
    JSON.parse(readFileSync(`${HOSTED}.map`, 'utf8')),
    byLine,
  );
}
