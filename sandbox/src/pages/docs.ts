import { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SandboxEnv } from '../env';
import { withExamples } from '../http/examples';

/** The OpenAPI document's head: what this API is, its keys, and where the spec's gaps are marked. */
const DOCUMENTATION = {
  openapi: '3.1.0',
  info: {
    title: 'paytoken sandbox: the payments API',
    version: '1',
    description:
      'The local payment service of paytoken, faithful to payments-api.md. Where the spec is silent the sandbox fills the gap: such operations carry `x-sandbox-gap` (listed in docs/sandbox.md). Authenticate with HTTP Basic: the API key as user name, an empty password.',
  },
  components: {
    securitySchemes: {
      privateKey: {
        type: 'http',
        scheme: 'basic',
        description: 'The private key (sk_...) as user name, empty password: every operation, server to server.',
      },
      publicKey: {
        type: 'http',
        scheme: 'basic',
        description: 'The public key (pk_...) as user name: tokens, cards, device data and the store search only.',
      },
    },
  },
} as const;

/** The browsable reference's files, from the swagger-ui-dist package (served locally: the sandbox works offline). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The reference page: no inline script or style of its own (its start-up script is a file). */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>paytoken sandbox API reference</title><link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/start.js"></script></body></html>`;

const START = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true });`;

/**
 * The OpenAPI 3.1 document of every described route of `api` at `/openapi.json` (built once, from the routes' zod
 * schemas: ./../http/openapi.ts, with each operation's recorded request and response examples: ./../http/examples.ts), its `servers` this sandbox's base URL, and its browsable reference at
 * `/docs` (Swagger UI and its icon, served from this process: nothing is fetched from the network). The reference
 * page allows inline styles (Swagger UI sets them), no inline script.
 *
 * @param baseUrl this sandbox's base URL as clients reach it (`publicUrl`, else the address it listens on).
 */
export function docsRouter(api: Hono<SandboxEnv>, baseUrl: () => string) {
  let spec: Promise<object> | null = null;
  return new Hono<SandboxEnv>()
    .get('/openapi.json', async (c) => {
      const doc = await (spec ??= generateSpecs(api, { documentation: DOCUMENTATION as never }).then((d) => withExamples(d as never)));
      return c.json({ ...doc, servers: [{ url: baseUrl(), description: 'This sandbox' }] });
    })
    .get('/docs', (c) => {
      c.header(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
      );
      return c.html(PAGE);
    })
    .get('/docs/assets/start.js', (c) =>
      c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    )
    .get('/docs/assets/:file', (c) => {
      const file = c.req.param('file');
      const type = ASSETS[file];
      if (!type) return c.notFound();
      return c.body(readFileSync(join(assetDir, file)), 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=86400',
      });
    });
}
