// @vitest-environment node
/**
 * The hosted-field frame files the sandbox serves under `{base_url}/fields/v1/` (demo/sandbox/routes/fields.ts),
 * through the app (`app.request`): the frame page with its strict CSP and the allowed merchant origins, its script
 * and stylesheet, nothing else. Needs `npm run build` (dist/fields/); the files are read from there.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../demo/sandbox/app';
import { DEFAULT_FIELDS_ANCESTORS } from '../../demo/sandbox/pages/fields';

const CREDS = { merchantId: 'mfields0001', publicKey: 'pk_fields', privateKey: 'sk_fields' };
const built = existsSync(new URL('../../dist/fields/frame.html', import.meta.url));

describe('GET /fields/v1/*', () => {
  it('has the built frame to serve (run `npm run build` first; `npm run test:all` does)', () => {
    expect(built).toBe(true);
  });

  it('serves the frame page with its own strict CSP, the allowed origins in its meta and frame-ancestors', async () => {
    const { app } = createSandboxApp({ ...CREDS, fieldsAncestors: ['https://shop.example', 'http://127.0.0.1:*'] });
    const res = await app.request('/fields/v1/frame.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k!, v.join(' ')]),
    );
    expect(csp).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': 'https://shop.example http://127.0.0.1:*',
      'require-trusted-types-for': "'script'",
      // the device data's Worker: blob: URLs only, through the one Trusted Types policy the library makes
      'worker-src': 'blob:',
      'trusted-types': 'paytoken',
    });
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-/);
    expect(await res.text()).toContain('<meta name="paytoken-allowed-origins" content="https://shop.example http://127.0.0.1:*">');
  });

  it('allows fonts only from the https origins the mount declared (`?fonts=`), at most 4; none without', async () => {
    const { app } = createSandboxApp(CREDS);
    const cspOf = async (query: string) => (await app.request(`/fields/v1/frame.html${query}`)).headers.get('content-security-policy')!;
    expect(await cspOf('')).not.toContain('font-src');
    expect(await cspOf(`?fonts=${encodeURIComponent('https://fonts.example https://cdn.example:8443')}`)).toContain(
      'font-src https://fonts.example https://cdn.example:8443;',
    );
    const refused = await cspOf(
      `?fonts=${encodeURIComponent("http://plain.example https://x.example/path 'unsafe-inline' data: * https://ok.example")}`,
    );
    expect(refused.split('; ').filter((d) => d.startsWith('font-src'))).toEqual(['font-src https://ok.example']);
    const many = await cspOf(`?fonts=${encodeURIComponent(['a', 'b', 'c', 'd', 'e'].map((h) => `https://${h}.example`).join(' '))}`);
    expect(many).toContain('font-src https://a.example https://b.example https://c.example https://d.example;');
  });

  it('defaults to any port of the loopback hosts (local use)', async () => {
    const { app } = createSandboxApp(CREDS);
    const res = await app.request('/fields/v1/frame.html');
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${DEFAULT_FIELDS_ANCESTORS.join(' ')}`);
    expect(DEFAULT_FIELDS_ANCESTORS).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
  });

  it('serves frame.js and frame.css, and nothing else (no path walk, no other file, no auth needed)', async () => {
    const { app } = createSandboxApp(CREDS);
    expect((await app.request('/fields/v1/frame.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await app.request('/fields/v1/frame.css')).headers.get('content-type')).toMatch(/^text\/css/);
    for (const path of [
      '/fields/v1/frame.js.map',
      '/fields/v1/..%2Fpaytoken.js',
      '/fields/v1/%2e%2e/%2e%2e/package.json',
      '/fields/v1/toString',
      '/fields/v2/frame.html',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('the script and stylesheet the page links (by their version) are cached for good; the page and anything unversioned are never stored', async () => {
    const { app } = createSandboxApp(CREDS);
    const page = await app.request('/fields/v1/frame.html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const links = [...html.matchAll(/(?:src|href)="(frame\.(?:js|css)\?v=[0-9a-f]{12})"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const res = await app.request(`/fields/v1/${link}`);
      expect(res.status, link).toBe(200);
      expect(res.headers.get('cache-control'), link).toBe('public, max-age=31536000, immutable');
      const [file] = link.split('?');
      for (const other of [file, `${file}?v=000000000000`, `${file}?v=${link.slice(-12)}x`]) {
        const r = await app.request(`/fields/v1/${other}`);
        expect(r.status, other).toBe(200);
        expect(r.headers.get('cache-control'), other).toBe('no-store');
      }
    }
    // the page's Link header preloads exactly the files it links, by their version (one request each, not two)
    const preloads = page.headers.get('link')!.split(', ');
    expect(preloads.sort()).toEqual(links.map((l) => `<${l}>; rel=preload; as=${l.startsWith('frame.js') ? 'script' : 'style'}`).sort());
    // the rest of the API stays uncacheable
    expect((await app.request('/v1/nope')).headers.get('cache-control')).toBe('no-store');
  });

  it.each([[['*']], [['https://shop.example/path']], [["'self'"]], [['https://a.example; script-src *']], [[]]])(
    'refuses fieldsAncestors %j at start',
    (list) => {
      expect(() => createSandboxApp({ ...CREDS, fieldsAncestors: list })).toThrow(/fieldsAncestors/);
    },
  );
});
