import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sendCompressed } from '../compression';

/**
 * Where the built script tags are: `js/` beside the sandbox's own bundle (the packed `paytoken-sandbox`), else the
 * repository's `dist/` (`npm run build`).
 */
const DIST =
  [new URL('./js/', import.meta.url), new URL('../../../dist/', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((dir) => existsSync(`${dir}paytoken-hosted.iife.js`)) ?? fileURLToPath(new URL('../../../dist/', import.meta.url));

/** The library's script tags, as a processor's CDN serves them. */
export const SCRIPT_TAGS: readonly string[] = ['paytoken.iife.js', 'paytoken-checkout.iife.js', 'paytoken-hosted.iife.js'];

/**
 * The library's script tags under `{base_url}/js/v1/` (`paytoken-hosted.iife.js` and the two of the classic API),
 * as the processor's CDN would serve them to checkout pages: compressed (Brotli or gzip, as the request accepts;
 * ../compression.ts), cached for a year (`immutable`) under their current version (`?v=` and the first 12 hex
 * digits of the file's SHA-256), never stored otherwise. Their `.sri` files beside them give the `integrity`
 * value. Files are read once, at the first request; when the build is missing, 404 with a hint.
 */
export function scriptsRouter() {
  const files = new Map<string, { body: Buffer; version: string } | null>();
  const read = (name: string) => {
    if (!files.has(name)) {
      try {
        const body = readFileSync(DIST + name);
        files.set(name, { body, version: createHash('sha256').update(body).digest('hex').slice(0, 12) });
      } catch {
        files.set(name, null);
      }
    }
    return files.get(name);
  };
  return new Hono().get('/:file', (c) => {
    const name = c.req.param('file');
    const file = SCRIPT_TAGS.includes(name) ? read(name) : undefined;
    if (!file) return c.text(file === null ? 'The library is not built: run `npm run build`.' : 'Not found', 404);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', c.req.query('v') === file.version ? 'public, max-age=31536000, immutable' : 'no-store');
    return sendCompressed(c, file.body);
  });
}
