// A script-tag build, built the way `npm run build` makes dist/paytoken.iife.js (vite, the project's
// vite.config.ts in `iife` mode: Rolldown + terser) or, in `checkout` mode, dist/paytoken-checkout.iife.js, into a
// temporary folder, optionally with modules replaced.
// One mechanism for every "what does this part cost in the script tag" figure: scripts/size/size.ts (each part's
// marginal cost) and scripts/size/fraud-size.ts (device data, for `npm run bench:fraud` and test/tooling/size.test.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');

/** gzip -9 size of a text or buffer, bytes. */
export const gzipSize = (code: string | Buffer): number => gzipSync(code, { level: 9 }).length;

/**
 * A module replaced by one whose exports are all `undefined`: what the build weighs without it.
 * @param src the module's source. @returns the stub's source.
 */
export const STUB = (src: string): string =>
  [...src.matchAll(/^export (?:async )?(?:const|function|class|let) (\w+)/gm)].map(([, n]) => `export const ${n} = undefined;`).join('\n');

/** The script tags this builds: vite mode -> the file it writes (vite.config.ts LIBS). */
const TAGS = { iife: 'paytoken.iife.js', checkout: 'paytoken-checkout.iife.js' } as const;

/**
 * Builds a script tag (no source map) and returns its bytes.
 * @param edits path under the project root (`src/form/mount.ts`) ->
 *   a transform of that module's source; each must change its module (a no-op edit throws, so a renamed file or
 *   a stale pattern cannot report a cost of 0).
 * @param mode `iife` (default: dist/paytoken.iife.js, the classic API) or `checkout` (dist/paytoken-checkout.iife.js).
 */
export async function buildScriptTag(
  edits: Record<string, (src: string) => string> = {},
  mode: keyof typeof TAGS = 'iife',
): Promise<Buffer> {
  const tmp = mkdtempSync(join(tmpdir(), 'paytoken-iife-'));
  const edit = {
    name: 'edit-modules',
    enforce: 'pre' as const,
    load(id: string) {
      const transform = edits[relative(ROOT, id)];
      if (!transform) return undefined;
      const src = readFileSync(id, 'utf8');
      const out = transform(src);
      if (out === src) throw new Error(`script-tag build: the edit of ${id} changed nothing`);
      return out;
    },
  };
  try {
    await build({ root: ROOT, mode, logLevel: 'silent', plugins: [edit], build: { outDir: tmp, emptyOutDir: true, sourcemap: false } });
    return readFileSync(join(tmp, TAGS[mode]));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
