// Prints the minified and gzip size in bytes of both builds (run `npm run build` first).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

for (const f of ['dist/paytoken.js', 'dist/paytoken.iife.js']) {
  const buf = readFileSync(f);
  console.log(`${f}: ${buf.length} B minified, ${gzipSync(buf, { level: 9 }).length} B gzip`);
}
