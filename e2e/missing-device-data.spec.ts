/**
 * The demo shows both modes of the sandbox's `missing_device_data` rule, with the demo's own flags (demo/options.ts):
 * - `npm run demo` (default `flag`): a shopper who refused device data (`?device_data=off`) pays; the charge is
 *   approved and flagged `missing_device_data`;
 * - `npm run demo -- --missing-device-data decline`: that shopper is declined (3005, `fraud_rules:
 *   ["missing_device_data"]`), on the on-page checkout and the hosted one alike, while a shopper whose device
 *   data was sent still pays (the page hands the token over after the device data: e2e/device-first.spec.ts).
 */
import type { Page } from '@playwright/test';
import { demoOptions } from '../demo/options';
import { test, expect, fillCard, fillHosted, LABELS, startServers } from './fixtures';

test.describe.configure({ timeout: 60_000 });

async function payHosted(page: Page) {
  await fillHosted(page);
  await page.getByRole('button', { name: LABELS.pay }).click();
}

async function payDirect(page: Page) {
  await fillCard(page, { number: '4111111111111111' });
  await page.getByRole('button', { name: LABELS.pay }).click();
}

const DECLINED = 'Card declined. Use another card or call your bank.';

test('npm run demo (missing_device_data flag): a payment without device data is approved and flagged', async ({ page }) => {
  const servers = await startServers(demoOptions([]).fraud);
  try {
    await page.goto(`${servers.merchant.url}/direct?device_data=off&lang=en`);
    await payDirect(page);
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(servers.merchant.charges.at(-1)).toMatchObject({
      status: 'completed',
      fraud_flags: expect.arrayContaining(['missing_device_data']),
    });
  } finally {
    await servers.close();
  }
});

test('npm run demo -- --missing-device-data decline: without device data 3005 naming missing_device_data (on-page and hosted); with it the card pays', async ({
  page,
}) => {
  const servers = await startServers(demoOptions(['--missing-device-data', 'decline']).fraud);
  try {
    for (const [path, pay] of [
      ['/direct', payDirect],
      ['/', payHosted],
    ] as const) {
      await page.goto(`${servers.merchant.url}${path}?device_data=off&lang=en`);
      await pay(page);
      await expect(page.locator('#payment-error'), path).toHaveText(DECLINED);
      expect(servers.merchant.charges.at(-1), path).toMatchObject({ error_code: 3005, fraud_rules: ['missing_device_data'] });
    }
    for (const [path, pay] of [
      ['/direct', payDirect],
      ['/', payHosted],
    ] as const) {
      await page.goto(`${servers.merchant.url}/new-order`); // one order per payment (the receipt's "new payment")
      await page.goto(`${servers.merchant.url}${path}?lang=en`);
      await pay(page);
      await expect(page.getByRole('heading', { name: 'Payment complete' }), path).toBeVisible();
      const charge = servers.merchant.charges.at(-1)!;
      expect(charge, path).toMatchObject({ status: 'completed' });
      expect(charge.fraud_flags ?? [], path).not.toContain('missing_device_data');
    }
  } finally {
    await servers.close();
  }
});
