import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
process.env.NODE_ENV = 'production';

/**
 * The SPA example: React, built by Vite into demo/spa/dist and served by the merchant backend under /spa/.
 * `paytoken` resolves as in a user's app, through the package's `exports`: scripts/build/spa.ts (`npm run
 * build:spa`) unpacks the packed package into demo/spa/node_modules first. Production mode (React's production
 * build). No inline script or style is emitted (the page runs under the merchant's strict CSP).
 */
export default defineConfig({
  root,
  base: '/spa/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  logLevel: 'warn',
});
