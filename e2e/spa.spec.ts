/**
 * The SPA example (demo/spa: React in StrictMode, production build, against the packed package) in Chromium. Its
 * checkout uses the card element through paytoken/react (`PayTokenProvider`, `<CardElement>`, `useHostedFields`):
 * card number, expiry, CVV2 and holder name in one iframe from the API origin; the billing address is the app's own
 * inputs (no `cc-*` input on the page). A 3-D Secure charge is authenticated in a modal
 * (`client.authenticate(url, {mode: 'modal'})`) and its result read from the merchant backend.
 */
import type { Page, Request } from '@playwright/test';
import { test as base, expect, axeViolations, fillCard, startServers, CREDENTIALS, FUTURE_YY, LABELS, type Servers } from './fixtures';

/** The card element's frame (its container is #spa-card), and one of its inputs by field. */
const element = (page: Page) => page.frameLocator('#spa-card iframe');
const cardInput = (page: Page, field: 'card_number' | 'expiry' | 'cvv2' | 'holder_name') => element(page).locator(`input.${field}`);

/** Goes from the cart to the checkout and waits until the card element is configured (its inputs enabled). */
async function openCheckout(page: Page, button = 'Ir a pagar') {
  await page.getByRole('button', { name: button }).click();
  for (const f of ['card_number', 'expiry', 'cvv2', 'holder_name'] as const) await expect(cardInput(page, f)).toBeEnabled();
}

/** Fills the SPA checkout (address labels in `en` or es-MX): the card element's four inputs and the address. */
async function fillSpa(page: Page, number = '4111111111111111', en = false) {
  const l = (es: string, eng: string) => page.getByLabel(en ? eng : es, { exact: true });
  for (const [field, text] of [
    ['card_number', number],
    ['expiry', `12${FUTURE_YY}`],
    ['cvv2', '123'],
    ['holder_name', 'Ana Pérez'],
  ] as const) {
    await cardInput(page, field).fill('');
    await cardInput(page, field).pressSequentially(text);
  }
  await l('Calle y número', 'Street and number').fill('Av. Reforma 222');
  await l('Ciudad', 'City').fill('Ciudad de México');
  await l('Estado', 'State').fill('CDMX');
  await l('Código postal', 'Postal code').fill('06600');
}

/** Every frame's URL origin on the page, the page's own first. */
const iframeOrigins = (page: Page) =>
  page.locator('iframe').evaluateAll((fs) => fs.map((f) => new URL((f as HTMLIFrameElement).src).origin));

const test = base.extend<Record<never, never>, { shop: Servers & { log: string[] } }>({
  // servers of their own (with the rule settings of the shared ones) whose sandbox log the 3-D Secure tests read
  // (the one-time codes)
  shop: [
    async ({ serversFraud }, use) => {
      const log: string[] = [];
      const { close, ...servers } = await startServers(serversFraud, (l) => log.push(l));
      await use({ ...servers, log });
      await close();
    },
    { scope: 'worker' },
  ],
});

// each test loads the card element's frame (and the bank page) on a shared 2-core machine
test.describe.configure({ timeout: 60_000 });

