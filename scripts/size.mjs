// Size budgets (`npm run size`, after `npm run build`; test-all runs it on every CI run).
//
// Each ESM check bundles a one-line app that imports only the named exports, as an app's bundler would
// (esbuild: bundle, tree-shake, minify), then gzips it (level 9). The script-tag build is measured as shipped.
// Prints every figure and exits 1 when any budget is exceeded, or when tree-shaking leaks client code into a
// validators-only app.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const ESM = new URL('../dist/paytoken.js', import.meta.url).pathname;
const IIFE = new URL('../dist/paytoken.iife.js', import.meta.url).pathname;
const gz = (code) => gzipSync(code, { level: 9 }).length;

/** Bundles `import {names}` from the ESM build the way an app would; returns the minified code. */
async function appImporting(names) {
  const contents = names ? `export { ${names} } from ${JSON.stringify(ESM)};` : `export * from ${JSON.stringify(ESM)};`;
  const out = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** Replaces a module by one whose exports are all undefined: what the bundle costs without it. */
function STUB(src) {
  return [...src.matchAll(/^export (?:async )?(?:const|function|class|let) (\w+)/gm)].map(([, n]) => `export const ${n}: any = undefined;`).join('\n');
}

/** The script-tag entry bundled and minified by esbuild, with `edits` (path -> source transform) applied. */
async function scriptTagWith(edits) {
  const out = await build({
    entryPoints: ['src/browser.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'PayToken',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'edit',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, ({ path }) => {
            const edit = edits[relative(process.cwd(), path)];
            if (!edit) return undefined;
            const src = readFileSync(path, 'utf8');
            const contents = edit(src);
            if (contents === src) throw new Error(`size: the edit of ${path} changed nothing`);
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  return out.outputFiles[0].text;
}

const VALIDATORS = 'validatePan, validateExpiry, validateCvv2, validateHolderName, validateAddress, cardBrand';
const checks = [
  { name: 'ESM: validators only', code: () => appImporting(VALIDATORS), budget: 1500 },
  { name: 'ESM: one validator (validatePan)', code: () => appImporting('validatePan'), budget: 800 },
  // Target 3000 B (issue 6); not met yet: CI holds the measured ceiling so it can only shrink.
  { name: 'ESM: validators + tokenization (tokenize)', code: () => appImporting(`${VALIDATORS}, tokenize, ValidationError, ApiError`), budget: 3150, target: 3000 },
  // Target 8000 B for everything with the anti-fraud module and the form layer (issue 6); not met yet (about 9 KB):
  // CI holds the measured ceilings so they can only shrink.
  { name: 'ESM: createClient (tokens, cards, form, device data)', code: () => appImporting('createClient'), budget: 8900, target: 8000 },
  { name: 'ESM: everything exported', code: () => appImporting(null), budget: 9260, target: 8000 },
  { name: 'Script tag: dist/paytoken.iife.js as shipped', code: () => readFileSync(IIFE, 'utf8'), budget: 9050, target: 8000 },
];

let failed = false;
console.log('size budgets (gzip -9 bytes of minified code)');
for (const c of checks) {
  const code = await c.code();
  const size = gz(code);
  const ok = size <= c.budget;
  failed ||= !ok;
  const target = c.target && size > c.target ? `  ABOVE TARGET ${c.target} B by ${size - c.target} B` : '';
  console.log(`${ok ? 'ok  ' : 'OVER'} ${c.name.padEnd(46)} ${String(size).padStart(5)} B gzip  ${String(code.length).padStart(6)} B min  budget ${c.budget} B${target}`);
}

// Tree-shaking: an app that imports only validators must not get the HTTP client, errors or session code.
const validatorsOnly = await appImporting(VALIDATORS);
const leaks = ['fetch(', 'AbortController', 'Basic ', 'getRandomValues', 'class '].filter((s) => validatorsOnly.includes(s));
if (leaks.length) {
  failed = true;
  console.log(`OVER tree-shaking: a validators-only app contains ${leaks.join(', ')}`);
} else {
  console.log('ok   tree-shaking: a validators-only app contains no client, error or session code');
}
// Where the script tag's bytes go: the marginal cost of each optional part, measured as the difference between
// the whole script-tag entry (src/browser.ts, bundled and minified by esbuild) and the same entry with that part
// replaced by an empty stub. esbuild's output differs from the shipped (Vite + terser) file by a few hundred bytes;
// the differences are what these lines report.
const PARTS = [
  ['form layer (binding, events, formatting, messages)', { 'src/form/mount.ts': STUB }],
  ['  of which its English messages', { 'src/form/messages.ts': (src) => src.replace(/(: '[^'|]*)\|[^']*'/g, "$1'") }],
  ['device data (15 collectors, runner, hash, flags, send)', { 'src/fraud/device-data.ts': STUB }],
];
const base = gz(await scriptTagWith({}));
console.log(`script tag, marginal cost of each part (gzip -9 bytes; whole entry ${base} B with esbuild):`);
let rest = base;
for (const [name, edits] of PARTS) {
  const cost = base - gz(await scriptTagWith(edits));
  if (!name.startsWith(' ')) rest -= cost;
  console.log(`     ${name.padEnd(56)} ${String(cost).padStart(5)} B`);
}
console.log(`     ${'the rest (classic API, tokenization, card rules)'.padEnd(56)} ${String(rest).padStart(5)} B`);
for (const f of [ESM, IIFE]) {
  const buf = readFileSync(f);
  console.log(`     ${f.replace(/.*\/dist\//, 'dist/')}: ${buf.length} B as built, ${gz(buf)} B gzip`);
}
process.exit(failed ? 1 : 0);
