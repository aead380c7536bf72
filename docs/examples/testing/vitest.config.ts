import { defineConfig } from 'vitest/config';

/** The merchant's Vitest configuration: the sandbox started once (./global-setup.ts), the WebdriverIO spec. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.wdio.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
