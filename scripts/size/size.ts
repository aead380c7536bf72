// Size budgets (`npm run size`, after `npm run build`; test-all runs it on every CI run).
//
// Each ESM check bundles a one-line app that imports only the named exports, as an app's bundler would
// (esbuild: bundle, tree-shake, minify), then gzips it (level 9). The script-tag builds are measured as shipped.
// Prints every figure and exits 1 when any budget is exceeded, or when tree-shaking leaks client code into a
// validators-only app.
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceBlock } from '../ci/readme';
import { gzipSync } from 'node:zlib';
import { bundleApp, ESM } from './app';
import { buildScriptTag, STUB } from './script-tag';
import { barChart } from '../ci/chart';
import { classicPairSizes } from './classic-pair';
import { encode } from '../../sandbox/src/compression';

const IIFE = new URL('../../dist/paytoken.iife.js', import.meta.url).pathname;
const CHECKOUT = new URL('../../dist/paytoken-checkout.iife.js', import.meta.url).pathname;
const HOSTED = new URL('../../dist/paytoken-hosted.iife.js', import.meta.url).pathname;
const FRAME_PAGE = new URL('../../dist/fields/frame.html', import.meta.url).pathname;
const FRAME_LATER = new URL('../../dist/fields/frame-later.js', import.meta.url).pathname;
/** The frame's first script: the text of the frame page's one `<script>` element. */
const firstScript = () => /<script[^>]*>([\s\S]*?)<\/script>/.exec(readFileSync(FRAME_PAGE, 'utf8'))![1]!;
const gz = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;

/** Bundles `import {names}` from the ESM build the way an app would (./app.ts); returns the minified code. */
const appImporting = async (names: string | null): Promise<string> => (await bundleApp(names))[0]!.text;

const VALIDATORS = 'validatePan, validateExpiry, validateCvv2, validateHolderName, validateAddress, cardBrand';
/** Each check: its name in the output, its row label in the size table of docs/performance.md, the code measured, its CI ceiling and target. */
// Each ceiling is the figure measured on the current build, so CI fails on any growth; a ceiling moves only with
// a measured cost recorded in docs/performance.md ("Size ceilings: history"), never in this file.
const checks: {
  name: string;
  row: string;
  code: () => Promise<string> | string;
  over?: () => Promise<string>;
  budget: number;
  target?: number;
}[] = [
  {
    name: 'ESM: validators only',
    row: 'ESM: the validators (`validatePan`, `validateExpiry`, `validateCvv2`, `validateHolderName`, `validateAddress`, `cardBrand`)',
    code: () => appImporting(VALIDATORS),
    budget: 1573,
  },
  {
    name: 'ESM: one validator (validatePan)',
    row: 'ESM: one validator (`validatePan`)',
    code: () => appImporting('validatePan'),
    budget: 800,
  },
  {
    name: 'ESM: validators + tokenization (tokenize)',
    row: 'ESM: validators + tokenization (`tokenize`, `ValidationError`, `ApiError`)',
    code: () => appImporting(`${VALIDATORS}, tokenize, ValidationError, ApiError`),
    budget: 3789,
    target: 3000,
  },
  { name: 'ESM: everything exported', row: 'ESM: everything exported', code: () => appImporting(null), budget: 17599, target: 8000 },
  {
    name: 'Script tag: dist/paytoken.iife.js as shipped',
    row: 'Script tag: `dist/paytoken.iife.js` (classic API and device data; minified by terser)',
    code: () => readFileSync(IIFE, 'utf8'),
    budget: 8376,
    target: 8865,
  },
  {
    name: 'Script tag: dist/paytoken-checkout.iife.js as shipped',
    row: 'Script tag: `dist/paytoken-checkout.iife.js` (classic API, form layer, 3-D Secure, device data; minified by terser)',
    code: () => readFileSync(CHECKOUT, 'utf8'),
    budget: 13735,
    target: 8000,
  },
  {
    name: 'ESM: createClient (tokens, cards, form, device data, hosted fields)',
    row: 'ESM: `createClient` (tokens, cards, form layer, device data, hosted fields)',
    code: () => appImporting('createClient'),
    budget: 16336,
    target: 8000,
  },
  {
    name: 'ESM: hosted fields (mountFields)',
    row: 'ESM: hosted fields (`mountFields`): the merchant-page code',
    code: () => appImporting('mountFields'),
    budget: 4336,
    target: 3000,
  },
  {
    name: 'ESM: React binding over mountFields',
    row: 'ESM: the React binding (`paytoken/react`), added to `mountFields` (React not counted)',
    code: async () => (await bundleApp('mountFields', {}, true))[0]!.text,
    over: () => appImporting('mountFields'),
    budget: 1236,
    target: 1024,
  },
  {
    name: 'Script tag: dist/paytoken-hosted.iife.js',
    row: 'Script tag: `dist/paytoken-hosted.iife.js` (setters and hosted fields)',
    code: () => readFileSync(HOSTED, 'utf8'),
    budget: 4396,
    target: 3878,
  },
  {
    name: 'Frame: first script (inline in dist/fields/frame.html)',
    row: 'Frame: its first script, inline in `dist/fields/frame.html` (before `ready`: the inputs, formatting, validation)',
    code: firstScript,
    // the status line that says the card is complete (WCAG 4.1.3) must be in the page before the shopper types,
    // and a split mount's frames empty each other's line when a field stops being valid (+28 B); the error line
    // describes the input whose error it shows only, not every input of the card element (+36 B); the complete
    // card said only after a pause in typing, as a screen reader drops a polite message at the next key (+47 B)
    budget: 7950,
  },
  {
    name: 'Frame: dist/fields/frame-later.js',
    row: 'Frame: `dist/fields/frame-later.js` (after `ready`: device data, entry signals, tokenization, brand fonts)',
    code: () => readFileSync(FRAME_LATER, 'utf8'),
    budget: 7357,
  },
];

