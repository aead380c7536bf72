import { defineConfig } from '@playwright/test';

/**
 * The merchant's Playwright configuration: the sandbox as a web server (installed from npm as
 * `paytoken-sandbox`), two workers, each with a merchant of its own (./fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.playwright.ts',
  workers: 2,
  timeout: 60_000,
  webServer: {
    command:
      'npx paytoken-sandbox --port 4111 --db :memory: --merchant-id mxdocs0merchant01 --public-key pk_tests_public --private-key sk_tests_private --velocity-max-cards 0 --card-velocity-max-devices 0',
    url: 'http://127.0.0.1:4111/openapi.json', // answers 200 once the sandbox listens
    reuseExistingServer: false,
    timeout: 120_000,
  },
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] },
  },
});
