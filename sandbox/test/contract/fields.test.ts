// @vitest-environment node
/**
 * The hosted-field frame files the sandbox serves under `{base_url}/fields/v1/` (sandbox/src/pages/fields.ts),
 * through the app (`app.request`): the frame page, which carries its first script and style inline, with its strict
 * CSP allowing them by hash (checked here against the bytes served) and the allowed merchant origins; the later
 * script; nothing else. Every file (the script tags of `/js/v1/` too) is sent compressed as the request accepts,
 * the same bytes once decompressed. Needs `npm run build` (dist/); the files are read from there.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { negotiateCoding } from '../../src/compression';
import { DEFAULT_FIELDS_ANCESTORS } from '../../src/pages/fields';
import { SCRIPT_TAGS } from '../../src/pages/scripts';

const CREDS = { merchantId: 'mfields0001', publicKey: 'pk_fields', privateKey: 'sk_fields' };
const built = existsSync(new URL('../../../dist/fields/frame.html', import.meta.url));

describe('GET /fields/v1/*', () => {
  it('has the built frame to serve (run `npm run build` first; `npm run test:all` does)', () => {
    expect(built).toBe(true);
  });

  /** The CSP header's directives, by name. */
  const directives = (header: string) =>
    Object.fromEntries(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k!, v.join(' ')]),
    );
  /** The hash source of a text: SHA-256, base64 (CSP Level 3). */
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('serves the frame page with its own strict CSP: its inline script and style by the hashes of the bytes served, no unsafe-inline', async () => {
    const { app } = createSandboxApp({ ...CREDS, fieldsAncestors: ['https://shop.example', 'http://127.0.0.1:*'] });
    const res = await app.request('/fields/v1/frame.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    // one inline script (the first script: the frame's whole code before `ready`) and one style, nothing else inline
    expect([scripts.length, styles.length]).toEqual([1, 1]);
    expect(scripts[0]!.length).toBeGreaterThan(1000);
    expect(html).not.toMatch(/\sstyle=|\son\w+=|<link/i);
    const csp = directives(res.headers.get('content-security-policy')!);
    expect(csp).toMatchObject({
      'default-src': "'none'",
      // the later script from its own origin, the inline one by the hash of the bytes this response carries
      'script-src': `'self' ${hashOf(scripts[0]!)}`,
      'style-src': hashOf(styles[0]!),
      'connect-src': "'self'",
      'frame-ancestors': 'https://shop.example http://127.0.0.1:*',
      'require-trusted-types-for': "'script'",
      // the device data's Worker (blob: URLs only) and the later script's URL, each through its own policy
      'worker-src': 'blob:',
      'trusted-types': 'paytoken paytoken-frame',
    });
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-/);
    expect(html).toContain('<meta name="paytoken-allowed-origins" content="https://shop.example http://127.0.0.1:*">');
    // a changed byte would no longer match: the hashes are of this build's text
    expect(hashOf(`${scripts[0]} `)).not.toBe(hashOf(scripts[0]!));
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

  it('serves frame.html and frame-later.js, and nothing else (no path walk, no other file, no auth needed)', async () => {
    const { app } = createSandboxApp(CREDS);
    expect((await app.request('/fields/v1/frame-later.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
    for (const path of [
      '/fields/v1/frame.js',
      '/fields/v1/frame.css',
      '/fields/v1/frame-csp.json',
      '/fields/v1/frame.js.map',
      '/fields/v1/..%2Fpaytoken.js',
      '/fields/v1/%2e%2e/%2e%2e/package.json',
      '/fields/v1/toString',
      '/fields/v2/frame.html',
      '/js/v1/paytoken.js',
      '/js/v1/..%2Fpackage.json',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('caching: the page for a minute (the frames of a mount share one download); the later script for good under its version, 404 under another', async () => {
    const { app } = createSandboxApp(CREDS);
    const page = await app.request('/fields/v1/frame.html');
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    expect(page.headers.get('link')).toBeNull(); // nothing to preload: the page carries its first script
    const later = /data-later="(frame-later\.js\?v=([0-9a-f]{12}))"/.exec(await page.text())!;
    const res = await app.request(`/fields/v1/${later[1]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // the version is the start of the SHA-256 of the bytes served
    expect(
      createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex')
        .slice(0, 12),
    ).toBe(later[2]);
    // a first script of another build is never given this build's later script (their shortened names differ)
    for (const other of ['frame-later.js?v=000000000000', `${later[1]}x`])
      expect((await app.request(`/fields/v1/${other}`)).status, other).toBe(404);
    const unversioned = await app.request('/fields/v1/frame-later.js');
    expect([unversioned.status, unversioned.headers.get('cache-control')]).toEqual([200, 'no-store']);
    // the rest of the API stays uncacheable
    expect((await app.request('/v1/nope')).headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/fields/v1/frame.html', '/fields/v1/frame-later.js', ...SCRIPT_TAGS.map((tag) => `/js/v1/${tag}`)])(
    '%s: Brotli or gzip as the request accepts, the same bytes once decompressed; the identity otherwise',
    async (path) => {
      const { app } = createSandboxApp(CREDS);
      const get = async (acceptEncoding?: string) => {
        const res = await app.request(path, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-length')).toBe(String(body.length));
        return { coding: res.headers.get('content-encoding'), body };
      };
      const plain = await get();
      expect(plain.coding).toBeNull();
      const br = await get('gzip, deflate, br, zstd');
      const gzip = await get('gzip, deflate');
      expect([br.coding, gzip.coding]).toEqual(['br', 'gzip']);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      if (path.startsWith('/js/')) expect(plain.body.equals(readFileSync(`dist/${path.slice('/js/v1/'.length)}`))).toBe(true);
    },
  );

  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['BR;Q=0.8, GZIP;Q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate, zstd', null],
    ['gzip;q=0', null],
  ])('Accept-Encoding %j -> %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });

  it('the script tags under their version are cached for good, unversioned never stored', async () => {
    const { app } = createSandboxApp(CREDS);
    for (const tag of SCRIPT_TAGS) {
      const version = createHash('sha256')
        .update(readFileSync(`dist/${tag}`))
        .digest('hex')
        .slice(0, 12);
      const cached = await app.request(`/js/v1/${tag}?v=${version}`);
      expect(cached.headers.get('cache-control'), tag).toBe('public, max-age=31536000, immutable');
      expect(cached.headers.get('content-type'), tag).toMatch(/^text\/javascript/);
      expect((await app.request(`/js/v1/${tag}`)).headers.get('cache-control'), tag).toBe('no-store');
    }
  });

  it.each([[['*']], [['https://shop.example/path']], [["'self'"]], [['https://a.example; script-src *']], [[]]])(
    'refuses fieldsAncestors %j at start',
    (list) => {
      expect(() => createSandboxApp({ ...CREDS, fieldsAncestors: list })).toThrow(/fieldsAncestors/);
    },
  );
});
