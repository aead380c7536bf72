/**
 * Sizes of the device-data code, measured the one way the benchmark (scripts/bench/fraud.ts), the size-budget
 * test (test/tooling/size.test.ts) and `npm run size` share: fresh vite builds into a temporary folder with the project's
 * vite.config.ts (scripts/size/script-tag.ts), gzip level 9.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { buildScriptTag, gzipSize, ROOT, STUB } from './script-tag';

/**
 * Budgets, gzip bytes: the whole script-tag build (target; its CI ceiling is in scripts/size/size.ts), and the device
 * data in it: 2 KiB for the fingerprint and the automation flags, plus the measured cost of the consistency flags
 * (src/fraud/consistency.ts) and of the Worker's bounded wait, the geometry and engine checks and the binding check
 * (src/fraud/geometry.ts, engine.ts, automation.ts): each of those two steps held to 600 B on the script tag by its
 * ceiling (docs/performance.md, "Size ceilings: history").
 */
export const BUDGETS = { scriptTag: 8000, deviceData: 2879 } as const;

/** Minified and gzip bytes of a file. */
export interface Size {
  minified: number;
  gzip: number;
}

const sizeOf = (b: Buffer): Size => ({ minified: b.length, gzip: gzipSize(b) });

/**
 * Builds and measures:
 * - `fraudModule`: `src/fraud/device-data.ts` alone with all it imports (the runner, collectors, hash,
 *   transport, and the error classes), as a minified ES module;
 * - `scriptTag`: `dist/paytoken.iife.js` as `npm run build` makes it (minus the source-map comment);
 * - `deviceData`: its marginal cost, the script-tag build minus the same build with `device-data.ts` stubbed out;
 * - `iife`: the script-tag build's text, for the benchmark page.
 */
export async function measureFraudSizes(): Promise<{ fraudModule: Size; scriptTag: Size; deviceData: Size; iife: Buffer }> {
  const tmp = mkdtempSync(join(tmpdir(), 'paytoken-size-'));
  try {
    const lib = { entry: join(ROOT, 'src/fraud/device-data.ts'), formats: ['es' as const], fileName: () => 'fraud.js' };
    await build({ root: ROOT, mode: 'production', logLevel: 'silent', build: { outDir: tmp, emptyOutDir: true, sourcemap: false, lib } });
    const iife = await buildScriptTag();
    const scriptTag = sizeOf(iife);
    const stub = sizeOf(await buildScriptTag({ 'src/fraud/device-data.ts': STUB }));
    return {
      fraudModule: sizeOf(readFileSync(join(tmp, 'fraud.js'))),
      scriptTag,
      deviceData: { minified: scriptTag.minified - stub.minified, gzip: scriptTag.gzip - stub.gzip },
      iife,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
