import { defineConfig } from 'vite';

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
    // The script-tag build is minified by terser (3 passes): about 70 B gzip smaller than Vite's default (Oxc)
    // on this code (`npm run size`). The ESM build is minified again by each app's bundler anyway.
    minify: mode === 'iife' ? 'terser' : true,
    terserOptions: { compress: { passes: 3 }, ecma: 2020 },
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
