/**
 * A WebdriverIO spec (standalone `remote()`, here under Vitest) against Chromium through Debian's chromedriver
 * (`apt-get install chromium-driver`); the sandbox comes from ./global-setup.ts.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { remote } from 'webdriverio';
import { testCards } from 'paytoken/testing';
import { fillCard } from 'paytoken/testing/webdriverio';
import { createMerchant, startShop } from './shop';

let browser: WebdriverIO.Browser;
let shop: { url: string; close(): Promise<void> };

beforeAll(async () => {
  shop = await startShop(inject('sandboxUrl'), await createMerchant(inject('sandboxUrl')));
  browser = await remote({
    logLevel: 'error',
    hostname: '127.0.0.1',
    port: Number(process.env.CHROMEDRIVER_PORT ?? 9515),
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] },
    },
  });
});

afterAll(async () => {
  await browser?.deleteSession();
  await shop?.close();
});

it('a Mastercard pays the order', async () => {
  await browser.url(shop.url);
  await fillCard(browser, { ...testCards.mastercard, name: 'Ana Perez' });
  await (await browser.$('#pay')).click();
  await browser.waitUntil(async () => (await (await browser.$('[data-order]')).getAttribute('data-status')) === 'paid', {
    timeout: 20_000,
  });
  expect(await (await browser.$('h1')).getText()).toBe('Pago completado');
});
