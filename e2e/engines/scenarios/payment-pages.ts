/**
 * The sandbox's own shopper pages, in every engine: the redirect charge's payment page (the library's card element
 * on its own API: typed, tokenized in the frame, the form posted, back to the shop's `redirect_url` with the id; a
 * card that asks for 3-D Secure through the bank page first) and the simulated wallet (sign in, approve; decline with
 * the keyboard only). Charges are created over HTTP with the private key, as a merchant's server does; outcomes are
 * read in the sandbox's own records.
 */
import { expect } from 'vitest';
import { installProbe, probe, waitFor, type Tab } from '../engine';
import { CREDENTIALS } from '../credentials';
import { PRODUCT } from '../../../demo/product';
import type { Ctx, Scenario } from '../harness';
import { hasCardData } from '../../instrument';
import { expectCleanPage, freshCvv2, FUTURE_YY, randomPan, tokensUrl } from './helpers';

/** The card element's frame on the payment page, and its inputs. */
const ELEMENT = '#card iframe';
const INPUT = { number: 'input.card_number', expiry: 'input.expiry', cvv2: 'input.cvv2', name: 'input.holder_name' } as const;

/** Creates a charge of `body` at merchant level with the private key, as the merchant's server does. */
async function createCharge(ctx: Ctx, body: Record<string, unknown>): Promise<{ id: string; payment_method: { url: string } }> {
  const r = await fetch(`${ctx.apiUrl}/v1/${CREDENTIALS.merchantId}/charges`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': '203.0.113.7',
    },
    body: JSON.stringify({ amount: 349, description: PRODUCT.name.es, ...body }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as { id: string; payment_method: { url: string } };
}

/** A redirect charge back to the merchant's page (any page of its origin shows that the browser got there). */
const redirectCharge = (ctx: Ctx) =>
  createCharge(ctx, {
    method: 'card',
    confirm: false,
    customer: { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com' },
    redirect_url: `${ctx.merchantUrl}/?lang=en`,
  });

/** Waits until the browser is back on the merchant's origin with `id={transaction_id}` in the query. */
const backAtShop = (tab: Tab, ctx: Ctx, id: string) =>
  waitFor(
    tab,
    'back at the shop with the id',
    (origin: string, txId: string) => location.origin === origin && new URLSearchParams(location.search).get('id') === txId,
    [new URL(ctx.merchantUrl).origin, id],
    20_000,
  );

/** Opens a redirect charge's payment page and waits for its card element's inputs. */
async function openPayPage(tab: Tab, url: string): Promise<void> {
  await tab.goto(url);
  await waitFor(
    tab.frame(ELEMENT),
    'the card element ready',
    (sel: string) => document.querySelector<HTMLInputElement>(sel)?.disabled === false,
    [INPUT.number],
  );
  await tab.frame(ELEMENT).evaluate(installProbe);
}

/** Types a card into the payment page's element. */
async function typeCard(tab: Tab, pan: string, cvv2: string): Promise<void> {
  const frame = tab.frame(ELEMENT);
  await frame.type(INPUT.number, pan);
  await frame.type(INPUT.expiry, `12${FUTURE_YY}`);
  await frame.type(INPUT.cvv2, cvv2);
  await frame.type(INPUT.name, 'Ana Perez');
  await waitFor(tab, 'the card valid', () => document.getElementById('card')!.hasAttribute('data-paytoken-valid'));
}

/** The card reached a server once, in the tokens POST; the payment page's form posted only the token and session. */
function expectCardOnlyInTokens(ctx: Ctx, pan: string, cvv2: string): void {
  const requests = ctx.requests();
  expect(requests.filter((r) => hasCardData(r.body, pan, cvv2)).map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${tokensUrl(ctx)}`]);
  const posted = requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname.startsWith('/pay/'));
  expect(posted.length).toBe(1);
  expect([...new URLSearchParams(posted[0]!.body).keys()].sort()).toEqual(['device_session_id', 'token_id']);
  for (const r of requests) expect(hasCardData(r.url, pan, cvv2), r.url).toBe(false);
  for (const line of ctx.apiLog()) expect(hasCardData(line, pan, cvv2), line).toBe(false);
}

/** Presses Tab until the element `selector` has the focus (bounded). */
async function tabTo(tab: Tab, selector: string): Promise<void> {
  const on = () => tab.evaluate((sel: string) => document.activeElement === document.querySelector(sel), selector);
  for (let i = 0; i < 8 && !(await on()); i++) await tab.press('Tab');
  expect(await on(), `focus on ${selector}`).toBe(true);
}

export const paymentPages: Scenario[] = [
  {
    name: "redirect charge: the sandbox's payment page (the card element on its own API) takes the card and sends the shopper back with the id; completed; the card only in the tokens POST; zero CSP violations",
    async run(ctx) {
      const charge = await redirectCharge(ctx);
      const tab = await ctx.tab();
      await openPayPage(tab, charge.payment_method.url);
      expect(await tab.evaluate(() => [document.documentElement.lang, document.querySelector('h1')?.textContent])).toEqual([
        'es-MX',
        'Pagar con tarjeta',
      ]);
      const pan = randomPan();
      const cvv2 = await freshCvv2(ctx);
      await typeCard(tab, pan, cvv2);
      await expectCleanPage(ctx, tab);
      const page = (await probe(tab)).resources;
      await tab.click('#pay');
      await backAtShop(tab, ctx, charge.id);
      const t = ctx.api.store.transactions.get(charge.id)!;
      expect([t.status, t.authorization?.length, t.card?.facts.masked.slice(-4)]).toEqual(['completed', 6, pan.slice(-4)]);
      expectCardOnlyInTokens(ctx, pan, cvv2);
      for (const url of page) expect([new URL(ctx.apiUrl).origin]).toContain(new URL(url).origin);
    },
  },
  {
    name: 'redirect charge: a card that asks for 3-D Secure goes from the payment page to the bank page; the code approves; back at the shop, completed',
    async run(ctx) {
      const charge = await redirectCharge(ctx);
      const tab = await ctx.tab();
      await openPayPage(tab, charge.payment_method.url);
      await typeCard(tab, '4000000000030124', '123');
      await tab.click('#pay');
      await waitFor(
        tab,
        'the bank page',
        (origin: string) => location.origin === origin && location.pathname.startsWith('/3ds/') && !!document.getElementById('code'),
        [new URL(ctx.apiUrl).origin],
        20_000,
      );
      const code = ctx.apiLog().flatMap((l) => new RegExp(`^3ds ${charge.id} one-time code (\\d{6})$`).exec(l)?.slice(1) ?? [])[0]!;
      expect(code).toMatch(/^\d{6}$/);
      expect(ctx.api.store.transactions.get(charge.id)!.status).toBe('charge_pending');
      await tab.type('#code', code);
      await tab.click('button[value="approve"]');
      await backAtShop(tab, ctx, charge.id);
      expect(ctx.api.store.transactions.get(charge.id)).toMatchObject({ status: 'completed', details: { conciliated: true } });
    },
  },
  {
    name: 'wallet charge: the simulated wallet page, signed in and approved; back at the shop with the id; completed and conciliated; zero CSP violations',
    async run(ctx) {
      const charge = await createCharge(ctx, { method: 'wallet', redirect_url: `${ctx.merchantUrl}/?lang=en` });
      const tab = await ctx.tab();
      await tab.goto(charge.payment_method.url);
      expect(await tab.evaluate(() => document.querySelector('h1')?.textContent)).toBe('Inicia sesión en tu monedero');
      await tab.type('#email', 'ana@example.com');
      await tab.type('#password', 'sandbox');
      await tab.click('#signin');
      await waitFor(tab, 'the approval step', () => document.querySelector('h1')?.textContent === 'Confirma tu pago');
      await expectCleanPage(ctx, tab);
      await tab.click('#approve');
      await backAtShop(tab, ctx, charge.id);
      expect(ctx.api.store.transactions.get(charge.id)).toMatchObject({ status: 'completed', details: { conciliated: true } });
    },
  },
  {
    name: 'wallet charge: signed in and declined with the keyboard only (English); back at the shop; failed',
    async run(ctx) {
      const charge = await createCharge(ctx, { method: 'wallet', redirect_url: `${ctx.merchantUrl}/?lang=en` });
      const tab = await ctx.tab();
      await tab.goto(`${charge.payment_method.url}?lang=en`);
      await tab.type('#email', 'ana@example.com');
      await tab.press('Tab');
      await tab.type('#password', 'sandbox');
      await tab.press('Enter');
      await waitFor(tab, 'the approval step', () => document.querySelector('h1')?.textContent === 'Confirm your payment');
      await tabTo(tab, '#decline');
      await tab.press('Enter');
      await backAtShop(tab, ctx, charge.id);
      expect(ctx.api.store.transactions.get(charge.id)).toMatchObject({
        status: 'failed',
        errorMessage: 'The payer declined the payment in the wallet',
      });
    },
  },
];
