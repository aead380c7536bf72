/**
 * The sandbox's dashboard in Chromium (docs/sandbox.md, "Dashboard"): signed in with the keyboard, a charge seen with
 * its JSON, a simulation button pressed (a SPEI transfer), the request log masked, the clock advanced, signed out;
 * a page of another site or origin can neither drive it (its form post refused, the session cookie not even sent
 * cross-site) nor read it (fetch, frame); axe and the layout on every page at 320, 390 and 1280 px, screenshots at
 * 390 and 1280 px into .reports/screens/ (`npm run screenshots` copies the README's one to docs/dashboard.png).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { LoggedRequest } from '../sandbox/src/http/request-log';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { kindCharge, seedDashboard, seedResources, type Seeded, type SeededResources } from './dashboard-seed';
import { axeViolations, CREDENTIALS, expect, test } from './fixtures';

const DIR = '.reports/screens';
let api: RunningSandbox;
let seed: Seeded;
let more: SeededResources;
let other: Server;
let otherPort = 0;
const seen: LoggedRequest[] = [];

/** Pages of another origin: a form posting to the dashboard, a script reading it, a frame of it. */
function otherOrigin(target: string): Server {
  const pages: Record<string, string> = {
    '/post': `<!doctype html><form method="post" action="${target}/dashboard/clock/do/advance"><input name="step" value="day"><input name="csrf" value="guessed"><input name="back" value="/dashboard/clock"><button id="go">Win a prize</button></form>`,
    // the body first: a fetch refused before the parser made it would find no document.body to mark
    '/read': `<!doctype html><body><script>
      fetch('${target}/dashboard', { credentials: 'include' }).then((r) => r.text()).then((t) => { document.title = 'read ' + t.length; }, (e) => { document.title = 'blocked ' + e.name; });
      fetch('${target}/dashboard', { credentials: 'include', mode: 'no-cors' }).then((r) => { document.body.dataset.opaque = r.type + ' ' + r.status; }, (e) => { document.body.dataset.opaque = 'blocked ' + e.name; });
    </script>`,
    '/frame': `<!doctype html><iframe id="f" src="${target}/dashboard"></iframe>`,
  };
  return createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(pages[new URL(req.url ?? '/', 'http://x').pathname] ?? '');
  });
}

test.beforeAll(async () => {
  api = await startSandbox({ ...CREDENTIALS, port: 0, requestLog: (r) => seen.push(r) });
  seed = await seedDashboard(api.baseUrl, CREDENTIALS);
  other = otherOrigin(api.baseUrl);
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  otherPort = (other.address() as AddressInfo).port;
  more = await seedResources(api.baseUrl, CREDENTIALS, seed, `http://127.0.0.1:${otherPort}/hooks`);
});

test.afterAll(async () => {
  other?.close();
  await api?.close();
});

/** Presses Tab until `selector` has the focus (at most 80 times). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Signs in on the sign-in page with the keyboard. */
async function signIn(page: Page, key = CREDENTIALS.privateKey): Promise<void> {
  await page.goto(`${api.baseUrl}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Entrar al panel' })).toBeVisible();
  await tabTo(page, '#key');
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
}

/** Whether the clock moved by less than a minute (real time passing), not by a day (the button). */
const stillAt = async (before: string) => Date.parse(await clockNow()) - Date.parse(before) < 60_000;

/** The sandbox's clock, from the simulation API. */
const clockNow = async () =>
  (
    await (
      await fetch(`${api.baseUrl}/sandbox/v1/${CREDENTIALS.merchantId}/clock`, {
        headers: { authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}` },
      })
    ).json()
  ).now as string;

test('sign in with the keyboard, see a charge, press a simulation button, read the request log, advance the clock, sign out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, CREDENTIALS.publicKey);
  await expect(page.getByRole('alert')).toHaveText('Esa clave no abre el panel.');
  await expect(page.locator('#key')).toBeFocused();
  await page.keyboard.type(CREDENTIALS.privateKey);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();

  // the charge, from the navigation, with the keyboard
  await tabTo(page, 'nav a[href="/dashboard/transactions"]');
  await page.keyboard.press('Enter');
  await tabTo(page, `a[href="/dashboard/transactions/${seed.chargeId}"]`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Transacción ${seed.chargeId}`);
  await expect(page.locator('pre code').last()).toContainText('"status": "completed"');
  await expect(page.getByRole('cell', { name: 'charge.succeeded' })).toBeVisible();

  // a simulation: a SPEI transfer to the customer's CLABE
  await page.goto(`${api.baseUrl}/dashboard/customers/${seed.customerId}`);
  await tabTo(page, '#spei-amount');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('250.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Llegó una transferencia SPEI de $250.00 MXN a la CLABE ${seed.clabe}.`);
  await page.getByRole('status').getByRole('link').click();
  await expect(page.locator('dl.facts')).toContainText('completed');

  // the request log: the token requests, masked
  await page.goto(`${api.baseUrl}/dashboard/requests?method=POST`);
  const token = page.locator('tbody tr', { hasText: '/tokens' }).last();
  await token.getByRole('link').click();
  await expect(page.locator('pre')).toContainText('"card_number": "411111******1111"');
  await expect(page.locator('pre')).toContainText('"cvv2": "[removed]"');
  // the CVV2 as a JSON string: its three digits alone may occur inside a random id or token of the page
  expect(await page.content()).not.toMatch(new RegExp(`${seed.pan}|"${seed.cvv2}"`));

  // the clock: a day ahead
  const before = await clockNow();
  await page.goto(`${api.baseUrl}/dashboard/clock`);
  await page.getByRole('button', { name: '+ 1 día' }).click();
  await expect(page.getByRole('status')).toContainText('Reloj adelantado 1 día');
  expect(Date.parse(await clockNow()) - Date.parse(before)).toBeGreaterThanOrEqual(86_400_000);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('status')).toHaveText('Sesión cerrada.');
  await page.goto(`${api.baseUrl}/dashboard/clock`);
  await expect(page.getByRole('heading', { name: 'Entrar al panel' })).toBeVisible();
});

