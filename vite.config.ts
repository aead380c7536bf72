import { defineConfig } from 'vite';
import { availableParallelism } from 'node:os';
import { framePage } from './scripts/build/frame-page.js';

/**
 * Property names used only inside the library (the form layer's bound fields and DOM-change record), which terser
 * shortens in both builds, as Preact does with its internal properties: they stay readable in `src/` and cost
 * no bytes in the bundles. None is a public API member, and none is a DOM name (terser keeps those whatever the
 * list says); test/tooling/build.test.ts checks both.
 */
export const INTERNAL_PROPERTIES = [
  'lastValue',
  'errorElement',
  'apiErrorCode',
  'keepAttributes',
  'adoptElement',
  'undo',
  // the hosted frame's context and field handles
  'win',
  'doc',
  'frameSettings',
  'apiBaseUrl',
  'frameTokenConfig',
  'configProblem',
  'frameLocale',
  'currentBrand',
  'ownFields',
  'postToPage',
  'messageFor',
  'pageOrigin',
  'frameConfig',
  'mountChannel',
  'frameField',
  'setBrand',
  'fieldValue',
  'showError',
  'mountKey',
  'siblingBrand',
  'statusLine',
  'fieldEntry',
  'fieldInput',
  'refreshState',
  'clearField',
  'shownState',
  'autofillSection',
  'sayReady',
  'laterPart',
  'earlyEvents',
  // the hosted fields' mount on the merchant page
  'fieldFrames',
  'cardFrame',
  'frameSessionId',
  'allReady',
  'mountLocale',
  'urlLocale',
  'mountRefusal',
  'pendingTokenize',
  'tokenizeId',
  'resolveToken',
  'rejectToken',
  'postToFrame',
  'takeSnapshot',
  'fieldsOrigin',
  'fieldState',
  'frameLoaded',
  'fieldKey',
  'fieldContainer',
  'fieldIframe',
  'mountApi',
  'postForm',
  'frameFields',
  'stateByField',
  'fontsFailed',
  'emitEvent',
  'currentBin',
  'mountStyle',
  'styleChanged',
  // the on-page form layer's mount
  'formOptions',
  'formFields',
  'fieldByKey',
  'mountSignal',
  'formLocale',
  'formBrand',
  'pendingSubmit',
  'formErrorCode',
  'submitButtons',
  'formErrorElement',
  'tokenInput',
  'formSessionId',
  'installmentPlan',
  'acceptedBrandList',
  'tokenizeCard',
  'emitFormEvent',
  'messageOf',
  'forgetCard',
];

/**
 * The package names tests and tools import, resolved to the source: the React binding imports the library by name
 * (`paytoken`) as an app does, the sandbox reaches the library's rules through `paytoken/rules`, and the demo
 * reaches the sandbox by its package name (`paytoken-sandbox`). The same map as tsconfig.json's `paths`.
 */
export const SOURCE_ALIASES = [
  { find: /^paytoken$/, replacement: new URL('src/index.ts', import.meta.url).pathname },
  { find: /^paytoken\/react$/, replacement: new URL('src/react/index.ts', import.meta.url).pathname },
  { find: /^paytoken\/rules$/, replacement: new URL('src/rules.ts', import.meta.url).pathname },
  { find: /^paytoken\/testing$/, replacement: new URL('src/testing/index.ts', import.meta.url).pathname },
  { find: /^paytoken\/testing\/(playwright|puppeteer|webdriverio)$/, replacement: new URL('src/testing/$1.ts', import.meta.url).pathname },
  { find: /^paytoken-sandbox$/, replacement: new URL('sandbox/src/index.ts', import.meta.url).pathname },
];

/** What the React binding's build leaves to the app: the package's own entry, React and its JSX runtime. */
const REACT_EXTERNAL = /^(paytoken|react|react-dom)(\/.*)?$/;

/** The library builds of `src/` by mode (`--mode`). */
const LIBS = {
  // ESM module for bundlers (tree-shakable, no side effects)
  production: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'paytoken.js' },
  // the script-tag build defining `window.PayToken`: the classic API (and device data)
  iife: { entry: 'src/browser.ts', formats: ['iife'], name: 'PayToken', fileName: () => 'paytoken.iife.js' },
  // the script tag of on-page checkouts: the classic API, the form layer and 3-D Secure's `authenticate`
  checkout: { entry: 'src/checkout.ts', formats: ['iife'], name: 'PayToken', fileName: () => 'paytoken-checkout.iife.js' },
  // the script tag of hosted-fields checkouts: setters and hosted fields only
  hosted: { entry: 'src/hosted/browser.ts', formats: ['iife'], name: 'PayToken', fileName: () => 'paytoken-hosted.iife.js' },
  // the React binding (`paytoken/react`): imports `paytoken` and React, both external (one copy of each in the app)
  react: { entry: 'src/react/index.ts', formats: ['es'], fileName: () => 'react.js' },
  // the card and request rules for servers (`paytoken/rules`, which the sandbox applies): not a browser bundle
  rules: { entry: 'src/rules.ts', formats: ['es'], fileName: () => 'rules.js' },
  // the hosted-field frame (runs on the API origin): its first script, inlined into dist/fields/frame.html with
  // the later script beside it (scripts/build/frame-page.ts)
  fields: { entry: 'src/hosted/frame/index.ts', formats: ['iife'], name: 'PayTokenFrame', fileName: () => 'frame.js' },
  // `paytoken/testing` and its driver modules: Node test code only, in no browser bundle nor size budget
  testing: {
    entry: {
      testing: 'src/testing/index.ts',
      'testing-playwright': 'src/testing/playwright.ts',
      'testing-puppeteer': 'src/testing/puppeteer.ts',
      'testing-webdriverio': 'src/testing/webdriverio.ts',
    },
    formats: ['es'],
    fileName: (_format: string, name: string) => `${name}.js`,
  },
} as const;

