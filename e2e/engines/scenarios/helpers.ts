/** Steps and checks the scenarios share: filling the demo checkout, clicking by text, the leak and CSP checks. */
import { expect } from 'vitest';
import { cvv2Pattern, hasCardData, headersText } from '../../instrument';
import { probe, waitFor, type Tab } from '../engine';
import { CREDENTIALS } from '../credentials';
import type { Ctx } from '../harness';

/** The next year but two, as two digits: an expiry valid whenever the suite runs. */
export const FUTURE_YY = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

/** The demo checkout's card inputs (demo/web/index.html). */
export const SEL = { name: '#holder-name', number: '#card-number', expiry: '#expiry', cvv2: '#cvv2', pay: '#pay', form: '#payment-form' };

/** A random Luhn-valid Visa PAN (e2e/instrument.ts), for the scenarios. */
export { randomPan } from '../../instrument';

/**
 * Three digits to type as the CVV2 that appear as a number of their own nowhere the leak check looks, other than
 * where the card goes: not in the requests and log lines so far (the page's device-data POST, waited for, holds
 * many numbers), nor in what comes later whatever the card: loopback addresses (127), HTTP statuses in the access
 * log, the merchant's amount (349), and most requests' Content-Length (under 700 bytes, so the CVV2 is 700-999;
 * a longer body's, the card-entry summary's, is its byte count and left out by `headersText`). Otherwise a random
 * 3-digit CVV2 would be "found" there now and then.
 */
export async function freshCvv2(ctx: Ctx): Promise<string> {
  for (let i = 0; i < 100 && !ctx.requests().some((r) => r.method === 'POST' && r.url.includes('/device-data')); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const seen = `${JSON.stringify(ctx.requests())}\n${ctx.apiLog().join('\n')}\n127.0.0.1 200 201 204 302 303 400 401 402 404 409 412 413 422 500 349`;
  for (;;) {
    const cvv2 = String(700 + Math.floor(Math.random() * 300));
    if (!cvv2Pattern(cvv2).test(seen)) return cvv2;
  }
}

/** Types a card into the demo checkout, field by field, as key events (the expiry as MMYY: the form adds the slash). */
export async function fillCard(tab: Tab, card: { number: string; name?: string; expiry?: string; cvv2?: string }): Promise<void> {
  await tab.type(SEL.name, card.name ?? 'Ana Perez');
  await tab.type(SEL.number, card.number);
  await tab.type(SEL.expiry, card.expiry ?? `12${FUTURE_YY}`);
  await tab.type(SEL.cvv2, card.cvv2 ?? '123');
}

/** Clicks the first `selector` element whose trimmed text matches `text` (marked by an attribute, then clicked). */
export async function clickText(tab: Tab, selector: string, text: string | RegExp): Promise<void> {
  const mark = `t${Math.random().toString(36).slice(2)}`;
  await waitFor(
    tab,
    `${selector} "${String(text)}"`,
    (sel: string, src: string, attr: string) => {
      const el = [...document.querySelectorAll(sel)].find((e) => new RegExp(src).test(e.textContent?.trim() ?? ''));
      el?.setAttribute('data-e2e', attr);
      return !!el;
    },
    [selector, typeof text === 'string' ? `^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : text.source, mark],
  );
  await tab.click(`[data-e2e="${mark}"]`);
}

/**
 * The demo's card payment finished on its order's page (`/order/:id`, or `/3ds/return` back from the bank), once the
 * order is no longer `pending`: the merchant's webhook has heard the charge's event (only an event moves an order)
 * and the page shows it. Its h1 text.
 */
export const resultHeading = (tab: Tab) =>
  waitFor(tab, 'the order page, moved by the webhook', () => {
    const status = document.querySelector<HTMLElement>('[data-order]')?.dataset.status;
    return status && status !== 'pending' ? document.querySelector('h1')?.textContent?.trim() : null;
  }) as Promise<string>;

/**
 * The merchant's last card order turned paid through the webhook: its log says the verified `charge.succeeded`
 * event moved it (the only way an order moves: demo/merchant/orders.ts), exactly once.
 */
export function expectPaidByWebhook(ctx: Ctx): void {
  const orderId = String(ctx.merchant.charges.at(-1)!.order_id);
  const paid = ctx.merchant.logged.filter((l) => l.startsWith(`merchant order ${orderId} paid (event `));
  expect(paid, `the webhook's event paid order ${orderId}`).toHaveLength(1);
  expect(paid[0]).toMatch(/, charge\.succeeded\)$/);
}

/** The tokens endpoint of the test merchant on this sandbox. */
export const tokensUrl = (ctx: Ctx) => `${ctx.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`;

/**
 * The leak check, from the servers' logs: the PAN and CVV2 reached a server exactly once, in the body of one POST
 * to the API's tokens endpoint; in no URL, no header, no other body, no log line; the merchant got only token_id
 * and device_session_id. From the page: no URL it fetched carries them, and it fetched from two origins only.
 */
export function expectNoLeak(ctx: Ctx, pan: string, cvv2: string, pageUrls: string[]): void {
  const requests = ctx.requests();
  const carriers = requests.filter((r) => hasCardData(r.body, pan, cvv2));
  expect(carriers.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${tokensUrl(ctx)}`]);
  expect(JSON.parse(carriers[0]!.body)).toMatchObject({ card_number: pan, cvv2 });
  for (const r of requests) {
    expect(hasCardData(r.url, pan, cvv2), r.url).toBe(false);
    expect(hasCardData(headersText(r), pan, cvv2), `headers of ${r.url}`).toBe(false);
  }
  const posted = requests.filter((r) => r.to === 'merchant' && r.method === 'POST');
  expect(posted.length).toBeGreaterThan(0);
  for (const r of posted) expect(new URLSearchParams(r.body).has('token_id') || 'token_id' in JSON.parse(r.body)).toBe(true);
  for (const line of ctx.apiLog()) expect(hasCardData(line, pan, cvv2), line).toBe(false);
  for (const url of pageUrls) expect(hasCardData(url, pan, cvv2), url).toBe(false);
  expect([...new Set(pageUrls.map((u) => new URL(u).origin))].sort()).toEqual(expect.arrayContaining([new URL(ctx.merchantUrl).origin]));
  for (const u of pageUrls) expect([new URL(ctx.apiUrl).origin, new URL(ctx.merchantUrl).origin]).toContain(new URL(u).origin);
}

/**
 * Zero CSP violations and zero errors: the pages' reports to the merchant (report-uri, from the first byte), the
 * probe in the current document, and what the driver saw on the console.
 */
export async function expectCleanPage(ctx: Ctx, tab: Tab): Promise<void> {
  const p = await probe(tab);
  expect(p.csp).toEqual([]);
  expect(p.errors).toEqual([]);
  // (the merchant answers a declined payment with its failure page and status 402, which Chromium logs)
  expect(tab.driverErrors().filter((l) => !/^Failed to load resource: .* status of 402\b/.test(l))).toEqual([]);
  // reports are sent asynchronously: give them a moment to arrive
  await new Promise((r) => setTimeout(r, 100));
  expect(ctx.cspReports()).toEqual([]);
}
