/**
 * `npm run build:spa` (part of `npm run build`, after the library): the SPA example built as an app of a user
 * would be: against the packed package (`npm pack` of the current dist/, unpacked into
 * demo/spa/node_modules/paytoken, so `import ... from 'paytoken'` goes through the package's `exports`), in
 * production mode (React's production build), into demo/spa/dist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { pack, ROOT, unpack } from './pack';

const tmp = mkdtempSync(join(tmpdir(), 'paytoken-spa-'));
try {
  const { tarball } = pack(tmp, { fresh: false });
  unpack(tarball, join(ROOT, 'demo/spa/node_modules'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
await build({ configFile: join(ROOT, 'demo/spa/vite.config.ts'), mode: 'production' });
console.log('demo/spa/dist built against the packed paytoken (production mode)');
