// @vitest-environment node
/**
 * The package as a user installs it: packed from a copy of the repository without `dist/` (so the `prepack`
 * script must build it), unpacked into a temporary app's node_modules, then
 * - its file list (`npm pack --json`): the built code, both declarations, LICENSE, README, nothing else;
 * - a consumer file type-checked by tsc (`skipLibCheck: false`) under moduleResolution bundler, node16 and
 *   nodenext, naming every export of src/index.ts (read with the TypeScript compiler API, so the check follows
 *   whatever the entry exports) and the script-tag global of `paytoken/paytoken.iife.js`; a page of the checkout
 *   script tag (`paytoken/paytoken-checkout.iife.js`) type-checked on its own, its global having `form` and
 *   `authenticate`, which the classic global's type lacks; a page of the hosted-fields script tag
 *   (`paytoken/paytoken-hosted.iife.js`) type-checked on its own, its global having `fields.mount` and the setters
 *   only; each script tag ships with its `.sri` file;
 * - `require('paytoken')` and `require('paytoken/package.json')` in a child Node process (Node 20.19+ loads
 *   ES modules through require) giving the same exports as `import`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pack, packageJson, ROOT, unpack, type PackResult } from '../../scripts/build/pack';

let dir = '';
let packed: PackResult;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paytoken-package-'));
  packed = pack(join(dir, 'tarballs'), { fresh: true });
  mkdirSync(join(dir, 'app'));
  unpack(packed.tarball, join(dir, 'app', 'node_modules'));
  writeFileSync(join(dir, 'app', 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every name src/index.ts exports, and whether it is a value (function, class, constant) or a type only. */
function indexExports(): { name: string; value: boolean }[] {
  const program = ts.createProgram([join(ROOT, 'src/index.ts')], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(ROOT, 'src/index.ts'))!;
  return checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).map((s) => {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    return { name: s.getName(), value: (target.flags & ts.SymbolFlags.Value) !== 0 };
  });
}

const RESOLUTIONS = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
} as const;

