/**
 * A Puppeteer script: starts the sandbox and the shop, pays with a test card in Chromium, and exits non-zero when
 * the order is not paid. `npx tsx checkout.puppeteer.ts`.
 */
import puppeteer from 'puppeteer-core';
import { startSandbox } from 'paytoken-sandbox';
import { testCards } from 'paytoken/testing';
import { fillCard } from 'paytoken/testing/puppeteer';
import { DEFAULT_MERCHANT, startShop } from './shop';

const sandbox = await startSandbox({
  port: 0,
  merchantId: DEFAULT_MERCHANT.id,
  publicKey: DEFAULT_MERCHANT.public_key,
  privateKey: DEFAULT_MERCHANT.private_key,
});
const shop = await startShop(sandbox.baseUrl, DEFAULT_MERCHANT);
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(shop.url);
  await fillCard(page, { ...testCards.visaDebit, name: 'Ana Perez' });
  await page.click('#pay');
  await page.waitForSelector('[data-order][data-status="paid"]', { timeout: 20_000 });
  console.log('paid:', await page.$eval('h1', (h) => h.textContent));
} finally {
  await browser.close();
  await shop.close();
  await sandbox.close();
}
