/**
 * `npm run build:sandbox`: builds the sandbox's own package (`sandbox/`, published as `paytoken-sandbox`) into
 * `sandbox/dist/`: `cli.js` (the `paytoken-sandbox` command), `index.js` (`startSandbox`, `createSandboxApp`
 * for a merchant's own tests) and its declarations `index.d.ts` (dts-bundle-generator), each one ES module bundled by esbuild with the card rules of `src/card` inside and
 * the server dependencies (Hono, zod, better-sqlite3, ...) left as the package's `dependencies`; and the built
 * hosted-field frame files (`dist/fields/`, from `npm run build:lib`) and script tags, which the sandbox serves. The browser library's
 * package gains nothing from this: its `files` never include demo/.
 */
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const PKG = join(ROOT, 'sandbox');
const OUT = join(PKG, 'dist');

if (!existsSync(join(ROOT, 'dist/fields/frame.html'))) {
  console.error('build:sandbox: dist/fields/ is missing; run npm run build:lib first');
  process.exit(1);
}
const deps = Object.keys(
  (JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies,
);
rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    cli: join(PKG, 'src/cli.ts'),
    index: join(PKG, 'src/index.ts'),
    // the PDF renderer's thread, started by sandbox/src/domain/cfdi/pdf-thread.ts from beside the bundle
    'pdf-worker': join(PKG, 'src/domain/cfdi/pdf-worker.ts'),
  },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // the package's dependencies, and every subpath of them, stay imports; Node's own modules too
  external: [...deps, ...deps.map((d) => `${d}/*`)],
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
// the entry's declarations, one file: the library's rule types (`paytoken/rules`, a path of sandbox/tsconfig.json)
// inlined, the dependencies' types (Hono, zod, better-sqlite3) left as imports
const [dts] = generateDtsBundle([{ filePath: join(PKG, 'src/index.ts'), output: { noBanner: true, exportReferencedTypes: false } }], {
  preferredConfigPath: join(PKG, 'tsconfig.json'),
});
writeFileSync(join(OUT, 'index.d.ts'), dts!);
cpSync(join(ROOT, 'dist/fields'), join(OUT, 'fields'), { recursive: true });
// the script tags, which the sandbox serves at /js/v1/ as a processor's CDN would (sandbox/src/pages/scripts.ts)
for (const tag of ['paytoken.iife.js', 'paytoken-checkout.iife.js', 'paytoken-hosted.iife.js'])
  for (const file of [tag, `${tag}.sri`]) cpSync(join(ROOT, 'dist', file), join(OUT, 'js', file));
console.log(`build:sandbox: ${OUT.slice(ROOT.length + 1)}/cli.js, index.js, index.d.ts, fields/ and js/ written`);