test.describe('SPA example (React production build, StrictMode, against the packed package) in Chromium', () => {
  test('card element: one frame across route changes, no card input nor card data in the SPA document, one POST /tokens from the frame, a completed charge', async ({
    page,
    servers,
    recorder,
  }) => {
    const before = servers.merchant.received.length;
    const frameOf = new Map<string, string>(); // request URL+method -> the URL of the frame that made it
    page.on('request', (r: Request) => frameOf.set(`${r.method()} ${r.url()}`, r.frame().url()));
    const script = page.waitForResponse((r) => /\/spa\/assets\/index-[\w-]+\.js$/.test(r.url()));
    const res = await page.goto(`${servers.merchant.url}/spa/`);
    // the SPA reaches only its own backend; the API only through the frames (and the 3-D Secure modal)
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain(`frame-src 'self' ${servers.apiUrl}`);
    // React's production build (errors as codes, none of the development-only checks)
    const js = await (await script).text();
    expect(js).toContain('react.dev/errors/');
    expect(js).not.toContain('validateDOMNesting');
    expect(await axeViolations(page)).toEqual([]);
    await openCheckout(page);
    // one frame, from the API origin, titled by the app's label; its inputs named in the page's language
    expect(await iframeOrigins(page)).toEqual([servers.apiUrl]);
    await expect(page.locator('#spa-card iframe')).toHaveAttribute('title', 'Datos de la tarjeta');
    await expect(cardInput(page, 'card_number')).toHaveAccessibleName('Número de tarjeta');
    await expect(cardInput(page, 'holder_name')).toHaveAccessibleName('Nombre del titular');
    // the page has no card input of its own: no cc-* autocomplete a script could attach hidden inputs to
    await expect(page.locator('input[autocomplete^="cc-"]')).toHaveCount(0);
    const channelOf = () =>
      page.locator('#spa-card iframe').evaluate((f) => new URLSearchParams(new URL((f as HTMLIFrameElement).src).hash.slice(1)).get('ch'));
    const firstChannel = await channelOf();
    // away and back: the frame goes with the checkout, and a new mount brings one frame again, on a new channel
    await page.getByRole('button', { name: 'Volver al carrito' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await openCheckout(page);
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(await channelOf()).toMatch(/^\w+$/);
    expect(await channelOf()).not.toBe(firstChannel);

    await fillSpa(page);
    await expect(cardInput(page, 'card_number')).toHaveValue('4111 1111 1111 1111');
    await expect(cardInput(page, 'holder_name')).toHaveValue('Ana Pérez');
    await expect(page.locator('#spa-card')).toHaveAttribute('data-paytoken-brand', 'visa');
    await expect(page.locator('#spa-card')).toHaveAttribute('data-paytoken-valid', '');
    // the SPA document holds no card data: no input of its own with it, nothing of it in its markup
    const digits = (await page.locator('body').innerHTML()).replace(/\D/g, '');
    expect(digits).not.toContain('4111111111111111');
    expect(await page.locator('input').evaluateAll((is) => is.map((i) => (i as HTMLInputElement).value))).not.toContainEqual(
      expect.stringMatching(/4111|^123$/),
    );
    // a double click while the tokens request is held: one request
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.context().route(`${servers.apiUrl}/v1/*/tokens`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /^Pagar/ }).dblclick();
    await expect(page.getByRole('button', { name: 'Procesando…' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    expect(servers.merchant.charges.at(-1)!.status).toBe('completed');
    await expect(page.locator('[data-field="card"]')).toHaveText('Visa •••• 1111');
    expect(await axeViolations(page)).toEqual([]);

    const tokenUrl = `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`;
    const tokens = recorder.requests.filter((r) => r.method === 'POST' && r.url === tokenUrl);
    expect(tokens).toHaveLength(1);
    // made by the card element's frame (a document of the API origin), not by the SPA
    expect(new URL(frameOf.get(`POST ${tokenUrl}`)!).origin).toBe(servers.apiUrl);
    expect(frameOf.get(`POST ${tokenUrl}`)).toContain('/fields/v1/frame.html');
    const sent = JSON.parse(tokens[0]!.body);
    expect(sent).toMatchObject({ card_number: '4111111111111111', cvv2: '123', holder_name: 'Ana Pérez' });
    expect(sent.address).toStrictEqual({
      line1: 'Av. Reforma 222',
      city: 'Ciudad de México',
      state: 'CDMX',
      postal_code: '06600',
      country_code: 'MX',
    });
    const posted = servers.merchant.received.slice(before);
    expect(posted).toHaveLength(1);
    expect(Object.keys(posted[0]!).sort()).toEqual(['device_session_id', 'token_id']);
    // device data was collected in the card element's frame (not by the SPA) under the session id the charge carries
    const deviceData = recorder.requests.filter((r) => r.url.endsWith('/device-data'));
    expect(deviceData).toHaveLength(1);
    expect(new URL(frameOf.get(`POST ${deviceData[0]!.url}`)!).origin).toBe(servers.apiUrl);
    expect(JSON.parse(deviceData[0]!.body).device_session_id).toBe(posted[0]!.device_session_id);
    for (const r of recorder.requests.filter((req) => req !== tokens[0]))
      expect(r.body.replace(/\D/g, '')).not.toContain('4111111111111111');
    expect(recorder.cspViolations).toEqual([]);
  });

  test("errors: the app shows its address inputs' errors (each naming what is missing), the card element its own; switching the language switches both in place", async ({
    page,
    servers,
    recorder,
  }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await openCheckout(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(cardInput(page, 'card_number')).toBeFocused(); // the first input of the element in error
    // every input of the element in error is marked; the one error line (announced) shows the first error
    for (const f of ['card_number', 'expiry', 'cvv2', 'holder_name'] as const)
      await expect(cardInput(page, f)).toHaveAttribute('aria-invalid', 'true');
    await expect(element(page).locator('#e')).toHaveText('Escribe el número de tarjeta.');
    await expect(element(page).locator('#e')).toHaveAttribute('aria-live', 'polite');
    await expect(cardInput(page, 'card_number')).toHaveAccessibleDescription('Escribe el número de tarjeta.');
    for (const [label, message] of [
      ['Calle y número', 'Escribe la calle y el número.'],
      ['Ciudad', 'Escribe la ciudad.'],
      ['Estado', 'Escribe el estado.'],
      ['Código postal', 'Escribe el código postal.'],
    ] as const)
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await page.getByLabel('País (2 letras)').fill('M');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByLabel('País (2 letras)')).toHaveAccessibleDescription('El país va en 2 letras, como MX.');
    await page.getByLabel('País (2 letras)').fill('MX');
    await expect(page.locator('#spa-card')).toHaveAttribute('data-paytoken-invalid', '');
    expect(await axeViolations(page)).toEqual([]);
    const frameSources = () => page.locator('iframe').evaluateAll((fs) => fs.map((f) => (f as HTMLIFrameElement).src));
    const before = await frameSources();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('City')).toHaveAccessibleDescription('Enter the city.');
    await expect(element(page).locator('#e')).toHaveText('Enter the card number.');
    await expect(cardInput(page, 'holder_name')).toHaveAccessibleName('Name on card');
    await expect(page.locator('#spa-card iframe')).toHaveAttribute('title', 'Card details');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // still the same frame (the provider's locale changed in place): the English form pays
    expect(await frameSources()).toEqual(before);
    await fillSpa(page, '4111111111111111', true);
    // the card right, the name missing: the focus goes to the name, in the frame, with its error announced
    await cardInput(page, 'holder_name').fill('');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(cardInput(page, 'holder_name')).toBeFocused();
    await expect(cardInput(page, 'holder_name')).toHaveAttribute('aria-invalid', 'true');
    await expect(element(page).locator('#e')).toHaveText('Enter the name on the card.');
    await expect(cardInput(page, 'holder_name')).toHaveAccessibleDescription('Enter the name on the card.');
    for (const f of ['card_number', 'expiry', 'cvv2'] as const)
      await expect(cardInput(page, f)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('City')).not.toHaveAttribute('aria-invalid', 'true');
    // the name's error follows the language too
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(element(page).locator('#e')).toHaveText('Escribe el nombre del titular.');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(element(page).locator('#e')).toHaveText('Enter the name on the card.');
    await cardInput(page, 'holder_name').pressSequentially('Ana Pérez');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    expect(recorder.requests.filter((r) => r.url.endsWith('/tokens'))).toHaveLength(1);
    expect(recorder.cspViolations).toEqual([]);
  });

  test('at 390 px: the menu of the demo pages; the receipt\'s ids on one line; "Nuevo pedido" starts a new order, which pays', async ({
    page,
    servers,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${servers.merchant.url}/spa/`);
    const menu = page.getByRole('navigation', { name: 'Formas de pago de la demo' });
    await expect(menu.getByRole('link')).toHaveText([
      'Tarjeta alojada',
      'Campos separados',
      'Formulario en la página',
      'Efectivo en tienda',
      'Transferencia SPEI',
      'Suscripción',
      'SPA (React)',
    ]);
    await expect(menu.getByRole('link', { name: 'SPA (React)' })).toHaveAttribute('aria-current', 'page');
    const orders: string[] = [];
    for (const round of [1, 2]) {
      await openCheckout(page);
      await fillSpa(page);
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await expect(page.getByRole('heading', { name: 'Pago completado' }), `payment ${round}`).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
      for (const field of ['id', 'order_id', 'authorization']) {
        const dd = page.locator(`[data-field="${field}"]`);
        const lineHeight = await dd.evaluate(
          (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.25,
        );
        expect((await dd.boundingBox())!.height, field).toBeLessThan(lineHeight * 1.5); // one line, not broken inside
      }
      orders.push((await page.locator('[data-field="order_id"]').textContent())!);
      await page.getByRole('button', { name: 'Nuevo pedido' }).click();
      await expect(page.getByRole('heading', { name: 'Carrito' })).toBeVisible();
    }
    expect(new Set(orders).size).toBe(2); // a new order, not the paid one again ("already paid")
  });

  test('an order already paid on another page of the session: the SPA says so, with the receipt link (no second charge)', async ({
    page,
    servers,
  }) => {
    await page.goto(`${servers.merchant.url}/direct`);
    await fillCard(page, { number: '4111111111111111' });
    await page.getByRole('button', { name: LABELS.pay }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    const charges = servers.merchant.charges.length;
    await page.goto(`${servers.merchant.url}/spa/`);
    await openCheckout(page);
    await fillSpa(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert')).toContainText('No se hizo un segundo cargo.');
    expect(servers.merchant.charges.slice(charges).map((c) => c.error_code)).toEqual([1006]);
    await page.getByRole('alert').getByRole('link', { name: 'Ver el recibo' }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });

  test("a decline from the merchant is shown with paytoken's words; another card then pays", async ({ page, servers }) => {
    await page.goto(`${servers.merchant.url}/spa/`);
    await openCheckout(page);
    await fillSpa(page, '4000000000030041'); // reported stolen: the generic decline
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Tarjeta rechazada. Usa otra o llama a tu banco.');
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
    await expect(cardInput(page, 'holder_name')).toHaveValue('Ana Pérez'); // kept
    await fillSpa(page, '5555555555554444');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });
});

test.describe('3-D Secure in the SPA: the bank page in a modal, the result read from the merchant backend', () => {
  /** The one-time code of the newest 3-D Secure charge, from the sandbox log. */
  const lastCode = (shop: { log: string[] }) =>
    shop.log
      .filter((l) => /^3ds tr\w+ one-time code \d{6}$/.test(l))
      .at(-1)!
      .slice(-6);
  /** The API's view of a charge (private key, server side). */
  const readCharge = async (shop: Servers, id: string) =>
    (
      await fetch(`${shop.apiUrl}/v1/${CREDENTIALS.merchantId}/charges/${id}`, {
        headers: { Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
      })
    ).json();

  /** Pays `number` in the SPA and waits for the bank's page in the modal; returns the dialog and its frame. */
  async function payInModal(page: Page, shop: Servers, number: string) {
    await page.goto(`${shop.merchant.url}/spa/`);
    await openCheckout(page);
    await fillSpa(page, number);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificación de tu banco' });
    await expect(dialog).toBeVisible();
    const bank = page.frameLocator('dialog iframe');
    await expect(bank.getByRole('heading', { name: 'Verificación de compra' })).toBeVisible();
    // the SPA stays: its checkout is under the modal, busy
    await expect(page.getByRole('button', { name: 'Procesando…', includeHidden: true })).toBeDisabled();
    return { dialog, bank };
  }

  test('approved through the challenge: no axe violation with the modal open, back to a completed receipt in the SPA', async ({
    page,
    shop,
    recorder,
  }) => {
    const charges = shop.merchant.charges.length;
    const { dialog, bank } = await payInModal(page, shop, '4000000000030124');
    expect(await axeViolations(page)).toEqual([]);
    // the merchant retried the 3012 with 3-D Secure: pending behind the bank page
    expect(shop.merchant.charges.slice(charges).map((c) => c.error_code ?? c.status)).toEqual([3012, 'charge_pending']);
    await bank.getByLabel('Código de un solo uso').fill(lastCode(shop));
    await bank.getByRole('button', { name: 'Confirmar compra' }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/spa/'); // the app never left its page
    const id = (await page.locator('[data-field="id"]').textContent())!;
    expect(await readCharge(shop, id)).toMatchObject({ status: 'completed' });
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    expect(recorder.cspViolations).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px: the bank page fits the modal (nothing to scroll), the close button small and plain in its corner`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const { dialog } = await payInModal(page, shop, '4000000000030124');
      const bank = page.frames().find((f) => f.url().startsWith(`${shop.apiUrl}/3ds/`))!;
      // the sandbox-only strip of test buttons included (one line under the form)
      const overflow = await bank.evaluate(() => [
        document.documentElement.scrollHeight - innerHeight,
        document.documentElement.scrollWidth - innerWidth,
      ]);
      expect(overflow[0], 'vertical scroll in the bank frame').toBeLessThanOrEqual(0);
      expect(overflow[1], 'sideways scroll in the bank frame').toBeLessThanOrEqual(0);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const close = dialog.getByRole('button', { name: 'Cerrar' });
      const closeBox = (await close.boundingBox())!;
      expect(closeBox.width).toBeLessThan(box.width / 3); // not the page's full-width main-action button
      expect(closeBox.x + closeBox.width).toBeGreaterThan(box.x + box.width - 24); // in the right corner
      const looks = await close.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color]);
      expect(looks[0]).not.toBe('rgb(29, 78, 216)'); // not the SPA's accent (its buttons' look)
      expect(looks[1]).not.toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: `.reports/screens/spa-3ds-modal-${width}.png` });
    });
  }

  test('rejected by the shopper in the modal: the checkout says the bank did not confirm, the charge failed', async ({ page, shop }) => {
    const { dialog, bank } = await payInModal(page, shop, '4000000000030124');
    await bank.getByRole('button', { name: 'No reconozco esta compra' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('Tu banco no pudo confirmar que eres tú. No se hizo ningún cargo.');
    await expect(page.getByRole('alert')).toBeFocused();
    expect(shop.merchant.charges.at(-1)!.status).toBe('charge_pending');
    expect(await readCharge(shop, String(shop.merchant.charges.at(-1)!.id))).toMatchObject({ status: 'failed' });
    await expect(page.getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });

  test('cancelled with Escape: the modal closes, the checkout says so and pays another card; the charge stays pending', async ({
    page,
    shop,
  }) => {
    const { dialog } = await payInModal(page, shop, '4000000000030124');
    const pending = String(shop.merchant.charges.at(-1)!.id);
    // Escape reaches the dialog from its own controls (the close button); keys typed in the bank's frame, a
    // document of another origin, stay there
    await dialog.getByRole('button', { name: 'Cerrar' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText(
      'No terminaste la verificación con tu banco. No se hizo ningún cargo; puedes intentarlo de nuevo.',
    );
    expect(await readCharge(shop, pending)).toMatchObject({ status: 'charge_pending', authorization: null });
    await fillSpa(page, '4111111111111111');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  });
});

test('reward points in the SPA: the "pay with points" step (no axe violations), then points used and left on the receipt', async ({
  page,
  shop,
}) => {
  await page.goto(`${shop.merchant.url}/spa/`);
  await openCheckout(page);
  await fillSpa(page, '4000000000004004'); // 50,000 points (MXN 5,000.00) at the sandbox's start
  await page.getByRole('button', { name: /^Pagar/ }).click();
  const title = page.getByRole('heading', { name: 'Paga con puntos' });
  await expect(title).toBeFocused();
  await expect(page.locator('#points-balance')).toHaveText('Tu tarjeta tiene 50,000 puntos ($5,000.00 MXN).');
  await expect(page.getByRole('heading', { name: 'Pago con tarjeta' })).toBeHidden();
  await expect(page.locator('iframe')).toHaveCount(1); // the checkout's card element stays mounted underneath
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByLabel('Solo con puntos')).toBeChecked(); // the points cover the order: what fits is chosen
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page.getByRole('heading', { name: 'Pago completado' })).toBeVisible();
  await expect(page.locator('[data-field="points_used"]')).toHaveText('3490 ($349.00)');
  await expect(page.locator('[data-field="points_remaining"]')).toHaveText('46510');
  await expect(page.locator('dt', { hasText: 'Puntos usados' })).toBeVisible();
  expect(shop.merchant.received.slice(-2).map((b) => b.use_card_points)).toEqual([undefined, 'ONLY_POINTS']);
});
