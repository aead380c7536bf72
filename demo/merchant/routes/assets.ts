import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { MerchantDeps } from '../env';
import { BRANDS } from '../views/receipt';

/** The repository's root (the pages, the built library). */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const JS = 'text/javascript; charset=utf-8';

/** Files served as they are: the pages' CSS and scripts, and the library's script-tag builds. */
const FILES: Record<string, [path: string, type: string]> = {
  '/style.css': ['demo/web/style.css', 'text/css; charset=utf-8'],
  '/checkouts.css': ['demo/web/checkouts.css', 'text/css; charset=utf-8'],
  '/checkout.js': ['demo/web/checkout.js', JS],
  '/card.js': ['demo/web/card.js', JS],
  '/split.js': ['demo/web/split.js', JS],
  '/hosted-checkout.js': ['demo/web/hosted-checkout.js', JS],
  '/shop.js': ['demo/web/shop.js', JS],
  '/subscribe.js': ['demo/web/subscribe.js', JS],
  '/order.js': ['demo/web/order.js', JS],
  '/paytoken.iife.js': ['dist/paytoken.iife.js', JS],
  '/paytoken-checkout.iife.js': ['dist/paytoken-checkout.iife.js', JS],
  '/paytoken-hosted.iife.js': ['dist/paytoken-hosted.iife.js', JS],
};

/** Largest CSP report kept, bytes, and how many are kept (the first ones). */
const CSP_REPORT = { maxBytes: 8192, kept: 100 } as const;

/**
 * The static files (./FILES), the brand icons (`/brands/{brand}.svg`, the brands the library knows and `card`),
 * and the CSP violation reports (`POST /csp-report`, the pages' `report-uri`: kept in `deps.cspReports` for tests;
 * always 204).
 */
export function assetsRouter(deps: MerchantDeps) {
  const router = new Hono();
  for (const [route, [path, type]] of Object.entries(FILES)) {
    router.get(route, async () => new Response(await readFile(`${ROOT}/${path}`), { headers: { 'Content-Type': type } }));
  }
  router.get('/favicon.ico', (c) => c.body(null, 204));
  router.post('/csp-report', async (c) => {
    const length = Number(c.req.header('content-length'));
    if (deps.cspReports.length < CSP_REPORT.kept && length > 0 && length <= CSP_REPORT.maxBytes) {
      deps.cspReports.push((await c.req.text()).slice(0, CSP_REPORT.maxBytes));
    }
    return c.body(null, 204);
  });
  router.get('/brands/:name', async (c) => {
    const name = c.req.param('name').replace(/\.svg$/, '');
    if (!BRANDS.has(name) && name !== 'card') return c.notFound();
    return new Response(await readFile(`${ROOT}/demo/web/brands/${name}.svg`), { headers: { 'Content-Type': 'image/svg+xml' } });
  });
  return router;
}
