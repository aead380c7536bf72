import { defineConfig } from 'vitest/config';
import { SOURCE_ALIASES } from '../../vite.config';

/**
 * The cross-engine scenarios (e2e/engines/*.test.ts): one file per engine, run one after another (two shared
 * cores: never two browsers at once). `npm run test:engines`; `scripts/ci/test-all.ts` writes the JSON report
 * .reports/engines.json that scripts/ci/summary.ts counts per engine.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['e2e/engines/*.test.ts'],
    alias: SOURCE_ALIASES,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
