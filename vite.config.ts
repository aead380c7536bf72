import { defineConfig } from 'vite';

/**
 * Property names used only inside the library (the form layer's bound fields and DOM-change record), which terser
 * shortens in both builds, as Preact does with its internal properties: they stay readable in `src/` and cost
 * no bytes in the bundles. None is a public API member, and none is a DOM name (terser keeps those whatever the
 * list says); test/tooling/build.test.ts checks both.
 */
export const INTERNAL_PROPERTIES = ['lastValue', 'errorElement', 'apiErrorCode', 'keepAttributes', 'adoptElement', 'undo'];

/**
 * Two library builds of `src/` (`npm run build` runs both):
 * - default mode: `dist/paytoken.js`, the ESM module for bundlers (tree-shakable, no side effects);
 * - `--mode iife`: `dist/paytoken.iife.js`, the script-tag build defining `window.PayToken`.
 * Also the Vitest configuration (unit and contract tests under `test/`).
 */
export default defineConfig(({ mode }) => ({
  build: {
    target: 'es2020',
    emptyOutDir: mode !== 'iife',
    sourcemap: true,
    // Both builds are minified by terser (3 passes; about 70 B gzip smaller than Vite's default, Oxc, on the
    // script tag: `npm run size`), with the internal property names shortened. Each app's bundler minifies the ESM
    // build again; it could not shorten those names itself.
    minify: 'terser',
    terserOptions: { compress: { passes: 3 }, ecma: 2020, mangle: { properties: { regex: new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`) } } },
    lib:
      mode === 'iife'
        ? { entry: 'src/browser.ts', formats: ['iife'], name: 'PayToken', fileName: () => 'paytoken.iife.js' }
        : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'paytoken.js' },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 15_000,
  },
}));
