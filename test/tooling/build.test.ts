// @vitest-environment node
/**
 * The shipped bundles, built fresh into a temporary folder with the project's own vite.config.ts: SSR safe (no
 * window/document at load), no eval or Function constructor, no inline-style or HTML-injection sinks, and the
 * script-tag builds define exactly `window.PayToken`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { SRI_FILES, writeSri } from '../../scripts/build/sri';
import { LOCK_GLOBAL } from '../../vite.config';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir = '';
let esm = '';
let iife = '';
/** The checkout script tag: the classic API with the form layer and `authenticate`. */
let checkout = '';
/** The hosted-fields script tag and the frame's two scripts (served from the API origin): inline first, then later. */
let hosted = '';
let frame = '';
let framePage = '';
/** The modules bundled into each output file, as paths relative to the repository (bundler helpers as `\0...`). */
const modules: Record<string, string[]> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paytoken-build-'));
  for (const mode of ['production', 'iife', 'checkout', 'hosted', 'fields']) {
    const out = (await build({ mode, logLevel: 'silent', build: { outDir: dir, emptyOutDir: false, sourcemap: false } })) as
      | { output: { type: string; fileName: string; moduleIds?: string[] }[] }
      | { output: { type: string; fileName: string; moduleIds?: string[] }[] }[];
    for (const o of [out].flat()) {
      for (const c of o.output)
        if (c.type === 'chunk') modules[c.fileName] = (c.moduleIds ?? []).map((id) => relative(process.cwd(), id).replace(/\\/g, '/'));
    }
  }
  esm = readFileSync(join(dir, 'paytoken.js'), 'utf8');
  iife = readFileSync(join(dir, 'paytoken.iife.js'), 'utf8');
  checkout = readFileSync(join(dir, 'paytoken-checkout.iife.js'), 'utf8');
  hosted = readFileSync(join(dir, 'paytoken-hosted.iife.js'), 'utf8');
  framePage = readFileSync(join(dir, 'frame.html'), 'utf8');
  frame = `${/<script[^>]*>([\s\S]*?)<\/script>/.exec(framePage)?.[1]}\n${readFileSync(join(dir, 'frame-later.js'), 'utf8')}`;
}, 90_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A global object whose `window` and `document` throw when read, so any touch at load time fails the test. */
function trappedGlobals(): Record<string, unknown> {
  const g: Record<string, unknown> = { crypto: globalThis.crypto, URL, btoa, setTimeout, clearTimeout, AbortController };
  for (const name of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage']) {
    Object.defineProperty(g, name, {
      get: () => {
        throw new Error(`${name} read at load time`);
      },
    });
  }
  return g;
}