/** tsc on `files` in the app under one resolution; its exit status and output. */
function typecheck(resolution: keyof typeof RESOLUTIONS, files: string[]): { status: number | null; output: string } {
  const config = {
    compilerOptions: {
      ...RESOLUTIONS[resolution],
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    files,
  };
  const name = `tsconfig.${resolution}.json`;
  writeFileSync(join(dir, 'app', name), JSON.stringify(config));
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', name], {
    cwd: join(dir, 'app'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('the packed package', () => {
  it('prepack builds the code from a fresh clone; the tarball holds it, the declarations, LICENSE and README only', () => {
    expect(packageJson().scripts?.prepack).toBeTruthy();
    for (const f of ['package.json', 'LICENSE', 'README.md', 'dist/paytoken.js', 'dist/paytoken.d.ts']) expect(packed.files).toContain(f);
    // each script tag: its file, its declaration (the global's type), its Subresource Integrity value
    for (const tag of ['paytoken', 'paytoken-checkout', 'paytoken-hosted']) {
      for (const ext of ['.iife.js', '.iife.d.ts', '.iife.js.sri']) expect(packed.files).toContain(`dist/${tag}${ext}`);
      expect(packageJson().exports[`./${tag}.iife.js`], tag).toEqual({
        types: `./dist/${tag}.iife.d.ts`,
        default: `./dist/${tag}.iife.js`,
      });
    }
    // the hosted-fields script tag and the React binding ship; the frame bundle (dist/fields/) does not: the API
    // origin serves it
    expect(
      packed.files.filter(
        (f) =>
          !/^(package\.json|LICENSE|README\.md|dist\/paytoken(-hosted|-checkout)?[\w.]*|dist\/(react|rules|testing(-playwright|-puppeteer|-webdriverio)?)\.(js|js\.map|d\.ts)|dist\/(fill|devtools)-[\w-]+\.js(\.map)?)$/.test(
            f,
          ),
      ),
    ).toEqual([]);
    expect(packed.files).toContain('dist/react.d.ts');
    // the rules for servers (paytoken/rules): code and declaration
    expect(packageJson().exports['./rules']).toEqual({ types: './dist/rules.d.ts', import: './dist/rules.js', default: './dist/rules.js' });
    expect(packed.files).toContain('dist/paytoken-hosted.iife.js');
    // the test helpers (paytoken/testing and its three driver modules, with the two chunks they share): code and
    // declarations, for Node test code
    for (const entry of ['testing', 'testing-playwright', 'testing-puppeteer', 'testing-webdriverio'])
      for (const ext of ['.js', '.d.ts']) expect(packed.files).toContain(`dist/${entry}${ext}`);
    // every target the exports map names is in the tarball
    const targets = (v: unknown): string[] => (typeof v === 'string' ? [v] : Object.values(v as object).flatMap(targets));
    const all = targets(packageJson().exports);
    expect(all.length).toBeGreaterThan(4);
    for (const t of all) expect(packed.files, t).toContain(t.replace(/^\.\//, ''));
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(packageJson().license).toBe('MIT');
  });

  it('the script tags carry no sourceMappingURL comment, and their source maps ship beside them', () => {
    const tags = packed.files.filter((f) => /^dist\/[\w-]+\.iife\.js$/.test(f));
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const tag of tags) {
      expect(readFileSync(join(dir, 'app', 'node_modules', 'paytoken', tag), 'utf8'), tag).not.toMatch(/sourceMappingURL/);
      expect(packed.files).toContain(`${tag}.map`);
    }
  });

  it('declarations hold no relative import (one file per entry)', () => {
    for (const f of [
      'paytoken.d.ts',
      'paytoken.iife.d.ts',
      'paytoken-checkout.iife.d.ts',
      'paytoken-hosted.iife.d.ts',
      'react.d.ts',
      'rules.d.ts',
    ]) {
      const text = readFileSync(join(dir, 'app/node_modules/paytoken/dist', f), 'utf8');
      expect(text).not.toMatch(/from\s+['"]\.\.?\//);
      expect(text).not.toMatch(/import\(\s*['"]\.\.?\//);
    }
  });

  const exports = indexExports();

  it('src/index.ts exports values and types (the consumer below names each one)', () => {
    expect(exports.filter((e) => e.value).length).toBeGreaterThan(3);
    expect(exports.filter((e) => !e.value).length).toBeGreaterThan(3);
  });

  it.each(Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[])(
    'a consumer type-checks under moduleResolution %s',
    (resolution) => {
      const lines = [
        "import * as paytoken from 'paytoken';",
        "import { validatePan, createClient } from 'paytoken';",
        "import type {} from 'paytoken/paytoken.iife.js';",
        "const ok: boolean = validatePan('4111 1111 1111 1111').valid;",
        "const client = createClient({ merchantId: 'm1', publicKey: 'pk_x', baseUrl: 'http://127.0.0.1:4010' });",
        "const id: string = PayToken.deviceData.setup('payment-form', 'device_session_id');",
        "window.PayToken.setId('m1');",
        "import { validateCvv2, errorCodeFor, type ErrorObject } from 'paytoken/rules';",
        "export const cvv2Valid: boolean = validateCvv2('123', '4111111111111111').valid;",
        "export const code: [number, number] = errorCodeFor({ field: 'cvv2' });",
        'export type ApiErrorBody = ErrorObject;',
        ...exports.map((e, i) => (e.value ? `export const v${i} = paytoken.${e.name};` : `export type T${i} = paytoken.${e.name};`)),
        'export { ok, client, id };',
      ];
      writeFileSync(join(dir, 'app', `consumer.${resolution}.ts`), lines.join('\n') + '\n');
      const r = typecheck(resolution, [`consumer.${resolution}.ts`]);
      expect(r.output).toBe('');
      expect(r.status).toBe(0);
      // a page of the checkout script tag: the classic members, `form` and `authenticate`
      const page = [
        "import type { ClassicFailure } from 'paytoken/paytoken-checkout.iife.js';",
        "PayToken.setId('m1');",
        "const form = PayToken.form.mount('payment-form', { locale: 'en' });",
        "form.on('token', () => undefined);",
        "const shown: Promise<unknown> = PayToken.authenticate('https://bank.example/3ds', { mode: 'modal', returnUrl: '/back' });",
        "PayToken.token.create({ card_number: '4111', holder_name: 'A', expiration_month: '01', expiration_year: '30' }, undefined, (f: ClassicFailure) => f.status);",
        'export { shown };',
      ];
      writeFileSync(join(dir, 'app', `checkout.${resolution}.ts`), page.join('\n') + '\n');
      const c = typecheck(resolution, [`checkout.${resolution}.ts`]);
      expect(c.output).toBe('');
      expect(c.status).toBe(0);
      // a React app (paytoken/react: its types import paytoken's and React's); React's types as the app installs them
      for (const p of ['@types/react', 'csstype']) {
        if (!existsSync(join(dir, 'app/node_modules', p)))
          cpSync(join(ROOT, 'node_modules', p), join(dir, 'app/node_modules', p), { recursive: true });
      }
      const app = [
        "import { createElement } from 'react';",
        "import type { FieldsState } from 'paytoken';",
        "import { CardElement, CardNumberField, PayTokenProvider, useHostedFields, type UseHostedFields } from 'paytoken/react';",
        "const config = { merchantId: 'm1', publicKey: 'pk_x', baseUrl: 'http://127.0.0.1:4010' };",
        "export const tree = createElement(PayTokenProvider, { config, options: { locale: 'en', style: { base: { color: '#222' } } } },",
        "  createElement(CardElement, { className: 'card', onBin: (e) => void e.bin?.length, options: { fonts: [{ family: 'Brand', src: 'https://cdn.example/b.woff2' }] } }),",
        "  createElement(CardNumberField, { id: 'pan', placeholder: '4242', onChange: (e) => void e.state.valid }));",
        'export const hook: () => UseHostedFields = useHostedFields;',
        'export const state = (h: UseHostedFields): FieldsState | null => h.state;',
      ];
      writeFileSync(join(dir, 'app', `react.${resolution}.ts`), app.join('\n') + '\n');
      const r2 = typecheck(resolution, [`react.${resolution}.ts`]);
      expect(r2.output).toBe('');
      expect(r2.status).toBe(0);
      // a page of the hosted-fields script tag: the setters and fields.mount
      const hosted = [
        "import type {} from 'paytoken/paytoken-hosted.iife.js';",
        "PayToken.setId('m1');",
        "PayToken.setApiKey('pk_x');",
        "PayToken.setFieldsUrl('https://api.example/fields/v1');",
        "const fields = PayToken.fields.mount({ card: '#card' }, { locale: 'en', flow: 'spa' });",
        "const off: () => void = fields.on('change', () => undefined);",
        'export const done: Promise<{ token_id: string; device_session_id: string }> = fields.tokenize();',
        'export { off };',
      ];
      writeFileSync(join(dir, 'app', `hosted.${resolution}.ts`), hosted.join('\n') + '\n');
      const h = typecheck(resolution, [`hosted.${resolution}.ts`]);
      expect(h.output).toBe('');
      expect(h.status).toBe(0);
    },
    180_000,
  );

  it('the same check fails on a consumer that misuses the types (the check can fail)', () => {
    writeFileSync(
      join(dir, 'app', 'bad.ts'),
      "import { validatePan } from 'paytoken';\nimport type {} from 'paytoken/paytoken.iife.js';\nexport const n: number = validatePan('4111').valid;\nPayToken.nope();\nPayToken.form.mount('f');\n",
    );
    const r = typecheck('node16', ['bad.ts']);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain("Type 'boolean' is not assignable to type 'number'");
    expect(r.output).toContain("Property 'nope' does not exist");
    // the classic script tag's global has no form layer: that is the checkout tag's
    expect(r.output).toContain("Property 'form' does not exist");
    // the hosted script tag's global has no classic token calls
    writeFileSync(
      join(dir, 'app', 'bad-hosted.ts'),
      "import type {} from 'paytoken/paytoken-hosted.iife.js';\nPayToken.token.create({});\n",
    );
    const h = typecheck('node16', ['bad-hosted.ts']);
    expect(h.status).not.toBe(0);
    expect(h.output).toContain("Property 'token' does not exist");
  }, 120_000);

  it("require('paytoken') works in Node (a default condition) and gives the same exports as import", () => {
    const script = [
      "const p = require('paytoken');",
      "const pkg = require('paytoken/package.json');",
      "const rules = require('paytoken/rules');",
      "import('paytoken').then((m) => console.log(JSON.stringify({",
      '  required: Object.keys(p).sort(), imported: Object.keys(m).sort(), name: pkg.name,',
      "  valid: p.validatePan('4111 1111 1111 1111').valid, client: typeof p.createClient,",
      "  cvv2: rules.validateCvv2('12', '4111111111111111').valid, rulesFromImport: typeof rules.validateCard,",
      '})));',
    ].join('\n');
    writeFileSync(join(dir, 'app', 'require.cjs'), script);
    const out = execFileSync(process.execPath, ['--no-warnings', 'require.cjs'], {
      cwd: join(dir, 'app'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    const r = JSON.parse(out);
    expect(r.name).toBe('paytoken');
    expect(r.valid).toBe(true);
    expect(r.client).toBe('function');
    expect([r.cvv2, r.rulesFromImport]).toEqual([false, 'function']);
    expect(r.required).toEqual(r.imported.filter((k: string) => k !== 'default'));
    expect(r.required).toEqual(
      exports
        .filter((e) => e.value)
        .map((e) => e.name)
        .sort(),
    );
  });
});
