import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, fillCard, axeViolations, CREDENTIALS, FUTURE_YY, LABELS, type Recorder } from './fixtures';

const tokenPosts = (recorder: Recorder, apiUrl: string) =>
  recorder.requests.filter((r) => r.method === 'POST' && r.url === `${apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`);

/** The caret offset of the focused input. */
const caret = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement).selectionStart);

test.describe('form layer in Chromium: typing, paste, autofill', () => {
  test('typing groups the card number, shows the brand, and backspace steps over a space', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    const pan = page.getByLabel(LABELS.number);
    await pan.pressSequentially('41111111');
    await expect(pan).toHaveValue('4111 1111');
    await expect(page.locator('#payment-form')).toHaveAttribute('data-paytoken-brand', 'visa');
    // caret after the space, then Backspace: the digit before the space goes, the caret stays in place
    await pan.press('ArrowLeft');
    await pan.press('ArrowLeft');
    await pan.press('ArrowLeft');
    await pan.press('ArrowLeft');
    expect(await caret(page)).toBe(5);
    await pan.press('Backspace');
    await expect(pan).toHaveValue('4111 111');
    expect(await caret(page)).toBe(3);
    // typing in the middle keeps the caret after the typed digit
    await pan.press('9');
    await expect(pan).toHaveValue('4119 1111');
    expect(await caret(page)).toBe(4);
    await pan.fill('');
    await pan.pressSequentially('378282246310005');
    await expect(pan).toHaveValue('3782 822463 10005');
    await expect(page.locator('#payment-form')).toHaveAttribute('data-paytoken-brand', 'amex');

    const exp = page.getByLabel(LABELS.expiry);
    await exp.pressSequentially('4');
    await expect(exp).toHaveValue('04/');
    await exp.press('Backspace');
    await expect(exp).toHaveValue('04');
    await exp.pressSequentially('29');
    await expect(exp).toHaveValue('04/29');

    const cvv = page.getByLabel(LABELS.cvv);
    await cvv.pressSequentially('12a345');
    await expect(cvv).toHaveValue('1234'); // amex: 4 digits
  });

  test('paste from the clipboard and autofill-like fills are formatted', async ({ page, servers, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: servers.merchant.url });
    await page.goto(`${servers.merchant.url}/direct`);
    const pan = page.getByLabel(LABELS.number);
    await pan.focus();
    await page.evaluate(() => navigator.clipboard.writeText('5555-5555-5555-4444'));
    await page.keyboard.press('Control+V');
    await expect(pan).toHaveValue('5555 5555 5555 4444');
    await expect(page.locator('#payment-form')).toHaveAttribute('data-paytoken-brand', 'mastercard');

    // Playwright's fill() sets the value at once, as autofill does
    const exp = page.getByLabel(LABELS.expiry);
    await exp.fill(`12/20${FUTURE_YY}`);
    await expect(exp).toHaveValue(`12/${FUTURE_YY}`);
    // an autofill that only fires change
    await page.evaluate(() => {
      const name = document.querySelector<HTMLInputElement>('[data-paytoken-card="cvv2"]')!;
      name.value = '9 8 7';
      name.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(page.getByLabel(LABELS.cvv)).toHaveValue('987');
  });
});

