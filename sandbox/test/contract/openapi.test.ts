/**
 * The OpenAPI document (`{base}/openapi.json`, sandbox/src/pages/docs.ts) describes every route of the API, the
 * simulation API and the store search, and its reference page is served offline (docs/sandbox.md, "OpenAPI").
 * That each response conforms is checked for every contract test by ./helpers.ts (./openapi.ts).
 */
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createSandboxApp } from '../../src/app';
import { ERROR_CODES } from '../../src/domain/errors';
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

  it("names this sandbox as its server, types POST /tokens's members, and gives error examples with the spec's codes", async () => {
    const doc = await (await fetch(`${api.baseUrl}/openapi.json`)).json();
    expect(doc.servers).toEqual([{ url: api.baseUrl, description: 'This sandbox' }]);
    const token = doc.paths['/v1/{merchant_id}/tokens'].post.requestBody.content['application/json'].schema.properties;
    for (const member of ['card_number', 'holder_name', 'expiration_month', 'expiration_year', 'cvv2'])
      expect(token[member], member).toMatchObject({ type: 'string', description: expect.any(String) });
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const isError = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, any> }>>))
      for (const [method, op] of Object.entries(ops))
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          const examples = Object.values(response.content['application/json'].examples ?? {}) as { value: any }[];
          expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const { value } of examples) {
            expect(isError(value), `${method} ${path} ${status}: ${ajv.errorsText(isError.errors)}`).toBe(true);
            expect([value.http_code, value.error_code in ERROR_CODES]).toEqual([Number(status), true]);
            checked++;
          }
        }
    expect(checked).toBeGreaterThan(400);
  });

  it('serves a browsable reference from this process, with no inline script', async () => {
    const page = await fetch(`${api.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)|<script>[^<]/);
    for (const src of html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g))
      expect((await fetch(`${api.baseUrl}${src[1]}`)).status).toBe(200);
    // its icon: a PNG, named by the page
    const icon = /<link rel="icon" type="image\/png" href="([^"]+)">/.exec(html)![1]!;
    const png = await fetch(`${api.baseUrl}${icon}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).slice(1, 4)]).toEqual([...Buffer.from('PNG')]);
  });
});