test('the simulation buttons beside a charge: "Pagar en tienda", then in English "Send the SPEI transfer"', async ({ page }) => {
  const store = (await kindCharge(api.baseUrl, CREDENTIALS, { method: 'store' })).id as string;
  const bank = (await kindCharge(api.baseUrl, CREDENTIALS, { method: 'bank_account' })).id as string;
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  await page.goto(`${api.baseUrl}/dashboard/transactions/${store}`);
  await expect(page.getByRole('link', { name: 'Abrir la ficha imprimible' })).toHaveAttribute('href', new RegExp(`/slips/${store}$`));
  await tabTo(page, 'button:text("Pagar en tienda")');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Pagado en tienda en efectivo: ${store}, $275.00 MXN (completed).`);
  await expect(page.getByRole('button', { name: 'Pagar en tienda' })).toHaveCount(0);
  await page.goto(`${api.baseUrl}/dashboard/transactions/${bank}`);
  await page.getByRole('link', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Send the SPEI transfer' }).click();
  await expect(page.getByRole('status')).toContainText(`The SPEI transfer to CLABE`);
  await expect(page.getByRole('status')).toContainText(`${bank}, $275.00 MXN (completed).`);
  await expect(page.locator('dl.facts')).toContainText('completed');
});

test.describe('a page of another origin', () => {
  test('cross-site (localhost): its form post reaches the dashboard without the session cookie and is refused', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    const before = await clockNow();
    const attacker = await context.newPage();
    await attacker.goto(`http://localhost:${otherPort}/post`);
    const [answer] = await Promise.all([attacker.waitForNavigation(), attacker.click('#go')]);
    expect(answer?.status()).toBe(403);
    const post = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/dashboard/clock/do/advance')).at(-1)!;
    expect(post.headers.cookie ?? '').not.toContain('pt_dashboard=');
    expect(post.headers['sec-fetch-site']).toBe('cross-site');
    expect(await stillAt(before)).toBe(true);
  });

  test('same site, another origin (another port): the cookie goes, the post is still refused', async ({ page, context }) => {
    await signIn(page);
    const before = await clockNow();
    const attacker = await context.newPage();
    await attacker.goto(`http://127.0.0.1:${otherPort}/post`);
    const [answer] = await Promise.all([attacker.waitForNavigation(), attacker.click('#go')]);
    expect(answer?.status()).toBe(403);
    const post = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/dashboard/clock/do/advance')).at(-1)!;
    expect(post.headers.cookie ?? '').toContain('pt_dashboard=');
    expect(post.headers['sec-fetch-site']).toBe('same-site');
    expect(await stillAt(before)).toBe(true);
  });

  test('cannot read it: its fetch fails, a no-cors fetch gets nothing, a frame of it is blocked', async ({ page, context }) => {
    await signIn(page);
    const attacker = await context.newPage();
    await attacker.goto(`http://127.0.0.1:${otherPort}/read`);
    await expect(attacker).toHaveTitle('blocked TypeError');
    // Cross-Origin-Resource-Policy: same-origin: even the opaque answer of a no-cors fetch is withheld
    await expect(attacker.locator('body')).toHaveAttribute('data-opaque', 'blocked TypeError');
    await attacker.goto(`http://127.0.0.1:${otherPort}/frame`);
    const frame = attacker.frames().find((f) => f !== attacker.mainFrame())!;
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:|^about:blank$/);
  });
});

/** Layout facts: how much wider than the screen the page is. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [320, 390, 1280]) {
  test(`every page at ${width} px: axe finds nothing, nothing wider than the screen${width === 320 ? '' : '; screenshots'}`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(DIR, { recursive: true });
    await page.setViewportSize({ width, height: 800 });
    const shoot = async (name: string) => {
      expect(await axeViolations(page), name).toEqual([]);
      expect(await overflow(page), name).toBeLessThanOrEqual(0);
      if (width !== 320) await page.screenshot({ path: `${DIR}/dashboard-${name}-${width}.png`, fullPage: true });
    };
    await page.goto(`${api.baseUrl}/dashboard/sign-in`);
    await shoot('sign-in');
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    if (width === 1280) await page.screenshot({ path: `${DIR}/dashboard-readme.png` });
    await shoot('overview');
    const requestId = await firstTokenRequest(page);
    const pages: [string, string][] = [
      ['transactions', '/transactions'],
      ['transaction', `/transactions/${seed.chargeId}`],
      ['transaction-held', `/transactions/${seed.heldId}`],
      ['customers', '/customers'],
      ['transaction-store', `/transactions/${more.storeId}`],
      ['transaction-spei', `/transactions/${more.bankId}`],
      ['transaction-wallet', `/transactions/${more.walletId}`],
      ['customer', `/customers/${seed.customerId}`],
      ['billing', '/billing'],
      ['money', '/money'],
      ['webhooks', '/webhooks'],
      ['invoices', '/invoices'],
      ['requests', '/requests'],
      ['request', `/requests/${requestId}`],
      ['clock', '/clock'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${api.baseUrl}/dashboard${path}`);
      await shoot(name);
    }
  });
}

/** The request id of a token request, read from the request log page. */
async function firstTokenRequest(page: Page): Promise<string> {
  await page.goto(`${api.baseUrl}/dashboard/requests?method=POST`);
  const href = await page.locator('tbody tr', { hasText: '/tokens' }).last().getByRole('link').getAttribute('href');
  return href!.split('/').pop()!;
}
