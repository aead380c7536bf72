import { defineConfig } from '@playwright/test';

/**
 * The example merchant suite's Playwright configuration: one sandbox for the run (./global-setup.ts), two
 * workers, each with a merchant of its own and the shop started with its keys (./fixtures.ts). Tests are spread
 * one by one over the workers (`fullyParallel`): none depends on another, or on the order they run in. No retries:
 * a test that passes only on a second try hides a fault. `npx playwright test -c docs/examples/merchant-suite`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] },
  },
});
