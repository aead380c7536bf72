/**
 * The size reference of `npm run size` and `npm run bench`: the processor's classic pair (`openpay-js` 1.0.0,
 * devDependency: `lib/openpay-card.v1.js` + `lib/openpay-data.v1.js`, what a classic checkout page loads), gzip -9
 * of each file as published (unminified) and minified by terser (as the processor serves its `.min.js`), summed.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { minify } from 'terser';

const gz = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;

/** The classic pair's gzip -9 bytes: `published` as in the package, `minified` by terser (`passes: 3`). */
export async function classicPairSizes(): Promise<{ published: number; minified: number }> {
  const files = ['openpay-card.v1.js', 'openpay-data.v1.js'].map((f) =>
    readFileSync(new URL(`../../node_modules/openpay-js/lib/${f}`, import.meta.url), 'utf8'),
  );
  const min = await Promise.all(files.map(async (c) => (await minify(c, { compress: { passes: 3 } })).code ?? ''));
  return { published: gz(files[0]!) + gz(files[1]!), minified: gz(min[0]!) + gz(min[1]!) };
}
