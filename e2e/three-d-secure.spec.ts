/**
 * Beyond the card number, end to end in Chromium on the checkout (which charges through /api/charge): 3-D Secure
 * (the merchant retries a 3012 with use_3d_secure and answers {redirect}, the page calls PayToken.authenticate, the
 * shopper authenticates on the sandbox's bank page and comes back to /3ds/return), reward points (the "pay with
 * points" step the backend asks for with {points}) and months without interest (the checkout's select).
 * The receipt speaks the shopper's terms (no status, no raw amount): the API's view is read server side.
 * Servers of their own: a sandbox whose log the tests read (the one-time codes) and a shop whose order
 * (MXN 2,400.00) is above the months-without-interest threshold.
 */
import type { Page } from '@playwright/test';
import { test as base, expect, fillCard, fillHosted, axeViolations, CREDENTIALS, LABELS } from './fixtures';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import type { FraudOptions } from '../sandbox/src/fraud/fraud';

interface Shop {
  api: RunningSandbox;
  merchant: RunningMerchant;
  log: string[];
}

const test = base.extend<Record<never, never>, { shopFraud: Partial<FraudOptions>; shop: Shop }>({
  // the anti-fraud rule settings of the shop's sandbox (a worker option): any number of cards per visitor
  shopFraud: [{ velocityMaxCards: 0 }, { scope: 'worker', option: true }],
  shop: [
    async ({ shopFraud }, use) => {
      const log: string[] = [];
      const api = await startSandbox({ ...CREDENTIALS, port: 0, fraud: shopFraud, log: (l) => log.push(l) });
      const merchant = await startMerchant({ ...CREDENTIALS, apiBaseUrl: api.baseUrl, port: 0, amount: 2400 });
      await use({ api, merchant, log });
      await merchant.close();
      await api.close();
    },
    { scope: 'worker' },
  ],
});

/** The one-time code of the newest 3-D Secure charge, from the sandbox log. */
const lastCode = (shop: Shop) => {
  const lines = shop.log.filter((l) => /^3ds tr\w+ one-time code \d{6}$/.test(l));
  expect(lines.length).toBeGreaterThan(0);
  return lines.at(-1)!.slice(-6);
};

/** Opens the checkout in `lang`, fills `number` and pays. */
async function pay(page: Page, shop: Shop, number: string, lang: 'es' | 'en' = 'es') {
  await page.goto(`${shop.merchant.url}/direct?lang=${lang}`);
  await fillCard(page, { number });
  await page.getByRole('button', { name: LABELS.pay }).click();
}

/** The API's view of a charge (private key, server side), for what the receipt does not show. */
const readCharge = async (shop: Shop, id: string) =>
  (
    await fetch(`${shop.api.baseUrl}/v1/${CREDENTIALS.merchantId}/charges/${id}`, {
      headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
    })
  ).json();

/** The receipt's charge as the API has it (its id read from the receipt). */
const receiptCharge = async (page: Page, shop: Shop) => readCharge(shop, (await page.locator('[data-field="id"]').textContent())!);

