/**
 * A merchant per Playwright worker: the worker creates its merchant in the one sandbox and starts the shop with
 * its keys, so tests in parallel never see each other's charges, customers or webhooks.
 */
import { test as base } from '@playwright/test';
import { createMerchant, startShop, type TestMerchant } from './shop';

export const SANDBOX_URL = 'http://127.0.0.1:4111';

export const test = base.extend<object, { merchant: TestMerchant; shopUrl: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the destructuring
  merchant: [async ({}, use) => use(await createMerchant(SANDBOX_URL)), { scope: 'worker' }],
  shopUrl: [
    async ({ merchant }, use) => {
      const shop = await startShop(SANDBOX_URL, merchant);
      await use(shop.url);
      await shop.close();
    },
    { scope: 'worker' },
  ],
});
export { expect } from '@playwright/test';
