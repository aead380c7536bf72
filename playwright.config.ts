import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download its own browsers here). Servers (sandbox
 * API and merchant backend) are started by the fixtures in `e2e/fixtures.ts` on free 127.0.0.1 ports.
 */
export default defineConfig({
  testDir: 'e2e',
  // e2e/engines/ is the cross-engine scenario set, run by Vitest in each engine (e2e/engines/vitest.config.ts)
  testIgnore: 'engines/**',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
