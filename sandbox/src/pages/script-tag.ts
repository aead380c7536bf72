import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The library's hosted-fields script tag, as built (`npm run build` -> dist/paytoken-hosted.iife.js). */
const FILE = fileURLToPath(new URL('../../../dist/paytoken-hosted.iife.js', import.meta.url));

/**
 * `GET /js/v1/paytoken-hosted.iife.js`: the library's hosted-fields script tag, which the sandbox's own redirect
 * payment page (./payment-page.ts) loads. Read once, at the first request; 404 with a hint when the build is missing.
 * The one place the sandbox serves a script tag for its pages.
 */
export function scriptTagRouter() {
  let body: string | null | undefined;
  return new Hono().get('/js/v1/paytoken-hosted.iife.js', (c) => {
    if (body === undefined) {
      try {
        body = readFileSync(FILE, 'utf8');
      } catch {
        body = null;
      }
    }
    if (body === null) return c.text('The library is not built: run `npm run build`.', 404);
    return c.body(body, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  });
}