test.describe('3-D Secure on the checkout', () => {
  test('a 3-D Secure card: the bank page (no axe violations, es-MX), the code from the log, back to a completed receipt', async ({
    page,
    shop,
    recorder,
  }) => {
    await pay(page, shop, '4000000000030124');
    await expect(page.getByRole('heading', { name: 'Verificación de compra' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(shop.api.baseUrl);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.locator('[style], style, script').count()).toBe(0);
    await page.getByLabel('Código de un solo uso').fill(lastCode(shop));
    await page.getByRole('button', { name: 'Confirmar compra' }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/3ds/return'); // back from the bank: the order's page there, paid by the event
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed' });
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('keyboard only through the challenge, in English, a wrong code first (announced), then the right one', async ({ page, shop }) => {
    await pay(page, shop, '4000000000030124', 'en');
    await expect(page.getByRole('heading', { name: 'Purchase verification' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('body').focus();
    const code = page.getByLabel('One-time code');
    for (let i = 0; i < 10 && !(await code.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    const right = lastCode(shop);
    await page.keyboard.type(right === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('That code is not correct. 2 attempts left.');
    await expect(code).toBeFocused(); // autofocus on the invalid input
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.type(right);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Confirm purchase' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed' });
  });

  test("a card whose challenge fails: back to a failure page in the shopper's words (no raw status, no API error_message)", async ({
    page,
    shop,
  }) => {
    await pay(page, shop, '4000000000003121');
    // the bank page is up: its charge, and so its code, is in the log (reading it earlier could get the last test's)
    await expect(page.getByRole('heading', { name: 'Verificación de compra' })).toBeVisible();
    await page.getByLabel('Código de un solo uso').fill(lastCode(shop));
    await page.getByRole('button', { name: 'Confirmar compra' }).click();
    await expect(page.getByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    await expect(page.locator('#result-message')).toHaveText('Tu banco no pudo confirmar que eres tú. No se hizo ningún cargo.');
    await expect(page.locator('main')).not.toContainText(/failed|3-D Secure|Estado/);
  });

  test('rejected by the shopper: failed', async ({ page, shop }) => {
    await pay(page, shop, '4000000000030124');
    await page.getByRole('button', { name: 'No reconozco esta compra' }).click();
    await expect(page.getByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('failed');
  });

  test('abandoned: back to the shop, the charge still charge_pending, no charge made', async ({ page, shop }) => {
    await pay(page, shop, '4000000000030124');
    await page.getByRole('link', { name: 'Cancelar y volver a la tienda' }).click();
    await expect(page.getByRole('heading', { name: 'Pago no completado' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('charge_pending');
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(await readCharge(shop, id)).toMatchObject({ status: 'charge_pending', authorization: null });
  });

  test('frictionless: straight back to a completed receipt without a challenge', async ({ page, shop, recorder }) => {
    await pay(page, shop, '4000000000003113');
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/3ds/return'); // back from the bank: the order's page there, paid by the event
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed' });
    expect(recorder.cspViolations).toEqual([]);
  });
});

test.describe('reward points and months without interest', () => {
  test('a points card paid with points only: the step (no axe violations), then points used and left on the receipt', async ({
    page,
    shop,
  }) => {
    await pay(page, shop, '4000000000004004');
    await expect(page.getByRole('heading', { name: 'Paga con puntos' })).toBeVisible();
    await expect(page.locator('#points-balance')).toHaveText('Tu tarjeta tiene 50,000 puntos ($5,000.00 MXN).');
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.getByLabel('Solo con puntos')).toBeChecked(); // the points cover the order: what fits is chosen
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="points_used"]')).toHaveText('24000 ($2,400.00)');
    await expect(page.locator('[data-field="points_remaining"]')).toHaveText('26000');
  });

  test('a points card paid with points and card (MIXED): MXN 100.00 in points, the rest on the card', async ({ page, shop }) => {
    await pay(page, shop, '5100000000004000', 'en');
    await expect(page.getByRole('heading', { name: 'Pay with points' })).toBeVisible();
    await expect(page.getByLabel('Points, and the rest with the card')).toBeChecked();
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await expect(page.locator('[data-field="points_used"]')).toHaveText('1000 ($100.00)');
    await expect(page.locator('[data-field="points_remaining"]')).toHaveText('0');
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed', amount: 2400, card_points: { used: 1000, amount: 100 } });
  });

  test('a card without points skips the step', async ({ page, shop }) => {
    await pay(page, shop, '4111111111111111');
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="points_used"]')).toHaveCount(0);
  });

  test('months without interest: the choice reaches the Transaction', async ({ page, shop }) => {
    await page.goto(`${shop.merchant.url}/direct`);
    await fillCard(page, { number: '5555555555554444' });
    const plan = page.getByLabel('Meses sin intereses');
    await expect(plan).toHaveValue('');
    await plan.selectOption('6');
    await expect(plan.locator('option:checked')).toHaveText('6 meses sin intereses de $400.00');
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="payment_plan"]')).toHaveText('6');
    const id = await page.locator('[data-field="id"]').textContent();
    expect(await readCharge(shop, id!)).toMatchObject({ status: 'completed', payment_plan: { payments: 6 } });
  });

  test('a debit card with months without interest is refused (3006) and not charged', async ({ page, shop }) => {
    await page.goto(`${shop.merchant.url}/direct`);
    await fillCard(page, { number: '4000000000000507' });
    await page.getByLabel('Meses sin intereses').selectOption('3');
    await page.getByRole('button', { name: LABELS.pay }).click();
    // declined on the form, focused, in the plan's own words (the card details are fine)
    await expect(page.locator('#payment-error')).toHaveText(
      'Los meses sin intereses son solo con tarjeta de crédito. Elige pago en una sola exhibición o usa una tarjeta de crédito.',
    );
    await expect(page.locator('#payment-error')).toBeFocused();
    expect(shop.merchant.charges.at(-1)).toMatchObject({ error_code: 3006 });
    await expect(page.getByLabel('Meses sin intereses')).toHaveValue('3'); // the choice kept for another card
  });

  test('under the threshold (the default shop, MXN 349.00) there is no months-without-interest choice', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await expect(page.getByLabel(LABELS.number)).toBeVisible();
    await expect(page.locator('select')).toHaveCount(0);
  });
});

/** A charge_pending 3-D Secure charge made server side (as a merchant's backend would), returning to `redirect_url`. */
async function pendingCharge(shop: Shop, card_number: string, redirect_url: string) {
  const auth = (key: string) => ({
    Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    'Content-Type': 'application/json',
  });
  const merchantApi = `${shop.api.baseUrl}/v1/${CREDENTIALS.merchantId}`;
  const token = await (
    await fetch(`${merchantApi}/tokens`, {
      method: 'POST',
      headers: auth(CREDENTIALS.publicKey),
      body: JSON.stringify({ card_number, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: '40', cvv2: '123' }),
    })
  ).json();
  const tx = await (
    await fetch(`${merchantApi}/charges`, {
      method: 'POST',
      headers: { ...auth(CREDENTIALS.privateKey), 'X-Forwarded-For': '127.0.0.1' },
      body: JSON.stringify({
        method: 'card',
        source_id: token.id,
        amount: 2400,
        description: 'Café',
        device_session_id: 'e2e3ds',
        customer: { name: 'Ana', email: 'ana@example.com' },
        use_3d_secure: true,
        redirect_url,
      }),
    })
  ).json();
  expect(tx.status).toBe('charge_pending');
  return tx as { id: string; payment_method: { url: string } };
}

test.describe('PayToken.authenticate in the browser', () => {
  test('modal: the bank page in a labelled dialog (no axe or CSP violation), paid, resolves returned with the id, focus restored', async ({
    page,
    shop,
    recorder,
  }) => {
    const tx = await pendingCharge(shop, '4000000000030124', `${shop.merchant.url}/3ds/return`);
    await page.goto(`${shop.merchant.url}/direct`);
    await page.locator('#pay').focus();
    const result = page.evaluate(
      (url) => (window as any).PayToken.authenticate(url, { mode: 'modal', returnUrl: '/3ds/return' }),
      tx.payment_method.url,
    );
    const dialog = page.getByRole('dialog', { name: 'Verificación de tu banco' });
    await expect(dialog).toBeVisible();
    const bank = page.frameLocator('iframe[title="Verificación de tu banco"]');
    await expect(bank.getByRole('heading', { name: 'Verificación de compra' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await bank.getByLabel('Código de un solo uso').fill(lastCode(shop));
    await bank.getByRole('button', { name: 'Confirmar compra' }).click();
    expect(await result).toEqual({ status: 'returned', id: tx.id });
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#pay')).toBeFocused();
    expect(await readCharge(shop, tx.id)).toMatchObject({ status: 'completed' });
    expect(await page.locator('[style]:not(dialog, dialog *), style').count()).toBe(0);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('modal: Escape cancels, and the close button (English label) cancels; focus goes back; the charge stays pending', async ({
    page,
    shop,
  }) => {
    const tx = await pendingCharge(shop, '4000000000030124', `${shop.merchant.url}/3ds/return`);
    await page.goto(`${shop.merchant.url}/direct?lang=en`);
    await page.locator('#pay').focus();
    let result = page.evaluate(
      (url) => (window as any).PayToken.authenticate(url, { mode: 'modal', returnUrl: '/3ds/return', locale: 'en' }),
      tx.payment_method.url,
    );
    const dialog = page.getByRole('dialog', { name: 'Verification by your bank' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Escape');
    expect(await result).toEqual({ status: 'cancelled' });
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#pay')).toBeFocused();
    result = page.evaluate(
      (url) => (window as any).PayToken.authenticate(url, { mode: 'modal', returnUrl: '/3ds/return', locale: 'en' }),
      tx.payment_method.url,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await result).toEqual({ status: 'cancelled' });
    await expect(page.locator('#pay')).toBeFocused();
    expect(await readCharge(shop, tx.id)).toMatchObject({ status: 'charge_pending' });
  });

  test('redirect (the default): the page goes to the bank, which brings the shopper back to the receipt', async ({ page, shop }) => {
    // charged through the page's backend, so that the charge is this session's (the return page is bound to it)
    const token = await (
      await fetch(`${shop.api.baseUrl}/v1/${CREDENTIALS.merchantId}/tokens`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${CREDENTIALS.publicKey}:`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          card_number: '4000000000003113',
          holder_name: 'Ana Pérez',
          expiration_month: '12',
          expiration_year: '40',
          cvv2: '123',
        }),
      })
    ).json();
    await page.goto(`${shop.merchant.url}/direct`);
    const bankUrl = await page.evaluate(async (token_id) => {
      const res = await fetch('/api/charge', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token_id, device_session_id: 'e2e3dsredirect' }),
      });
      return (await res.json()).redirect as string;
    }, token.id);
    const tx = { id: String(shop.merchant.charges.at(-1)!.id) };
    await page.evaluate((url) => void (window as any).PayToken.authenticate(url), bankUrl);
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/3ds/return'); // back from the bank: the order's page there, paid by the event
    await expect(page.locator('[data-field="id"]')).toHaveText(tx.id);
  });
});

test.describe('on the card element checkout (/): the same steps as /direct', () => {
  /** Opens `/` in `lang`, fills the card element with `number` and, unless `submit` is false, pays. */
  async function payHosted(
    page: Page,
    shop: Shop,
    number: string,
    { lang = 'es', submit = true }: { lang?: 'es' | 'en'; submit?: boolean } = {},
  ) {
    await page.goto(`${shop.merchant.url}/?lang=${lang}`);
    await fillHosted(page, { number });
    if (submit) await page.getByRole('button', { name: LABELS.pay }).click();
  }

  test('a points card paid with points only: the step (no axe violations), then points used and left on the receipt', async ({
    page,
    shop,
  }) => {
    await payHosted(page, shop, '4000000000004004');
    await expect(page.getByRole('heading', { name: 'Paga con puntos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paga con puntos' })).toBeFocused();
    await expect(page.locator('#payment-form')).toBeHidden();
    const balance = Number(/tiene ([\d,]+) puntos/.exec((await page.locator('#points-balance').textContent())!)![1]!.replace(/,/g, ''));
    expect(balance).toBeGreaterThanOrEqual(24000); // 50000 at start; another test of this worker may have spent some
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.getByLabel('Solo con puntos')).toBeChecked(); // the points cover the order: what fits is chosen
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="points_used"]')).toHaveText('24000 ($2,400.00)');
    await expect(page.locator('[data-field="points_remaining"]')).toHaveText(String(balance - 24000));
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed', card_points: { used: 24000, amount: 2400 } });
    // the merchant got the token twice (the step, then the choice), never the card
    expect(shop.merchant.received.slice(-2).map((b) => Object.keys(b).sort())).toEqual([
      ['device_session_id', 'token_id'],
      ['device_session_id', 'token_id', 'use_card_points'],
    ]);
  });

  test('a 3-D Secure card: redirected to the bank page, the code, back to a completed receipt', async ({ page, shop, recorder }) => {
    await payHosted(page, shop, '4000000000030124', { lang: 'en' });
    await expect(page.getByRole('heading', { name: 'Purchase verification' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(shop.api.baseUrl); // a top-level redirect, not a frame
    await page.getByLabel('One-time code').fill(lastCode(shop));
    await page.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/3ds/return'); // back from the bank: the order's page there, paid by the event
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed' });
    expect(shop.merchant.charges.slice(-2).map((c) => c.error_code ?? c.status)).toEqual([3012, 'charge_pending']);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('months without interest above the documented amount: the choice reaches the Transaction', async ({ page, shop }) => {
    await payHosted(page, shop, '5555555555554444', { submit: false });
    const plan = page.getByLabel('Meses sin intereses');
    await expect(plan).toHaveValue('');
    await plan.selectOption('6');
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(page.locator('[data-field="payment_plan"]')).toHaveText('6');
    expect(await receiptCharge(page, shop)).toMatchObject({ status: 'completed', payment_plan: { payments: 6 } });
  });

  test('under the threshold (the default shop, MXN 349.00) there is no months-without-interest choice', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/`);
    await expect(page.locator('#card iframe')).toHaveCount(1);
    await expect(page.locator('select')).toHaveCount(0);
  });
});
