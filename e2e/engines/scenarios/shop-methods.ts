/**
 * The demo shop's other methods in each engine (docs/sandbox.md, "The demo"): a cash order and a SPEI order, each
 * paid from a second browser on the sandbox dashboard's button of the charge's detail ("Pagar en tienda", "Enviar la
 * transferencia SPEI"), turn paid on the order page by themselves (the merchant's webhook receiver moved them; the
 * page asks every few seconds); a subscription bought with the card element is in its trial, then billed after a
 * clock advance. The order's status is read on the page; the webhook's work in the merchant's log.
 */
import { expect } from 'vitest';
import { waitFor, waitForText, type Tab } from '../engine';
import { CREDENTIALS } from '../credentials';
import type { Ctx, Scenario } from '../harness';
import { clickText, expectCleanPage, FUTURE_YY } from './helpers';

const AUTH = `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}`;

/** A request to the sandbox with the private key; resolves with the parsed answer. */
async function call(ctx: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${ctx.apiUrl}${path}`, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The order page's status (`data-status` of #order-status) once it is `status`. */
const statusIs = (tab: Tab, status: string, timeoutMs = 20_000) =>
  waitFor(
    tab,
    `the order ${status}`,
    (s: string) => document.querySelector('#order-status')?.getAttribute('data-status') === s,
    [status],
    timeoutMs,
  );

/** Places the order of `/store` or `/spei` in a fresh tab; @returns the tab (on the order's page) and the order id. */
async function placeOrder(ctx: Ctx, path: '/store' | '/spei'): Promise<{ tab: Tab; orderId: string }> {
  const tab = await ctx.tab();
  await tab.goto(`${ctx.merchantUrl}${path}`);
  await tab.click('#pay');
  await statusIs(tab, 'pending');
  const orderId = (await tab.evaluate(() => document.querySelector('#order-status')!.getAttribute('data-order'))) as string;
  return { tab, orderId };
}

/**
 * In a second browser of the engine (WebKitWebDriver drives one window per driver, and the order page stays open in
 * the first): signs in on the dashboard and presses `button` on the detail of the order's charge.
 */
async function pressInDashboard(ctx: Ctx, orderId: string, button: string): Promise<void> {
  const [charge] = await call(ctx, 'GET', `/v1/${CREDENTIALS.merchantId}/charges?order_id=${encodeURIComponent(orderId)}`);
  const tab = await (await ctx.launch()).newTab();
  await tab.goto(`${ctx.apiUrl}/dashboard`);
  await waitForText(tab, 'h1', 'Entrar al panel');
  await tab.type('#key', CREDENTIALS.privateKey);
  await tab.press('Enter');
  await waitForText(tab, 'h1', 'Resumen');
  await tab.goto(`${ctx.apiUrl}/dashboard/transactions/${charge.id}`);
  await clickText(tab, 'button', button);
  await waitFor(tab, 'the simulation said', () => !!document.querySelector('.flash[role="status"]'));
}

/** A cash or SPEI order paid from the dashboard: the order page turns paid by itself, and the merchant logged why. */
async function paidThroughWebhook(ctx: Ctx, path: '/store' | '/spei', button: string, detail: string): Promise<void> {
  const { tab, orderId } = await placeOrder(ctx, path);
  await waitFor(tab, `the ${detail}`, (f: string) => !!document.querySelector(`[data-field="${f}"]`)?.textContent, [detail]);
  await expectCleanPage(ctx, tab);
  await pressInDashboard(ctx, orderId, button);
  await statusIs(tab, 'paid');
  expect(ctx.merchant.logged.some((l) => l.startsWith(`merchant order ${orderId} paid`))).toBe(true);
}

export const shopMethods: Scenario[] = [
  {
    name: 'shop: a cash order paid with the dashboard\'s "Pagar en tienda" turns paid on its page by itself (webhook)',
    run: (ctx) => paidThroughWebhook(ctx, '/store', 'Pagar en tienda', 'reference'),
  },
  {
    name: 'shop: a SPEI order paid with the dashboard\'s "Enviar la transferencia SPEI" turns paid on its page by itself (webhook)',
    run: (ctx) => paidThroughWebhook(ctx, '/spei', 'Enviar la transferencia SPEI', 'clabe'),
  },
  {
    name: 'shop: a subscription bought with the card element is in its trial, then billed after a clock advance',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/subscribe`);
      const frame = tab.frame('#card iframe');
      await waitFor(
        frame,
        'the card element ready',
        () => document.querySelector<HTMLInputElement>('input.holder_name')?.disabled === false,
      );
      await frame.type('input.card_number', '4111111111111111');
      await frame.type('input.expiry', `12${FUTURE_YY}`);
      await frame.type('input.cvv2', '123');
      await frame.type('input.holder_name', 'Ana Perez');
      await tab.click('#pay');
      const status = (s: string) =>
        waitFor(tab, `the subscription ${s}`, (v: string) => document.querySelector('#subscription')?.getAttribute('data-status') === v, [
          s,
        ]);
      await status('trial');
      await expectCleanPage(ctx, tab);
      await call(ctx, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/clock/advance`, { seconds: 9 * 86_400 });
      await tab.goto(`${ctx.merchantUrl}/account`);
      await status('active');
      expect(await tab.evaluate(() => document.querySelector('[data-field="current_period_number"]')!.textContent)).toBe('1');
    },
  },
];
