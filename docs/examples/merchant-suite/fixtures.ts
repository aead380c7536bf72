/**
 * A merchant per Playwright worker: the worker creates its merchant in the run's sandbox (`POST
 * {base}/sandbox/v1/merchants`), starts the shop with that merchant's keys on a free port, and deletes the merchant
 * when it ends. Tests in parallel never see each other's charges, customers, webhooks or clock: a test that moves
 * its merchant's clock moves no other worker's.
 */
import { test as base } from '@playwright/test';
import { createMerchant, deleteMerchant, startShop, type TestMerchant } from '../testing/shop';
import { merchantApi, type MerchantApi } from './api';

/** The sandbox of the run, started by ./global-setup.ts. */
const sandboxUrl = () => {
  const url = process.env.PAYTOKEN_SANDBOX_URL;
  if (!url) throw new Error('PAYTOKEN_SANDBOX_URL is not set: run the suite with its playwright.config.ts (global setup)');
  return url;
};

export const test = base.extend<object, { merchant: TestMerchant; shopUrl: string; api: MerchantApi }>({
  merchant: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the destructuring
    async ({}, use) => {
      const merchant = await createMerchant(sandboxUrl());
      await use(merchant);
      await deleteMerchant(sandboxUrl(), merchant.id);
    },
    { scope: 'worker' },
  ],
  shopUrl: [
    async ({ merchant }, use) => {
      const shop = await startShop(sandboxUrl(), merchant);
      await use(shop.url);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  api: [async ({ merchant }, use) => use(merchantApi(sandboxUrl(), merchant)), { scope: 'worker' }],
});
export { expect } from '@playwright/test';
