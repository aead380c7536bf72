/**
 * The card element in Debian's Chromium: the checkout at `/` holds the whole card (number, expiry, CVV2, holder
 * name) in one iframe served by the sandbox API. It pays with a skimmer on the page capturing nothing; it validates
 * and declines; autofill fills every input at once; the autofill skimming attack (hidden `cc-*` inputs a page
 * script attaches with `form=` to a page input) captures nothing on `/` and on `/split` (holder name hosted), and
 * captures the card on a page that keeps a `cc-name` input (so the test can fail); keyboard order and axe inside
 * the frame; brand fonts load before ready and nothing loads while the shopper types.
 */
import { serve } from '@hono/node-server';
import { expect, test, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { startMerchant, type RunningMerchant } from '../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { triggerAutofill, type SavedCard } from './autofill';
import { axeViolations } from './fixtures';
import { hasCardData, randomCvv2, randomPan, record } from './instrument';
import { injectSkimmer, skimmed } from './skimmer';

const CREDS = { merchantId: 'melement0merchant1', publicKey: 'pk_element_public', privateKey: 'sk_element_private' };
const YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

test.describe.configure({ timeout: 60_000 });

let sandbox: RunningSandbox;
let merchant: RunningMerchant;
/** The sandbox's access log: card data must never reach it. */
const serverLog: string[] = [];

test.beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0, fraud: { velocityMaxCards: 0 }, log: (line) => serverLog.push(line) });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0 });
});
test.afterAll(async () => {
  await merchant?.close();
  await sandbox?.close();
});

/** The element's frame and one of its inputs, by field. */
const element = (page: Page) => page.frameLocator('#card iframe');
const cardInput = (page: Page, field: string) => element(page).locator(`input.${field}`);

/** Opens a checkout page and waits until the card element is configured (its inputs enabled). */
async function openElement(page: Page, path = '/') {
  await page.goto(`${merchant.url}${path}`);
  await expect(cardInput(page, 'card_number')).toBeEnabled();
}

async function fillElement(page: Page, pan: string, cvv2: string, name = 'Ana Pérez') {
  await cardInput(page, 'card_number').pressSequentially(pan);
  await cardInput(page, 'expiry').pressSequentially(`12${YY}`);
  await cardInput(page, 'cvv2').pressSequentially(cvv2);
  await cardInput(page, 'holder_name').pressSequentially(name);
}

/** Starts Chromium's autofill of a saved card in a field (see e2e/autofill.ts). */
const autofill = (page: Page, frame: string | null, selector: string, card: SavedCard) =>
  triggerAutofill(page.context(), page, frame, selector, card);
const SAVED_CARD = { number: '4111111111111111', name: 'Ana Perez', expiryMonth: '12', expiryYear: `20${YY}`, cvc: '123' };

/**
 * The autofill skimmer: a page script attaches hidden card inputs (`cc-number`, `cc-exp`, `cc-csc`) to a form of
 * its own, with the page's own inputs through the `form=` attribute; nothing moves on screen. Reads them later.
 */
const attachHiddenCardInputs = (page: Page) =>
  page.evaluate(() => {
    const form = document.createElement('form');
    form.id = 'skim';
    document.body.append(form);
    for (const token of ['cc-number', 'cc-exp', 'cc-csc']) {
      const input = document.createElement('input');
      input.setAttribute('autocomplete', token);
      input.name = token;
      input.setAttribute('form', 'skim');
      input.className = 'skim';
      input.setAttribute('aria-hidden', 'true');
      input.tabIndex = -1;
      Object.assign(input.style, { position: 'absolute', left: '-9999px', width: '1px', height: '1px', opacity: '0' });
      document.body.append(input);
    }
    for (const input of document.querySelectorAll('input:not(.skim)')) input.setAttribute('form', 'skim');
  });
const skimmedByAutofill = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('input.skim')].map((i) => i.value).join(' '));

