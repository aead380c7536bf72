// Where a built bundle's bytes go, module by module (`npx tsx scripts/size/modules.ts [dist/paytoken.iife.js]`,
// after `npm run build`): each minified character is attributed to the source module its source map names, and
// each module's gzip figure is its marginal cost, the bundle's gzip -9 size minus that of the bundle without the
// module's characters. Marginal costs do not add up to the whole (shared context compresses once); they rank
// what removing a module would save. scripts/size/size.ts gives the same kind of figure for whole parts, by
// rebuilding without them.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { gzipSize } from './script-tag';

const file = process.argv[2] ?? 'dist/paytoken.iife.js';
const code = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '');
const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
// each character belongs to the mapping at or before it (Node's own source-map reader: no dependency)
const owner: string[] = [];
code.split('\n').forEach((text, line) => {
  for (let col = 0; col <= text.length; col++) {
    const entry = map.findEntry(line, col) as { originalSource?: string };
    owner.push(entry.originalSource?.replace(/.*?\/src\//, 'src/') ?? '(wrapper)');
  }
});
owner.length = code.length;
const whole = gzipSize(code);
const rows = [...new Set(owner)].map((source) => {
  const without = [...code].filter((_, j) => owner[j] != source).join('');
  return { source, min: code.length - without.length, gzip: whole - gzipSize(without) };
});
console.log(`${file}: ${code.length} B minified, ${whole} B gzip -9 (without the source-map comment)`);
console.log('  gzip   min  module (marginal gzip cost, minified bytes)');
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${String(r.gzip).padStart(6)} ${String(r.min).padStart(5)}  ${r.source}`);