test.describe('form layer in Chromium: submit', () => {
  test('keyboard only: Tab through the form, Enter pays', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await page.locator('body').focus();
    const name = page.getByLabel(LABELS.name);
    for (let i = 0; i < 10 && !(await name.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(name).toBeFocused();
    await page.keyboard.type('Ana Pérez');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(LABELS.number)).toBeFocused();
    await page.keyboard.type('4111111111111111');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(LABELS.expiry)).toBeFocused();
    await page.keyboard.type(`12${FUTURE_YY}`);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(LABELS.cvv)).toBeFocused();
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: LABELS.pay })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
  });

  test('Enter with an error in the form: every error shown at once, focus on the first, nothing sent', async ({
    page,
    servers,
    recorder,
  }) => {
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await page.getByLabel(LABELS.number).pressSequentially('4111');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(LABELS.name)).toBeFocused();
    await expect(page.getByLabel(LABELS.name)).toHaveAccessibleDescription('Enter the name on the card.');
    await expect(page.getByLabel(LABELS.number)).toHaveAccessibleDescription('The number has 16 or 19 digits.');
    await expect(page.getByLabel(LABELS.expiry)).toHaveAccessibleDescription('Enter the expiry date.');
    await expect(page.getByLabel(LABELS.cvv)).toHaveAccessibleDescription('Enter the security code. 3 digits on the back of the card');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
    // nothing but the page's device-data POST (sent at page load, whatever the form holds) and the card entry's
    // summary (sent on every submit, one refused locally included: no card data)
    expect(recorder.requests.filter((r) => r.method === 'POST' && !/\/device-data(\/entry)?$/.test(r.url))).toEqual([]);
  });

  test('a double click, and more clicks while processing, make one token request and one charge', async ({ page, servers, recorder }) => {
    // hold the tokens request until the extra clicks and Enter have landed while it is under way
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`${servers.apiUrl}/v1/*/tokens`, async (route) => {
      await held;
      await route.continue();
    });
    const before = servers.merchant.received.length;
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111111111111111' });
    const pay = page.locator('#pay');
    await pay.dblclick();
    await expect(page.locator('#payment-form')).toHaveAttribute('aria-busy', 'true');
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveText('Procesando…');
    await page.getByLabel(LABELS.cvv).press('Enter'); // implicit submission while processing
    await pay.click({ force: true }); // a disabled button: nothing happens
    release();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(tokenPosts(recorder, servers.apiUrl)).toHaveLength(1);
    expect(servers.merchant.received.length - before).toBe(1);
  });

  test('mounting again (twice) leaves one hidden input of each kind and one request; a throwing listener stops nothing', async ({
    page,
    servers,
    recorder,
  }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.evaluate(() => {
      type Mounted = { on(type: string, fn: () => void): void };
      const w = window as unknown as { PayToken: { form: { mount(f: string, o: object): Mounted } } };
      w.PayToken.form.mount('payment-form', { locale: 'es-MX' });
      // a merchant listener that throws is reported and stops nothing
      w.PayToken.form.mount('payment-form', { locale: 'es-MX' }).on('submit', () => {
        throw new Error('merchant bug');
      });
    });
    await expect(page.locator('input[name="device_session_id"]')).toHaveCount(1);
    await expect(page.locator('input[name="token_id"]')).toHaveCount(1);
    await expect(page.locator('.paytoken-error')).toHaveCount(5);
    await fillCard(page, { number: '41111111 11111111' });
    await expect(page.getByLabel(LABELS.number)).toHaveValue('4111 1111 1111 1111');
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(tokenPosts(recorder, servers.apiUrl)).toHaveLength(1);
    expect(errors).toEqual(['merchant bug']);
  });

  test('locale: Spanish by default, English with ?lang=en, the same rule in both', async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await page.getByLabel(LABELS.number).pressSequentially('4111 1111 1111 1112');
    await page.getByLabel(LABELS.name).focus();
    await expect(page.getByLabel(LABELS.number)).toHaveAccessibleDescription('Número de tarjeta no válido.');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel(LABELS.number).pressSequentially('4111 1111 1111 1112');
    await page.getByLabel(LABELS.name).focus();
    await expect(page.getByLabel(LABELS.number)).toHaveAccessibleDescription('Invalid card number.');
  });
});

test.describe('accessibility (axe-core) and the README screenshot', () => {
  test('the demo checkout has no axe violations: empty, with errors, processing, and the receipt', async ({ page, servers, recorder }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await fillCard(page, { number: '4111111111111111' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('screenshot of the demo checkout for the README (.reports/screens/checkout-readme.png; npm run screenshots)', async ({
    page,
    servers,
  }) => {
    await page.setViewportSize({ width: 960, height: 700 });
    await page.goto(`${servers.merchant.url}/direct`);
    await page.getByLabel(LABELS.name).pressSequentially('Ana Pérez');
    await page.getByLabel(LABELS.number).pressSequentially('4111111111111111');
    await page.getByLabel(LABELS.expiry).pressSequentially('0120');
    await page.getByLabel(LABELS.cvv).focus();
    await expect(page.getByLabel(LABELS.expiry)).toHaveAccessibleDescription('Tarjeta vencida.');
    mkdirSync('.reports/screens', { recursive: true });
    await page.screenshot({ path: '.reports/screens/checkout-readme.png' }); // never the tracked docs/checkout.png
  });
});
