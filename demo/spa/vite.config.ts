import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// React's development build, on purpose: its StrictMode mounts every effect twice, and the demo is there to show
// (and the e2e suite to prove) that mounting the checkout form twice leaves no duplicate.
process.env.NODE_ENV = 'development';

/**
 * The SPA example: React, built by Vite into demo/spa/dist and served by the merchant backend under /spa/.
 * `paytoken` resolves to the package's npm build (dist/paytoken.js, what `npm install paytoken` gives), so
 * `npm run build` builds the library first. No inline script or style is emitted (the page runs under the
 * merchant's strict CSP).
 */
export default defineConfig({
  root,
  base: '/spa/',
  plugins: [react()],
  resolve: { alias: { paytoken: fileURLToPath(new URL('../../dist/paytoken.js', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  logLevel: 'warn',
});
