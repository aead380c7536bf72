/**
 * Sizes of the device-data code, measured the one way the benchmark (scripts/bench-fraud.ts) and the size-budget
 * test (test/size.test.ts) share: fresh vite builds into a temporary folder with the project's vite.config.ts,
 * gzip level 9.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

/** Budgets, gzip bytes: the whole script-tag build (with the form layer to come), and the device data in it. */
export const BUDGETS = { scriptTag: 8000, deviceData: 2 * 1024 } as const;

/** Replaces src/fraud/device-data.ts with a stub that never collects (what the script-tag build is without it). */
const stubDeviceData: Plugin = {
  name: 'stub-device-data',
  enforce: 'pre',
  load: (id) => (id.endsWith('/src/fraud/device-data.ts') ? 'export const deviceData = () => Promise.resolve(null);' : undefined),
};

/** Minified and gzip bytes of a file. */
export interface Size {
  minified: number;
  gzip: number;
}

const sizeOf = (b: Buffer): Size => ({ minified: b.length, gzip: gzipSync(b, { level: 9 }).length });

/**
 * Builds and measures:
 * - `fraudModule`: `src/fraud/device-data.ts` alone with all it imports (the runner, collectors, hash,
 *   transport, and the error classes), as a minified ES module;
 * - `scriptTag`: `dist/paytoken.iife.js` as `npm run build` makes it (minus the source-map comment);
 * - `deviceData`: its marginal cost, the script-tag build minus the same build with `device-data.ts` stubbed;
 * - `iife`: the script-tag build's text, for the benchmark page.
 */
export async function measureFraudSizes(): Promise<{ fraudModule: Size; scriptTag: Size; deviceData: Size; iife: Buffer }> {
  const tmp = mkdtempSync(join(tmpdir(), 'paytoken-size-'));
  const run = (dir: string, mode: string, plugins: Plugin[] = [], lib?: object) =>
    build({ root: ROOT, mode, logLevel: 'silent', plugins, build: { outDir: join(tmp, dir), emptyOutDir: true, sourcemap: false, ...(lib ? { lib } : {}) } });
  try {
    await run('fraud', 'production', [], { entry: join(ROOT, 'src/fraud/device-data.ts'), formats: ['es'], fileName: () => 'fraud.js' });
    await run('iife', 'iife');
    await run('stub', 'iife', [stubDeviceData]);
    const iife = readFileSync(join(tmp, 'iife', 'paytoken.iife.js'));
    const scriptTag = sizeOf(iife);
    const stub = sizeOf(readFileSync(join(tmp, 'stub', 'paytoken.iife.js')));
    return {
      fraudModule: sizeOf(readFileSync(join(tmp, 'fraud', 'fraud.js'))),
      scriptTag,
      deviceData: { minified: scriptTag.minified - stub.minified, gzip: scriptTag.gzip - stub.gzip },
      iife,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