/**
 * Appended to the script-tag build, after its `var PayToken = ...`: the global becomes read-only (the `var`
 * already made it non-deletable), so a later `PayToken = {...}` fails (silently in sloppy scripts, a TypeError
 * in strict ones) and a second copy of the script cannot replace the first. Here and not in src/browser.ts, whose
 * module defines no global (SSR safe, test/unit/ssr.test.ts). Checked by test/tooling/build.test.ts.
 */
export const LOCK_GLOBAL = 'Object.defineProperty(globalThis,"PayToken",{value:PayToken,writable:!1});';

/**
 * Seven library builds of `src/` (`npm run build` runs them all, the ESM one first as it empties `dist/`):
 * - default mode: `dist/paytoken.js`, the ESM module for bundlers (tree-shakable, no side effects);
 * - `--mode iife`: `dist/paytoken.iife.js`, the script-tag build defining `window.PayToken` (the classic API);
 * - `--mode checkout`: `dist/paytoken-checkout.iife.js`, the same global with the form layer and `authenticate`;
 * - `--mode hosted`: `dist/paytoken-hosted.iife.js`, the script tag of hosted-fields checkouts;
 * - `--mode react`: `dist/react.js`, the React binding (`paytoken/react`), importing `paytoken` and React;
 * - `--mode rules`: `dist/rules.js`, the card and request rules for servers (`paytoken/rules`; the sandbox's);
 * - `--mode fields`: `dist/fields/` (frame.html with its first script and style inline, frame-later.js,
 *   frame-csp.json), the hosted-field frame, served from the API origin at `{base_url}/fields/v1/` (the sandbox
 *   serves it; scripts/build/frame-page.ts);
 * - `--mode testing`: `dist/testing.js` and `dist/testing-{playwright,puppeteer,webdriverio}.js`, `paytoken/testing`
 *   (Node test code for a merchant's tests; not minified, in no size budget).
 * Also the Vitest configuration (unit and contract tests under `test/`).
 */
export default defineConfig(({ mode }) => {
  const lib = LIBS[mode as keyof typeof LIBS] ?? LIBS.production;
  const script = lib.formats[0] === 'iife';
  // the two script tags of the full API (classic; classic with the form layer)
  const classicTag = mode === 'iife' || mode === 'checkout';
  const terserOptions = {
    compress: { passes: 3, unsafe_arrows: classicTag || mode === 'fields', inline: 1 },
    ecma: 2020 as const,
    mangle: { properties: { regex: new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`) } },
  };
  return {
    // the frame's two scripts are minified by the plugin, under one cache of shortened property names
    plugins: mode === 'fields' ? [framePage(terserOptions)] : [],
    build: {
      target: 'es2020',
      outDir: mode === 'fields' ? 'dist/fields' : 'dist',
      emptyOutDir: mode === 'fields' || mode === 'production',
      // source maps beside each build (dist/*.map, for an error tracker or a debugger); the script tags carry no
      // `sourceMappingURL` comment, so a checkout page does not download a comment pointing at a file it never asks for
      sourcemap: mode === 'fields' ? false : script ? 'hidden' : true,
      // Every build is minified by terser (3 passes; smaller than Vite's default, Oxc: `npm run size`), with the
      // internal property names shortened. Each app's bundler minifies the ESM build again; it could not shorten
      // those names itself. On the two classic script tags and the frame, `unsafe_arrows` (function expressions that
      // use no `this` become arrows; none of ours is called with `new` or reads its `prototype`); not on the hosted
      // fields' merchant-page bundles, which it makes larger. `inline: 1`: only functions without parameters are
      // inlined; a one-use function with parameters, inlined, has them written out as `var`s and assignments,
      // which cost more than the call. Figures: docs/performance.md.
      // (not `paytoken/testing`: test code, read in a stack trace, never shipped to a browser)
      minify: mode === 'fields' || mode === 'testing' ? false : 'terser',
      terserOptions,
      // the script tags' global read-only (LOCK_GLOBAL)
      rolldownOptions:
        classicTag || mode === 'hosted' ? { output: { footer: LOCK_GLOBAL } } : mode === 'react' ? { external: REACT_EXTERNAL } : {},
      lib: { ...lib, formats: [...lib.formats] },
    },
    test: {
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'sandbox/test/**/*.test.ts'],
      alias: SOURCE_ALIASES,
      // no XMLHttpRequest (happy-dom has one): the suites stub fetch, see the file
      setupFiles: ['test/setup/no-xhr.ts'],
      testTimeout: 15_000,
      // one worker per core: Vitest's default leaves one core free, which on a 2-core CI machine runs the files one
      // at a time, while most of their time is spent waiting on servers and child processes they started
      maxWorkers: availableParallelism(),
    },
  };
});