describe('built bundles', () => {
  it.each(['paytoken.js', 'paytoken.iife.js', 'paytoken-checkout.iife.js'])(
    '%s bundles only src/ (never src/schemas): no third-party code',
    (file) => {
      const ids = modules[file]!;
      expect(ids.length).toBeGreaterThan(5);
      const allowed = (id: string) => (id.startsWith('src/') && !id.startsWith('src/schemas/')) || id === '\0rolldown/runtime.js';
      expect(ids.filter((id) => !allowed(id))).toEqual([]);
      expect(ids).toContain({ 'paytoken.js': 'src/index.ts', 'paytoken.iife.js': 'src/browser.ts' }[file] ?? 'src/checkout.ts');
    },
  );

  it('the classic script tag carries no form layer and no 3-D Secure modal; the checkout tag carries both', () => {
    const layer = ['src/form/mount.ts', 'src/fields/messages.ts', 'src/form/installments.ts', 'src/form/authenticate.ts'];
    expect(modules['paytoken.iife.js']!.filter((id) => layer.includes(id))).toEqual([]);
    expect(modules['paytoken-checkout.iife.js']).toEqual(expect.arrayContaining(layer));
  });

  it('the package has no runtime dependency (luhn-js is the Luhn oracle of the tests, a devDependency); only the sandbox has some', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    const packages = lock.packages as Record<string, { dev?: boolean; dependencies?: Record<string, string>; link?: boolean }>;
    // what the sandbox's own package (the workspace sandbox/) pulls in, by npm's resolution from its folder
    const reach = new Set<string>(['sandbox', 'node_modules/paytoken-sandbox']);
    /** Where npm finds `name` for the package at `from`: its own node_modules, then each folder above. */
    const resolve = (from: string, name: string) => {
      for (let folder = from; ; folder = folder.includes('/node_modules/') ? folder.slice(0, folder.lastIndexOf('/node_modules/')) : '') {
        const at = folder ? `${folder}/node_modules/${name}` : `node_modules/${name}`;
        if (at in packages || !folder) return at;
      }
    };
    const visit = (from: string) => {
      for (const name of Object.keys(packages[from]?.dependencies ?? {})) {
        const at = resolve(from, name);
        if (!reach.has(at)) visit(reach.add(at) && at);
      }
    };
    visit('sandbox');
    const runtime = Object.entries(packages)
      .filter(([k, v]) => k && !v.dev)
      .map(([k]) => k);
    expect(runtime.filter((k) => !reach.has(k))).toEqual([]);
  });

  it.each([
    ['eval(', /\beval\s*\(/],
    ['new Function', /new\s+Function\b/],
    ['document.write', /document\.write/],
    ['innerHTML', /innerHTML|outerHTML|insertAdjacentHTML/],
    // a style attribute written as markup (what a strict style-src blocks); styles set through the CSSOM
    // (`element.style.cssText`, by authenticate's modal) are not inline styles for CSP and stay allowed
    ['inline style attribute', /setAttribute\(\s*['"`]style|style\s*=\s*\\?["']|<style/],
    ['console logging', /console\.(log|info|debug|warn|error)/],
    // The device-data `storage` signal names localStorage, sessionStorage and indexedDB as strings, to read whether
    // the properties exist; nothing may dereference a storage, call its methods, or touch cookies.
    // (e2e/device-data.spec.ts checks the page's storages and cookies stay empty.)
    [
      'storage or cookie use',
      /\b(localStorage|sessionStorage|indexedDB|caches|cookieStore)\s*[.[]|\.(getItem|setItem|removeItem)\(|document\.cookie/,
    ],
  ])('contain no %s', (_name, pattern) => {
    expect(esm).not.toMatch(pattern);
    expect(iife).not.toMatch(pattern);
    expect(checkout).not.toMatch(pattern);
    expect(hosted).not.toMatch(pattern);
    // the frame styles its input through the CSSOM of a constructed stylesheet (`rule.style.setProperty`), never
    // through a style attribute
    expect(frame.replace(/\.style\.setProperty\(/g, '')).not.toMatch(pattern);
  });

  it('the hosted script tag defines window.PayToken (setters and fields only, frozen) and touches nothing else at load time', () => {
    const ctx = vm.createContext(trappedGlobals());
    vm.runInContext(hosted, ctx);
    const api = (ctx as { PayToken?: Record<string, unknown> }).PayToken;
    expect(Object.keys(api ?? {}).sort()).toEqual(
      [
        'fields',
        'getApiKey',
        'getBaseUrl',
        'getId',
        'getSandboxMode',
        'setApiKey',
        'setBaseUrl',
        'setFieldsUrl',
        'setId',
        'setSandboxMode',
      ].sort(),
    );
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api!.fields)).toBe(true);
  });

  it('the frame page carries its first script and style inline, allowed by the hashes of frame-csp.json, and names the later script by its version', () => {
    const html = framePage;
    const script = /<script data-later="frame-later\.js\?v=([0-9a-f]{12})">([\s\S]+?)<\/script>/.exec(html)!;
    const style = /<style>([\s\S]+?)<\/style>/.exec(html)!;
    expect(script).not.toBeNull();
    // the version is the start of the later file's SHA-256, so a new build is a new URL (the server caches it for good)
    expect(script[1]).toBe(
      createHash('sha256')
        .update(readFileSync(join(dir, 'frame-later.js'), 'utf8'))
        .digest('hex')
        .slice(0, 12),
    );
    // at the end of the body, after the input it sets up: it runs as soon as the parser reaches it
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('id="i"'));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).not.toMatch(/<link|\ssrc=|\sstyle=|\son\w+=/i);
    expect(html).toContain('content="{{allowed_origins}}"');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(JSON.parse(readFileSync(join(dir, 'frame-csp.json'), 'utf8'))).toEqual({
      'script-src': [hash(script[2]!)],
      'style-src': [hash(style[1]!)],
    });
    // the later script reads the modules it shares with the first from the first's global, and defines its own
    expect(script[2]).toMatch(/self\.PayTokenFrame=\{(m\d+:\{[^{}]*\},?)+\}\}\(\);?$/);
    expect(readFileSync(join(dir, 'frame-later.js'), 'utf8')).toMatch(
      /^var PayTokenFrameLater=function\([^)]*\)\{[\s\S]*\}\(\{\},(PayTokenFrame\.m\d+,?)+\);?$/,
    );
  });

  /** The classic API's members, in both script tags of the full API. */
  const CLASSIC = [
    'card',
    'deviceData',
    'extractFormInfo',
    'getApiKey',
    'getBaseUrl',
    'getDevelopMode',
    'getId',
    'getSandboxMode',
    'Group',
    'httpContext',
    'setApiKey',
    'setBaseUrl',
    'setDevelopMode',
    'setId',
    'setSandboxMode',
    'token',
  ];

  it.each([
    ['paytoken.iife.js', () => iife, CLASSIC],
    ['paytoken-checkout.iife.js', () => checkout, [...CLASSIC, 'form', 'authenticate']],
  ])('%s defines window.PayToken (its members only) and touches nothing else at load time', (_file, code, members) => {
    const g = trappedGlobals();
    const ctx = vm.createContext(g);
    vm.runInContext(code(), ctx);
    const api = (ctx as { PayToken?: Record<string, unknown> }).PayToken;
    expect(Object.keys(api ?? {}).sort()).toEqual([...members].sort());
  });

  it.each([
    ['paytoken.iife.js', () => iife],
    ['paytoken-checkout.iife.js', () => checkout],
  ])('%s: the global is read-only and frozen: a later script cannot replace it or its methods', (_file, code) => {
    const script = code();
    expect(script.trimEnd().endsWith(LOCK_GLOBAL)).toBe(true); // the build's footer (vite.config.ts)
    const ctx = vm.createContext(trappedGlobals());
    vm.runInContext(script, ctx);
    const api = (ctx as { PayToken?: object }).PayToken;
    expect(Object.isFrozen(api)).toBe(true);
    vm.runInContext('PayToken = { evil: true }; PayToken.setBaseUrl = function () {};', ctx); // sloppy: both ignored
    expect(() => vm.runInContext('"use strict"; PayToken = { evil: true };', ctx)).toThrow(/read.only|assign/);
    expect(() => vm.runInContext('"use strict"; PayToken.setBaseUrl = function () {};', ctx)).toThrow(/read.only|assign/);
    // a second copy of the script does not replace the first (non-deletable: checked in a browser, e2e/tamper.spec.ts)
    vm.runInContext(iife, ctx);
    expect((ctx as { PayToken?: object }).PayToken).toBe(api);
    expect(vm.runInContext('PayToken.setBaseUrl.toString().includes("function () {}")', ctx)).toBe(false);
  });

  it('the ESM build imports in Node without a DOM and exposes the client', async () => {
    const mod = await import(pathToFileURL(join(dir, 'paytoken.js')).href);
    expect(typeof mod.createClient).toBe('function');
    expect(mod.validatePan('4111 1111 1111 1111').valid).toBe(true);
    expect('window' in globalThis).toBe(false);
  });

  it('the ESM build has no top-level side effects', () => {
    // Evaluated as a script body (exports stripped) under the trapped globals: nothing at load reads the DOM.
    const body = esm.replace(/export\s*\{[^}]*\};?\s*(\/\/# sourceMappingURL=\S*\s*)?$/, '').replace(/^import[^;]*;/gm, '');
    expect(() => vm.runInContext(body, vm.createContext(trappedGlobals()))).not.toThrow();
  });

  it('Subresource Integrity: `npm run build` (build:lib) writes a .sri for each script tag, the sha384 of the file as built', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toContain('build:lib');
    // the three script tags are built before the SRI step, which writes a .sri for each
    expect(pkg.scripts['build:lib']).toMatch(
      /vite build --mode iife && vite build --mode checkout && vite build --mode hosted && tsx scripts\/build\/sri\.ts/,
    );
    expect(SRI_FILES).toEqual(['paytoken.iife.js', 'paytoken-checkout.iife.js', 'paytoken-hosted.iife.js']);
    const file = join(dir, 'paytoken.iife.js');
    const value = writeSri(file);
    // computed here independently: SHA-384 of the bytes, base64, with the sha384- prefix (W3C SRI)
    const expected = `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
    expect(value).toBe(expected);
    expect(readFileSync(`${file}.sri`, 'utf8')).toBe(`${expected}\n`);
    expect(expected).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    // a changed byte changes the value: the hash is of the file, not a constant
    writeFileSync(file, `${iife} `);
    expect(writeSri(file)).not.toBe(expected);
  });

  it('the script-tag guide (docs/classic-script.md) shows integrity and crossorigin', () => {
    const guide = readFileSync('docs/classic-script.md', 'utf8');
    expect(guide).toMatch(/<script src="[^"]*paytoken\.iife\.js" integrity="sha384-[^"]+" crossorigin="anonymous"><\/script>/);
  });

  it('internal property names (vite.config.ts INTERNAL_PROPERTIES) are shortened in both builds, and none is in a public type', async () => {
    const { INTERNAL_PROPERTIES } = await import('../../vite.config');
    expect(INTERNAL_PROPERTIES.length).toBeGreaterThan(0);
    for (const file of ['dist/paytoken.js', 'dist/paytoken.iife.js', 'dist/paytoken-checkout.iife.js']) {
      const code = readFileSync(file, 'utf8');
      for (const name of INTERNAL_PROPERTIES) expect(code, `${name} in ${file}`).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
    const publicTypes = [
      'src/types/index.ts',
      'src/form/types.ts',
      'src/client.ts',
      'src/http/config.ts',
      'src/card/types.ts',
      'src/fraud/types.ts',
      'src/browser.ts',
      'src/classic.ts',
      'src/checkout.ts',
    ]
      .concat(readdirSync('src/errors').map((f) => `src/errors/${f}`))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const name of INTERNAL_PROPERTIES) expect(publicTypes, name).not.toMatch(new RegExp(`\\b${name}\\b`));
  });
});