let failed = false;
const rows: string[] = [];
const n = (b: number) => `${b.toLocaleString('en-US')} B`;
console.log('size budgets (gzip -9 bytes of minified code)');
const measured: Record<string, number> = {};
for (const c of checks) {
  const code = await c.code();
  // a line measured over another app: the difference of the two
  const base = c.over ? await c.over() : '';
  const size = gz(code) - (base ? gz(base) : 0);
  const min = code.length - base.length;
  measured[c.name] = size;
  rows.push(`| ${c.row} | ${n(min)} | ${n(size)} | ${c.target ? n(c.target) : ''} | ${n(c.budget)} |`);
  const ok = size <= c.budget;
  failed ||= !ok;
  const target = c.target && size > c.target ? `  ABOVE TARGET ${c.target} B by ${size - c.target} B` : '';
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${c.name.padEnd(46)} ${String(size).padStart(5)} B gzip  ${String(min).padStart(6)} B min  budget ${c.budget} B${target}`,
  );
}

// Tree-shaking: an app that imports only validators must not get the HTTP client, errors or session code.
const validatorsOnly = await appImporting(VALIDATORS);
const leaks = ['fetch(', 'AbortController', 'Basic ', 'getRandomValues', 'class '].filter((s) => validatorsOnly.includes(s));
// ...and a hosted-fields app must get no card rules, form layer, HTTP client or fingerprinting (all in the frame)
const hostedOnly = await appImporting('mountFields');
const hostedLeaks = ['fetch(', '506199', 'toDataURL', 'deviceIdHiddenFieldName', 'paytoken-error'].filter((s) => hostedOnly.includes(s));
if (hostedLeaks.length) {
  failed = true;
  console.log(`OVER tree-shaking: a hosted-fields app contains ${hostedLeaks.join(', ')}`);
} else {
  console.log('ok   tree-shaking: a hosted-fields app contains no card rules, form layer, HTTP client or device data');
}
if (leaks.length) {
  failed = true;
  console.log(`OVER tree-shaking: a validators-only app contains ${leaks.join(', ')}`);
} else {
  console.log('ok   tree-shaking: a validators-only app contains no client, error or session code');
}
// Where the script tags' bytes go: the marginal cost of each part, a script-tag build (as shipped, without the
// source-map comment; scripts/size/script-tag.ts) minus the same build with that part replaced. `within` names the
// part a line is a piece of; "the rest" is the whole minus the top-level parts. The checkout tag is measured over
// the classic-API tag: what it adds, and of that, the form layer and `authenticate`.
const MESSAGES_EN = { 'src/fields/messages.ts': (src: string) => src.replace(/(: '[^'|]*)\|[^']*'/g, "$1'") };
const classicTag = gz(await buildScriptTag());
console.log(`dist/paytoken.iife.js, marginal cost of each part (gzip -9 bytes of ${classicTag} B built without the source-map comment):`);
const deviceDataCost = classicTag - gz(await buildScriptTag({ 'src/fraud/device-data.ts': STUB }));
const line = (name: string, cost: number) => console.log(`     ${name.padEnd(60)} ${String(cost).padStart(5)} B`);
line('device data (15 collectors, runner, hash, flags, send)', deviceDataCost);
line('the rest (classic API, tokenization, card rules)', classicTag - deviceDataCost);
const checkoutTag = gz(await buildScriptTag({}, 'checkout'));
console.log(`dist/paytoken-checkout.iife.js (gzip -9 bytes of ${checkoutTag} B built without the source-map comment):`);
line('over the classic-API tag', checkoutTag - classicTag);
line(
  '  of which the form layer (binding, events, formatting, messages)',
  checkoutTag - gz(await buildScriptTag({ 'src/form/mount.ts': STUB }, 'checkout')),
);
line('    of which its English messages', checkoutTag - gz(await buildScriptTag(MESSAGES_EN, 'checkout')));
line(
  '  of which 3-D Secure (authenticate: redirect and modal)',
  checkoutTag - gz(await buildScriptTag({ 'src/form/authenticate.ts': STUB }, 'checkout')),
);
for (const f of [ESM, IIFE, CHECKOUT, HOSTED, FRAME_PAGE, FRAME_LATER]) {
  const buf = readFileSync(f);
  console.log(`     ${f.replace(/.*\/dist\//, 'dist/')}: ${buf.length} B as built, ${gz(buf)} B gzip`);
}
// The frame's two scripts together, each compressed on its own as it is sent (one file, 12,582 B, before the split)
const frameScripts = measured['Frame: first script (inline in dist/fields/frame.html)']! + measured['Frame: dist/fields/frame-later.js']!;
console.log(`     the frame's two scripts, each compressed on its own: ${frameScripts} B gzip`);
// Bytes on the wire of a first checkout with hosted fields, each file as the sandbox sends it (sandbox/src/compression.ts:
// Brotli at quality 11 to browsers that accept it, gzip at level 9 beside). Split fields load the same files: their
// frames share the page's one download (cached for a minute), and only the card-number frame loads the later script.
const wire = (file: string) => ({ br: encode(readFileSync(file), 'br').length, gzip: encode(readFileSync(file), 'gzip').length });
const onWire = { tag: wire(HOSTED), page: wire(FRAME_PAGE), later: wire(FRAME_LATER) };
console.log('bytes on the wire, a first checkout with hosted fields (Brotli, gzip):');
for (const [what, w] of [
  ['merchant page: dist/paytoken-hosted.iife.js', onWire.tag],
  ['frame page: dist/fields/frame.html (first script, style)', onWire.page],
  ['after ready: dist/fields/frame-later.js', onWire.later],
] as const)
  console.log(`     ${what.padEnd(60)} ${String(w.br).padStart(6)} B br ${String(w.gzip).padStart(6)} B gzip`);
const sum = (...ws: { br: number; gzip: number }[]) =>
  `${ws.reduce((total, w) => total + w.br, 0)} B br, ${ws.reduce((total, w) => total + w.gzip, 0)} B gzip`;
console.log(
  `     before ready (script tag + frame page): ${sum(onWire.tag, onWire.page)}; in all: ${sum(onWire.tag, onWire.page, onWire.later)}`,
);
// The reference: the classic pair a classic checkout page loads (not a budget, printed beside ours)
const classicPair = await classicPairSizes();
console.log(
  `     reference, the classic pair (openpay-js 1.0.0: openpay.v1 + openpay-data.v1): ${classicPair.published} B gzip as published, ${classicPair.minified} B minified by terser`,
);
for (const [name, file] of [
  ['dist/paytoken.iife.js', 'Script tag: dist/paytoken.iife.js as shipped'],
  ['dist/paytoken-checkout.iife.js', 'Script tag: dist/paytoken-checkout.iife.js as shipped'],
  ['dist/paytoken-hosted.iife.js', 'Script tag: dist/paytoken-hosted.iife.js'],
] as const) {
  console.log(`     ${name}: ${(measured[file]! / classicPair.minified).toFixed(2)}x the classic pair minified by terser`);
}

/** docs/size.svg: our script tags and the tokenizing ESM import beside the classic pair, gzip -9 bytes of this run. */
const sizeChart = () =>
  barChart({
    title: 'What a checkout page downloads (gzip -9 bytes)',
    desc: `Measured by npm run size (scripts/size/size.ts) on ${new Date().toISOString().slice(0, 10)}; the reference is the processor's classic pair (openpay-js 1.0.0: openpay.v1.js + openpay-data.v1.js), measured in the same run.`,
    unit: 'B',
    groups: [
      {
        heading: 'Script tag of the classic API (card rules, tokenization, device data)',
        bars: [
          { label: 'paytoken.iife.js', value: measured['Script tag: dist/paytoken.iife.js as shipped']!, ours: true },
          { label: 'classic pair, minified by terser', value: classicPair.minified, ours: false },
          { label: 'classic pair, as published', value: classicPair.published, ours: false },
        ],
      },
      {
        heading: 'Other ways in',
        bars: [
          { label: 'paytoken-checkout.iife.js', value: measured['Script tag: dist/paytoken-checkout.iife.js as shipped']!, ours: true },
          { label: 'hosted fields script tag', value: measured['Script tag: dist/paytoken-hosted.iife.js']!, ours: true },
          { label: 'ESM: validators + tokenize', value: measured['ESM: validators + tokenization (tokenize)']!, ours: true },
        ],
      },
    ],
  });

// `npm run size -- --write`: the size table of docs/performance.md (between `<!-- sizes:start -->` and `<!-- sizes:end -->`) and docs/size.svg from these figures
if (process.argv.includes('--write')) {
  const path = new URL('../../docs/performance.md', import.meta.url);
  const table = ['| What an app imports | Minified | gzip | Target | CI ceiling |', '|---|---|---|---|---|', ...rows].join('\n');
  writeFileSync(path, replaceBlock(readFileSync(path, 'utf8'), 'sizes', table));
  console.log('docs/performance.md: size table written');
  writeFileSync(new URL('../../docs/size.svg', import.meta.url), sizeChart());
  console.log('docs/size.svg written');
}
process.exit(failed ? 1 : 0);
