// @vitest-environment node
/**
 * The API reference (`npm run docs`: TypeDoc, typedoc.json, into the ignored docs/api/): every public symbol of
 * the four entries (src/index.ts and the three script tags' globals) has a docstring, and every `{@link}` in them
 * resolves. typedoc.json turns TypeDoc's validation (`notDocumented`, `invalidLink`, `notExported`) on and treats
 * its warnings as errors, so the run exits non-zero on either. The second test shows the check can fail: the same
 * configuration on an entry with one undocumented export and one broken link.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** `typedoc --emit none` in `cwd` (its typedoc.json). */
const typedoc = (cwd: string) =>
  spawnSync(process.execPath, [join(ROOT, 'node_modules/typedoc/bin/typedoc'), '--emit', 'none'], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
const tmp = mkdtempSync(join(tmpdir(), 'paytoken-typedoc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('API reference (TypeDoc)', () => {
  it('typedoc.json validates documentation and links and fails on a warning; npm run docs runs it', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8'));
    expect(config.validation).toMatchObject({ notDocumented: true, invalidLink: true, notExported: true });
    expect(config.treatWarningsAsErrors).toBe(true);
    expect(config.entryPoints).toEqual(['src/index.ts', 'src/browser.ts', 'src/checkout.ts', 'src/hosted/browser.ts']);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.docs).toBe('typedoc');
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain(config.out);
  });

  it('every public symbol has a docstring and every {@link} resolves', () => {
    const r = typedoc(ROOT);
    expect(r.stdout + r.stderr).not.toMatch(/warning|error/i);
    expect(r.status).toBe(0);
  }, 120_000);

  it('the same check fails on an undocumented export and on a broken link', () => {
    writeFileSync(
      join(tmp, 'entry.ts'),
      '/** Documented, with a {@link Nowhere} link. */\nexport const a = 1;\nexport function undocumented(): number {\n  return 2;\n}\n',
    );
    writeFileSync(
      join(tmp, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler' },
        files: ['entry.ts'],
      }),
    );
    writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: 'paytoken', version: '0.0.0' }));
    const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8'));
    writeFileSync(join(tmp, 'typedoc.json'), JSON.stringify({ ...config, entryPoints: ['entry.ts'], tsconfig: 'tsconfig.json' }));
    const r = typedoc(tmp);
    const out = r.stdout + r.stderr;
    expect(r.status).not.toBe(0);
    expect(out).toMatch(/undocumented.*does not have any documentation/);
    expect(out).toMatch(/Nowhere/);
  }, 120_000);
});
