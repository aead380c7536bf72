/**
 * The OpenAPI document (`{base}/openapi.json`, sandbox/src/pages/docs.ts) describes every route of the API, the
 * simulation API and the store search, and its reference page is served offline (docs/sandbox.md, "OpenAPI").
 * That each response conforms is checked for every contract test by ./helpers.ts (./openapi.ts).
 */
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { conformance } from './openapi';
import { CREDS, useSandbox } from './helpers';

const api = useSandbox();

describe('OpenAPI 3.1', () => {
  it('describes every route of the API, each with its method', async () => {
    const { app, close } = createSandboxApp({ ...CREDS, scheduler: false });
    try {
      const doc = await (await app.request('/openapi.json')).json();
      expect(doc.openapi).toBe('3.1.0');
      const routes = app.routes
        .filter((r) => r.method !== 'ALL' && /^\/(v1|sandbox\/v1|stores)(\/|$)/.test(r.path))
        .map((r) => `${r.method} ${r.path.replace(/:([a-z_]+)/g, '{$1}').replace(/\/$/, '') || '/'}`);
      expect(routes.length).toBeGreaterThan(20);
      const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '')}`),
      );
      expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
      // each operation is grouped and summarised; the spec's gaps are marked
      for (const ops of Object.values(doc.paths as Record<string, Record<string, { tags: string[]; summary: string }>>))
        for (const op of Object.values(ops)) expect(op.tags.length && op.summary).toBeTruthy();
      expect(JSON.stringify(doc)).toContain('x-sandbox-gap');
    } finally {
      close();
    }
  });

  it('finds a response that does not conform (the check can fail)', async () => {
    const doc = await (await fetch(`${api.baseUrl}/openapi.json`)).json();
    const path = `/v1/${CREDS.merchantId}/tokens/tok123`;
    expect(conformance(doc, [{ method: 'GET', path, status: 200, body: { id: 7 }, json: true }])[0]).toMatch(
      /GET \/v1\/\{merchant_id\}\/tokens\/\{token_id\} 200/,
    );
    expect(conformance(doc, [{ method: 'GET', path, status: 418, body: {}, json: true }])[0]).toMatch(
      /418, which the document does not list/,
    );
    expect(conformance(doc, [{ method: 'PATCH', path, status: 200, body: {}, json: true }])[0]).toMatch(/no operation/);
  });

  it('serves a browsable reference from this process, with no inline script', async () => {
    const page = await fetch(`${api.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)|<script>[^<]/);
    for (const src of html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g))
      expect((await fetch(`${api.baseUrl}${src[1]}`)).status).toBe(200);
  });
});