test('the card element pays; a skimmer on the page captures nothing; card data only in the one POST /tokens from the API origin', async ({
  page,
  context,
}) => {
  const pan = randomPan();
  const cvv2 = randomCvv2();
  const rec = await record(context, page);
  await injectSkimmer(context);
  await openElement(page);
  await expect(page.locator('iframe')).toHaveCount(1);
  await fillElement(page, pan, cvv2);
  const seen = await skimmed(page);
  await page.locator('#pay').click();
  await page.waitForURL(/\/order\//);
  await rec.settled();
  for (const s of seen) expect(hasCardData(s, pan, cvv2), s).toBe(false);
  const carriers = rec.requests.filter((r) => hasCardData(r.body, pan, cvv2));
  expect(carriers).toHaveLength(1);
  expect(carriers[0]!.url).toBe(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens`);
  expect(JSON.parse(carriers[0]!.body)).toMatchObject({ card_number: pan, cvv2, holder_name: 'Ana Pérez' });
  for (const r of rec.requests) expect(hasCardData(r.url, pan, cvv2), r.url).toBe(false);
  expect([...sandbox.store.transactions.values()].at(-1)!.status).toBe('completed');
  // how each of the element's four fields was entered (never a value) reached the sandbox before the charge
  const entry = sandbox.store.devices
    .values()
    .filter((d) => d.entry)
    .sort((a, b) => a.created - b.created)
    .at(-1)!.entry!;
  expect(Object.keys(entry).sort()).toEqual(['card_number', 'cvv2', 'expiry', 'holder_name']);
  for (const field of ['card_number', 'expiry', 'cvv2'] as const) expect(entry[field]!.methods).toEqual(['typed']);
  // Playwright types the holder's é, a character of no key on its keyboard layout, with insertText: inserted
  expect(entry.holder_name!.methods).toEqual(['typed', 'inserted']);
  for (const line of [...rec.console, ...rec.pageErrors, ...serverLog]) expect(hasCardData(line, pan, cvv2), line).toBe(false);
  for (const r of rec.responses) expect(hasCardData(r.body, pan, cvv2), `response of ${r.url}`).toBe(false);
  expect(rec.console.filter((l) => /Content[- ]Security[- ]Policy|Trusted Type|Refused to/i.test(l))).toEqual([]);
});

test("a card typed before the frame's later script arrives is seen as typed (its keys replayed), its device data sent, and it pays", async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  await page.context().route('**/fields/v1/frame-later.js*', async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await openElement(page);
  // the shopper types the whole card while the later script (entry signals, device data, tokenization) is held
  await fillElement(page, '4111111111111111', '123');
  expect(asked).toHaveLength(1); // asked for once, in idle time after ready, and not arrived yet
  release();
  const entry = page.waitForResponse((r) => r.url().endsWith('/device-data/entry'));
  await page.locator('#pay').click();
  expect((await entry).status()).toBe(201);
  await page.waitForURL(/\/order\//);
  const session = merchant.received.at(-1)!.device_session_id!;
  const stored = sandbox.store.devices.get(session);
  expect(stored?.entry?.card_number).toMatchObject({ methods: ['typed'], keys: 16, focus_changes: 1 });
  expect(stored?.entry?.card_number?.key_interval_ms).toHaveLength(2);
  expect(merchant.charges.at(-1)).toMatchObject({ status: 'completed' });
  expect(merchant.charges.at(-1)!.fraud_flags ?? []).not.toContain('scripted_entry');
});

test('resilience and double submit: a 503 shows the service message, the element works again, many clicks make one token request', async ({
  page,
}) => {
  const api = await startSandbox({ ...CREDS, port: 0, faults: true, fraud: { velocityMaxCards: 0 } });
  const shop = await startMerchant({ ...CREDS, apiBaseUrl: api.baseUrl, port: 0 });
  try {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/tokens') && posts.push(r.url()));
    await page.goto(`${shop.url}/`);
    await expect(cardInput(page, 'card_number')).toBeEnabled();
    await fillElement(page, '4111111111111111', '123');
    api.faults.set('status=503');
    await page.locator('#pay').click();
    // 503 is retried once, then reported: the page shows the message (Spanish by default) and is usable again
    await expect(page.locator('#form-error')).toHaveText('Servicio no disponible. Intenta de nuevo.');
    await expect(page.locator('#pay')).toBeEnabled();
    expect(posts).toHaveLength(2);
    api.faults.set(null);
    posts.length = 0;
    const left = page.waitForURL(/\/order\//);
    await page.locator('#pay').dblclick(); // two clicks, two submit events: one tokenization
    await left;
    expect(posts).toHaveLength(1);
    expect(api.store.tokens.size).toBe(1);
    expect(shop.received).toHaveLength(1);
  } finally {
    await shop.close();
    await api.close();
  }
});

test('locale: the element follows the page language (labels, placeholders, messages)', async ({ page }) => {
  await openElement(page, '/?lang=en');
  await expect(cardInput(page, 'expiry')).toHaveAttribute('placeholder', 'MM/YY');
  await expect(cardInput(page, 'holder_name')).toHaveAttribute('aria-label', 'Name on card');
  await openElement(page, '/?lang=es');
  await expect(cardInput(page, 'expiry')).toHaveAttribute('placeholder', 'MM/AA');
  await expect(cardInput(page, 'holder_name')).toHaveAttribute('aria-label', 'Nombre del titular');
  await cardInput(page, 'card_number').pressSequentially('4111111111111112');
  await page.keyboard.press('Tab');
  await expect(element(page).locator('#e')).toHaveText('Número de tarjeta no válido.');
});

test('the card element validates in the frame and sends nothing for a bad card; a declined card shows the decline', async ({ page }) => {
  await openElement(page, '/?lang=en');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/tokens') && posts.push(r.url()));
  await cardInput(page, 'card_number').pressSequentially('4111111111111112');
  await page.keyboard.press('Tab'); // left invalid: the error shows
  await expect(element(page).locator('#e')).toHaveText('Invalid card number.');
  await expect(cardInput(page, 'card_number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#card')).toHaveAttribute('data-paytoken-invalid', '');
  await page.locator('#pay').click();
  await expect(cardInput(page, 'card_number')).toBeFocused();
  expect(posts).toEqual([]);
  await cardInput(page, 'card_number').fill('');
  await fillElement(page, '4000000000000002', '123');
  await page.locator('#pay').click();
  await expect(page.locator('#payment-error, #form-error').filter({ hasText: /declined/i })).toHaveCount(1);
});

test('autofill: a saved card picked in the element fills number, expiry, CVV2 and name at once, and pays', async ({ page }) => {
  await openElement(page);
  await cardInput(page, 'card_number').focus();
  await autofill(page, '#card iframe', 'input.card_number', SAVED_CARD);
  await expect(cardInput(page, 'card_number')).toHaveValue('4111 1111 1111 1111');
  await expect(cardInput(page, 'expiry')).toHaveValue(`12/${YY}`);
  await expect(cardInput(page, 'cvv2')).toHaveValue('123');
  await expect(cardInput(page, 'holder_name')).toHaveValue('Ana Perez');
  await page.locator('#pay').click();
  await page.waitForURL(/\/order\//);
});

for (const path of ['/', '/split']) {
  test(`the autofill skimming attack captures nothing on ${path} (no cc-* input on the page)`, async ({ page }) => {
    await page.goto(`${merchant.url}${path}`);
    const first =
      path === '/'
        ? page.frameLocator('#card iframe').locator('input.card_number')
        : page.frameLocator('#card-number iframe').locator('input');
    await expect(first).toBeEnabled();
    await attachHiddenCardInputs(page);
    await first.focus();
    await autofill(page, path === '/' ? '#card iframe' : '#card-number iframe', path === '/' ? 'input.card_number' : 'input', SAVED_CARD);
    await expect(first).toHaveValue('4111 1111 1111 1111');
    expect(await skimmedByAutofill(page)).toBe('  ');
  });
}

/**
 * The red team's placement: hidden `cc-name`, `cc-exp`, `cc-number` and `cc-csc` inputs a page script puts inside
 * the merchant's own checkout form, around the card frame (Chromium's autofill treats the frame's inputs as part
 * of that form), or in a form of its own. Reads them later.
 */
const hideCardInputs = (page: Page, placement: 'checkout' | 'own') =>
  page.evaluate((where) => {
    const form =
      where === 'checkout' ? document.getElementById('payment-form')! : document.body.appendChild(document.createElement('form'));
    for (const token of ['cc-name', 'cc-exp', 'cc-number', 'cc-csc']) {
      const input = document.createElement('input');
      input.setAttribute('autocomplete', token);
      input.name = token;
      input.className = 'hidden-card';
      input.tabIndex = -1;
      Object.assign(input.style, { position: 'absolute', left: '-9999px', width: '1px', height: '1px', opacity: '0' });
      form.append(input);
    }
  }, placement);
const hiddenValues = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('input.hidden-card')].map((i) => `${i.name}=${i.value}`));
const NOTHING = ['cc-name=', 'cc-exp=', 'cc-number=', 'cc-csc='];

for (const path of ['/', '/split']) {
  for (const placement of ['checkout', 'own'] as const) {
    test(`autofill started in the card frame fills no input of the page: hidden cc-* inputs in ${placement === 'checkout' ? 'the checkout form around the frames' : 'a form of their own'} on ${path}`, async ({
      page,
    }) => {
      await page.goto(`${merchant.url}${path}`);
      const frame = path === '/' ? '#card iframe' : '#card-number iframe';
      const first = page.frameLocator(frame).locator(path === '/' ? 'input.card_number' : 'input');
      await expect(first).toBeEnabled();
      await hideCardInputs(page, placement);
      await first.focus();
      await autofill(page, frame, path === '/' ? 'input.card_number' : 'input', SAVED_CARD);
      // the frames get the whole card (every input of the mount shares the frame's autofill section)...
      await expect(first).toHaveValue('4111 1111 1111 1111');
      const expiry = path === '/' ? cardInput(page, 'expiry') : page.frameLocator('#expiry iframe').locator('input');
      const holder = path === '/' ? cardInput(page, 'holder_name') : page.frameLocator('#holder-name iframe').locator('input');
      await expect(expiry).toHaveValue(`12/${YY}`);
      await expect(holder).toHaveValue('Ana Perez');
      // ...and the page's inputs nothing, wherever they are
      await page.waitForTimeout(300);
      expect(await hiddenValues(page)).toEqual(NOTHING);
    });
  }
}

test('hidden cc-* inputs inside the checkout form do take a saved card started from a page input (so the tests above can fail)', async ({
  page,
}) => {
  await page.goto(`${merchant.url}/`);
  await expect(cardInput(page, 'card_number')).toBeEnabled();
  await hideCardInputs(page, 'checkout');
  await page.evaluate(() => {
    const name = document.createElement('input');
    name.id = 'page-name';
    name.setAttribute('autocomplete', 'cc-name');
    document.getElementById('payment-form')!.prepend(name);
  });
  await page.locator('#page-name').focus();
  await autofill(page, null, '#page-name', SAVED_CARD);
  await expect.poll(() => hiddenValues(page)).toContain(`cc-exp=12/20${YY}`);
});

test('the same attack captures the card when the page keeps a cc-name input (so the tests above can fail)', async ({ page }) => {
  const app = new Hono();
  const hostedJs = readFileSync(new URL('../dist/paytoken-hosted.iife.js', import.meta.url));
  app.get('/paytoken-hosted.iife.js', (c) => c.body(hostedJs, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/', (c) =>
    c.html(
      '<!doctype html><html lang="en"><head><title>name on page</title></head><body><form><label>Name <input id="name" autocomplete="cc-name"></label></form></body></html>',
    ),
  );
  const server = await new Promise<{ url: string; close: () => void }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
    );
  });
  try {
    await page.goto(server.url);
    await attachHiddenCardInputs(page);
    await page.locator('#name').focus();
    await autofill(page, null, '#name', SAVED_CARD);
    await expect.poll(() => skimmedByAutofill(page)).toContain('4111111111111111');
    expect(await skimmedByAutofill(page)).toContain('123');
  } finally {
    server.close();
  }
});

test('keyboard: Tab goes through the four inputs then out to the page; each input labelled; errors announced; axe finds nothing', async ({
  page,
}) => {
  await openElement(page, '/?lang=en');
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.locator('#card iframe')).toHaveAttribute('title', 'Card');
  const labels = await element(page)
    .locator('input')
    .evaluateAll((inputs) => inputs.map((i) => [i.getAttribute('aria-label'), i.getAttribute('autocomplete')]));
  // every token in one autofill section of the frame's own (see the autofill attack tests)
  const sections = new Set(labels.map(([, token]) => token!.split(' ')[0]));
  expect([...sections]).toEqual([expect.stringMatching(/^section-[0-9a-f]{32}$/)]);
  expect(labels.map(([label, token]) => [label, token!.split(' ')[1]])).toEqual([
    ['Card number', 'cc-number'],
    ['Expiry (MM/YY)', 'cc-exp'],
    ['Security code', 'cc-csc'],
    ['Name on card', 'cc-name'],
  ]);
  await page.getByText('Card', { exact: true }).click();
  await expect(cardInput(page, 'card_number')).toBeFocused();
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Tab');
  await expect(cardInput(page, 'expiry')).toBeFocused();
  await page.keyboard.type(`12${YY}`);
  await page.keyboard.press('Tab');
  await expect(cardInput(page, 'cvv2')).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await expect(cardInput(page, 'holder_name')).toBeFocused();
  await expect(element(page).locator('#e')).toHaveText(/3-digit code/);
  await expect(element(page).locator('#e')).toHaveAttribute('aria-live', 'polite');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.type('Ana Pérez');
  await page.keyboard.press('Tab');
  await expect(page.locator('#pay')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/order\//);
});

test('one row when wide, wrapping when narrow (280 px); sized to its content', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openElement(page);
  // the container's width set through the CSSOM (the page's CSP refuses style attributes)
  const widen = (width: string) => page.evaluate((w) => (document.getElementById('card')!.style.width = w), width);
  await widen('720px');
  const rows = async () =>
    new Set(
      await element(page)
        .locator('input')
        .evaluateAll((inputs) => inputs.map((i) => Math.round(i.getBoundingClientRect().top))),
    ).size;
  await expect.poll(rows).toBe(1);
  const wide = Number(await page.locator('#card iframe').getAttribute('height'));
  await widen('280px');
  await expect.poll(rows).toBeGreaterThanOrEqual(2);
  await expect.poll(async () => Number(await page.locator('#card iframe').getAttribute('height'))).toBeGreaterThan(wide);
});

test('brand fonts load before ready; nothing is requested while the card is typed; a font that fails is named', async ({ page }) => {
  const app = new Hono();
  const hostedJs = readFileSync(new URL('../dist/paytoken-hosted.iife.js', import.meta.url));
  app.get('/paytoken-hosted.iife.js', (c) => c.body(hostedJs, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/', (c) =>
    c.html(
      '<!doctype html><html lang="en"><head><title>fonts</title><script src="/paytoken-hosted.iife.js"></script></head><body><div id="card"></div><script type="module" src="/app.js"></script></body></html>',
    ),
  );
  app.get('/app.js', (c) =>
    c.body(
      `PayToken.setId('${CREDS.merchantId}'); PayToken.setApiKey('${CREDS.publicKey}'); PayToken.setBaseUrl('${sandbox.baseUrl}');
       const fields = PayToken.fields.mount({ card: '#card' }, { flow: 'spa', locale: 'en', fonts: [{ family: 'Brand Sans', src: 'https://127.0.0.1:1/brand.woff2' }], style: { base: { fontFamily: 'Brand Sans, system-ui' } } });
       window.readyState = new Promise((resolve) => fields.on('ready', resolve));`,
      200,
      { 'Content-Type': 'text/javascript' },
    ),
  );
  const server = await new Promise<{ url: string; close: () => void }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
    );
  });
  try {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(server.url);
    const ready = await page.evaluate(() => (window as unknown as { readyState: Promise<{ failedFonts: string[] }> }).readyState);
    expect(ready.failedFonts).toEqual(['Brand Sans']);
    expect(requests.some((u) => u.startsWith('https://127.0.0.1:1/brand.woff2'))).toBe(true);
    requests.length = 0;
    await cardInput(page, 'card_number').pressSequentially('4111111111111111');
    await cardInput(page, 'expiry').pressSequentially(`12${YY}`);
    await cardInput(page, 'cvv2').pressSequentially('123');
    await cardInput(page, 'holder_name').pressSequentially('Ana');
    await page.waitForTimeout(300);
    // none but the device data's own (collected on the first focus of the number); `blob:` is its consistency Worker,
    // made in the frame from memory: no network
    expect(requests.filter((u) => !u.includes('/device-data') && !u.startsWith('blob:'))).toEqual([]);
  } finally {
    server.close();
  }
});
